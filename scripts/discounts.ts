/**
 * npm run discounts -- import <codes.csv>   creates or updates discount codes (every row valid, or nothing written)
 * npm run discounts -- list                 every code with its rules and uses
 * npm run discounts -- pause|resume|end <CODE>
 * Changes are recorded as made by 'cli:<user>' so the admin page shows where they came from. Logic:
 * scripts/lib/discounts-command.ts. Sample file: data/discount-codes.sample.csv.
 */
import { userInfo } from 'node:os';
import './lib/env-file';
import { ensureDatabase } from './lib/database';
import { runDiscounts } from './lib/discounts-command';
import { closeDb } from '@server/db';

const db = await ensureDatabase();
try {
  process.exitCode = await runDiscounts(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    actor: `cli:${userInfo().username}`,
  });
} finally {
  await closeDb();
  await db?.stop();
}
