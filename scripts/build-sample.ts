/**
 * A static build of the sample catalogue with nothing configured: a throw-away embedded database on a
 * free port, seeded, built from, then stopped. CI uses it before `npm run check:html`, which checks the
 * built pages but builds nothing itself.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT, startEmbeddedDb } from './lib/ferretdb';
import { seedSampleCatalogue } from './seed';
import { closeDb } from '@server/db';

const dataDir = mkdtempSync(join(tmpdir(), 'silver-shop-build-db-'));
const db = await startEmbeddedDb({ port: await freePort(), dataDir, reuse: false });
let status: number;
try {
  process.env.MONGODB_URI = db.uri;
  process.env.MONGODB_DB = 'sample-build';
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  await seedSampleCatalogue({ reset: true, log: () => {} });
  await closeDb();
  const tsx = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  if (!existsSync(join(ROOT, 'public', 'uploads', 'products')))
    spawnSync(process.execPath, [tsx, 'scripts/images/generate.ts'], { cwd: ROOT, stdio: 'inherit' });
  const astro = join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
  status = spawnSync(process.execPath, [astro, 'build', '--silent'], { cwd: ROOT, stdio: 'inherit', env: process.env }).status ?? 1;
} finally {
  await db.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (status !== 0) console.error('build-sample: astro build failed.');
process.exit(status);
