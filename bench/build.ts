/**
 * npm run bench:build -- --products 10000
 * Seeds a synthetic catalogue of N products (the sample catalogue's categories, collections and pieces,
 * repeated with new slugs) into a throw-away database, builds the site into .cache/bench-dist and prints
 * pages built, seconds, pages/s and the build's peak memory (whole process tree).
 * Target for N = 10000 on a 2-core machine: >= 150 pages/s and peak RSS <= 2 GB.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchDatabase, printTable, treeRss } from './lib';
import { ROOT } from '../scripts/lib/ferretdb';
import { closeDb } from '@server/db';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { catalogueWriteRepository } from '@server/repositories/catalogue-write.repository';

const { values } = parseArgs({ options: { products: { type: 'string', default: '10000' } } });
const n = Number(values.products);

/** The sample catalogue with its products repeated (new slugs, related/pairs kept within each copy). */
function syntheticCatalogue(count: number): Record<string, unknown> {
  const sample = JSON.parse(readFileSync(join(ROOT, 'data', 'sample-catalogue.json'), 'utf8')) as {
    products: Record<string, unknown>[];
    banners: Record<string, unknown>[];
  } & Record<string, unknown>;
  const products: Record<string, unknown>[] = [];
  for (let copy = 0; products.length < count; copy++) {
    const suffix = copy === 0 ? '' : `-v${copy}`;
    for (const p of sample.products) {
      if (products.length >= count) break;
      const rename = (s: string) => `${s}${suffix}`;
      products.push({
        ...p,
        slug: rename(p['slug'] as string),
        name: copy === 0 ? p['name'] : `${p['name']} ${copy + 1}`,
        related: [],
        pairs: [],
      });
    }
  }
  // Related/pair links point at the first copy, which always exists.
  const base = new Map(sample.products.map((p) => [p['slug'] as string, p]));
  for (const p of products) {
    const original = base.get((p['slug'] as string).replace(/-v\d+$/, ''));
    if (original) Object.assign(p, { related: original['related'], pairs: original['pairs'] });
  }
  return { ...sample, products };
}

const db = await benchDatabase('bench_build');
await catalogueWriteRepository.clearCatalogue();
const seedStart = Date.now();
const report = await importCatalogue(syntheticCatalogue(n), { overwriteStock: true });
if (!report.ok) throw new Error(JSON.stringify(report.errors.slice(0, 5)));
await closeDb();
console.log(`Seeded ${n} products in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

const outDir = join(ROOT, '.cache', 'bench-dist');
rmSync(outDir, { recursive: true, force: true });
const started = Date.now();
// Synthetic catalogues render into their own folder so the real dist/ is left alone.
const child = spawn(process.execPath, [join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build', '--silent', '--outDir', outDir], {
  cwd: ROOT,
  env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  stdio: 'inherit',
});
let peak = 0;
const poll = setInterval(() => (peak = Math.max(peak, treeRss(child.pid!))), 200);
const code = await new Promise<number | null>((r) => child.once('exit', r));
clearInterval(poll);
const seconds = (Date.now() - started) / 1000;
if (code !== 0) throw new Error(`astro build exited with ${code}`);

const countPages = (dir: string): number =>
  readdirSync(dir).reduce((sum, f) => {
    const p = join(dir, f);
    return sum + (statSync(p).isDirectory() ? countPages(p) : f.endsWith('.html') ? 1 : 0);
  }, 0);
const pages = countPages(outDir);
const rate = pages / seconds;
const peakGb = peak / 1024 ** 3;
console.log('');
printTable(
  ['products', 'pages built', 'seconds', 'pages/s', 'peak RSS'],
  [[n, pages, seconds.toFixed(1), rate.toFixed(0), `${(peak / 1024 ** 2).toFixed(0)} MB`]],
);
console.log(`\nTarget: >= 150 pages/s and <= 2 GB: ${rate >= 150 && peakGb <= 2 ? 'PASS' : 'FAIL'}`);
rmSync(outDir, { recursive: true, force: true });
await db.stop();
