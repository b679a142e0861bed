/**
 * One shop the Playwright journeys run against: an embedded database on E2E_DB_PORT (throw-away data) with the
 * sample catalogue seeded into it, and the static build (dist/) served with the functions on E2E_PORT.
 *
 * Each Playwright worker starts one of these in a child process (tests/e2e/test.ts), so workers never share
 * stock, orders or outboxes; the build is made once per run beforehand (tests/setup/e2e-build.ts). Run by hand
 * with E2E_BUILD=1 it builds first, for poking at the journeys' shop on its own.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, startEmbeddedDb } from '../../scripts/lib/ferretdb';
import { startShopServer } from '../../scripts/lib/serve';
import { seedSampleCatalogue } from '../../scripts/seed';
import { closeDb } from '@server/db';

/** The line a started shop prints; the worker fixture waits for it. */
export const READY_LINE = 'e2e server at ';

/** The settings every journeys' shop runs with: fixed secrets, and the caps real networks need lifted. */
export function e2eEnvironment(): void {
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
  process.env.MONGODB_DB = 'e2e';
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
}

/** Starts a throw-away embedded database on `port` with the sample catalogue in it. */
export async function seededDatabase(port: number): Promise<{ uri: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'silver-shop-e2e-db-'));
  const db = await startEmbeddedDb({ port, dataDir, reuse: false });
  process.env.MONGODB_URI = db.uri;
  await seedSampleCatalogue({ reset: true, log: () => {} });
  await closeDb();
  return {
    uri: db.uri,
    stop: async () => {
      await db.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds the static site from the catalogue in MONGODB_URI (rendering the sample images first if missing). */
export function buildSite(): void {
  const tsx = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  if (!existsSync(join(ROOT, 'public', 'uploads', 'products')))
    spawnSync(process.execPath, [tsx, 'scripts/images/generate.ts'], { cwd: ROOT, stdio: 'inherit' });
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build', '--silent'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: process.env,
  });
  if (build.status !== 0) throw new Error('astro build failed');
}

/**
 * This shop's own copy of the site (netlify.toml and dist/, hard links: instant, and no file is ever written in
 * place), so a journey that publishes rebuilds this worker's pages only, never the build other workers serve.
 */
function ownSite(): string {
  const site = mkdtempSync(join(tmpdir(), 'silver-shop-e2e-site-'));
  copyFileSync(join(ROOT, 'netlify.toml'), join(site, 'netlify.toml'));
  const copied = spawnSync('cp', ['-al', join(ROOT, 'dist'), join(site, 'dist')], { stdio: 'inherit' });
  if (copied.status !== 0) throw new Error('could not copy dist/ for this shop');
  return site;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  e2eEnvironment();
  const db = await seededDatabase(Number(process.env.E2E_DB_PORT));
  if (process.env.E2E_BUILD === '1') buildSite();
  const site = ownSite();
  // AVIF at libaom's quickest effort: about a fifth of the journeys' CPU went on encoding pictures at the default.
  const server = await startShopServer({ port: Number(process.env.E2E_PORT), quiet: true, siteRoot: site, avifEffort: 0 });
  console.log(`${READY_LINE}${server.url}`);
  // Once: a signal and the closed pipe may both ask.
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    await db.stop();
    rmSync(site, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  // The worker that started this shop may die without a word: its pipe closing is the signal to go.
  process.stdin.on('end', () => void stop());
  process.stdin.resume();
}
