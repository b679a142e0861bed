import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '../setup/test-db';
import { makeCatalogue } from '../fixtures/catalogue';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { stableId } from '@server/services/catalogue-ids';
import { freePort } from '../../scripts/lib/ferretdb';
import { startShopServer, type ShopServer } from '../../scripts/lib/serve';

setupTestDatabase();

const id = (kind: string, slug: string) => stableId(kind, slug).toHexString();

/** Every published catalogue GET path with its exact case, and the key its answer must carry. */
const CONTRACT_PATHS: [string, string][] = [
  ['/api/get_category', 'categories'],
  [`/api/get_category_details/${id('categories', 'rings')}`, 'subCategories'],
  ['/api/get_subcategory', 'subCategories'],
  ['/api/get_banner', 'banners'],
  ['/api/get_Collection', 'collections'],
  ['/api/get_featured-products', 'featuredPro'],
  ['/api/get-filter-by-products/bridal-edit', 'filters'],
  ['/api/get-collection/bridal-edit', 'products'],
  ['/api/subcategory/jhumkas', 'subCategory'],
  ['/api/getpair_products/lotus-ring', 'pairProducts'],
  ['/api/getProducts/lotus-ring', 'products'],
  ['/api/get_heading', 'heading'],
  [`/api/get-banner/${id('banners', 'festive-web')}`, 'banner'],
];

/** The functions serving those paths, POST /api/event-count and the netlify.toml rewrite: all the emulated runtime builds. */
const CONTRACT_FUNCTIONS = [
  'get_category',
  'get_category_details',
  'get_subcategory',
  'get_banner',
  'get_collections',
  'get_featured_products',
  'get_filter_by_products',
  'get_collection_products',
  'subcategory',
  'getpair_products',
  'get_products',
  'get_heading',
  'get_banner_by_id',
  'event_count',
  'api_not_found',
];

beforeAll(async () => {
  expect((await importCatalogue(makeCatalogue(), { overwriteStock: true })).ok).toBe(true);
});

/**
 * The contract suite through the local server in one function mode. Each mode has a test file of its own, so
 * vitest runs them side by side: the emulated runtime builds the contract's functions first (every function it
 * is given; build:functions bundles all of them as production does).
 */
export function describeLocalServer(label: string, mode: 'warm' | 'emulated'): void {
  describe(`every API contract path through the local server (${label})`, () => {
    let server: ShopServer;
    beforeAll(async () => {
      server = await startShopServer({ port: await freePort(), quiet: true, functions: mode, onlyFunctions: CONTRACT_FUNCTIONS });
      // @netlify/dev's runtime builds the functions it was given on its first request (a minute on a busy 2-core machine):
      // that wait belongs to the set-up, not to the routing the tests check.
      if (mode === 'emulated') await fetch(`${server.url}/api/get_heading`);
    }, 600_000);
    afterAll(async () => server?.close());

    it('answers each API contract GET path, with its exact case, with the contract’s field', async () => {
      for (const [path, key] of CONTRACT_PATHS) {
        const res = await fetch(server.url + path);
        const body = (await res.json()) as Record<string, unknown>;
        expect({ path, status: res.status, success: body['success'], hasKey: key in body }).toEqual({
          path,
          status: 200,
          success: true,
          hasKey: true,
        });
      }
    }, 180_000);

    it('routes path parameters whatever their case, and answers unknown ones with JSON 404', async () => {
      const res = await fetch(`${server.url}/api/getProducts/LOTUS-RING`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { products: { slug: string } }).products.slug).toBe('lotus-ring');
      const missing = await fetch(`${server.url}/api/getProducts/no-such-ring`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ success: false, message: 'Product not found' });
    }, 60_000);

    it('answers an /api path no function claims with the JSON 404 (the netlify.toml rewrite)', async () => {
      const res = await fetch(`${server.url}/api/getProducts/a/b`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, message: 'API endpoint not found' });
    }, 60_000);

    it('takes POST /api/event-count', async () => {
      const res = await fetch(`${server.url}/api/event-count`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ productId: id('products', 'lotus-ring'), type: 'click', userId: null, visitorId: 'v_test123' }),
      });
      expect(res.status).toBe(202);
    }, 60_000);
  });
}
