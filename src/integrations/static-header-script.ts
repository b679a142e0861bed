/**
 * The policy pages' header script (src/features/static-header/static-header.client.ts), bundled on its
 * own with esbuild into one small self-contained script and inlined into those pages (BaseLayout hashes
 * it into the page's Content-Security-Policy).
 *
 * Why not an Astro <script>: Astro bundles it with the site's other browser code, and the checks it
 * shares with the stores (storage shapes, ids) live in the header's "shell" chunk, which the
 * script would then import: pages meant to ship almost no JavaScript would download the React header's
 * chunk to count a cart. Inlined, it stays within STATIC_HEADER_BUDGET_GZIP and costs no request.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';

/** The module pages import to get the script's text. */
export const STATIC_HEADER_MODULE = 'virtual:static-header-script';

/** The script's entry. */
export const STATIC_HEADER_ENTRY = fileURLToPath(new URL('../features/static-header/static-header.client.ts', import.meta.url));

/** Most the script may weigh, gzip (the pages it runs on are meant to stay near zero JS). */
export const STATIC_HEADER_BUDGET_GZIP = 3 * 1024;

/** The bundled, minified script (an IIFE: it runs as a classic inline script). */
export async function bundleStaticHeaderScript(entry = STATIC_HEADER_ENTRY): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    legalComments: 'none',
    write: false,
  });
  return result.outputFiles[0]!.text.trim();
}

/** Serves `virtual:static-header-script` (its default export is the script's text) to the build and dev server. */
export default function staticHeaderScript(): AstroIntegration {
  const resolved = `\0${STATIC_HEADER_MODULE}`;
  return {
    name: 'chandi-kala:static-header-script',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'chandi-kala:static-header-script',
                resolveId: (id: string) => (id === STATIC_HEADER_MODULE ? resolved : undefined),
                load: async (id: string) =>
                  id === resolved ? `export default ${JSON.stringify(await bundleStaticHeaderScript())};` : undefined,
              },
            ],
          },
        });
      },
    },
  };
}
