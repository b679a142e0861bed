import { MongoClient } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { makeCatalogue, makeProduct, defaultProducts } from '../fixtures/catalogue';
import { checkoutRequest, makeShopper } from '../fixtures/shoppers';
import { codOrderBody, makeAdmin } from '../fixtures/placed-orders';
import { setStock as setStockIn, stockOf as stockIn } from '../fixtures/stock';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { stableId } from '@server/services/catalogue-ids';
import adminInventory from '@functions/admin_inventory';
import adminInventorySettings from '@functions/admin_inventory_settings';
import adminStockChanges from '@functions/admin_stock_changes';
import orderCheckout from '@functions/order_checkout';
import availability from '@functions/product_availability';

const { uri, name } = setupTestDatabase();
let client: MongoClient;
let admin: Awaited<ReturnType<typeof makeShopper>>;
const stockOf = (slug: string, size?: string) => stockIn(client.db(name), slug, size);
const setStock = (slug: string, stock: number, size?: string) => setStockIn(client.db(name), slug, stock, size);
const idOf = (slug: string) => stableId('products', slug).toHexString();
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const send = (token: string, method: string, body: unknown) => ({
  method,
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  const catalogue = makeCatalogue([
    ...defaultProducts(),
    makeProduct({ slug: 'count-cuff', name: 'Count Cuff', price: 500, stock: 40 }),
    makeProduct({
      slug: 'count-ring',
      name: 'Count Ring',
      price: 1500,
      stock: undefined,
      sizes: {
        guide: 'ring',
        values: [
          { value: '10', stock: 1, sku: 'CR-10' },
          { value: '12', stock: 8, sku: 'CR-12' },
        ],
      },
    }),
  ]);
  expect((await importCatalogue(catalogue, { overwriteStock: true })).ok).toBe(true);
  admin = await makeAdmin();
  return () => client.close();
});

/** A COD order of `quantity` cuffs, answered as sent (the tests read its status). */
function cuffOrder(token: string, quantity = 1) {
  return call(orderCheckout, '/api/orderCheck_out', checkoutRequest(codOrderBody([{ slug: 'count-cuff', price: 500, quantity }]), token));
}

describe('the inventory page', () => {
  it('is for admins only', async () => {
    const shopper = await makeShopper();
    expect((await call(adminInventory, '/api/admin/inventory')).status).toBe(401);
    expect((await call(adminInventory, '/api/admin/inventory', bearer(shopper.token))).status).toBe(403);
    const post = send(shopper.token, 'POST', { mode: 'adjust', unit: idOf('count-cuff'), delta: 5, reason: 'received' });
    expect((await call(adminInventory, '/api/admin/inventory', post)).status).toBe(403);
    expect(await stockOf('count-cuff')).toBe(40);
    expect((await call(adminStockChanges, '/api/admin/stock-changes', bearer(shopper.token))).status).toBe(403);
    expect(
      (await call(adminInventorySettings, '/api/admin/inventory/settings', send(shopper.token, 'PUT', { lowStockThreshold: 9 }))).status,
    ).toBe(403);
  });

  it('lists every product and size with its stock and SKU, those at or under the threshold first', async () => {
    await setStock('count-ring', 1, '10');
    const r = await call(adminInventory, '/api/admin/inventory', bearer(admin.token));
    expect(r.status).toBe(200);
    expect(r.body.lowStockThreshold).toBe(3);
    const units = r.body.units as { unit: string; stock: number; sku: string | null; size: string | null; sizeName: string | null }[];
    const ring10 = units.findIndex((u) => u.unit === `${idOf('count-ring')}:10`);
    const ring12 = units.findIndex((u) => u.unit === `${idOf('count-ring')}:12`);
    expect(units[ring10]).toMatchObject({ stock: 1, sku: 'CR-10', size: '10', sizeName: 'Ring size' });
    expect(ring10).toBeLessThan(ring12);
    const firstHealthy = units.findIndex((u) => u.stock > 3);
    expect(units.slice(0, firstHealthy).every((u) => u.stock <= 3)).toBe(true);
    expect(units.slice(firstHealthy).every((u) => u.stock > 3)).toBe(true);

    const saved = await call(adminInventorySettings, '/api/admin/inventory/settings', send(admin.token, 'PUT', { lowStockThreshold: 10 }));
    expect(saved.body).toMatchObject({ success: true, lowStockThreshold: 10 });
    const again = await call(adminInventory, '/api/admin/inventory', bearer(admin.token));
    expect(again.body.lowStockThreshold).toBe(10);
    expect(
      (await call(adminInventorySettings, '/api/admin/inventory/settings', send(admin.token, 'PUT', { lowStockThreshold: -1 }))).status,
    ).toBe(400);
    await call(adminInventorySettings, '/api/admin/inventory/settings', send(admin.token, 'PUT', { lowStockThreshold: 3 }));
  });

  it('sets a count only if it is still what the admin saw, records who and why, and the live availability sees it at once', async () => {
    await setStock('count-cuff', 40);
    const unit = idOf('count-cuff');
    const set = await call(
      adminInventory,
      '/api/admin/inventory',
      send(admin.token, 'POST', { mode: 'set', unit, stock: 37, expected: 40, reason: 'count', note: 'Shelf count, 25 Nov' }),
    );
    expect(set.body).toMatchObject({
      success: true,
      message: 'Stock is now 37',
      unit: { unit, stock: 37 },
      change: { from: 40, to: 37, reason: 'count', note: 'Shelf count, 25 Nov', by: `admin:${admin.phone}` },
    });
    expect(await stockOf('count-cuff')).toBe(37);
    const live = await call(availability, `/api/product-availability?ids=${unit}`);
    expect(live.body.products[0].stock).toBe(37);

    // Counted at 37, but an order takes 2 before the admin saves a new count: the count is refused, not lost.
    const shopper = await makeShopper();
    expect((await cuffOrder(shopper.token, 2)).status).toBe(201);
    const stale = await call(
      adminInventory,
      '/api/admin/inventory',
      send(admin.token, 'POST', { mode: 'set', unit, stock: 50, expected: 37, reason: 'count' }),
    );
    expect(stale).toMatchObject({
      status: 409,
      body: {
        message: 'The stock of Count Cuff changed to 35 while you were counting (an order, or another admin). Check it and save again.',
      },
    });
    expect(await stockOf('count-cuff')).toBe(35);

    const history = await call(adminStockChanges, `/api/admin/stock-changes?unit=${unit}`, bearer(admin.token));
    expect(history.body.changes).toEqual([expect.objectContaining({ unit, from: 40, to: 37, name: 'Count Cuff' })]);
  });

  it('adjusts by increments that never lose an order’s, and never below zero', async () => {
    await setStock('count-cuff', 30);
    const unit = idOf('count-cuff');
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => makeShopper()));
    // 20 orders of one piece and 10 deliveries of 2 pieces, all at once.
    const [orders, adds] = await Promise.all([
      Promise.all(shoppers.map((s) => cuffOrder(s.token))),
      Promise.all(
        Array.from({ length: 10 }, () =>
          call(adminInventory, '/api/admin/inventory', send(admin.token, 'POST', { mode: 'adjust', unit, delta: 2, reason: 'received' })),
        ),
      ),
    ]);
    expect(orders.every((r) => r.status === 201)).toBe(true);
    expect(adds.every((r) => r.status === 200)).toBe(true);
    expect(await stockOf('count-cuff')).toBe(30 - 20 + 20);

    const tooMany = await call(
      adminInventory,
      '/api/admin/inventory',
      send(admin.token, 'POST', { mode: 'adjust', unit, delta: -31, reason: 'damaged' }),
    );
    expect(tooMany).toMatchObject({ status: 409, body: { message: 'Count Cuff has 30 in stock: you cannot take away 31.' } });
    expect(await stockOf('count-cuff')).toBe(30);

    const ring = `${idOf('count-ring')}:12`;
    const damaged = await call(
      adminInventory,
      '/api/admin/inventory',
      send(admin.token, 'POST', { mode: 'adjust', unit: ring, delta: -1, reason: 'damaged', note: 'Bent in transit' }),
    );
    expect(damaged.body.change).toMatchObject({ from: 8, to: 7, size: '12', reason: 'damaged' });
    expect(await stockOf('count-ring', '12')).toBe(7);
  });

  it('never lets repeated additions push a unit past its ceiling, however many arrive at once (issue #33)', async () => {
    await setStock('count-cuff', 60_000);
    const unit = idOf('count-cuff');
    const adds = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(
          adminInventory,
          '/api/admin/inventory',
          send(admin.token, 'POST', { mode: 'adjust', unit, delta: 20_000, reason: 'received' }),
        ),
      ),
    );
    // 60,000 + 20,000 + 20,000 is the ceiling; the other two would pass it.
    expect(adds.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of adds.filter((x) => x.status !== 200))
      expect(r).toMatchObject({
        status: 409,
        body: {
          success: false,
          message: 'Count Cuff has 1,00,000 in stock: adding 20,000 would pass the most a unit may hold (1,00,000).',
        },
      });
    expect(await stockOf('count-cuff')).toBe(100_000);
    const past = await call(
      adminInventory,
      '/api/admin/inventory',
      send(admin.token, 'POST', { mode: 'adjust', unit, delta: 1, reason: 'received' }),
    );
    expect(past.status).toBe(409);
    expect(await stockOf('count-cuff')).toBe(100_000);
    await setStock('count-cuff', 30);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const unit = idOf('count-cuff');
    const before = await stockOf('count-cuff');
    const bad = async (body: unknown) => {
      const r = await call(adminInventory, '/api/admin/inventory', send(admin.token, 'POST', body));
      expect(r.status).toBe(400);
      return r.body.message as string;
    };
    expect(await bad({ mode: 'adjust', unit, delta: 0, reason: 'received' })).toContain('Change must add or take at least one piece');
    expect(await bad({ mode: 'set', unit, stock: -1, expected: before, reason: 'count' })).toContain('Stock must be at least 0');
    expect(await bad({ mode: 'set', unit, stock: 5, expected: before, reason: 'stolen' })).toContain('Choose a reason');
    expect(await bad({ mode: 'adjust', unit: 'not-a-unit', delta: 1, reason: 'received' })).toContain('unit must be a product id');
    expect(await bad({ mode: 'set', unit, stock: 5, expected: 100_001, reason: 'count' })).toContain('expected is too large');
    expect(await bad({ mode: 'set', unit, stock: 5, expected: 1e308, reason: 'count' })).toContain('expected must be the stock you saw');
    expect(await bad({ mode: 'set', unit, stock: 100_001, expected: before, reason: 'count' })).toContain('Stock must be at most 1,00,000');
    expect(await bad({ mode: 'adjust', unit, delta: 100_001, reason: 'received' })).toContain('Change is too large');
    expect(await bad({ mode: 'adjust', unit, delta: 1e308, reason: 'received' })).toContain('Change must be a whole number of pieces');
    const unknown = await call(
      adminInventory,
      '/api/admin/inventory',
      send(admin.token, 'POST', { mode: 'adjust', unit: `${idOf('count-ring')}:99`, delta: 1, reason: 'received' }),
    );
    expect(unknown.status).toBe(404);
    expect(await stockOf('count-cuff')).toBe(before);
  });
});
