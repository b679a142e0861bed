/**
 * Astro integration: after `astro build`, indexes the product detail pages with Pagefind and writes
 * the browser bundle to dist/pagefind, so the header search answers instantly with no server call.
 * Only product pages are indexed (search is for jewellery, not policies). Each page's <main> is the
 * indexed text unless the page marks a narrower data-pagefind-body; price and image come from the
 * page's Product JSON-LD when it declares no data-pagefind-meta of its own.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Where the product pages are written, relative to dist (route /collections/products/detail/{slug}). */
const PRODUCT_DIR = join('collections', 'products', 'detail');

/** Every .html file under dir, recursively. */
async function htmlFiles(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}

/** Price and image of the page's Product JSON-LD, if it has one. */
export function productFacts(html: string): { price?: string; image?: string } {
  for (const match of html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
    try {
      const data = JSON.parse(match[1] ?? '') as Record<string, unknown>;
      if (data['@type'] !== 'Product') continue;
      const offers = (Array.isArray(data['offers']) ? data['offers'][0] : data['offers']) as Record<string, unknown> | undefined;
      const rawPrice = Number(offers?.['price']);
      const image = Array.isArray(data['image']) ? data['image'][0] : data['image'];
      const price =
        Number.isFinite(rawPrice) && rawPrice > 0
          ? new Intl.NumberFormat('en-IN', {
              style: 'currency',
              currency: 'INR',
              maximumFractionDigits: 2,
              minimumFractionDigits: 0,
            }).format(rawPrice)
          : undefined;
      // Keep only path and query: Pagefind results are shown on this same site.
      const imageUrl = typeof image === 'string' ? new URL(image, 'http://localhost') : null;
      return { ...(price ? { price } : {}), ...(imageUrl ? { image: imageUrl.pathname + imageUrl.search } : {}) };
    } catch {
      // Not JSON we understand; the page's own markup still gets indexed.
    }
  }
  return {};
}

/** Adds hidden data-pagefind-meta holders for what the page did not declare itself. */
export function withMeta(html: string): string {
  const facts = productFacts(html);
  const extra: string[] = [];
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  if (facts.price && !/data-pagefind-meta="[^"]*\bprice\b/.test(html))
    extra.push(`<span hidden data-pagefind-meta="price:${escape(facts.price)}"></span>`);
  if (facts.image && !/data-pagefind-meta="[^"]*\bimage\b/.test(html))
    extra.push(`<span hidden data-pagefind-meta="image:${escape(facts.image)}"></span>`);
  if (extra.length === 0) return html;
  // Inside the indexed root: the data-pagefind-body element if there is one, else <main>.
  const anchor = /<[^>]+data-pagefind-body[^>]*>/.exec(html) ?? /<main\b[^>]*>/.exec(html);
  if (!anchor) return html;
  const at = anchor.index + anchor[0].length;
  return html.slice(0, at) + extra.join('') + html.slice(at);
}

/** The integration; register it in astro.config.mjs after react(). */
export default function pagefind(): AstroIntegration {
  return {
    name: 'chandi-kala:pagefind',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        const files = await htmlFiles(join(outDir, PRODUCT_DIR));
        if (files.length === 0) {
          logger.warn(`No product pages under ${PRODUCT_DIR}; the search index is empty.`);
        }
        const { createIndex, close } = await import('pagefind');
        // <main> is the root so header, footer and menus never become search text.
        const { index, errors } = await createIndex({ rootSelector: 'main', forceLanguage: 'en' });
        if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
        let added = 0;
        for (const file of files) {
          const rel = relative(outDir, file).split(sep).join('/');
          const url = `/${rel.replace(/\.html$/, '')}`;
          const res = await index.addHTMLFile({ url, content: withMeta(await readFile(file, 'utf8')) });
          if (res.errors.length) logger.warn(`${url}: ${res.errors.join('; ')}`);
          else added++;
        }
        const written = await index.writeFiles({ outputPath: join(outDir, 'pagefind') });
        if (written.errors.length) throw new Error(`Pagefind could not write its files: ${written.errors.join('; ')}`);
        await close();
        logger.info(`Indexed ${added} product pages for search.`);
      },
    },
  };
}
