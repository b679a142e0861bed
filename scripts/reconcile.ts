/**
 * npm run reconcile: runs payment reconciliation once against the local database (or MONGODB_URI), the job
 * Netlify runs every 10 minutes. Without Razorpay keys it serves the local sandbox itself on a free port
 * (the sandbox's state is in the database, so it knows every payment the shop's sandbox took).
 * `-- --settle-now`, for an operator after an outage (and for tests): a checkout take older than 15 seconds
 * counts as abandoned, instead of ten minutes, since nothing that died is still running.
 */
import './lib/env-file';
import { createServer } from 'node:http';
import { ensureDatabase } from './lib/database';
import { ensureLocalSecrets } from './lib/local-secrets';
import { createRazorpaySandbox } from './lib/razorpay-sandbox/sandbox';
import { closeDb, getDb } from '@server/db';
import { SANDBOX_KEY_ID } from '@server/env';
import { reconcilePayments } from '@server/services/reconcile.service';
import { ABANDONED_AFTER_MS, SETTLE_NOW_AFTER_MS } from '@server/services/abandoned-takes.service';

const db = await ensureDatabase();
let stopSandbox = async () => {};
if (!process.env.RAZORPAY_KEY_ID) {
  ensureLocalSecrets();
  const sandbox = createRazorpaySandbox({ keyId: SANDBOX_KEY_ID, keySecret: process.env.RAZORPAY_SANDBOX_SECRET!, getDb });
  const server = createServer(async (req, res) => {
    const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers: req.headers as Record<string, string> });
    const response = (await sandbox.handle(request)) ?? new Response('not found', { status: 404 });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const address = server.address();
  process.env.RAZORPAY_SANDBOX_URL = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/razorpay-sandbox`;
  stopSandbox = () => new Promise((r) => server.close(() => r()));
}

const settleNow = process.argv.includes('--settle-now');
const report = await reconcilePayments(new Date(), { abandonedAfterMs: settleNow ? SETTLE_NOW_AFTER_MS : ABANDONED_AFTER_MS, settleNow });
const { abandoned } = report;
console.log(`Checkouts that stopped before storing their order (takes older than ${settleNow ? '15 seconds' : '10 minutes'}):`);
console.log(
  `  stock given back: ${abandoned.stockGivenBack.map((r) => `${r.quantity} × ${r.name} (now ${r.stock})`).join(', ') || 'none'}`,
);
console.log(`  code uses given back: ${abandoned.usesGivenBack.join(', ') || 'none'}`);
console.log(`  takes of stored orders closed: ${abandoned.takesClosed}`);
console.log(`  orders stored after their pieces were given back, taken again: ${abandoned.takesRetaken.join(', ') || 'none'}`);
console.log(`Cancels and late payments finished (stock moved): ${abandoned.movesFinished.join(', ') || 'none'}`);
console.log(`Refunds of cancelled paid orders asked for: ${abandoned.refundsStarted.join(', ') || 'none'}`);
console.log(`Invoice and credit-note numbers taken and never used, recorded void: ${abandoned.numbersVoided.join(', ') || 'none'}`);
console.log(`Stock movements copied into the ledger: ${report.movementsRecorded}`);
console.log(`Checked ${report.checked} unpaid online orders older than ${settleNow ? '15 seconds' : '15 minutes'}.`);
console.log(`  paid (payment found at Razorpay): ${report.paid.join(', ') || 'none'}`);
console.log(`  cancelled (hold expired, stock returned): ${report.cancelled.join(', ') || 'none'}`);
console.log(`  refunded (paid after a person cancelled it): ${report.refunded.join(', ') || 'none'}`);
console.log(`  still within their hold: ${report.stillWaiting.length}`);
console.log(`  orders whose queued texts and emails were sent: ${report.noticesRetried}`);
for (const e of report.errors) console.error(`  error: ${e}`);
await stopSandbox();
await closeDb();
await db?.stop();
process.exitCode = report.errors.length ? 1 : 0;
