import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

/** A built chunk's static imports (import … from "./x.js", import "./x.js", export … from "./x.js"), resolved against its URL. */
export function staticImports(url: string, code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/\b(?:import\s*(?:[\w$*{}\s,]+?\s*from\s*)?|export\s*[\w$*{}\s,]+?\s*from\s*)["']([^"']+)["']/g)) {
    out.push(posix.normalize(posix.join(posix.dirname(url), m[1]!)));
  }
  return out;
}

/**
 * Every root-relative file of a build in `dist` reachable from `roots` by static import (the roots included), in the
 * order they are found, each with its contents, except those in `exclude`.
 */
export function staticImportClosure(dist: string, roots: Iterable<string>, exclude: ReadonlySet<string> = new Set()): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const queue = [...roots];
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (files.has(url) || exclude.has(url) || !url.startsWith('/')) continue;
    const file = join(dist, url);
    if (!existsSync(file)) throw new Error(`${url} is referenced but not in the build`);
    const code = readFileSync(file);
    files.set(url, code);
    if (url.endsWith('.js')) queue.push(...staticImports(url, code.toString('utf8')));
  }
  return files;
}
