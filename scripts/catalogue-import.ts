/**
 * npm run catalogue:import <file.json|file.csv> [--dry-run] [--set-stock]
 * Validates a catalogue file against the shared zod schemas and upserts it; any invalid row means
 * nothing is written. Stock of existing products is kept unless --set-stock (orders own stock).
 */
import './lib/env-file';
import { readFile } from 'node:fs/promises';
import { ensureDatabase } from './lib/database';
import { csvToCatalogue } from './lib/catalogue-csv';
import { closeDb } from '../netlify/lib/db';
import { importCatalogue } from '../netlify/lib/services/catalogue-import.service';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run catalogue:import -- <catalogue.json|products.csv> [--dry-run] [--set-stock]');
  process.exit(2);
}
const text = await readFile(file, 'utf8');
let raw: unknown;
try {
  raw = file.toLowerCase().endsWith('.csv') ? { products: csvToCatalogue(text) } : JSON.parse(text);
} catch (err) {
  console.error(`Cannot read ${file}: ${(err as Error).message}`);
  process.exit(1);
}
const db = await ensureDatabase();
try {
  const report = await importCatalogue(raw, { dryRun: args.includes('--dry-run'), overwriteStock: args.includes('--set-stock') });
  if (!report.ok) {
    console.error(`${file}: ${report.errors.length} problem(s); nothing was written.`);
    for (const e of report.errors.slice(0, 200)) console.error(`  ${e.section} row ${e.row}${e.key ? ` (${e.key})` : ''}: ${e.message}`);
    process.exitCode = 1;
  } else {
    const verb = args.includes('--dry-run') ? 'Valid; would write' : 'Imported';
    console.log(
      `${verb}: ${Object.entries(report.counts)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}`,
    );
    if (!args.includes('--dry-run')) console.log('Rebuild the site so pages show the change (see README: "Updating the catalogue").');
  }
} finally {
  await closeDb();
  await db?.stop();
}
