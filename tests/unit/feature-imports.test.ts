import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Feature folders may build on each other (a product page uses the product card, the card uses the
 * cart), but never in a circle: a cycle means neither folder can be read, tested or changed alone.
 * This reads every import under src/features and fails on any cycle between folders.
 */
const FEATURES = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/features');

/** Static, side-effect, re-export and dynamic imports with a relative specifier. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(entry.name) ? [path] : [];
  });
}

/** The feature folder a path lies in, or null outside src/features. */
function featureOf(path: string): string | null {
  const rel = relative(FEATURES, path);
  if (rel.startsWith('..') || rel === '') return null;
  return rel.split(sep)[0] ?? null;
}

/** Edges between feature folders: folder -> folders it imports, with one example file per edge. */
function featureGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(FEATURES)) {
    const from = featureOf(file)!;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = featureOf(resolve(dirname(file), specifier!));
      if (to && to !== from && !graph.get(from)!.has(to)) graph.get(from)!.set(to, relative(FEATURES, file));
    }
  }
  return graph;
}

/** Every cycle found by depth-first search, each as the folders along it (first repeated at the end). */
function findCycles(graph: Map<string, Map<string, string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'visiting');
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (state.get(next) === 'visiting') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('feature folders', () => {
  it('import each other without cycles', () => {
    const graph = featureGraph();
    const described = findCycles(graph).map((cycle) =>
      cycle
        .slice(1)
        .map((to, i) => `${cycle[i]} -> ${to} (${graph.get(cycle[i]!)!.get(to)})`)
        .join(', '),
    );
    expect(described).toEqual([]);
  });

  it('are read the way the check above relies on', () => {
    // Guards the parser: a known edge must be seen, or an empty graph would pass the cycle check.
    const graph = featureGraph();
    expect(graph.get('product')?.has('product-card')).toBe(true);
    expect(
      findCycles(
        new Map([
          ['a', new Map([['b', 'x']])],
          ['b', new Map([['a', 'y']])],
        ]),
      ),
    ).toEqual([['a', 'b', 'a']]);
  });
});
