/**
 * The stock ledger: every movement of a unit's stock (import, orders, cancels, admins' counts and additions)
 * is written with the change itself, so a unit's stock always equals the sum of its movements, under orders
 * and admins racing each other; the check finds a change made behind the shop's back; admins read a unit's
 * history with the stock after each movement.
 */
import { MongoClient } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { makeCatalogue, makeProduct, defaultProducts } from '../fixtures/catalogue';
import { checkoutRequest, makeShopper } from '../fixtures/shoppers';
import { codOrderBody, makeAdmin, productIdOf } from '../fixtures/placed-orders';
import { stockOf as stockIn } from '../fixtures/stock';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { stockLedgerService } from '@server/services/stock-ledger.service';
import { stockLedgerRepository } from '@server/repositories/stock-ledger.repository';
import adminInventory from '@functions/admin_inventory';
import adminStockLedger from '@functions/admin_stock_ledger';
import cancelOrder from '@functions/cancel_order';
import orderCheckout from '@functions/order_checkout';

const { uri, name } = setupTestDatabase();
let client: MongoClient;
let admin: Awaited<ReturnType<typeof makeShopper>>;
const db = () => client.db(name);
const stockOf = (slug: string) => stockIn(db(), slug);
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const post = (token: string, body?: unknown) => ({
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
const history = (unit: string, token = admin.token) => call(adminStockLedger, `/api/admin/stock-ledger?unit=${unit}`, bearer(token));

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  const catalogue = makeCatalogue([
    ...defaultProducts(),
    makeProduct({ slug: 'ledger-cuff', name: 'Ledger Cuff', price: 600, stock: 20 }),
    makeProduct({ slug: 'ledger-studs', name: 'Ledger Studs', price: 400, stock: 5 }),
  ]);
  expect((await importCatalogue(catalogue, { overwriteStock: true })).ok).toBe(true);
  admin = await makeAdmin();
  return () => client.close();
});

/** A COD order of `quantity` Ledger Cuffs for a new shopper: its answer's status and order id. */
async function cuffOrder(quantity: number): Promise<{ status: number; id?: string; token: string }> {
  const shopper = await makeShopper();
  const r = await call(
    orderCheckout,
    '/api/orderCheck_out',
    checkoutRequest(codOrderBody([{ slug: 'ledger-cuff', price: 600, quantity }]), shopper.token),
  );
  return { status: r.status, id: r.body.order?._id, token: shopper.token };
}

describe('the stock ledger', () => {
  it('holds every movement: orders racing each other and admins, a cancel; the stock is always the sum', async () => {
    const unit = productIdOf('ledger-cuff');
    // 12 orders of 2 from 20 pieces, with an admin adding 3 and another counting at the same moment.
    const [orders, added] = await Promise.all([
      Promise.all(Array.from({ length: 12 }, () => cuffOrder(2))),
      call(
        adminInventory,
        '/api/admin/inventory',
        post(admin.token, { mode: 'adjust', unit, delta: 3, reason: 'received', note: 'Diwali lot' }),
      ),
    ]);
    expect(added.status).toBe(200);
    const placed = orders.filter((o) => o.status === 201);
    expect(orders.every((o) => o.status === 201 || o.status === 409)).toBe(true);
    // 23 pieces in all: 11 orders of 2 fit, the twelfth is refused.
    expect(placed).toHaveLength(11);
    expect(await stockOf('ledger-cuff')).toBe(1);

    const cancelled = await call(cancelOrder, `/api/orders/${placed[0]!.id}/cancel`, post(placed[0]!.token));
    expect(cancelled.status).toBe(200);
    expect(await stockOf('ledger-cuff')).toBe(3);

    const count = await call(
      adminInventory,
      '/api/admin/inventory',
      post(admin.token, { mode: 'set', unit, expected: 3, stock: 4, reason: 'count', note: '' }),
    );
    expect(count.status).toBe(200);

    expect((await stockLedgerService.check()).disagreeing).toEqual([]);
    const r = await history(unit);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ unit, stock: 4, inFlight: 0, ledgerTotal: 4, more: false });
    const movements = r.body.movements as {
      change: number;
      cause: string;
      label: string;
      orderId: string | null;
      by: string | null;
      stockAfter: number;
    }[];
    // Newest first: the count, the cancel, then the orders and the addition in some order, the import last.
    expect(movements[0]).toMatchObject({ change: 1, cause: 'admin', label: 'Stock count', by: `admin:${admin.phone}`, stockAfter: 4 });
    expect(movements[1]).toMatchObject({ change: 2, cause: 'cancelled', orderId: placed[0]!.id, stockAfter: 3 });
    expect(movements.at(-1)).toMatchObject({ change: 20, cause: 'import', label: 'Catalogue import', stockAfter: 20 });
    expect(
      movements
        .filter((m) => m.cause === 'order')
        .map((m) => m.orderId)
        .sort(),
    ).toEqual(placed.map((o) => o.id).sort());
    expect(movements.filter((m) => m.cause === 'order').every((m) => m.change === -2)).toBe(true);
    expect(movements.find((m) => m.cause === 'admin' && m.change === 3)).toMatchObject({ label: 'New stock received: Diwali lot' });
    // Each row's stock after is the one before it plus its change.
    for (let i = 0; i < movements.length - 1; i++)
      expect(movements[i + 1]!.stockAfter + movements[i]!.change).toBe(movements[i]!.stockAfter);
  });

  it('is copied off the units once, however many copies run at once', async () => {
    await cuffOrder(1);
    await Promise.all([stockLedgerRepository.flush(), stockLedgerRepository.flush(), stockLedgerRepository.flush()]);
    const unit = productIdOf('ledger-cuff');
    const doc = await db()
      .collection('inventory')
      .findOne({ _id: unit as never });
    expect(doc?.ledger ?? {}).toEqual({});
    const r = await history(unit);
    expect(r.body.ledgerTotal).toBe(await stockOf('ledger-cuff'));
    const ids = (await db().collection('stock_ledger').find({ unit }).toArray()).map((m) => m._id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the check finds a change made behind the shop’s back, and names how many pieces its movements do not explain', async () => {
    const unit = productIdOf('ledger-studs');
    expect((await stockLedgerService.check()).disagreeing).toEqual([]);
    await db()
      .collection<{ _id: string; stock: number }>('inventory')
      .updateOne({ _id: unit }, { $inc: { stock: 2 } });
    const { disagreeing } = await stockLedgerService.check();
    expect(disagreeing).toEqual([{ unit, stock: 7, inFlight: 0, ledgerTotal: 5 }]);
    // Undone the same way, the unit agrees again.
    await db()
      .collection<{ _id: string; stock: number }>('inventory')
      .updateOne({ _id: unit }, { $inc: { stock: -2 } });
    expect((await stockLedgerService.check()).disagreeing).toEqual([]);
  });

  it('a unit from before the ledger begins it once, with its stock and what orders are taking as its opening', async () => {
    const unit = productIdOf('ledger-old');
    await db()
      .collection<{ _id: string }>('inventory')
      .insertOne({ _id: unit, productId: unit, size: null, stock: 7, open: { 'old:1_0': 2 } } as never);
    const [first, second] = await Promise.all([stockLedgerRepository.startMissing(), stockLedgerRepository.startMissing()]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    await stockLedgerRepository.startMissing();
    const r = await history(unit);
    expect(r.body).toMatchObject({ stock: 7, inFlight: 2, ledgerTotal: 9 });
    expect(r.body.movements).toEqual([expect.objectContaining({ change: 9, cause: 'opening', label: 'Stock when its history began' })]);
    await db()
      .collection('inventory')
      .deleteOne({ _id: unit as never });
  });

  it('is for admins only; a bad unit is a 400 and an unknown one a 404', async () => {
    const unit = productIdOf('ledger-cuff');
    const shopper = await makeShopper();
    expect((await call(adminStockLedger, `/api/admin/stock-ledger?unit=${unit}`)).status).toBe(401);
    expect((await history(unit, shopper.token)).status).toBe(403);
    const bad = await history('not-a-unit');
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect((await history(productIdOf('no-such-piece'))).status).toBe(404);
  });
});
