/**
 * The server Playwright journeys run against: an embedded database on E2E_DB_PORT (throw-away data), the
 * sample catalogue seeded into it, a fresh static build from it, served with the functions on E2E_PORT.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, startEmbeddedDb } from '../../scripts/lib/ferretdb';
import { startShopServer } from '../../scripts/lib/serve';
import { seedSampleCatalogue } from '../../scripts/seed';
import { closeDb } from '../../netlify/lib/db';

// Fixed secrets for the journeys' own server; nothing from the developer's .env.
process.env.AUTH_SECRET ??= randomBytes(48).toString('base64url');
process.env.OTP_SECRET ??= randomBytes(48).toString('base64url');
process.env.RAZORPAY_SANDBOX_SECRET ??= randomBytes(48).toString('base64url');
process.env.RAZORPAY_WEBHOOK_SECRET ??= randomBytes(48).toString('base64url');
// Every journey signs in from 127.0.0.1; the per-network cap on code sends is for real networks.
process.env.OTP_IP_SENDS_PER_HOUR ??= '100000';
// Every journey browses from 127.0.0.1 too: the per-network cap on product events would drop later journeys' events.
process.env.EVENTS_IP_PER_10_MIN ??= '10000000';
// Admin steps can be undone for a minute (the journeys undo one); their texts go out after it.
process.env.ADMIN_UNDO_SECONDS ??= '60';

const dataDir = mkdtempSync(join(tmpdir(), 'silver-shop-e2e-db-'));
const db = await startEmbeddedDb({ port: Number(process.env.E2E_DB_PORT), dataDir, reuse: false });
process.env.MONGODB_URI = db.uri;
process.env.MONGODB_DB = 'e2e';
process.env.ASTRO_TELEMETRY_DISABLED = '1';
await seedSampleCatalogue({ reset: true, log: () => {} });
await closeDb();

const tsx = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
if (!existsSync(join(ROOT, 'public', 'uploads', 'products')))
  spawnSync(process.execPath, [tsx, 'scripts/images/generate.ts'], { cwd: ROOT, stdio: 'inherit' });
const build = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build', '--silent'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: process.env,
});
if (build.status !== 0) throw new Error('astro build failed');

const server = await startShopServer({ port: Number(process.env.E2E_PORT), quiet: true });
console.log(`e2e server at ${server.url}`);
const stop = async () => {
  await server.close();
  await db.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
