/**
 * A stock take that fails for a reason other than stock (its reply lost on the way back) is reported as our
 * problem, never as 'out of stock', and never leaves stock taken without an order. The faults are real: a
 * proxy between the driver and the database lets the update through and loses its reply.
 */
import type { ObjectId } from 'mongodb';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { startLossyDbProxy, type LossyDbProxy } from '../setup/lossy-db-proxy';
import { makeCatalogue, makeProduct, defaultProducts } from '../fixtures/catalogue';
import { billingAddress, checkoutRequest, deliveryAddress, makeShopper } from '../fixtures/shoppers';
import { setStock as setStockIn, stockOf as stockIn } from '../fixtures/stock';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { stableId } from '@server/services/catalogue-ids';
import { closeDb } from '@server/db';
import { recoverAbandonedTakes } from '@server/services/abandoned-takes.service';
import { stockLedgerService } from '@server/services/stock-ledger.service';
import { resetEnvForTests } from '@server/env';
import orderCheckout from '@functions/order_checkout';
import adminReturn from '@functions/admin_return';
import { makeAdmin, replacementReady, returnStep } from '../fixtures/placed-orders';

const { uri, name } = setupTestDatabase();
let proxy: LossyDbProxy;
let client: MongoClient;
const stockOf = (slug: string, size?: string) => stockIn(client.db(name), slug, size);
const setStock = (slug: string, stock: number, size?: string) => setStockIn(client.db(name), slug, stock, size);
const ordersOf = (userId: ObjectId) => client.db(name).collection('orders').countDocuments({ userId });

beforeAll(async () => {
  // The shop's code reaches the database through the proxy; the test reads it directly.
  proxy = await startLossyDbProxy(uri);
  process.env.MONGODB_URI = proxy.uri;
  resetEnvForTests();
  await closeDb();
  client = await MongoClient.connect(uri);
  const catalogue = makeCatalogue([
    ...defaultProducts(),
    makeProduct({ slug: 'fault-ring', name: 'Fault Ring', price: 700, stock: 10 }),
    makeProduct({ slug: 'fault-studs', name: 'Fault Studs', price: 450, stock: 10 }),
  ]);
  expect((await importCatalogue(catalogue, { overwriteStock: true })).ok).toBe(true);
});

afterAll(async () => {
  await closeDb();
  await client.close();
  await proxy.close();
});

/** A COD order of one Fault Ring and one Fault Studs. */
const twoLines = {
  products: [
    { productId: stableId('products', 'fault-ring').toHexString(), price: 700, quantity: 1 },
    { productId: stableId('products', 'fault-studs').toHexString(), price: 450, quantity: 1 },
  ],
  shippingInfo: deliveryAddress,
  billingInfo: billingAddress,
  paymentMethod: 'cod',
  shippingCost: 100,
  totalAmount: 1250,
};

describe('a stock take whose reply is lost', () => {
  it('is reported as a temporary problem, and every piece taken (including the one whose reply was lost) is given back', async () => {
    const shopper = await makeShopper();
    await setStock('fault-ring', 10);
    await setStock('fault-studs', 10);
    proxy.loseReplies({ command: 'update', collection: 'inventory' });
    const r = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(twoLines, shopper.token));
    expect(proxy.lost()).toBe(1);
    expect(r).toMatchObject({
      status: 503,
      body: { success: false, message: expect.stringMatching(/^We could not reserve your items just now .* Nothing was charged/) },
    });
    expect(r.body.message).not.toMatch(/out of stock/i);
    expect(await stockOf('fault-ring')).toBe(10);
    expect(await stockOf('fault-studs')).toBe(10);
    expect(await ordersOf(shopper.user._id)).toBe(0);

    // The shopper tries again and the order goes through, taking the stock once.
    const retry = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(twoLines, shopper.token));
    expect(retry.status).toBe(201);
    expect(await stockOf('fault-ring')).toBe(9);
    expect(await stockOf('fault-studs')).toBe(9);
  });

  it('when another line is also short, the shopper is still told the problem was ours, and nothing stays taken', async () => {
    const shopper = await makeShopper();
    await setStock('fault-ring', 10);
    await setStock('fault-studs', 0);
    proxy.loseReplies({ command: 'update', collection: 'inventory' });
    const r = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(twoLines, shopper.token));
    expect(r.status).toBe(503);
    expect(await stockOf('fault-ring')).toBe(10);
    expect(await stockOf('fault-studs')).toBe(0);
  });
});

describe('an order insert whose reply is lost', () => {
  it('twice over: the order stands, its stock is taken once, the shopper gets it and its confirmation exactly once', async () => {
    const shopper = await makeShopper();
    await setStock('fault-ring', 10);
    await setStock('fault-studs', 10);
    // The insert lands but its reply is lost; the retry's reply (a duplicate key) is lost too.
    const lostBefore = proxy.lost();
    proxy.loseReplies({ command: 'insert', collection: 'orders' }, 2);
    const r = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(twoLines, shopper.token));
    expect(proxy.lost() - lostBefore).toBe(2);
    expect(r.status).toBe(201);
    expect(await ordersOf(shopper.user._id)).toBe(1);
    expect(await stockOf('fault-ring')).toBe(9);
    expect(await stockOf('fault-studs')).toBe(9);
    const texts = await client
      .db(name)
      .collection('sms_outbox')
      .find({ to: shopper.phone, text: { $regex: 'is confirmed' } })
      .toArray();
    expect(texts).toHaveLength(1);
    expect(await client.db(name).collection('orders').findOne({ userId: shopper.user._id })).toMatchObject({
      noticesDue: [],
      notices: { 'confirmed:sms': { state: 'sent' } },
    });
  });
});

describe('a try slower than the recovery job’s age', () => {
  it('has its pieces given back while its insert waits; stored after all, its order takes them again once, and a shortfall is flagged', async () => {
    const [slow, other] = await Promise.all([makeShopper(), makeShopper()]);
    await setStock('fault-ring', 1);
    await setStock('fault-studs', 10);
    // The order's insert stalls on its way to the database, after its stock was taken.
    const insert = proxy.holdNext({ command: 'insert', collection: 'orders' });
    const placing = call(orderCheckout, '/api/orderCheck_out', checkoutRequest(twoLines, slow.token));
    await insert.reached;
    expect(await stockOf('fault-ring')).toBe(0);

    // The recovery job, told to treat everything as abandoned (settle-now after an outage), gives its pieces back,
    // and another shopper buys the last ring meanwhile.
    const recovered = await recoverAbandonedTakes(new Date(Date.now() + 1_000), 0, { settleNow: true, askRefunds: false });
    expect(recovered.stockGivenBack.map((g) => g.quantity)).toEqual([1, 1]);
    expect(await stockOf('fault-ring')).toBe(1);
    const bought = await call(
      orderCheckout,
      '/api/orderCheck_out',
      checkoutRequest({ ...twoLines, products: [twoLines.products[0]], totalAmount: 800 }, other.token),
    );
    expect(bought.status).toBe(201);
    expect(await stockOf('fault-ring')).toBe(0);

    // The stalled insert goes through: the order stands and takes its pieces again, though the ring is short now.
    insert.release();
    const placed = await placing;
    expect(placed.status).toBe(201);
    await expect.poll(() => stockOf('fault-studs')).toBe(9);
    expect(await stockOf('fault-ring')).toBe(-1);
    const order = await client.db(name).collection('orders').findOne({ userId: slow.user._id });
    expect(order?.['needsAttention']).toMatch(/^Its pieces were put back on sale while it was being placed/);
    expect(order?.['attention']).toEqual({ code: 'stock_given_back' });

    // Twin recovery runs find nothing left to take again; every unit agrees with its ledger.
    const again = await Promise.all([0, 1].map(() => recoverAbandonedTakes(new Date(), 10 * 60_000, { askRefunds: false })));
    expect(again.flatMap((r) => r.takesRetaken)).toEqual([]);
    expect(await stockOf('fault-ring')).toBe(-1);
    expect(await stockOf('fault-studs')).toBe(9);
    expect((await stockLedgerService.check()).disagreeing).toEqual([]);
  });
});

describe('a replacement whose click stalls past the recovery age', () => {
  it('has its piece given back while its step waits; shipped after all, the piece is taken again once', async () => {
    await setStock('fault-ring', 3);
    const admin = await makeAdmin('Fault');
    const rid = await replacementReady(client.db(name), admin.token, { slug: 'fault-ring', price: 700 });
    const before = await stockOf('fault-ring');
    // The click takes the piece, then its step to shipped stalls on its way to the database.
    const stepped = proxy.holdNext({ command: 'findAndModify', collection: 'returns' });
    const shipping = call(
      adminReturn,
      `/api/admin/returns/${rid}`,
      returnStep(admin.token, { action: 'ship', shipment: { courier: 'Delhivery', awb: 'DLSTALL0001' } }),
    );
    await stepped.reached;
    expect(await stockOf('fault-ring')).toBe(before - 1);

    // The recovery job, treating everything as abandoned, gives the piece back: the click looks dead.
    const recovered = await recoverAbandonedTakes(new Date(Date.now() + 1_000), 0, { settleNow: true, askRefunds: false });
    expect(recovered.stockGivenBack).toEqual([expect.objectContaining({ quantity: 1, mark: `return:${rid}` })]);
    expect(await stockOf('fault-ring')).toBe(before);

    // The step goes through: the replacement is shipped, so it holds its piece again, taken once.
    stepped.release();
    const shipped = await shipping;
    expect(shipped.status).toBe(200);
    expect(shipped.body.request.status).toBe('replacement_shipped');
    expect(await stockOf('fault-ring')).toBe(before - 1);

    // Twin recovery runs find nothing to give back or take again; every unit agrees with its ledger.
    const again = await Promise.all([0, 1].map(() => recoverAbandonedTakes(new Date(), 10 * 60_000, { askRefunds: false })));
    expect(again.flatMap((r) => [...r.takesRetaken, ...r.stockGivenBack])).toEqual([]);
    expect(await stockOf('fault-ring')).toBe(before - 1);
    expect((await stockLedgerService.check()).disagreeing).toEqual([]);
  });
});
