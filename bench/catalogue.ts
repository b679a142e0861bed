/**
 * npm run bench:catalogue [-- --products 10000 --runs 40]
 * The back office's product list at the size of a big catalogue: imports that many products (a tenth sold in
 * sizes, some without a photo, a few low in stock) into a throw-away embedded database (or MONGODB_URI), then
 * asks the list for its first page, a later page, a search by name and by SKU, and each filter, `runs` times
 * each, one at a time as a person would. Prints p50 and p95 per query (the budget is p95 ≤ 150 ms) and, apart,
 * the first call of a fresh instance, which reads every live product once.
 */
import { parseArgs } from 'node:util';
import { benchDatabase, percentile, printTable } from './lib';
import { closeDb, getDb } from '@server/db';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { catalogueEditorService, clearCatalogueList } from '@server/services/catalogue-editor.service';
import { ProductListQuerySchema } from '@shared/schemas/catalogue-admin';
import { makeCatalogue, makeProduct } from '../tests/fixtures/catalogue';

const { values } = parseArgs({ options: { products: { type: 'string', default: '10000' }, runs: { type: 'string', default: '40' } } });
const count = Number(values.products);
const runs = Number(values.runs);
const BUDGET_MS = 150;

const db = await benchDatabase('bench_catalogue');
process.env.UPLOADS_BASE ??= '/uploads';
process.env.SITE_URL ??= 'http://localhost:8888';
try {
  const started = performance.now();
  const subs = ['adjustable-rings', 'couple-bands', 'jhumkas'];
  const rows = Array.from({ length: count }, (_, i) =>
    makeProduct({
      slug: `bench-piece-${i}`,
      name: `Bench Piece ${i} ${['Lotus', 'Moon', 'Temple', 'Leaf'][i % 4]}`,
      subcategory: subs[i % 3]!,
      ...(i % 10 === 0
        ? {
            stock: undefined,
            sizes: {
              guide: 'ring' as const,
              values: [
                { value: '10', stock: i % 7, sku: `BP-${i}-10` },
                { value: '12', stock: 5, sku: `BP-${i}-12` },
              ],
            },
          }
        : { stock: i % 50 }),
    }),
  );
  const report = await importCatalogue({ ...makeCatalogue(rows), banners: [] }, { overwriteStock: true });
  if (!report.ok) throw new Error(`import failed: ${JSON.stringify(report.errors.slice(0, 3))}`);
  await (
    await getDb()
  )
    .collection('products')
    .updateMany({ slug: { $in: rows.filter((_, i) => i % 97 === 0).map((r) => r.slug!) } }, { $set: { image: [] } });
  process.stderr.write(`  ${count} products imported in ${Math.round((performance.now() - started) / 1000)} s\n`);

  const queries: [string, Record<string, string>][] = [
    ['first page', {}],
    ['page 200', { page: '200' }],
    ['search a name', { search: 'piece 7342' }],
    ['search a SKU', { search: 'bp-9990-12' }],
    ['status active', { status: 'active' }],
    ['category', { category: 'rings' }],
    ['subcategory', { subcategory: 'jhumkas' }],
    ['low stock', { lowStock: '1' }],
    ['no photo', { noPhoto: '1' }],
  ];
  const results: (string | number)[][] = [];
  let over = false;
  // The first call of a fresh instance reads every live product once (then kept for CATALOGUE_CACHE_SECONDS): shown apart.
  clearCatalogueList();
  const coldStart = performance.now();
  await catalogueEditorService.list(ProductListQuerySchema.parse({}));
  const cold = performance.now() - coldStart;
  for (const [name, raw] of queries) {
    const query = ProductListQuerySchema.parse(raw);
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      total = (await catalogueEditorService.list(query)).total;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    process.stderr.write(`  ${name}: p50 ${percentile(times, 50).toFixed(1)} ms\n`);
    const p95 = percentile(times, 95);
    over ||= p95 > BUDGET_MS;
    results.push([name, total, percentile(times, 50).toFixed(1), p95.toFixed(1)]);
  }
  console.log(`\nProduct list, ${count} products, ${runs} runs each (latency in ms; budget p95 ≤ ${BUDGET_MS})\n`);
  console.log(`First call of a fresh instance (reads every live product once): ${cold.toFixed(0)} ms\n`);
  printTable(['query', 'matches', 'p50', 'p95'], results);
  if (over) process.exitCode = 1;
} finally {
  await closeDb();
  await db.stop();
}
