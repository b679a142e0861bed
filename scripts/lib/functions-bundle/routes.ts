import type { FunctionResult } from '@netlify/zip-it-and-ship-it';

/** What reaches one function in production: its path patterns (and their limits) or its schedule. */
export interface FunctionRoutes {
  /** `config.path` patterns as Netlify will route them, in declaration order; empty for a function reached another way. */
  routes: string[];
  /** `config.method`: only these methods reach the function (absent: every method). */
  methods?: string[];
  /** `config.excludedPath` patterns. */
  excludedRoutes?: string[];
  /** `config.preferStatic`: a static file at the same path wins. */
  preferStatic?: true;
  /** `config.schedule` (cron), for scheduled functions. */
  schedule?: string;
}

/** Every function by name (its /.netlify/functions/<name> URL), with what reaches it. */
export type RouteTable = Record<string, FunctionRoutes>;

/** The route table of a zipFunctions run, keyed and sorted by function name. */
export function routeTable(results: Pick<FunctionResult, 'name' | 'routes' | 'excludedRoutes' | 'schedule'>[]): RouteTable {
  const table: RouteTable = {};
  for (const result of [...results].sort((a, b) => a.name.localeCompare(b.name))) {
    const routes = result.routes ?? [];
    const entry: FunctionRoutes = { routes: routes.map((r) => r.pattern) };
    // zip-it-and-ship-it copies config.method onto every route of the function.
    const methods = routes[0]?.methods ?? [];
    if (methods.length > 0) entry.methods = [...methods];
    if (result.excludedRoutes?.length) entry.excludedRoutes = result.excludedRoutes.map((r) => r.pattern);
    if (routes.some((r) => r.prefer_static)) entry.preferStatic = true;
    if (result.schedule) entry.schedule = result.schedule;
    table[result.name] = entry;
  }
  return table;
}

const list = (values: string[] | undefined) => (values?.length ? values.join(', ') : '(none)');

/**
 * The differences between the checked-in table and the bundles' own, one line each, for a reader: which
 * function gained or lost which pattern, or changed its methods or schedule. Empty when they agree.
 */
export function diffRouteTables(expected: RouteTable, actual: RouteTable): string[] {
  const lines: string[] = [];
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  for (const name of names) {
    const want = expected[name];
    const got = actual[name];
    if (!want && got) {
      lines.push(`  ${name}: bundled, but not in the list`);
      for (const route of got.routes) lines.push(`    + ${route}`);
      if (got.schedule) lines.push(`    + schedule ${got.schedule}`);
      continue;
    }
    if (want && !got) {
      lines.push(`  ${name}: in the list, but no such function was bundled`);
      for (const route of want.routes) lines.push(`    - ${route}`);
      if (want.schedule) lines.push(`    - schedule ${want.schedule}`);
      continue;
    }
    if (!want || !got) continue;
    const changes: string[] = [];
    for (const route of want.routes) if (!got.routes.includes(route)) changes.push(`    - ${route}`);
    for (const route of got.routes) if (!want.routes.includes(route)) changes.push(`    + ${route}`);
    const pairs: [string, string, string][] = [
      ['methods', list(want.methods), list(got.methods)],
      ['excluded paths', list(want.excludedRoutes), list(got.excludedRoutes)],
      ['prefers static files', String(Boolean(want.preferStatic)), String(Boolean(got.preferStatic))],
      ['schedule', want.schedule ?? '(none)', got.schedule ?? '(none)'],
    ];
    for (const [label, before, after] of pairs) if (before !== after) changes.push(`    ${label}: ${before} → ${after}`);
    if (changes.length) lines.push(`  ${name}:`, ...changes);
  }
  return lines;
}

/**
 * Routing that Netlify's build refuses or that would route unpredictably: a path on a scheduled function
 * (the build fails), and one pattern claimed by two functions (only one of them would ever answer).
 */
export function routeProblems(table: RouteTable): string[] {
  const problems: string[] = [];
  const owners = new Map<string, string>();
  for (const [name, entry] of Object.entries(table)) {
    if (entry.schedule && entry.routes.length)
      problems.push(`${name}: a scheduled function must not declare a path (Netlify's build refuses it)`);
    for (const route of entry.routes) {
      const other = owners.get(route);
      if (other) problems.push(`${route} is declared by both ${other} and ${name}`);
      else owners.set(route, name);
    }
  }
  return problems;
}
