/**
 * npm run bench:api [-- --duration 10 --connections 64 --only get_category]
 * Seeds the sample catalogue into a throw-away database, serves the shop locally with warm functions
 * (as a production instance runs) and drives each catalogue endpoint with autocannon, printing
 * requests/s, p50, p95, p99 and errors. Target: p95 <= 10 ms, 0 errors. It also times a few requests
 * through @netlify/dev's per-request function runtime for comparison.
 */
import autocannon from 'autocannon';
import { parseArgs } from 'node:util';
import { benchDatabase, percentile, printTable, startServerProcess } from './lib';
import { seedSampleCatalogue } from '../scripts/seed';
import { closeDb } from '@server/db';
import { catalogueService } from '@server/services/catalogue.service';

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '64' }, only: { type: 'string' } },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

const db = await benchDatabase('bench_api');
await seedSampleCatalogue({ reset: true, log: () => {} });
const [category] = await catalogueService.listCategories();
const banners = await catalogueService.listBanners();
const { products } = await catalogueService.collectionListing('products');
const collections = await catalogueService.listCollections();
const subs = await catalogueService.listSubcategories();
await closeDb();
const product = products[0]!;
const ids = products
  .slice(0, 10)
  .map((p) => p._id)
  .join(',');

const endpoints: [string, string][] = [
  ['get_category', '/api/get_category'],
  ['get_category_details', `/api/get_category_details/${category!._id}`],
  ['get_subcategory', '/api/get_subcategory'],
  ['get_banner', '/api/get_banner'],
  ['get_Collection', '/api/get_Collection'],
  ['get_featured-products', '/api/get_featured-products'],
  ['get-filter-by-products', `/api/get-filter-by-products/${collections[0]!.slug}`],
  ['get-collection', `/api/get-collection/${collections[0]!.slug}`],
  ['subcategory', `/api/subcategory/${subs[0]!.slug}`],
  ['getpair_products', `/api/getpair_products/${product.slug}`],
  ['getProducts', `/api/getProducts/${product.slug}`],
  ['get_heading', '/api/get_heading'],
  ['get-banner', `/api/get-banner/${banners[0]!._id}`],
  ['product-availability (live)', `/api/product-availability?ids=${ids}`],
];

async function runTable(label: string, cdnCache: boolean): Promise<{ worstP95: number; errors: number }> {
  const server = await startServerProcess('warm', cdnCache);
  // Warm-up: one request per endpoint so module loading and the first connection aren't measured.
  for (const [, path] of endpoints) await fetch(server.url + path).then((r) => r.text());
  const rows: (string | number)[][] = [];
  let worstP95 = 0;
  let totalErrors = 0;
  for (const [name, path] of endpoints.filter(([n]) => !values.only || n.includes(values.only))) {
    const latencies: number[] = [];
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const inst = autocannon(
        { url: server.url + path, connections, duration, headers: { 'accept-encoding': 'gzip, deflate, br' } },
        (err, res) => (err ? reject(err) : resolve(res)),
      );
      inst.on('response', (_c: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
    });
    latencies.sort((a, b) => a - b);
    const errors = result.errors + result.timeouts + result.non2xx;
    const p95 = percentile(latencies, 95);
    if (!name.includes('live')) worstP95 = Math.max(worstP95, p95);
    totalErrors += errors;
    rows.push([
      name,
      Math.round(result.requests.average),
      percentile(latencies, 50).toFixed(1),
      p95.toFixed(1),
      percentile(latencies, 99).toFixed(1),
      errors,
    ]);
  }
  await server.stop();
  console.log(`\n${label}: ${connections} connections, ${duration} s per endpoint, embedded FerretDB\n`);
  printTable(['endpoint', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'], rows);
  return { worstP95, errors: totalErrors };
}

const edge = await runTable('Through the local CDN cache (what shoppers get: functions answer misses only)', true);
const direct = await runTable('Straight to the warm functions (every request runs the function and its cached service)', false);
const worstP95 = edge.worstP95;
const totalErrors = edge.errors + direct.errors;
console.log(`\nStraight-to-function worst p95: ${direct.worstP95.toFixed(1)} ms`);

// For comparison: the same call through @netlify/dev's runtime, which starts a worker per invocation.
const emulated = await startServerProcess('emulated', false);
await fetch(`${emulated.url}/api/get_category`).then((r) => r.text()); // first call bundles the functions
const emuTimes: number[] = [];
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  await fetch(`${emulated.url}/api/get_category`).then((r) => r.text());
  emuTimes.push(performance.now() - t0);
}
await emulated.stop();
emuTimes.sort((a, b) => a - b);
console.log(
  `\n@netlify/dev emulated runtime (worker per call), GET /api/get_category sequential: median ${percentile(emuTimes, 50).toFixed(0)} ms`,
);
console.log(
  `\nCatalogue reads: worst p95 ${worstP95.toFixed(1)} ms (target <= 10 ms), errors ${totalErrors} (target 0): ${worstP95 <= 10 && totalErrors === 0 ? 'PASS' : 'FAIL'}`,
);
await db.stop();
process.exit(0);
