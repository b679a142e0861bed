/**
 * npm run seed [-- --if-empty] [-- --reset]: loads the sample catalogue (data/sample-catalogue.json)
 * through the same validated import the content team uses, with stock overwritten.
 */
import './lib/env-file';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureDatabase } from './lib/database';
import { ROOT } from './lib/ferretdb';
import { closeDb } from '@server/db';
import { catalogueRepository } from '@server/repositories/catalogue.repository';
import { catalogueWriteRepository } from '@server/repositories/catalogue-write.repository';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { silverRateRepository } from '@server/repositories/silver-rate.repository';

/**
 * The day's silver rate (₹ a gram of 92.5 silver) the sample's rate-priced pieces were priced at: the shop starts
 * at it, so those prices hold until an admin sets another (a rate an admin set is never replaced).
 */
export const SAMPLE_SILVER_RATE = 92.5;

/** Seeds the sample catalogue; with ifEmpty, only when the database has no products. */
export async function seedSampleCatalogue(opts: { ifEmpty?: boolean; reset?: boolean; log?: (s: string) => void } = {}): Promise<boolean> {
  const log = opts.log ?? console.log;
  if (opts.ifEmpty && (await catalogueRepository.productCount()) > 0) return false;
  if (opts.reset) await catalogueWriteRepository.clearCatalogue();
  const raw: unknown = JSON.parse(await readFile(join(ROOT, 'data', 'sample-catalogue.json'), 'utf8'));
  const report = await importCatalogue(raw, { overwriteStock: true });
  if (!report.ok)
    throw new Error(
      `Sample catalogue is invalid:\n${report.errors.map((e) => `  ${e.section}[${e.row}] ${e.key}: ${e.message}`).join('\n')}`,
    );
  await silverRateRepository.setIfNone(SAMPLE_SILVER_RATE, 'Sample catalogue', new Date());
  log(
    `Seeded sample catalogue: ${Object.entries(report.counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}`,
  );
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const db = await ensureDatabase();
  try {
    const seeded = await seedSampleCatalogue({
      ifEmpty: args.includes('--if-empty'),
      reset: args.includes('--reset') || !args.includes('--if-empty'),
    });
    if (!seeded) console.log('Catalogue already has products; nothing seeded.');
  } finally {
    await closeDb();
    await db?.stop();
  }
}
