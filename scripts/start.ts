/**
 * npm start: the whole shop on http://localhost:8888 (PORT overrides) with no account and no network:
 * embedded database (built and seeded on first run), catalogue images, a fresh static build, and the
 * functions at their real /api paths through Netlify's local emulation.
 */
import './lib/env-file';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDatabase } from './lib/database';
import { ensureLocalSecrets } from './lib/local-secrets';
import { ROOT } from './lib/ferretdb';
import { startShopServer } from './lib/serve';
import { seedSampleCatalogue } from './seed';
import { closeDb } from '@server/db';

const args = new Set(process.argv.slice(2));
const port = Number(process.env.PORT ?? 8888);
process.env.ASTRO_TELEMETRY_DISABLED = '1';

function run(cmd: string, cmdArgs: string[], label: string): void {
  const started = Date.now();
  const r = spawnSync(cmd, cmdArgs, { cwd: ROOT, stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    console.error(`${label} failed.`);
    process.exit(r.status ?? 1);
  }
  console.log(`${label} done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

ensureLocalSecrets();
const db = await ensureDatabase();
console.log(`Database: ${process.env.MONGODB_URI}`);
await seedSampleCatalogue({ ifEmpty: true });
// Whatever a shop that died here left half-done (pieces taken by a checkout that never stored its order, a cancel
// that stopped half-way, a document number never used) is settled before anyone can shop. Everything counts as
// abandoned only when this process started the database (nothing else can be using it); a database another shop
// (or MONGODB_URI) serves gets the scheduled job's patience. Refunds wait for the reconciliation timer: the
// Razorpay sandbox is not served yet.
const { recoverAbandonedTakes, ABANDONED_AFTER_MS } = await import('@server/services/abandoned-takes.service');
const recovered = await recoverAbandonedTakes(new Date(), db?.startedHere ? 0 : ABANDONED_AFTER_MS, {
  settleNow: Boolean(db?.startedHere),
  askRefunds: false,
});
if (recovered.stockGivenBack.length || recovered.usesGivenBack.length || recovered.movesFinished.length || recovered.numbersVoided.length)
  console.log(
    `Recovered from the last stop: ${recovered.stockGivenBack.length} stock takes and ${recovered.usesGivenBack.length} code uses of unplaced orders given back, ${recovered.movesFinished.length} cancels finished, ${recovered.numbersVoided.length} document numbers recorded void.`,
  );
await closeDb();

if (!existsSync(join(ROOT, 'public', 'uploads', 'products')))
  run(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/images/generate.ts'], 'Catalogue images');
if (!args.has('--no-build'))
  run(process.execPath, [join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build', '--silent'], 'Static build');

const server = await startShopServer({ port, host: process.env.HOST ?? '127.0.0.1' });
console.log(`\nThe shop is running at ${server.url}  (Ctrl+C to stop)\n`);

// Netlify runs payment reconciliation every 10 minutes; the local shop does the same on a timer.
const reconcileTimer = setInterval(() => {
  void import('@server/services/reconcile.service')
    .then(({ reconcilePayments }) => reconcilePayments())
    .then((r) => {
      if (r.paid.length || r.cancelled.length || r.refunded.length || r.noticesRetried || r.errors.length)
        console.log(
          `[reconcile] ${r.paid.length} paid, ${r.cancelled.length} cancelled, ${r.refunded.length} refunded, messages retried on ${r.noticesRetried} orders, ${r.errors.length} errors`,
        );
    })
    .catch((err: unknown) => console.warn('[reconcile] failed:', err));
}, 10 * 60_000);
reconcileTimer.unref();

// Netlify checks the dashboard's daily figures against the raw data every hour; so does the local shop.
const figuresTimer = setInterval(() => {
  void import('@functions/dashboard_figures')
    .then(({ default: checkDashboardFigures }) => checkDashboardFigures())
    .catch((err: unknown) => console.warn('[figures] failed:', err));
}, 60 * 60_000);
figuresTimer.unref();

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server.close().catch(() => undefined);
  await closeDb();
  await db?.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
