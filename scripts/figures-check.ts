/**
 * npm run figures:check [-- --fix] [-- --since YYYY-MM-DD]: recomputes the owner's daily figures from the raw
 * orders, return requests and product events and compares them with the stored ones, against the local database
 * (or MONGODB_URI). Prints every figure that differs and exits 1 if any does; with --fix it brings them in line
 * (and says so), so a second run proves they match.
 */
import './lib/env-file';
import { parseArgs } from 'node:util';
import { ensureDatabase } from './lib/database';
import { closeDb } from '@server/db';
import { checkFigures } from '@server/services/figures-check.service';
import { formatPaiseAsINR } from '@shared/money';

const { values } = parseArgs({ options: { fix: { type: 'boolean', default: false }, since: { type: 'string' } } });
if (values.since && !/^\d{4}-\d{2}-\d{2}$/.test(values.since)) throw new Error('--since takes an India day, YYYY-MM-DD');

const db = await ensureDatabase();
const started = performance.now();
const report = await checkFigures({ since: values.since ?? null, fix: values.fix });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
for (const m of report.mismatches.slice(0, 50)) {
  const money = m.path.endsWith('Paise') || m.path.endsWith('.paise');
  const show = (n: number) => (money ? formatPaiseAsINR(n) : String(n));
  console.log(`  ${m.day} ${m.path}: stored ${show(m.stored)}, the raw data says ${show(m.expected)}`);
}
if (report.mismatches.length > 50) console.log(`  … and ${report.mismatches.length - 50} more`);
console.log(
  `${report.days} days from ${report.since ?? 'the first'}: ${report.orders} orders, ${report.returns} return requests, ${report.events} events read in ${seconds} s.`,
);
if (report.ordersBehind || report.ordersUncounted)
  console.log(
    `${report.ordersBehind} orders counted behind their last change, ${report.ordersUncounted} never counted${values.fix ? ' (now counted)' : ''}.`,
  );
console.log(
  report.mismatches.length
    ? `${report.mismatches.length} figures differ from the raw data${values.fix ? `: ${report.corrected} documents corrected${report.left ? `, ${report.left} changed meanwhile (run again)` : ''}` : ' (run with --fix to correct them)'}.`
    : 'Every daily figure matches the raw data.',
);
await closeDb();
await db?.stop();
// With --fix, a document written meanwhile is left uncorrected: that run fails too, so it is run again.
process.exitCode = report.mismatches.length && (!values.fix || report.left) ? 1 : 0;
