/**
 * The back office's product preview as a bundle of its own. The preview draws a draft with the storefront's own
 * product island; built into the shop's bundle, that second user of the island's modules changed how the build
 * splits the shop's scripts and added 2.6 KB to every product page's first load. So the preview is built after
 * the site, by Vite on its own (its own React and stores, about 85 KB gzip, fetched only by that admin page), into
 * `<dist>/_admin/preview.js` and `preview.css`; `astro dev` serves its source module instead.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build, type Plugin } from 'vite';
import { ADMIN_PREVIEW } from './admin-preview-paths';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * In this bundle only, the product island asks preview-availability.ts for live price and stock, which answers the
 * draft's own figures; the storefront's island (built by Astro, not here) is untouched.
 */
function draftFigures(): Plugin {
  let swapped = false;
  return {
    name: 'chandi-kala:preview-draft-figures',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '../availability/availability' || !importer || !/[\\/]features[\\/]product[\\/]ProductDetail\.tsx$/.test(importer))
        return null;
      swapped = true;
      return join(ROOT, 'src/features/catalogue/preview-availability.ts');
    },
    // If the island's import ever changes, the preview would quietly show live figures: the build says so instead.
    buildEnd() {
      if (!swapped)
        this.error("The preview's draft figures were not swapped in: ProductDetail.tsx no longer imports '../availability/availability'.");
    },
  };
}

/** Builds the preview bundle into `<outDir>/_admin/` once the site is built. */
export default function adminPreview(): AstroIntegration {
  return {
    name: 'chandi-kala:admin-preview',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = join(fileURLToPath(dir), '_admin');
        const started = Date.now();
        await build({
          configFile: false,
          root: ROOT,
          base: '/_admin/',
          logLevel: 'warn',
          resolve: { tsconfigPaths: true },
          plugins: [draftFigures()],
          oxc: { jsx: { runtime: 'automatic' } },
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
          build: {
            outDir,
            emptyOutDir: true,
            copyPublicDir: false,
            manifest: true,
            modulePreload: { polyfill: false },
            rolldownOptions: {
              input: join(ROOT, ADMIN_PREVIEW.devEntry),
              output: { entryFileNames: 'preview.js', chunkFileNames: 'preview-[hash].js', assetFileNames: 'preview-[hash][extname]' },
            },
          },
        });
        // The entry's stylesheets (the manifest names them) become one file with a fixed name, so the page can link it.
        const manifest = JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { css?: string[] }>;
        const css = manifest[ADMIN_PREVIEW.devEntry.slice(1)]?.css ?? [];
        const styles = await Promise.all(css.map((f) => readFile(join(outDir, f), 'utf8')));
        await writeFile(join(outDir, 'preview.css'), styles.join('\n'));
        // The manifest was only for this: it is not served.
        await rm(join(outDir, '.vite'), { recursive: true, force: true });
        logger.info(`Product preview bundle built in ${Date.now() - started} ms.`);
      },
    },
  };
}
