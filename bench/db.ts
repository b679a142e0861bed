/**
 * npm run bench:db [-- --seconds 5 --clients 1,16,64]
 * The database floor: a point read by _id, a conditional $inc on one document, and an insert, each at 1,
 * 16 and 64 concurrent clients through the official driver, against a throw-away embedded database (or
 * MONGODB_URI). Prints ops/s, p50, p95 and p99 per operation and concurrency, side by side. Later benches
 * (checkout, sign-in) compare their own operations with these figures.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../scripts/lib/ferretdb';
import { FLOOR_OPERATIONS, ms, prepareFloor, type LoadResult } from './db-floor';
import { benchDatabase, printTable } from './lib';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, clients: { type: 'string', default: '1,16,64' } } });
const seconds = Number(values.seconds);
const levels = values.clients.split(',').map(Number);

const external = Boolean(process.env.MONGODB_URI);
const db = await benchDatabase('bench_db');
const floor = await prepareFloor(db.uri, 'bench_db', Math.max(...levels));
const results: { operation: string; clients: number; result: LoadResult }[] = [];
try {
  for (const operation of FLOOR_OPERATIONS) {
    for (const clients of levels) {
      process.stderr.write(`  ${operation} x ${clients}...\n`);
      results.push({ operation, clients, result: await floor.measure(operation, clients, seconds) });
    }
  }
} finally {
  await floor.close();
  await db.stop();
}

console.log(
  `\nDatabase floor (${external ? 'MONGODB_URI' : 'embedded FerretDB with its write lock'}, ${seconds} s per cell; latency in ms)\n`,
);
printTable(
  ['operation', 'clients', 'ops/s', 'p50', 'p95', 'p99', 'errors'],
  results.map(({ operation, clients, result: r }) => [
    operation,
    clients,
    Math.round(r.opsPerSecond),
    ms(r.p50),
    ms(r.p95),
    ms(r.p99),
    r.errors,
  ]),
);

// Kept for comparisons between runs (bench/results is not committed).
mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
writeFileSync(join(ROOT, 'bench', 'results', 'db.json'), JSON.stringify({ at: new Date().toISOString(), seconds, results }, null, 2));
if (results.some((r) => r.result.errors > 0)) process.exitCode = 1;
