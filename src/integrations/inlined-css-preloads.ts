import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Vite lists, beside every import() of the browser's code, the stylesheets of the chunks it brings, and its preload
 * helper fetches them before the import resolves; a list entry that cannot be fetched fails the import ("Unable to
 * preload CSS"). The shop inlines every page's stylesheets (build.inlineStylesheets: 'always'), so Astro deletes those
 * CSS files from the build after the lists were written: a part fetched later (the filter drawer, the menu's panel)
 * would ask for files that do not exist, and never load. This plugin drops, from the written chunks, every list entry
 * naming a stylesheet that was not written. Its rules are on the page already, inlined.
 */
export function dropInlinedCssPreloads(): Plugin {
  return {
    name: 'silver-shop:drop-inlined-css-preloads',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    writeBundle(options, bundle) {
      const root = options.dir;
      if (!root) return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const file = join(root, chunk.fileName);
        if (!existsSync(file)) continue;
        const code = readFileSync(file, 'utf8');
        const fixed = withoutMissingStylesheets(code, (path) => existsSync(join(root, path)));
        if (fixed !== code) writeFileSync(file, fixed);
      }
    },
  };
}

/** The list Vite writes once per chunk: `m.f||(m.f=["_astro/a.css","_astro/b.js"])`. */
const DEPS_LIST = /m\.f\|\|\(m\.f=(\[[^\]]*\])\)/;
/** Each import()'s indexes into that list: `__vite__mapDeps([0,2])`. */
const DEPS_CALL = /__vite__mapDeps\(\[([\d,]*)\]\)/g;

/**
 * `code` with every stylesheet in its preload list that `exists` says is missing taken out, and every import()'s
 * indexes renumbered to match. Code without such a list comes back as it was.
 */
export function withoutMissingStylesheets(code: string, exists: (path: string) => boolean): string {
  const match = DEPS_LIST.exec(code);
  if (!match) return code;
  const deps = JSON.parse(match[1]!) as string[];
  const kept = deps.map((dep) => !dep.endsWith('.css') || exists(dep));
  if (kept.every(Boolean)) return code;
  const renumbered = new Map<number, number>();
  deps.forEach((_, i) => kept[i] && renumbered.set(i, renumbered.size));
  const list = JSON.stringify(deps.filter((_, i) => kept[i]));
  return code.replace(DEPS_LIST, `m.f||(m.f=${list})`).replace(DEPS_CALL, (_, indexes: string) => {
    const next = indexes
      .split(',')
      .filter(Boolean)
      .map(Number)
      .flatMap((i) => (renumbered.has(i) ? [renumbered.get(i)!] : []));
    return `__vite__mapDeps([${next.join(',')}])`;
  });
}
