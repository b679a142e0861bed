import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_BASE, apiPaths } from '@shared/api';

/**
 * The functions declare their paths as literals (Netlify reads `config` without running the module),
 * so this checks them against the contract the browser uses: every path in apiPaths is served by
 * exactly one function, with the exact spelling (capitals included), and no function serves a path
 * the contract does not list.
 */
const dir = new URL('../../netlify/functions/', import.meta.url);

type FunctionConfig = { path?: string | string[] };

async function declaredPaths(): Promise<{ file: string; patterns: URLPattern[] }[]> {
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.includes('.test.'));
  return Promise.all(
    files.map(async (file) => {
      const { config } = (await import(new URL(file, dir).href)) as { config?: FunctionConfig };
      return { file, patterns: [config?.path ?? []].flat().map((pathname) => new URLPattern({ pathname })) };
    }),
  );
}

/** A concrete path for each contract entry (a sample value for the parameter). */
const contractPaths = Object.entries(apiPaths).map(([name, path]) => [name, typeof path === 'string' ? path : path('sample-1')] as const);

describe('API contract', () => {
  it('has every path served by exactly one function, spelled exactly', async () => {
    const functions = await declaredPaths();
    for (const [name, path] of contractPaths) {
      const serving = functions.filter((f) => f.patterns.some((p) => p.test({ pathname: path })));
      expect(
        serving.map((f) => f.file),
        `${name} (${path})`,
      ).toHaveLength(1);
    }
  });

  it('lists every function', async () => {
    const functions = await declaredPaths();
    for (const { file, patterns } of functions) {
      // Functions without a path of their own are not endpoints: the /api/* fallback and scheduled jobs.
      if (patterns.length === 0) continue;
      const listed = contractPaths.some(([, path]) => patterns.some((p) => p.test({ pathname: path })));
      expect(listed, `${file} serves a path missing from src/shared/api`).toBe(true);
    }
  });

  it('keeps every endpoint under the API base', () => {
    for (const [name, path] of contractPaths) expect(path.startsWith(`${API_BASE}/`), name).toBe(true);
  });

  it('builds parameter paths from the prefix the function strips, encoding the value', () => {
    expect(apiPaths.getProducts('lotus ring')).toBe('/api/getProducts/lotus%20ring');
    expect(apiPaths.getProducts.prefix).toBe('/api/getProducts');
    expect(apiPaths.getCategoryDetails('abc')).toBe('/api/get_category_details/abc');
  });
});
