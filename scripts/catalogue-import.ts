/**
 * npm run catalogue:import -- <catalogue.json | products.csv | shopify-products.csv> [--dry-run] [--set-stock] [--publish]
 * Validates a catalogue file against the shared zod schemas and upserts it; any invalid row means nothing
 * is written. Stock of existing products is kept unless --set-stock (orders own stock). --publish then
 * rebuilds the site and purges cached API answers (see scripts/lib/publish.ts). Logic: scripts/lib/import-command.ts.
 */
import './lib/env-file';
import { ensureDatabase } from './lib/database';
import { runImport } from './lib/import-command';
import { buildLocalSite } from './lib/publish';
import { closeDb } from '@server/db';

const db = await ensureDatabase();
try {
  process.exitCode = await runImport(process.argv.slice(2), {
    env: process.env,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    rebuildLocal: buildLocalSite,
  });
} finally {
  await closeDb();
  await db?.stop();
}
