/**
 * Astro integration: the header search's Pagefind index, written to dist/pagefind so search answers
 * with no server call. One record per product, built from the catalogue (src/features/search/search-index.ts)
 * rather than from the rendered HTML: Pagefind runs in its own process, so indexing starts when the
 * build starts and is finished on the second core while the pages render; the build's end only moves
 * the written files into place.
 * Parsing the rendered pages instead would cost a large build a big share of its time and memory.
 */
import { cp, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { close, createIndex } from 'pagefind';
// Importing connects to nothing: the database is first touched when the build starts indexing.
import { loadCatalogueSnapshot, type CatalogueSnapshot } from '@server/services/catalogue.snapshot';
import { searchRecord, type SearchRecord } from '../features/search/search-index';

/** Records for every product in the catalogue, in catalogue order. */
export function catalogueSearchRecords(snapshot: CatalogueSnapshot): SearchRecord[] {
  const names = new Map<string, string>();
  for (const entry of [...snapshot.categories, ...snapshot.subcategories, ...snapshot.collections]) names.set(entry._id, entry.name);
  return snapshot.products.map((p) => {
    const category = names.get(p.category);
    const subcategory = names.get(p.subCategory);
    return searchRecord(p, {
      ...(category ? { category } : {}),
      ...(subcategory ? { subcategory } : {}),
      collections: p.collections.flatMap((id) => names.get(id) ?? []),
    });
  });
}

/** How long the written index may take to reach the disk after Pagefind answers. */
const FLUSH_TIMEOUT_MS = 30_000;

/**
 * Resolves once the index Pagefind reported written is complete on disk: its entry file parses and names a
 * metadata file that is there. Pagefind answers WriteFiles before its last files are flushed, and close()
 * kills its process: on a busy machine the build shipped an empty pagefind-entry.json, and search said
 * "Failed to load Pagefind metadata". A build whose index never completes fails instead.
 */
async function indexOnDisk(dir: string, timeoutMs = FLUSH_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const entry = JSON.parse(await readFile(join(dir, 'pagefind-entry.json'), 'utf8')) as {
        languages?: Record<string, { hash: string }>;
      };
      const languages = Object.values(entry.languages ?? {});
      const sizes = await Promise.all(languages.map((l) => stat(join(dir, `pagefind.${l.hash}.pf_meta`)).then((s) => s.size)));
      if (languages.length > 0 && sizes.every((size) => size > 0)) return;
    } catch {
      // Not written yet (or half written): look again.
    }
    if (Date.now() > deadline) throw new Error(`Pagefind's index in ${dir} was not complete ${timeoutMs / 1000} s after it was written`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** An index being built in the background; place() moves the finished files to their final folder. */
interface PendingIndex {
  place(outputPath: string): Promise<number>;
}

/**
 * Loads the catalogue, feeds every product to Pagefind and writes the index into `workDir`, all
 * without waiting: Pagefind's own process does the work (and holds its memory) while the pages render,
 * and is gone before the build's end.
 */
function startIndex(workDir: string, logger: AstroIntegrationLogger): PendingIndex {
  const ready = (async () => {
    const snapshot = await loadCatalogueSnapshot();
    const { index, errors } = await createIndex({ forceLanguage: 'en' });
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
    try {
      const records = catalogueSearchRecords(snapshot);
      const results = await Promise.all(records.map((record) => index.addCustomRecord(record)));
      const failed = results.flatMap((r, i) => (r.errors.length ? [`${records[i]!.url}: ${r.errors.join('; ')}`] : []));
      for (const line of failed.slice(0, 10)) logger.warn(line);
      await rm(workDir, { recursive: true, force: true });
      const written = await index.writeFiles({ outputPath: workDir });
      if (written.errors.length) throw new Error(`Pagefind could not write its files: ${written.errors.join('; ')}`);
      await indexOnDisk(workDir);
      return records.length - failed.length;
    } finally {
      await close();
    }
  })();
  // Surfaces at place(); until then an early failure must not crash the build as an unhandled rejection.
  ready.catch(() => undefined);
  return {
    async place(outputPath) {
      const added = await ready;
      await rm(outputPath, { recursive: true, force: true });
      try {
        await rename(workDir, outputPath);
      } catch {
        // Another filesystem (EXDEV): copy instead.
        await cp(workDir, outputPath, { recursive: true });
        await rm(workDir, { recursive: true, force: true });
      }
      return added;
    },
  };
}

/** The integration; register it in astro.config.mjs after react(). */
export default function pagefind(): AstroIntegration {
  let pending: PendingIndex | null = null;
  // Astro's cache folder: inside the project, so the finished index is moved into dist/, not copied.
  let workDir = '';
  return {
    name: 'chandi-kala:pagefind',
    hooks: {
      'astro:config:done': ({ config }) => {
        workDir = join(fileURLToPath(config.cacheDir), 'pagefind-index');
      },
      'astro:build:start': ({ logger }) => {
        pending = startIndex(workDir, logger);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const index = pending ?? startIndex(workDir, logger);
        pending = null;
        const added = await index.place(join(fileURLToPath(dir), 'pagefind'));
        if (added === 0) logger.warn('The catalogue has no products; the search index is empty.');
        logger.info(`Indexed ${added} products for search.`);
      },
    },
  };
}
