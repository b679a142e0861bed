import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { staticImportClosure } from './chunk-graph';

/**
 * `client:onevent="name"`: hydrate an island the first time a window event of that name fires, and not before.
 * For parts no page needs until the shopper asks (the cart drawer, on Add to Cart or the cart icon): their code
 * stays out of the first load, and Astro's island loader fetches it, so first-load code carries no import() and
 * no Vite preload helper. The island must render nothing on the server, and nothing on its first client render.
 * Its code is nonetheless on the phone before the tap: after the build, each such island is given a `prefetch`
 * attribute listing every file its code needs that the page does not load already (its stylesheets named by URL
 * included), and the directive has the browser prefetch them (idle priority, into its cache) once the page has
 * loaded and is idle, or at the first touch.
 */
export default function onEvent(): AstroIntegration {
  return {
    name: 'silver-shop:on-event',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'onevent', entrypoint: fileURLToPath(new URL('./on-event-directive.ts', import.meta.url)) });
      },
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        let islands = 0;
        for (const file of htmlFiles(root)) {
          const html = readFileSync(file, 'utf8');
          const listed = withPrefetchLists(html, (roots, exclude) => {
            const files = staticImportClosure(root, roots, exclude);
            return [...files.keys(), ...stylesheetsNamedIn(files.values(), exclude)];
          });
          if (listed.html === html) continue;
          writeFileSync(file, listed.html);
          islands += listed.islands;
        }
        logger.info(`prefetch lists on ${islands} client:onevent islands`);
      },
    },
  };
}

/**
 * The stylesheets the code names by URL (`import css from './x.css?url'`, loaded with loadStylesheet when the island
 * mounts): prefetched with its code, or the first open would wait one more round trip for them after the code ran.
 */
export function stylesheetsNamedIn(code: Iterable<Buffer | string>, exclude: ReadonlySet<string> = new Set()): string[] {
  const found = new Set<string>();
  for (const file of code) {
    for (const m of file.toString().matchAll(/["'`](\/_astro\/[\w.-]+\.css)["'`]/g)) if (!exclude.has(m[1]!)) found.add(m[1]!);
  }
  return [...found];
}

/** Every .html file under `dir`. */
function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Islands that hydrate by themselves during the page's load: their code is loaded already when the page is idle. */
const LOADED_WITH_PAGE = new Set(['load', 'idle', 'afterpaint', 'only']);

/**
 * The page with a `prefetch` attribute on each client:onevent island: the files `closure` finds from its component
 * and renderer that neither the page's scripts nor its self-hydrating islands bring. Pure, for tests.
 */
export function withPrefetchLists(
  html: string,
  closure: (roots: string[], exclude: ReadonlySet<string>) => string[],
): { html: string; islands: number } {
  const islands = [...html.matchAll(/<astro-island\b[^>]*>/g)].map((m) => m[0]);
  const urlsOf = (tag: string) =>
    ['component-url', 'renderer-url'].flatMap((attr) => new RegExp(`\\b${attr}="([^"]+)"`).exec(tag)?.[1] ?? []);
  const client = (tag: string) => /\bclient="([^"]+)"/.exec(tag)?.[1] ?? '';
  const pageRoots = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!),
    ...islands.filter((tag) => LOADED_WITH_PAGE.has(client(tag))).flatMap(urlsOf),
  ];
  const deferred = islands.filter((tag) => client(tag) === 'onevent' && !/\bprefetch="/.test(tag));
  if (deferred.length === 0) return { html, islands: 0 };
  const loaded = new Set(closure(pageRoots, new Set()));
  let out = html;
  for (const tag of deferred) {
    const files = closure(urlsOf(tag), loaded);
    out = out.replace(tag, tag.replace(/>$/, ` prefetch="${files.join(' ')}">`));
  }
  return { html: out, islands: deferred.length };
}
