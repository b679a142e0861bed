import { describe, expect, it } from 'vitest';
import { diffRouteTables, routeProblems, routeTable, type RouteTable } from './routes';

const literal = (pattern: string, methods: string[] = []) => ({ pattern, literal: pattern, methods });

/** What zipFunctions reports for a few of the shop's functions. */
const results = [
  { name: 'get_products', routes: [literal('/api/getProducts/:slug'), literal('/api/getproducts/:slug')], excludedRoutes: [] },
  { name: 'reconcile_payments', routes: [], excludedRoutes: [], schedule: '*/10 * * * *' },
  { name: 'api_not_found', routes: [], excludedRoutes: [] },
  { name: 'me_address', routes: [literal('/api/me/address', ['PUT'])], excludedRoutes: [] },
];

describe('routeTable', () => {
  it('lists every function by name with its patterns, methods and schedule', () => {
    const table = routeTable(results);
    expect(Object.keys(table)).toEqual(['api_not_found', 'get_products', 'me_address', 'reconcile_payments']);
    expect(table).toEqual({
      api_not_found: { routes: [] },
      get_products: { routes: ['/api/getProducts/:slug', '/api/getproducts/:slug'] },
      me_address: { routes: ['/api/me/address'], methods: ['PUT'] },
      reconcile_payments: { routes: [], schedule: '*/10 * * * *' },
    });
  });
});

describe('diffRouteTables', () => {
  const listed: RouteTable = routeTable(results);

  it('finds nothing when the bundles route as listed', () => {
    expect(diffRouteTables(listed, routeTable(results))).toEqual([]);
  });

  it('names the function and the pattern it lost or gained', () => {
    const bundled = { ...listed, get_products: { routes: ['/api/getproducts/:slug'] } };
    expect(diffRouteTables(listed, bundled)).toEqual(['  get_products:', '    - /api/getProducts/:slug']);
  });

  it('reports functions added or gone, and changed schedules and methods', () => {
    const { api_not_found: _gone, ...rest } = listed;
    const bundled: RouteTable = {
      ...rest,
      me_address: { routes: ['/api/me/address'] },
      reconcile_payments: { routes: [], schedule: '*/5 * * * *' },
      subscribe: { routes: ['/api/subscribe'] },
    };
    expect(diffRouteTables(listed, bundled)).toEqual([
      '  api_not_found: in the list, but no such function was bundled',
      '  me_address:',
      '    methods: PUT → (none)',
      '  reconcile_payments:',
      '    schedule: */10 * * * * → */5 * * * *',
      '  subscribe: bundled, but not in the list',
      '    + /api/subscribe',
    ]);
  });
});

describe('routeProblems', () => {
  it('accepts the shop as it is', () => {
    expect(routeProblems(routeTable(results))).toEqual([]);
  });

  it('refuses a pattern claimed twice and a path on a scheduled function', () => {
    const table: RouteTable = {
      get_banner: { routes: ['/api/get_banner'] },
      get_banner_v2: { routes: ['/api/get_banner'] },
      reconcile_payments: { routes: ['/api/reconcile'], schedule: '*/10 * * * *' },
    };
    expect(routeProblems(table)).toEqual([
      '/api/get_banner is declared by both get_banner and get_banner_v2',
      "reconcile_payments: a scheduled function must not declare a path (Netlify's build refuses it)",
    ]);
  });
});
