/**
 * Renders every image a catalogue file references into public/uploads/<path>, from SVG drawn in
 * code (no downloads, no stock photos), and writes the placeholder and logo SVGs.
 *
 * Usage: npm run images [-- <catalogue.json>] [--force] [--only <substring>] [--out <dir>]
 * Existing files are kept unless --force, so a re-run after a catalogue edit only draws the new ones.
 */
import { fork } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { logoSvg, placeholderSvg } from './brand.ts';
import { JPEG, renderScene } from './render.ts';
import { BANNER_SIZE, bannerImage, collectionImage, productImage, subcategoryImage, type ProductLike, type Scene } from './scenes.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The loose shape this script reads; the importer validates the file properly. */
interface Catalogue {
  subcategories?: { slug: string; name: string; category: string; image?: string[] }[];
  collections?: { slug: string; name: string; image?: string[] }[];
  products?: {
    slug: string;
    name: string;
    subcategory: string;
    collections?: string[];
    attributes?: Record<string, string>;
    thumbnail?: string;
    image?: string[];
    featured?: boolean;
  }[];
  banners?: { key: string; type: 'web' | 'mobile'; imageType?: string; image: string; products?: string[] }[];
}

/** One file to render: where it goes, its size and how to draw it. */
interface Job {
  path: string;
  width: number;
  height: number;
  scene: () => Promise<Scene>;
}

function parseArgs(argv: string[]): { file: string; force: boolean; only: string | null; out: string } {
  let file = join(ROOT, 'data/sample-catalogue.json');
  let force = false;
  let only: string | null = null;
  let out = join(ROOT, 'public/uploads');
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--force') force = true;
    else if (a === '--only') only = argv[++i] ?? null;
    else if (a === '--out') out = resolve(argv[++i] ?? out);
    else if (!a.startsWith('--')) file = resolve(a);
    else throw new Error(`Unknown option ${a}`);
  }
  return { file, force, only, out };
}

type ProductRow = NonNullable<Catalogue['products']>[number];

/**
 * Picks pieces for a composed image: a necklace-type hero first, then earrings, then bangles or
 * rings, one per subcategory, featured pieces first. Three rings in a row make a dull banner.
 */
function pickShowcase(list: ProductRow[], n: number): ProductRow[] {
  const rank = (p: ProductRow): number => {
    const s = p.subcategory;
    if (/choker|set|necklace|mala|chain|pendant/.test(s)) return 0;
    if (/jhumk|drop|earring|stud|hoop/.test(s)) return 1;
    if (/bangle|kada|bracelet|payal|anklet/.test(s)) return 2;
    return 3;
  };
  const ordered = [...list.filter((p) => p.featured), ...list.filter((p) => !p.featured)];
  const picked: ProductRow[] = [];
  for (let r = 0; r <= 3 && picked.length < n; r++) {
    const p = ordered.find((q) => rank(q) === r && !picked.some((x) => x.subcategory === q.subcategory));
    if (p) picked.push(p);
  }
  for (const p of ordered) {
    if (picked.length >= n) break;
    if (!picked.some((x) => x.subcategory === p.subcategory)) picked.push(p);
  }
  return picked;
}

/** Builds the job list: every product, subcategory, collection and banner image path. */
function jobs(c: Catalogue): Job[] {
  const subs = new Map((c.subcategories ?? []).map((s) => [s.slug, s]));
  const like = (p: NonNullable<Catalogue['products']>[number]): ProductLike => ({
    slug: p.slug,
    name: p.name,
    subcategory: p.subcategory,
    category: subs.get(p.subcategory)?.category ?? '',
    attributes: p.attributes ?? {},
  });
  const products = c.products ?? [];
  const bySlug = new Map(products.map((p) => [p.slug, p]));
  const out = new Map<string, Job>();
  const add = (path: string, width: number, height: number, scene: () => Promise<Scene>): void => {
    if (!out.has(path)) out.set(path, { path, width, height, scene });
  };

  for (const p of products) {
    const paths = [...(p.image ?? []), ...(p.thumbnail ? [p.thumbnail] : [])];
    for (const path of paths) {
      // "-2" / "-3" suffixes pick the view; anything else is the studio shot.
      const m = /-(\d+)\.[a-z]+$/i.exec(path);
      const view = m ? ((Number(m[1]) - 1) % 3) + 1 : 1;
      add(path, 1500, 1875, () => productImage(like(p), view));
    }
  }
  for (const s of c.subcategories ?? []) {
    // The first product with the most typical look stands for the subcategory.
    const rep = products.find((p) => p.subcategory === s.slug);
    for (const path of s.image ?? []) add(path, 1200, 1200, () => subcategoryImage(s.slug, rep ? like(rep) : undefined));
  }
  for (const col of c.collections ?? []) {
    // Pieces from different subcategories make a more interesting arrangement.
    const members = products.filter((p) => p.collections?.includes(col.slug));
    const picked = pickShowcase(members, 3);
    for (const path of col.image ?? []) add(path, 1200, 1200, () => collectionImage(col.slug, picked.map(like)));
  }
  for (const b of c.banners ?? []) {
    const kind = b.imageType === 'PromoBanner' ? 'promo' : b.type === 'mobile' ? 'mobile' : 'web';
    const [w, h] = BANNER_SIZE[kind];
    const listed = (b.products ?? []).map((slug) => bySlug.get(slug)).filter((p) => p !== undefined);
    const reps = pickShowcase(listed.length ? listed : products, 3).map(like);
    add(b.image, w, h, () => bannerImage(b.key, kind, reps));
  }
  return [...out.values()];
}

async function render(job: Job, outDir: string): Promise<void> {
  const file = join(outDir, job.path);
  mkdirSync(dirname(file), { recursive: true });
  const sc = await job.scene();
  let img = await renderScene(sc);
  if (sc.width !== job.width || sc.height !== job.height) img = img.resize(job.width, job.height, { fit: 'cover' });
  if (/\.png$/i.test(file)) await img.png({ compressionLevel: 9 }).toFile(file);
  else if (/\.webp$/i.test(file)) await img.webp({ quality: 82 }).toFile(file);
  else await img.jpeg(JPEG).toFile(file);
}

/**
 * Worker process: rebuilds the same job list from the catalogue and renders the paths it is sent.
 * librsvg rendering is serialised inside one libvips process, so parallelism needs processes.
 */
function worker(file: string, out: string): void {
  sharp.concurrency(1);
  const byPath = new Map(jobs(JSON.parse(readFileSync(file, 'utf8')) as Catalogue).map((j) => [j.path, j]));
  process.on('message', (msg: { path?: string }) => {
    if (!msg.path) {
      process.exit(0);
    }
    const job = byPath.get(msg.path);
    const task = job ? render(job, out) : Promise.reject(new Error('unknown path'));
    task.then(
      () => process.send?.({ ok: true, path: msg.path }),
      (err: unknown) => process.send?.({ ok: false, path: msg.path, error: err instanceof Error ? err.message : String(err) }),
    );
  });
  process.send?.({ ready: true });
}

/** Renders the given paths across `n` worker processes, handing out one path at a time. */
async function renderAll(paths: string[], n: number, file: string, out: string, onDone: (path: string) => void): Promise<void> {
  if (paths.length === 0) return;
  const queue = [...paths];
  const self = fileURLToPath(import.meta.url);
  await Promise.all(
    Array.from(
      { length: Math.min(n, paths.length) },
      () =>
        new Promise<void>((resolveWorker, reject) => {
          const child = fork(self, ['--worker', file, out], { execArgv: process.execArgv });
          const next = (): void => {
            const path = queue.shift();
            child.send(path ? { path } : {});
          };
          child.on('message', (m: { ready?: boolean; ok?: boolean; path?: string; error?: string }) => {
            if (m.ready) return next();
            if (!m.ok) {
              child.kill();
              return reject(new Error(`Failed to render ${m.path}: ${m.error}`));
            }
            onDone(m.path!);
            next();
          });
          child.on('exit', (code) => (code === 0 ? resolveWorker() : reject(new Error(`image worker exited with ${code}`))));
        }),
    ),
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  const { file, force, only, out } = parseArgs(process.argv.slice(2));
  const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Catalogue;

  const brandDir = join(ROOT, 'public/images');
  mkdirSync(brandDir, { recursive: true });
  writeFileSync(join(brandDir, 'placeholder.svg'), placeholderSvg());
  writeFileSync(join(brandDir, 'logo.svg'), logoSvg());

  const all = jobs(catalogue).filter((j) => !only || j.path.includes(only));
  const todo = force ? all : all.filter((j) => !existsSync(join(out, j.path)));
  let done = 0;
  // Two processes: the machines this runs on have two cores.
  await renderAll(
    todo.map((j) => j.path),
    2,
    file,
    out,
    (path) => {
      done++;
      if (process.stdout.isTTY) process.stdout.write(`\r${done}/${todo.length} ${path.padEnd(60)}`);
    },
  );
  if (process.stdout.isTTY) process.stdout.write('\n');
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Images: ${done} rendered, ${all.length - todo.length} skipped (already present) into ${out} in ${secs} s`);
}

if (process.argv[2] === '--worker') {
  worker(resolve(process.argv[3]!), resolve(process.argv[4]!));
} else {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
