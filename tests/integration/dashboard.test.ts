/**
 * The owner's dashboard: every figure of a known set of orders, refunds, returns and product views (placed, paid,
 * delivered, refused, cancelled and refunded through the shop's own functions) to the paisa; the daily figures kept
 * exact under concurrent events, orders and twin counts; a change a dead process left half-counted finished once;
 * and the rebuild from the raw data putting back exactly what was kept.
 */
import { randomUUID } from 'node:crypto';
import { MongoClient, ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { serveRazorpaySandbox } from '../setup/razorpay-sandbox';
import { makeCatalogue, makeProduct, defaultProducts } from '../fixtures/catalogue';
import { makeShopper } from '../fixtures/shoppers';
import { discountRules } from '../fixtures/discounts';
import { statusChange } from '../fixtures/orders';
import { makeAdmin, moveOrder, placeCodOrder, placePaidOrder, productIdOf, startOnlineOrder } from '../fixtures/placed-orders';
import { makeStaff } from '../fixtures/staff';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { discountsRepository } from '@server/repositories/discounts.repository';
import { dailyFiguresRepository } from '@server/repositories/daily-figures.repository';
import { checkFigures } from '@server/services/figures-check.service';
import { dashboardService, readPlan } from '@server/services/dashboard.service';
import { indiaDay } from '@shared/india-time';
import { resetEnvForTests } from '@server/env';
import adminDashboard from '@functions/admin_dashboard';
import dashboardFigures from '@functions/dashboard_figures';
import adminOrderStatus from '@functions/admin_order_status';
import adminOrderRefunds from '@functions/admin_order_refunds';
import adminOrderUndo from '@functions/admin_order_undo';
import cancelOrderFn from '@functions/cancel_order';
import orderReturns from '@functions/order_returns';
import eventCount from '@functions/event_count';

const { uri, name } = setupTestDatabase();
const sandbox = serveRazorpaySandbox();
let client: MongoClient;
const db = () => client.db(name);
let admin: Awaited<ReturnType<typeof makeShopper>>;
const today = indiaDay(new Date());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const dashboard = (query: string, token = admin.token) => call(adminDashboard, `/api/admin/dashboard${query}`, { headers: bearer(token) });
const todays = () => dashboard(`?from=${today}&to=${today}`);

/** Sends product events as a browser would, from its own network (so the per-network limit is not what is tested). */
const sendEvents = (
  events: { slug: string; type: 'view' | 'click' }[],
  ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
) =>
  call(eventCount, '/api/event-count', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-nf-client-connection-ip': ip },
    body: JSON.stringify(events.map((e) => ({ productId: productIdOf(e.slug), type: e.type, userId: null, visitorId: 'v_dashboard1' }))),
  });

const adminPatch = (id: string, body: unknown) =>
  call(adminOrderStatus, `/api/admin/orders/${id}/status`, {
    method: 'PATCH',
    headers: { ...bearer(admin.token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  const catalogue = makeCatalogue([
    ...defaultProducts(),
    makeProduct({ slug: 'dash-cuff', name: 'Dash Cuff', price: 500, stock: 100 }),
    makeProduct({ slug: 'dash-studs', name: 'Dash Studs', price: 300, stock: 1 }),
    makeProduct({
      slug: 'dash-ring',
      name: 'Dash Ring',
      price: 900,
      stock: undefined,
      sizes: {
        guide: 'ring',
        values: [
          { value: '10', stock: 8 },
          { value: '12', stock: 3 },
        ],
      },
    }),
  ]);
  expect((await importCatalogue(catalogue, { overwriteStock: true })).ok).toBe(true);
  admin = await makeAdmin();
  return () => client.close();
});

describe('the owner’s figures for a known set of orders', () => {
  let code: string;
  let ids: Record<'delivered' | 'refused' | 'discounted' | 'cancelledPaid' | 'unpaid', string>;

  beforeAll(async () => {
    code = `DASH${randomUUID().slice(0, 6).toUpperCase()}`;
    expect(await discountsRepository.create(code, discountRules({ kind: 'percent', value: 10 }), 'admin:test')).toBe(true);
    const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map(() => makeShopper()));
    // Cash on delivery, 2 cuffs: ₹1,000 + ₹100 COD fee, delivered (its cash collected), then one cuff asked back.
    const delivered = (await placeCodOrder(a!.token, [{ slug: 'dash-cuff', price: 500, quantity: 2 }])).id;
    await moveOrder(admin.token, delivered, 'delivered');
    const asked = await call(orderReturns, `/api/orders/${delivered}/returns`, {
      method: 'POST',
      headers: { ...bearer(a!.token), 'content-type': 'application/json' },
      body: JSON.stringify({ lineIndex: 0, kind: 'refund', reason: 'damaged', quantity: 1, note: 'The clasp arrived bent' }),
    });
    expect(asked.status).toBe(201);
    // Cash on delivery, a size-12 ring: ₹900 + ₹100, shipped, refused at the door (cancelled by the admin).
    const refused = (await placeCodOrder(b!.token, [{ slug: 'dash-ring', price: 900, size: '12' }])).id;
    await moveOrder(admin.token, refused, 'shipped');
    expect((await adminPatch(refused, statusChange('cancelled'))).status).toBe(200);
    // Paid online with 10% off: a cuff (₹500 − ₹50) and the last studs (₹300 − ₹30) = ₹720; the studs refunded.
    const discounted = (
      await placePaidOrder(
        sandbox,
        c!.token,
        [
          { slug: 'dash-cuff', price: 500 },
          { slug: 'dash-studs', price: 300 },
        ],
        { discount: { code, amount: 80 } },
      )
    ).id;
    const refund = await call(adminOrderRefunds, `/api/admin/orders/${discounted}/refunds`, {
      method: 'POST',
      headers: { ...bearer(admin.token), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ lines: [{ index: 1, quantity: 1 }], method: 'razorpay' }),
    });
    expect(refund.status).toBe(201);
    // Paid online, a size-10 ring (₹900), cancelled by the shopper: the whole payment refunded.
    const cancelledPaid = (await placePaidOrder(sandbox, d!.token, [{ slug: 'dash-ring', price: 900, size: '10' }])).id;
    expect((await call(cancelOrderFn, `/api/orders/${cancelledPaid}/cancel`, { method: 'POST', headers: bearer(d!.token) })).status).toBe(
      200,
    );
    // Started online and never paid: not a sale.
    const unpaid = (await startOnlineOrder(e!.token, [{ slug: 'dash-cuff', price: 500 }])).orderId;
    ids = { delivered, refused, discounted, cancelledPaid, unpaid };
    // 5 views and 2 clicks of the cuff, 3 views of the ring.
    expect(
      (
        await sendEvents([
          ...Array(5).fill({ slug: 'dash-cuff', type: 'view' }),
          { slug: 'dash-cuff', type: 'click' },
          { slug: 'dash-cuff', type: 'click' },
        ])
      ).status,
    ).toBe(202);
    expect((await sendEvents(Array(3).fill({ slug: 'dash-ring', type: 'view' }))).status).toBe(202);
  });

  it('totals: revenue is what was charged less refunds, to the paisa, with orders, average, methods, codes, refunds, returns and refusals', async () => {
    const r = await todays();
    expect(r.status).toBe(200);
    expect(r.body.totals).toEqual({
      // Charged: ₹720 + ₹900 online, ₹1,100 cash collected; refunded: the studs' ₹270 and the ring's ₹900.
      revenuePaise: 272_000 - 117_000,
      chargedPaise: 272_000,
      refundedPaise: 117_000,
      orders: 4,
      salesPaise: 110_000 + 100_000 + 72_000 + 90_000,
      averageOrderPaise: 93_000,
      online: { orders: 2, paise: 162_000 },
      cod: { orders: 2, paise: 210_000, collectedOrders: 1, collectedPaise: 110_000, refused: 1, refusedPaise: 100_000 },
      discounts: { orders: 1, paise: 8_000, codes: [{ code, uses: 1, paise: 8_000 }] },
      refunds: { count: 2, paise: 117_000 },
      returns: { count: 1, units: 1 },
      cancelled: 2,
      views: 8,
      clicks: 2,
    });
    // The same range yesterday had nothing.
    expect(r.body.previous).toMatchObject({ orders: 0, revenuePaise: 0, views: 0, discounts: { codes: [] } });
    expect(r.body.days).toEqual([{ day: today, orders: 4, salesPaise: 372_000, revenuePaise: 155_000, views: 8 }]);
  });

  it('agrees with the orders behind it: the stored orders add up to the same money', async () => {
    const orders = await db()
      .collection('orders')
      .find({ _id: { $in: Object.values(ids).map((id) => new ObjectId(id)) } })
      .toArray();
    const sales = orders.filter((o) => o['statusHistory'].some((s: { status: string }) => s.status === 'confirmed'));
    const refunded = orders.reduce(
      (n, o) =>
        n +
        (o['refund'] && o['refund'].status !== 'failed' ? o['refund'].amountPaise : 0) +
        Object.values((o['refunds'] ?? {}) as Record<string, { paise: number; status: string }>).reduce(
          (m, e) => m + (e.status === 'failed' ? 0 : e.paise),
          0,
        ),
      0,
    );
    const { totals } = (await todays()).body;
    expect(totals.orders).toBe(sales.length);
    expect(totals.salesPaise).toBe(sales.reduce((n, o) => n + o['totalPaise'], 0));
    expect(totals.refundedPaise).toBe(refunded);
    expect((await checkFigures({ since: today, fix: false })).mismatches).toEqual([]);
  });

  it('ranks pieces by revenue (after their share of the code), by units and by views with their orders', async () => {
    const { body } = await todays();
    const piece = (slug: string) => expect.objectContaining({ productId: productIdOf(slug) });
    expect(body.topByRevenue.slice(0, 3)).toEqual([
      { productId: productIdOf('dash-ring'), name: 'Dash Ring', units: 2, revenuePaise: 180_000, orders: 2, views: 3, returns: 0 },
      { productId: productIdOf('dash-cuff'), name: 'Dash Cuff', units: 3, revenuePaise: 145_000, orders: 2, views: 5, returns: 1 },
      { productId: productIdOf('dash-studs'), name: 'Dash Studs', units: 1, revenuePaise: 27_000, orders: 1, views: 0, returns: 0 },
    ]);
    expect(body.topByUnits.slice(0, 3)).toEqual([piece('dash-cuff'), piece('dash-ring'), piece('dash-studs')]);
    expect(body.mostViewed).toEqual([piece('dash-cuff'), piece('dash-ring')]);
  });

  it('lists what sold out and low stock that sells, at the range’s pace', async () => {
    const { body } = await todays();
    expect(body.soldOut).toContainEqual({
      productId: productIdOf('dash-studs'),
      name: 'Dash Studs',
      size: null,
      stock: 0,
      unitsSold: 1,
      daysLeft: 0,
    });
    // The refused ring came back to stock (3 of size 12), and one sold in one day: 3 days left at that pace.
    expect(body.lowStockSellingFast).toContainEqual({
      productId: productIdOf('dash-ring'),
      name: 'Dash Ring',
      size: '12',
      stock: 3,
      unitsSold: 1,
      daysLeft: 3,
    });
    expect(body.lowStockThreshold).toBe(3);
  });

  it('an undone delivery collects no cash until it is delivered again', async () => {
    const shopper = await makeShopper();
    const { id } = await placeCodOrder(shopper.token, [{ slug: 'dash-cuff', price: 500 }]);
    const before = (await todays()).body.totals.cod.collectedPaise;
    // Admins' steps can be undone for a while (tests run with no window unless given one).
    process.env.ADMIN_UNDO_SECONDS = '300';
    resetEnvForTests();
    await moveOrder(admin.token, id, 'delivered');
    delete process.env.ADMIN_UNDO_SECONDS;
    resetEnvForTests();
    expect((await todays()).body.totals.cod.collectedPaise).toBe(before + 60_000);
    const undo = await call(adminOrderUndo, `/api/admin/orders/${id}/undo`, {
      method: 'POST',
      headers: { ...bearer(admin.token), 'content-type': 'application/json' },
      body: JSON.stringify({ step: 'delivered' }),
    });
    expect(undo.status).toBe(200);
    expect((await todays()).body.totals.cod.collectedPaise).toBe(before);
    expect((await adminPatch(id, statusChange('delivered'))).status).toBe(200);
    expect((await todays()).body.totals.cod.collectedPaise).toBe(before + 60_000);
  });
});

describe('who may read it, and what it refuses', () => {
  it('answers admins only: an editor or a shopper gets 403, nobody signed in 401', async () => {
    const editor = await makeStaff('editor');
    const shopper = await makeShopper();
    expect((await dashboard(`?from=${today}&to=${today}`, editor.token)).status).toBe(403);
    expect((await dashboard(`?from=${today}&to=${today}`, shopper.token)).status).toBe(403);
    expect((await call(adminDashboard, `/api/admin/dashboard?from=${today}&to=${today}`)).status).toBe(401);
  });

  it('refuses a range that is not one, with the reason', async () => {
    expect((await dashboard('?from=2026-12-05&to=2026-12-01')).body).toEqual({
      success: false,
      message: 'Invalid request: to: From must be on or before To',
    });
    expect((await dashboard('?from=2025-01-01&to=2026-12-01')).body.message).toBe('Invalid request: to: A range covers at most 366 days');
    expect((await dashboard('?from=2026-02-30&to=2026-03-01')).status).toBe(400);
    expect((await dashboard('?from=2026-12-01')).status).toBe(400);
  });

  it('compares with the same number of days just before', async () => {
    const r = await dashboard('?from=2026-11-01&to=2026-11-30');
    expect(r.body).toMatchObject({ previousFrom: '2026-10-02', previousTo: '2026-10-31' });
    expect(r.body.days).toHaveLength(30);
  });
});

describe('ranges across months', () => {
  it('reads whole months less the days outside the range, or the days themselves, and gets the same as day by day', async () => {
    const piece = productIdOf('dash-studs');
    const at = (day: string) => new Date(`${day}T06:00:00Z`);
    const views = (day: string, n: number) => Array.from({ length: n }, () => ({ productId: piece, type: 'view' as const, at: at(day) }));
    // Views of past days, stored and counted as event_count stores and counts them (it stamps them now).
    const past = [
      ...views('2025-10-05', 1),
      ...views('2025-10-20', 2),
      ...views('2025-11-03', 4),
      ...views('2025-11-28', 8),
      ...views('2025-12-01', 16),
      ...views('2025-09-30', 32),
    ];
    await db()
      .collection('events')
      .insertMany(
        past.map((e) => ({ productId: new ObjectId(e.productId), type: e.type, userId: null, visitorId: 'v_past0001', at: e.at })),
      );
    await dailyFiguresRepository.countEvents(past);
    const now = at('2025-12-07');
    // 10 Oct to 30 Nov: October's month less its 9 days before the range, November whole.
    expect(readPlan('2025-10-10', '2025-11-30', '2025-08-19', '2025-12-07')).toEqual({
      shopMonths: ['2025-08', '2025-09', '2025-10', '2025-11'],
      pieceMonths: ['2025-10', '2025-11'],
      addDays: [],
      subtractDays: [
        '2025-10-01',
        '2025-10-02',
        '2025-10-03',
        '2025-10-04',
        '2025-10-05',
        '2025-10-06',
        '2025-10-07',
        '2025-10-08',
        '2025-10-09',
      ],
    });
    const r = await dashboardService.summary({ from: '2025-10-10', to: '2025-11-30' }, now);
    expect(r.totals.views).toBe(2 + 4 + 8);
    expect(r.previous.views).toBe(1 + 32);
    expect(r.mostViewed).toEqual([expect.objectContaining({ productId: piece, views: 2 + 4 + 8 })]);
    expect(r.days.find((d) => d.day === '2025-11-28')).toEqual({ day: '2025-11-28', orders: 0, salesPaise: 0, revenuePaise: 0, views: 8 });
    // A few days at a month's end read those days; this month to date reads its month whole.
    expect(readPlan('2025-11-27', '2025-11-29', '2025-11-24', '2025-12-07')).toMatchObject({
      pieceMonths: [],
      addDays: ['2025-11-27', '2025-11-28', '2025-11-29'],
    });
    expect(readPlan('2025-12-01', '2025-12-07', '2025-11-24', '2025-12-07')).toMatchObject({ pieceMonths: ['2025-12'], subtractDays: [] });
    expect((await dashboardService.summary({ from: '2025-11-27', to: '2025-11-29' }, now)).mostViewed[0]?.views).toBe(8);
    expect((await dashboardService.summary({ from: '2025-12-01', to: '2025-12-07' }, now)).mostViewed[0]?.views).toBe(16);
    expect((await checkFigures({ since: '2025-09-01', fix: false })).mismatches.filter((m) => m.day < '2026')).toEqual([]);
  });
});

describe('kept exact under concurrency, replays and a dead process', () => {
  it('counts every one of many events sent at once', async () => {
    const before = (await todays()).body.totals.views;
    const batches = await Promise.all(Array.from({ length: 25 }, () => sendEvents(Array(8).fill({ slug: 'dash-studs', type: 'view' }))));
    expect(batches.every((b) => b.status === 202)).toBe(true);
    expect((await todays()).body.totals.views).toBe(before + 200);
  });

  it('counts orders placed at once, each once, and twin counts of one change add nothing', async () => {
    const before = (await todays()).body.totals;
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => makeShopper()));
    const placed = await Promise.all(shoppers.map((s) => placeCodOrder(s.token, [{ slug: 'dash-cuff', price: 500 }])));
    // Every order counted as it was placed; asking again, twenty times at once, changes nothing.
    await Promise.all(placed.flatMap((p) => [1, 2].map(() => dailyFiguresRepository.syncOrder(new ObjectId(p.id)))));
    const after = (await todays()).body.totals;
    expect(after.orders).toBe(before.orders + 10);
    expect(after.cod.paise).toBe(before.cod.paise + 10 * 60_000);
    expect((await checkFigures({ since: today, fix: false })).mismatches).toEqual([]);
  });

  it('finishes once a change whose process died half-way through counting it', async () => {
    const shopper = await makeShopper();
    const { id } = await placeCodOrder(shopper.token, [{ slug: 'dash-cuff', price: 500 }]);
    const before = (await todays()).body.totals;
    // Admin cancels; the count's process dies after claiming the change and before any day took it.
    const orderId = new ObjectId(id);
    const figures = db().collection('order_figures');
    const counted = (await figures.findOne({ _id: orderId }))!;
    await db()
      .collection('orders')
      .updateOne({ _id: orderId }, {
        $set: { status: 'cancelled', updatedAt: new Date() },
        $push: { statusHistory: { status: 'cancelled', at: new Date(), by: 'admin:test' } },
      } as never);
    await figures.updateOne(
      { _id: orderId },
      {
        $set: {
          rev: counted['rev'] + 1,
          [`figures.${today}.shop/cancelled`]: 1,
          pending: { rev: counted['rev'] + 1, delta: { [today]: { 'shop/cancelled': 1 } }, at: new Date(Date.now() - 120_000) },
        },
      },
    );
    expect((await todays()).body.totals.cancelled).toBe(before.cancelled);
    // Two finishers at once (the hourly check and the order's next count) take it over once, and count it once.
    const [report] = await Promise.all([checkFigures({ since: today, fix: true }), dailyFiguresRepository.syncOrder(orderId)]);
    expect(report.mismatches).toEqual([]);
    await dailyFiguresRepository.syncOrder(orderId);
    expect((await todays()).body.totals.cancelled).toBe(before.cancelled + 1);
  });

  it('counts orders changed at one moment together: a change a dead process left half-counted is finished with them, each once', async () => {
    const shoppers = await Promise.all(Array.from({ length: 3 }, () => makeShopper()));
    const placed = await Promise.all(shoppers.map((s) => placeCodOrder(s.token, [{ slug: 'dash-cuff', price: 500 }])));
    const ids = placed.map((p) => new ObjectId(p.id));
    const before = (await todays()).body.totals;
    const cancel = (id: ObjectId) =>
      db()
        .collection('orders')
        .updateOne({ _id: id }, {
          $set: { status: 'cancelled', updatedAt: new Date() },
          $push: { statusHistory: { status: 'cancelled', at: new Date(), by: 'admin:test' } },
        } as never);
    await Promise.all(ids.map(cancel));
    // The first order's cancel was claimed by a process that counted it on today's document only, then died.
    const [dead] = ids as [ObjectId];
    const figures = db().collection('order_figures');
    const counted = (await figures.findOne({ _id: dead }))!;
    const rev = counted['rev'] + 1;
    await figures.updateOne(
      { _id: dead },
      {
        $set: {
          rev,
          [`figures.${today}.shop/cancelled`]: 1,
          pending: { rev, delta: { [today]: { 'shop/cancelled': 1 } }, at: new Date(Date.now() - 120_000) },
        },
      },
    );
    await db()
      .collection('daily_figures')
      .updateOne({ _id: today } as never, { $inc: { 'shop.cancelled': 1, v: 1 }, $set: { [`applied.o${dead.toHexString()}`]: rev } });
    // Two processes count the three at once, with the order's own count beside them.
    const left = await Promise.all([
      dailyFiguresRepository.syncOrders(ids.map((id) => ({ id }))),
      dailyFiguresRepository.syncOrders(ids.map((id) => ({ id }))),
      dailyFiguresRepository.syncOrder(dead),
    ]);
    expect(left.slice(0, 2)).toEqual([[], []]);
    expect((await todays()).body.totals.cancelled).toBe(before.cancelled + 3);
    expect((await checkFigures({ since: today, fix: false })).mismatches).toEqual([]);
    // Every change is finished and no mark is left behind.
    expect(await figures.countDocuments({ _id: { $in: ids }, pending: { $ne: null } })).toBe(0);
    const day = await db()
      .collection('daily_figures')
      .findOne({ _id: today } as never);
    expect(Object.keys(day?.['applied'] ?? {})).toEqual([]);
  });

  it('a check running while events and orders are counted never takes off or doubles them', async () => {
    const before = (await todays()).body.totals;
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => makeShopper()));
    await Promise.all([
      checkFigures({ since: today, fix: true }),
      ...Array.from({ length: 10 }, () => sendEvents(Array(8).fill({ slug: 'dash-cuff', type: 'view' }))),
      ...shoppers.map((s) => placeCodOrder(s.token, [{ slug: 'dash-cuff', price: 500 }])),
      checkFigures({ since: today, fix: true }),
    ]);
    // A document written during a check is left for the next one, which finds nothing to correct.
    expect((await checkFigures({ since: today, fix: true })).mismatches).toEqual([]);
    const after = (await todays()).body.totals;
    expect(after.views).toBe(before.views + 80);
    expect(after.orders).toBe(before.orders + 4);
  });

  it('the hourly job checks yesterday and today and answers 204 with nothing to correct', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const res = await dashboardFigures();
    expect(res.status).toBe(204);
    expect(log).toHaveBeenCalledWith(
      expect.stringMatching(/^\[figures\] \d+ days from \d{4}-\d{2}-\d{2}: .* 0 figures differed; 0 documents corrected$/),
    );
    log.mockRestore();
  });

  it('rebuilds every figure from the raw data: dropped and rebuilt, the dashboard reads the same, and a second check finds nothing', async () => {
    const before = (await todays()).body;
    for (const name of ['daily_figures', 'shop_months', 'piece_months', 'order_figures']) await db().collection(name).deleteMany({});
    expect((await todays()).body.totals.orders).toBe(0);
    const rebuilt = await checkFigures({ since: null, fix: true });
    expect(rebuilt.ordersUncounted).toBeGreaterThan(10);
    expect(rebuilt.left).toBe(0);
    const again = await checkFigures({ since: null, fix: false });
    expect(again.mismatches).toEqual([]);
    const after = (await todays()).body;
    expect(after.totals).toEqual(before.totals);
    expect(after.topByRevenue).toEqual(before.topByRevenue);
    // Counting goes on from the rebuilt figures: a new order adds to them once.
    const shopper = await makeShopper();
    await placeCodOrder(shopper.token, [{ slug: 'dash-cuff', price: 500 }]);
    expect((await todays()).body.totals.orders).toBe(before.totals.orders + 1);
  });
});
