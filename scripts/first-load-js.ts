/**
 * npx tsx scripts/first-load-js.ts [--detail] [--width 412] [page.html ...]: the JavaScript a built page
 * fetches on first load, read from dist/ without a browser (run `npm run build` first). Follows every
 * <script src>, modulepreload link and island's component-url and renderer-url, then the chunks' static
 * imports, and prints the gzip -9 size of each file and the sum per page. Islands whose media query
 * (client:afterpaint="(min-width: 992px)") does not match a viewport `width` px wide (412: Lighthouse's
 * phone, as in bench:pages) are left out, as the browser never fetches them. Islands that hydrate only
 * when scrolled into view (client:visible) are counted apart: a phone's first screen does not fetch them;
 * islands that hydrate on first use (client:onevent, the cart drawer) or once the shopper engages with the page
 * (client:engaged, the header search) are counted apart as well.
 * Inline scripts are counted apart too; bench:pages' budget counts script files only. Defaults: home, the
 * first subcategory listing and the first product page. Takes a second after a build, where bench:pages
 * takes minutes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { staticImportClosure } from '../src/integrations/chunk-graph';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');

const { values, positionals } = parseArgs({
  options: { detail: { type: 'boolean', default: false }, width: { type: 'string', default: '412' } },
  allowPositionals: true,
});
const width = Number(values.width);

/** Whether a media query of (min-width: Npx) / (max-width: Npx) parts joined by 'and' matches `width`. */
function mediaMatches(query: string): boolean {
  return [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, kind, px]) =>
    kind === 'min' ? width >= Number(px) : width <= Number(px),
  );
}

/** An island's directive value when it is a media query (opts="{...&quot;value&quot;:&quot;(max-width: …)&quot;}"). */
function islandMedia(tag: string): string | null {
  const opts = /\bopts="([^"]*)"/.exec(tag)?.[1]?.replaceAll('&quot;', '"');
  if (!opts) return null;
  const value: unknown = (JSON.parse(opts) as { value?: unknown }).value;
  return typeof value === 'string' && value.startsWith('(') ? value : null;
}

/** The first built page in a folder of dist/ that `skip` does not rule out. */
function firstPage(folder: string, skip: (name: string) => boolean = () => false): string {
  const name = readdirSync(join(DIST, folder)).find((n) => n.endsWith('.html') && !skip(n));
  if (!name) throw new Error(`no page built in dist/${folder}`);
  return join(folder, name);
}

const gzip = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;

/** Root-relative URLs of the scripts the HTML asks for, split by whether they load at first paint. */
function entries(html: string): { first: Set<string>; onVisible: Set<string> } {
  const first = new Set<string>();
  const onVisible = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) first.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(m[0]);
    if (href) first.add(href[1]!);
  }
  for (const m of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const tag = m[0];
    const media = islandMedia(tag);
    if (media && !mediaMatches(media)) continue;
    const target = /\bclient="(visible|onevent|engaged)"/.test(tag) ? onVisible : first;
    for (const attr of ['component-url', 'renderer-url']) {
      const url = new RegExp(`\\b${attr}="([^"]+)"`).exec(tag)?.[1];
      if (url) target.add(url);
    }
  }
  for (const url of first) onVisible.delete(url);
  return { first, onVisible };
}

/** Every file reachable from `roots` by static import, except those in `exclude`, with its gzip size. */
function closure(roots: Iterable<string>, exclude: Set<string> = new Set()): Map<string, number> {
  return new Map([...staticImportClosure(DIST, roots, exclude)].map(([url, code]) => [url, gzip(code)]));
}

const kb = (n: number) => (n / 1024).toFixed(1);
const pages = positionals.length
  ? positionals
  : ['index.html', firstPage('collections', (n) => n === 'products.html'), firstPage('collections/products/detail')];

for (const page of pages) {
  const html = readFileSync(join(DIST, page), 'utf8');
  const { first, onVisible } = entries(html);
  const loaded = closure(first);
  const later = closure(onVisible, new Set(loaded.keys()));
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => gzip(m[1]!))
    .reduce((a, b) => a + b, 0);
  const total = [...loaded.values()].reduce((a, b) => a + b, 0);
  const laterTotal = [...later.values()].reduce((a, b) => a + b, 0);
  console.log(
    `${page} (${width} px): first load ${kb(total)} KB gzip (${total} B) in ${loaded.size} files (+ ${kb(inline)} KB inline; ${kb(laterTotal)} KB when scrolled to)`,
  );
  if (values.detail) {
    for (const [url, size] of [...loaded].sort((a, b) => b[1] - a[1])) console.log(`  ${kb(size).padStart(6)}  ${url}`);
    for (const [url, size] of [...later].sort((a, b) => b[1] - a[1])) console.log(`  ${kb(size).padStart(6)}  ${url} (later)`);
  }
}
