import { MongoClient, ObjectId } from 'mongodb';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { makeCatalogue, makeProduct, defaultProducts } from '../fixtures/catalogue';
import { makeShopper } from '../fixtures/shoppers';
import { statusChange } from '../fixtures/orders';
import { makeAdmin, placeCodOrder } from '../fixtures/placed-orders';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { resetEnvForTests } from '@server/env';
import adminOrder from '@functions/admin_order';
import adminOrderStatus from '@functions/admin_order_status';
import adminOrderUndo from '@functions/admin_order_undo';
import sendHeldNotices from '@functions/send_held_notices';
import getOrderDetails from '@functions/get_order_details';
import cancelOrder from '@functions/cancel_order';
import orderReturns from '@functions/order_returns';

const { uri, name } = setupTestDatabase();
let client: MongoClient;
const db = () => client.db(name);
const json = (method: string, token: string, body: unknown) => ({
  method,
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const step = (token: string, id: string, status: string) =>
  call(adminOrderStatus, `/api/admin/orders/${id}/status`, json('PATCH', token, statusChange(status)));
const undo = (token: string, id: string, what: string) =>
  call(adminOrderUndo, `/api/admin/orders/${id}/undo`, json('POST', token, { step: what }));
const orderDoc = async (id: string) =>
  (await db()
    .collection('orders')
    .findOne({ _id: new ObjectId(id) }))!;
const textsTo = (phone: string) =>
  db()
    .collection('sms_outbox')
    .find({ to: phone })
    .toArray()
    .then((t) => t.map((m) => m['text'] as string));

/** Sets the undo window for the next steps (the env is parsed once, so it is read again). */
function undoWindow(seconds: number): void {
  process.env.ADMIN_UNDO_SECONDS = String(seconds);
  resetEnvForTests();
}

let admin: Awaited<ReturnType<typeof makeShopper>>;
let admin2: Awaited<ReturnType<typeof makeShopper>>;

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  expect(
    (
      await importCatalogue(
        makeCatalogue([
          ...defaultProducts(),
          makeProduct({ slug: 'undo-cuff', name: 'Undo Cuff', price: 500, stock: 100 }),
          makeProduct({ slug: 'undo-ring', name: 'Undo Ring', price: 700, stock: 100 }),
        ]),
        { overwriteStock: true },
      )
    ).ok,
  ).toBe(true);
  admin = await makeAdmin();
  admin2 = await makeAdmin('Second');
  return () => client.close();
});

beforeEach(() => undoWindow(60));
afterEach(() => vi.useRealTimers());

/** Moves the clock the server code reads (Date only) forward, so a window lapses without waiting it out. */
function passTime(ms: number): void {
  vi.setSystemTime(Date.now() + ms);
}

/** A confirmed cash-on-delivery order of one cuff for a new shopper; returns its id and the shopper's phone. */
async function codOrder(): Promise<{ id: string; phone: string; token: string }> {
  const shopper = await makeShopper();
  const { id } = await placeCodOrder(shopper.token, [{ slug: 'undo-cuff', price: 500 }]);
  return { id, phone: shopper.phone, token: shopper.token };
}

describe('undo of an admin status step', () => {
  it('within the window: the status goes back, the held text is never sent, the history records who undid what', async () => {
    const { id, phone, token } = await codOrder();
    const packed = await step(admin.token, id, 'packed');
    expect(packed.status).toBe(200);
    expect(packed.body.order.undo).toMatchObject({ step: 'packed', from: 'confirmed', by: `admin:${admin.phone}` });
    // Held: not sent by the step's request, nor by the every-minute sender while the window is open.
    await sendHeldNotices();
    expect((await textsTo(phone)).filter((t) => /Packed/i.test(t))).toEqual([]);

    const r = await undo(admin.token, id, 'packed');
    expect(r).toMatchObject({ status: 200, body: { success: true, message: 'Undone: the order is confirmed again' } });
    expect(r.body.order.status).toBe('confirmed');
    expect(r.body.order.undo).toBeNull();
    const last = r.body.order.statusHistory.at(-1);
    expect(last).toMatchObject({ status: 'confirmed', by: `admin:${admin.phone}`, undid: 'packed' });
    expect(r.body.order.statusHistory.map((h: { status: string }) => h.status)).toEqual(['confirmed', 'packed', 'confirmed']);

    // The shopper, never told of it, reads a history without the undone step.
    const own = await call(getOrderDetails, '/api/get_order-details', { headers: { authorization: `Bearer ${token}` } });
    const mine = own.body.userOrders.find((o: { _id: string }) => o._id === id);
    expect(mine.statusHistory.map((h: { status: string }) => h.status)).toEqual(['confirmed']);

    const doc = await orderDoc(id);
    expect(doc['noticesDue'] ?? []).not.toContain('packed:sms');
    expect(doc['noticesHeld']?.['packed:sms']).toBeUndefined();
    undoWindow(0);
    await sendHeldNotices();
    expect((await textsTo(phone)).filter((t) => /Packed/i.test(t))).toEqual([]);
    // The order moves on normally afterwards, and that step texts as usual.
    expect((await step(admin.token, id, 'packed')).status).toBe(200);
    expect((await textsTo(phone)).filter((t) => /is now Packed/i.test(t))).toHaveLength(1);
  });

  it('held messages are sent after the window by the sender when nobody undoes; then undo is refused (409) and nothing changes', async () => {
    undoWindow(1);
    const { id, phone } = await codOrder();
    expect((await step(admin.token, id, 'packed')).status).toBe(200);
    await sendHeldNotices();
    expect((await textsTo(phone)).filter((t) => /is now Packed/i.test(t))).toEqual([]);
    passTime(1_100);
    await sendHeldNotices();
    expect((await textsTo(phone)).filter((t) => /is now Packed/i.test(t))).toHaveLength(1);

    const before = await orderDoc(id);
    const r = await undo(admin.token, id, 'packed');
    expect(r).toMatchObject({
      status: 409,
      body: { success: false, message: 'The shopper has already been told the order is packed, so this cannot be undone.' },
    });
    const after = await orderDoc(id);
    expect(after['status']).toBe('packed');
    expect(after['statusHistory']).toEqual(before['statusHistory']);
    expect(after['updatedAt']).toEqual(before['updatedAt']);
    expect(
      (await call(adminOrder, `/api/admin/orders/${id}`, { headers: { authorization: `Bearer ${admin.token}` } })).body.order.undo,
    ).toBeNull();
  });

  it('a step held for its window and then overtaken by a cancellation is never sent; once the window has passed undo is refused even if the sender is late', async () => {
    undoWindow(1);
    const { id, phone, token } = await codOrder();
    expect((await step(admin.token, id, 'packed')).status).toBe(200);
    const cancelled = await call(cancelOrder, `/api/orders/${id}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cancelled.status).toBe(200);
    passTime(1_100);
    await sendHeldNotices();
    const texts = await textsTo(phone);
    expect(texts.filter((t) => /is now Packed/i.test(t))).toEqual([]);
    expect(texts.filter((t) => /Cancelled/i.test(t))).toHaveLength(1);
    expect((await orderDoc(id))['notices']['packed:sms']).toMatchObject({ state: 'skipped' });

    // Packed again, window passed, sender not run yet: the messages are still held, but the window is the rule.
    const late = await codOrder();
    expect((await step(admin.token, late.id, 'packed')).status).toBe(200);
    passTime(1_100);
    const r = await undo(admin.token, late.id, 'packed');
    expect(r).toMatchObject({ status: 409, body: { message: 'The time to undo marking this order packed has passed.' } });
    expect((await orderDoc(late.id))['status']).toBe('packed');
  });

  it('10 undos at once: one undo, one history entry, every caller sees the order back where it was', async () => {
    const { id, phone } = await codOrder();
    expect((await step(admin.token, id, 'packed')).status).toBe(200);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => undo(i % 2 ? admin2.token : admin.token, id, 'packed')));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    for (const r of results) expect(r.body.order.status).toBe('confirmed');
    const doc = await orderDoc(id);
    expect(doc['status']).toBe('confirmed');
    expect((doc['statusHistory'] as { undid?: string }[]).filter((h) => h.undid)).toHaveLength(1);
    expect(doc['statusHistory']).toHaveLength(3);
    undoWindow(0);
    await sendHeldNotices();
    expect((await textsTo(phone)).filter((t) => /Packed/i.test(t))).toEqual([]);
  });

  it("an undo racing a second admin's next step ends in one consistent state", async () => {
    for (let round = 0; round < 5; round++) {
      const { id } = await codOrder();
      expect((await step(admin.token, id, 'packed')).status).toBe(200);
      const [u, s] = await Promise.all([undo(admin.token, id, 'packed'), step(admin2.token, id, 'shipped')]);
      const doc = await orderDoc(id);
      const history = doc['statusHistory'] as { status: string; undid?: string }[];
      // Exactly one of them won; the loser was refused and changed nothing.
      expect([u.status, s.status].sort()).toEqual([200, 409]);
      if (u.status === 200) {
        expect(doc['status']).toBe('confirmed');
        expect(history.map((h) => h.status)).toEqual(['confirmed', 'packed', 'confirmed']);
        expect(doc['shipment']).toBeUndefined();
        expect(doc['noticesDue'] ?? []).toEqual([]);
      } else {
        expect(doc['status']).toBe('shipped');
        expect(history.map((h) => h.status)).toEqual(['confirmed', 'packed', 'shipped']);
        expect(history.some((h) => h.undid)).toBe(false);
        expect(doc['shipment']).toMatchObject({ awb: 'DL1234567890' });
        // Undoing the packed step is now refused: a later step followed it.
        expect((await undo(admin.token, id, 'packed')).status).toBe(409);
      }
    }
  });

  it('undoing Delivered racing return requests: either the undo or the requests, never both (issue #33)', async () => {
    const askReturn = (token: string, id: string, lineIndex: number) =>
      call(orderReturns, `/api/orders/${id}/returns`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ lineIndex, kind: 'refund', reason: 'changed_mind', quantity: 1, note: 'Not for me' }),
      });
    for (let round = 0; round < 8; round++) {
      const shopper = await makeShopper();
      const { id } = await placeCodOrder(shopper.token, [
        { slug: 'undo-cuff', price: 500 },
        { slug: 'undo-ring', price: 700, quantity: 2 },
      ]);
      undoWindow(0);
      for (const s of ['packed', 'shipped', 'out_for_delivery']) expect((await step(admin.token, id, s)).status).toBe(200);
      undoWindow(60);
      expect((await step(admin.token, id, 'delivered')).status).toBe(200);
      // Let the requests go first in some rounds and the undo in others.
      const asks = () => [askReturn(shopper.token, id, 0), askReturn(shopper.token, id, 1), askReturn(shopper.token, id, 0)];
      const [u, ...r] =
        round % 2
          ? await Promise.all([undo(admin.token, id, 'delivered'), ...asks()])
          : await (async () => {
              const rs = asks();
              return Promise.all([undo(admin.token, id, 'delivered'), ...rs]);
            })();
      const doc = await orderDoc(id);
      const requests = await db()
        .collection('returns')
        .countDocuments({ orderId: new ObjectId(id) });
      if (u!.status === 200) {
        expect(doc['status']).toBe('out_for_delivery');
        for (const x of r) {
          expect(x.status).toBe(409);
          expect(x.body).toMatchObject({ success: false, message: 'Returns and replacements open once the order is delivered.' });
        }
        expect(requests).toBe(0);
      } else {
        expect(u).toMatchObject({
          status: 409,
          body: { message: 'The shopper has already asked to return a piece of this order, so its delivery cannot be undone.' },
        });
        expect(doc['status']).toBe('delivered');
        expect(r.every((x) => x.status === 201 || x.status === 200)).toBe(true);
        expect(requests).toBe(2);
      }
    }
  });

  it("reverses the step's own changes: Shipped's shipment is cleared, Delivered's cash is due again", async () => {
    undoWindow(0);
    const { id } = await codOrder();
    for (const s of ['packed', 'shipped', 'out_for_delivery']) expect((await step(admin.token, id, s)).status).toBe(200);
    undoWindow(60);
    const delivered = await step(admin.token, id, 'delivered');
    expect(delivered.body.order.paymentStatus).toBe('paid');
    const r = await undo(admin.token, id, 'delivered');
    expect(r.status).toBe(200);
    expect(r.body.order).toMatchObject({ status: 'out_for_delivery', paymentStatus: 'cod_pending' });

    const other = await codOrder();
    undoWindow(0);
    expect((await step(admin.token, other.id, 'packed')).status).toBe(200);
    undoWindow(60);
    const shipped = await step(admin.token, other.id, 'shipped');
    expect(shipped.body.order.shipment).toMatchObject({ awb: 'DL1234567890' });
    const back = await undo(admin.token, other.id, 'shipped');
    expect(back.status).toBe(200);
    expect(back.body.order).toMatchObject({ status: 'packed', shipment: null });
    expect((await orderDoc(other.id))['shipment']).toBeUndefined();
    // Packed (whose text went at once, with no window) cannot be undone now.
    expect((await undo(admin.token, other.id, 'packed')).status).toBe(409);
  });

  it('is for admins only, and refuses bad ids, unknown orders and steps that cannot be undone', async () => {
    const { id } = await codOrder();
    expect((await step(admin.token, id, 'packed')).status).toBe(200);
    const shopper = await makeShopper();
    expect((await undo(shopper.token, id, 'packed')).status).toBe(403);
    expect((await call(adminOrderUndo, `/api/admin/orders/${id}/undo`, { method: 'POST', body: '{"step":"packed"}' })).status).toBe(401);
    expect((await undo(admin.token, 'not-an-id', 'packed')).status).toBe(400);
    expect((await undo(admin.token, new ObjectId().toHexString(), 'packed')).status).toBe(404);
    expect((await undo(admin.token, id, 'cancelled')).status).toBe(400);
    expect((await undo(admin.token, id, 'shipped')).status).toBe(409);
    expect((await orderDoc(id))['status']).toBe('packed');
    // A stale page: the packed step it offered to undo was undone and packed again since; it is not that step.
    const first = (await call(adminOrder, `/api/admin/orders/${id}`, { headers: { authorization: `Bearer ${admin.token}` } })).body.order
      .undo;
    expect((await undo(admin.token, id, 'packed')).status).toBe(200);
    passTime(5);
    expect((await step(admin.token, id, 'packed')).status).toBe(200);
    const stale = await call(
      adminOrderUndo,
      `/api/admin/orders/${id}/undo`,
      json('POST', admin.token, { step: 'packed', until: first.until }),
    );
    expect(stale.status).toBe(409);
    expect((await orderDoc(id))['status']).toBe('packed');
  });
});
