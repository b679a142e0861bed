/**
 * Returns and replacements: the policy's windows, owners only, one request per line however many arrive at
 * once, stock back exactly once for a sellable piece, one outcome when admins race, and a replacement that
 * finds no stock writes nothing.
 */
import { MongoClient, ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { serveMailOutbox } from '../setup/mail-outbox';
import { makeCatalogue, makeProduct, defaultProducts } from '../fixtures/catalogue';
import { deliveryAddress, makeShopper } from '../fixtures/shoppers';
import { setStock, stockOf as stockIn } from '../fixtures/stock';
import { makeAdmin, markDelivered, placeCodOrder } from '../fixtures/placed-orders';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { stockLedgerService } from '@server/services/stock-ledger.service';
import { returnsService } from '@server/services/returns.service';
import { reconcilePayments } from '@server/services/reconcile.service';
import { resetEnvForTests } from '@server/env';
import orderReturns from '@functions/order_returns';
import adminReturns from '@functions/admin_returns';
import adminReturn from '@functions/admin_return';
import adminOrderRefunds from '@functions/admin_order_refunds';
import { randomUUID } from 'node:crypto';

const { uri, name } = setupTestDatabase();
serveMailOutbox();
let client: MongoClient;
const db = () => client.db(name);
const stockOf = (slug: string, size?: string) => stockIn(db(), slug, size);

let admin: Awaited<ReturnType<typeof makeShopper>>;
let admin2: Awaited<ReturnType<typeof makeShopper>>;

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  const catalogue = makeCatalogue([
    ...defaultProducts(),
    makeProduct({ slug: 'return-cuff', name: 'Return Cuff', price: 500, stock: 100 }),
    makeProduct({
      slug: 'return-ring',
      name: 'Return Ring',
      price: 900,
      stock: undefined,
      sizes: {
        guide: 'ring',
        values: [
          { value: '10', stock: 5 },
          { value: '12', stock: 5 },
        ],
      },
    }),
  ]);
  expect((await importCatalogue(catalogue, { overwriteStock: true })).ok).toBe(true);
  admin = await makeAdmin();
  admin2 = await makeAdmin('Asha');
  return () => client.close();
});

/**
 * A COD order of `quantity` pieces, marked delivered `hoursAgo` hours ago (as the admin's steps would leave it).
 * `email`: the address given at checkout ('' for none; the shared test address when not given).
 */
async function deliveredOrder(
  token: string,
  opts: { quantity?: number; hoursAgo?: number; product?: 'cuff' | 'ring'; email?: string } = {},
): Promise<string> {
  const quantity = opts.quantity ?? 2;
  const line =
    opts.product === 'ring' ? { slug: 'return-ring', price: 900, quantity, size: '10' } : { slug: 'return-cuff', price: 500, quantity };
  const { id } = await placeCodOrder(
    token,
    [line],
    opts.email === undefined ? {} : { shippingInfo: { ...deliveryAddress, email: opts.email } },
  );
  await markDelivered(db(), id, opts.hoursAgo ?? 1);
  return id;
}

const ask = (token: string, orderId: string, body: Record<string, unknown>) =>
  call(orderReturns, `/api/orders/${orderId}/returns`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ lineIndex: 0, kind: 'refund', reason: 'changed_mind', quantity: 1, note: 'Not my style after all', ...body }),
  });

const step = (token: string, id: string, body: Record<string, unknown>) =>
  call(adminReturn, `/api/admin/returns/${id}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('asking for a return', () => {
  it('within 7 days of delivery: stored as requested, listed for the owner; outside the window a 409 names the date', async () => {
    const shopper = await makeShopper();
    const id = await deliveredOrder(shopper.token, { hoursAgo: 24 });
    const r = await ask(shopper.token, id, {});
    expect(r.status).toBe(201);
    expect(r.body.returns).toHaveLength(1);
    expect(r.body.returns[0]).toMatchObject({
      _id: `${id}-0`,
      status: 'requested',
      kind: 'refund',
      quantity: 1,
      note: 'Not my style after all',
    });

    const late = await deliveredOrder(shopper.token, { hoursAgo: 7 * 24 + 1 });
    const refused = await ask(shopper.token, late, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/closed on \w{3}, \d{1,2} \w{3} \(7 days after delivery\)/);
    expect(
      await db()
        .collection('returns')
        .countDocuments({ _id: `${late}-0` } as never),
    ).toBe(0);
  });

  it('damaged or missing after 48 hours is refused (other reasons still open); more than bought is refused', async () => {
    const shopper = await makeShopper();
    const id = await deliveredOrder(shopper.token, { hoursAgo: 49 });
    for (const reason of ['damaged', 'not_received']) {
      const r = await ask(shopper.token, id, { reason, kind: 'replacement' });
      expect(r.status, reason).toBe(409);
      expect(r.body.message).toMatch(/within 48 hours of delivery/);
    }
    expect((await ask(shopper.token, id, { quantity: 3 })).status).toBe(400);
    // A piece as ordered but unwanted comes back for a refund, not a replacement.
    expect((await ask(shopper.token, id, { kind: 'replacement', reason: 'changed_mind' })).status).toBe(400);
    expect((await ask(shopper.token, id, { reason: 'wrong_item', kind: 'replacement' })).status).toBe(201);
  });

  it('before delivery it is refused; a stranger gets the same 404 as a missing order; no token is a 401', async () => {
    const shopper = await makeShopper();
    const stranger = await makeShopper('Stranger');
    const id = await deliveredOrder(shopper.token);
    const forStranger = await ask(stranger.token, id, {});
    const missing = await ask(stranger.token, new ObjectId().toHexString(), {});
    expect(forStranger.status).toBe(404);
    expect(forStranger.body).toEqual(missing.body);
    const list = await call(orderReturns, `/api/orders/${id}/returns`, { headers: { authorization: `Bearer ${stranger.token}` } });
    expect(list.status).toBe(404);
    expect((await call(orderReturns, `/api/orders/${id}/returns`)).status).toBe(401);
    await db()
      .collection('orders')
      .updateOne({ _id: new ObjectId(id) }, { $set: { status: 'shipped' } });
    const early = await ask(shopper.token, id, {});
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/once the order is delivered/);
  });

  it('10 identical requests at once make one request', async () => {
    const shopper = await makeShopper();
    const id = await deliveredOrder(shopper.token);
    const results = await Promise.all(Array.from({ length: 10 }, () => ask(shopper.token, id, {})));
    expect(results.map((r) => r.status).filter((s) => s === 201)).toHaveLength(1);
    expect(results.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    expect(
      await db()
        .collection('returns')
        .countDocuments({ orderId: new ObjectId(id) }),
    ).toBe(1);
  });
});

describe('an admin handling requests', () => {
  it('is admin-only: 401 without a token, 403 for a shopper', async () => {
    const shopper = await makeShopper();
    const id = await deliveredOrder(shopper.token);
    await ask(shopper.token, id, {});
    expect((await call(adminReturns, '/api/admin/returns')).status).toBe(401);
    expect((await call(adminReturns, '/api/admin/returns', { headers: { authorization: `Bearer ${shopper.token}` } })).status).toBe(403);
    expect((await step(shopper.token, `${id}-0`, { action: 'approve', note: '' })).status).toBe(403);
    const list = await call(adminReturns, '/api/admin/returns', { headers: { authorization: `Bearer ${admin.token}` } });
    expect(list.status).toBe(200);
    expect(list.body.returns.some((r: { _id: string }) => r._id === `${id}-0`)).toBe(true);
  });

  it('approve then 10 "received sellable" at once: stock comes back exactly once, the shopper is texted once, history says who', async () => {
    const shopper = await makeShopper();
    const id = await deliveredOrder(shopper.token, { quantity: 2 });
    await ask(shopper.token, id, { quantity: 2 });
    const rid = `${id}-0`;
    const approved = await step(admin.token, rid, { action: 'approve', note: 'Please use the original box' });
    expect(approved.status).toBe(200);
    expect(approved.body.request.status).toBe('approved');
    const before = await stockOf('return-cuff');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => step(admin.token, rid, { action: 'receive', condition: 'sellable' })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await stockOf('return-cuff')).toBe(before + 2);
    const doc = await db()
      .collection('returns')
      .findOne({ _id: rid } as never);
    expect(doc?.['status']).toBe('received');
    expect((doc?.['history'] as { status: string; by: string }[]).map((h) => `${h.status}:${h.by}`)).toEqual([
      'requested:customer',
      `approved:admin:${admin.phone}`,
      `received:admin:${admin.phone}`,
    ]);
    const texts = await db().collection('sms_outbox').find({ to: shopper.phone }).toArray();
    expect(texts.filter((t) => /is approved/.test(t['text'] as string))).toHaveLength(1);
    // The refunds ledger records the refund once.
    expect(await returnsService.markRefunded(rid, 'rfnd_1')).toMatchObject({ status: 'refunded', refundRef: 'rfnd_1' });
    expect(await returnsService.markRefunded(rid, 'rfnd_2')).toBeNull();
  });

  it('two admins approve and reject at once: one outcome, the other is told; a damaged piece gives no stock back', async () => {
    for (let round = 0; round < 3; round++) {
      const shopper = await makeShopper();
      const id = await deliveredOrder(shopper.token);
      await ask(shopper.token, id, {});
      const rid = `${id}-0`;
      const [a, b] = await Promise.all([
        step(admin.token, rid, { action: 'approve', note: '' }),
        step(admin2.token, rid, { action: 'reject', note: 'Worn pieces cannot be returned' }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const doc = await db()
        .collection('returns')
        .findOne({ _id: rid } as never);
      expect(doc?.['history']).toHaveLength(2);
      expect(doc?.['status']).toBe(a.status === 200 ? 'approved' : 'rejected');
      const texts = await db().collection('sms_outbox').find({ to: shopper.phone }).toArray();
      expect(texts.filter((t) => /is approved/.test(t['text'] as string))).toHaveLength(a.status === 200 ? 1 : 0);
      if (b.status === 200) expect(texts.some((t) => /Worn pieces cannot be returned/.test(t['text'] as string))).toBe(true);
      if (a.status === 200) {
        const before = await stockOf('return-cuff');
        expect((await step(admin.token, rid, { action: 'receive', condition: 'damaged' })).status).toBe(200);
        expect(await stockOf('return-cuff')).toBe(before);
      }
    }
  });

  it('received sellable racing received damaged: one condition stands, stock moves only if it is sellable; 10 refunds racing record one', async () => {
    for (let round = 0; round < 3; round++) {
      const shopper = await makeShopper();
      const id = await deliveredOrder(shopper.token, { quantity: 1 });
      await ask(shopper.token, id, {});
      const rid = `${id}-0`;
      await step(admin.token, rid, { action: 'approve', note: '' });
      const before = await stockOf('return-cuff');
      const [a, b] = await Promise.all([
        step(admin.token, rid, { action: 'receive', condition: 'sellable' }),
        step(admin2.token, rid, { action: 'receive', condition: 'damaged' }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const doc = await db()
        .collection('returns')
        .findOne({ _id: rid } as never);
      expect(doc?.['condition']).toBe(a.status === 200 ? 'sellable' : 'damaged');
      expect(await stockOf('return-cuff')).toBe(before + (a.status === 200 ? 1 : 0));
      const refunds = await Promise.all(Array.from({ length: 10 }, (_, i) => returnsService.markRefunded(rid, `rfnd_${round}_${i}`)));
      expect(refunds.filter((r) => r !== null)).toHaveLength(1);
      const after = await db()
        .collection('returns')
        .findOne({ _id: rid } as never);
      expect(after?.['status']).toBe('refunded');
      expect((after?.['history'] as unknown[]).length).toBe(4);
    }
  });

  it('a replacement in another size: no stock → 409 and nothing written; with stock it ships once, texted with courier and AWB', async () => {
    const shopper = await makeShopper();
    const id = await deliveredOrder(shopper.token, { product: 'ring', quantity: 1 });
    const asked = await ask(shopper.token, id, { kind: 'replacement', reason: 'size', size: '12', note: 'Too tight, please send 12' });
    expect(asked.status).toBe(201);
    const rid = `${id}-0`;
    await step(admin.token, rid, { action: 'approve', note: '' });
    await step(admin.token, rid, { action: 'receive', condition: 'sellable' });
    expect(await stockOf('return-ring', '10')).toBeGreaterThan(0);
    await setStock(db(), 'return-ring', 0, '12');
    const before = await db()
      .collection('returns')
      .findOne({ _id: rid } as never);
    const shipment = { courier: 'Delhivery', awb: 'DLREPL1234' };
    const short = await step(admin.token, rid, { action: 'ship', shipment });
    expect(short.status).toBe(409);
    expect(short.body.message).toMatch(/Return Ring in size 12 is out of stock/);
    expect(
      await db()
        .collection('returns')
        .findOne({ _id: rid } as never),
    ).toEqual(before);
    expect(await stockOf('return-ring', '12')).toBe(0);

    await setStock(db(), 'return-ring', 10, '12');
    const shipped = await Promise.all(Array.from({ length: 10 }, () => step(admin.token, rid, { action: 'ship', shipment })));
    expect(shipped.every((r) => r.status === 200)).toBe(true);
    // Every twin took a piece; all but the one that shipped gave theirs back.
    expect(await stockOf('return-ring', '12')).toBe(9);
    const mine = await call(orderReturns, `/api/orders/${id}/returns`, { headers: { authorization: `Bearer ${shopper.token}` } });
    expect(mine.body.returns[0]).toMatchObject({ status: 'replacement_shipped', shipment: { courier: 'Delhivery', awb: 'DLREPL1234' } });
    const texts = await db().collection('sms_outbox').find({ to: shopper.phone }).toArray();
    expect(texts.filter((t) => /has shipped free of charge with Delhivery \(AWB DLREPL1234\)/.test(t['text'] as string))).toHaveLength(1);
    const delivered = await step(admin.token, rid, { action: 'delivered' });
    expect(delivered.body.request.status).toBe('replacement_delivered');
  });
});

describe('a return message that could not be sent', () => {
  it('is queued again and sent once by the next reconciliation run, when the mail server is back', async () => {
    const shopper = await makeShopper();
    const id = await deliveredOrder(shopper.token, { quantity: 1 });
    await ask(shopper.token, id, {});
    const rid = `${id}-0`;
    const working = process.env.SMTP_URL!;
    process.env.SMTP_URL = 'smtp://127.0.0.1:9'; // nothing listens there: the send fails
    resetEnvForTests();
    try {
      expect((await step(admin.token, rid, { action: 'approve', note: 'Send it back in its box' })).status).toBe(200);
    } finally {
      process.env.SMTP_URL = working;
      resetEnvForTests();
    }
    const returnOf = () =>
      db()
        .collection('returns')
        .findOne({ _id: rid } as never);
    expect(await returnOf()).toMatchObject({
      noticesDue: ['approved:email'],
      notices: { 'approved:sms': { state: 'sent', attempts: 1 }, 'approved:email': { state: 'failed', attempts: 1 } },
    });

    // Two runs at once (a slow one and the next): the email goes once.
    const [first, second] = await Promise.all([reconcilePayments(), reconcilePayments()]);
    expect(first.noticesRetried + second.noticesRetried).toBeGreaterThanOrEqual(1);
    expect(await returnOf()).toMatchObject({ noticesDue: [], notices: { 'approved:email': { state: 'sent', attempts: 2 } } });
    const number = `HRM-${id.slice(-6).toUpperCase()}`;
    const mails = (await db().collection('mail_outbox').find({}).toArray()).filter((m) =>
      String(m['subject']).includes(`order ${number} is approved`),
    );
    expect(mails).toHaveLength(1);
  });
});

describe('a return for a refund, received back', () => {
  it('is marked refunded by the refund of its line once, however many refund clicks race', async () => {
    const shopper = await makeShopper();
    const id = await deliveredOrder(shopper.token, { quantity: 2 });
    await ask(shopper.token, id, { quantity: 1 });
    const rid = `${id}-0`;
    expect((await step(admin.token, rid, { action: 'approve', note: 'Send it back' })).status).toBe(200);
    expect((await step(admin.token, rid, { action: 'receive', condition: 'sellable' })).status).toBe(200);

    const key = randomUUID();
    const refundOnce = () =>
      call(adminOrderRefunds, `/api/admin/orders/${id}/refunds`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ lines: [{ index: 0, quantity: 1 }], method: 'upi', reference: 'UPI/998877' }),
      });
    const results = await Promise.all(Array.from({ length: 5 }, refundOnce));
    expect(results.every((r) => [200, 201].includes(r.status))).toBe(true);
    const order = await db()
      .collection('orders')
      .findOne({ _id: new ObjectId(id) });
    expect(order?.['refundedPaise']).toBe(50_000);
    const request = await db()
      .collection('returns')
      .findOne({ _id: rid } as never);
    expect(request?.['status']).toBe('refunded');
    expect((request?.['history'] as { status: string }[]).map((h) => h.status)).toEqual(['requested', 'approved', 'received', 'refunded']);
  });
});

describe('a return and a refund of the same line in either order', () => {
  it('refunded before the piece came back: receiving it closes the request as refunded; a line refunded in full cannot be returned again', async () => {
    const shopper = await makeShopper();
    const id = await deliveredOrder(shopper.token, { quantity: 1 });
    await ask(shopper.token, id, { quantity: 1 });
    const rid = `${id}-0`;
    expect((await step(admin.token, rid, { action: 'approve', note: 'Refunding now' })).status).toBe(200);
    const refunded = await call(adminOrderRefunds, `/api/admin/orders/${id}/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ lines: [{ index: 0, quantity: 1 }], method: 'bank_transfer', reference: 'NEFT/1234' }),
    });
    expect(refunded.status).toBe(201);
    const received = await step(admin.token, rid, { action: 'receive', condition: 'sellable' });
    expect(received.status).toBe(200);
    expect(received.body.request.status).toBe('refunded');

    const other = await makeShopper();
    const second = await deliveredOrder(other.token, { quantity: 1 });
    await call(adminOrderRefunds, `/api/admin/orders/${second}/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ all: true, method: 'upi', reference: 'UPI/5555' }),
    });
    const late = await ask(other.token, second, { quantity: 1 });
    expect(late).toMatchObject({ status: 409, body: { message: 'This piece has already been refunded.' } });
    expect(
      await db()
        .collection('returns')
        .countDocuments({ _id: `${second}-0` } as never),
    ).toBe(0);
  });
});

describe('a replacement that cannot be sent', () => {
  it('is refunded instead, as the policy says: the refund of its line closes it as refunded, and it can no longer ship', async () => {
    const shopper = await makeShopper();
    const id = await deliveredOrder(shopper.token, { product: 'ring', quantity: 1 });
    expect((await ask(shopper.token, id, { kind: 'replacement', reason: 'size', size: '12', note: 'Please send a 12' })).status).toBe(201);
    const rid = `${id}-0`;
    await step(admin.token, rid, { action: 'approve', note: '' });
    await step(admin.token, rid, { action: 'receive', condition: 'sellable' });
    await setStock(db(), 'return-ring', 0, '12');
    expect((await step(admin.token, rid, { action: 'ship', shipment: { courier: 'Delhivery', awb: 'DLNOSTOCK1' } })).status).toBe(409);

    const refunded = await call(adminOrderRefunds, `/api/admin/orders/${id}/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ lines: [{ index: 0, quantity: 1 }], method: 'upi', reference: 'UPI/121212' }),
    });
    expect(refunded.status).toBe(201);
    const request = await db()
      .collection('returns')
      .findOne({ _id: rid } as never);
    expect(request?.['status']).toBe('refunded');
    await setStock(db(), 'return-ring', 5, '12');
    expect((await step(admin.token, rid, { action: 'ship', shipment: { courier: 'Delhivery', awb: 'DLNOSTOCK2' } })).status).toBe(409);
  });
});

describe("the shop's decisions, by text and email", () => {
  const mailsTo = (to: string) =>
    db()
      .collection('mail_outbox')
      .find({ to })
      .toArray()
      .then((all) => all.map((m) => ({ subject: m['subject'] as string, text: m['text'] as string })));
  const textsTo = async (phone: string) =>
    (await db().collection('sms_outbox').find({ to: phone }).toArray())
      .map((t) => t['text'] as string)
      .filter((t) => !/is confirmed/.test(t));
  const listed = async (rid: string) =>
    (await call(adminReturns, '/api/admin/returns?status=all', { headers: { authorization: `Bearer ${admin.token}` } })).body.returns.find(
      (r: { _id: string }) => r._id === rid,
    );

  it('with an email address: each decision is emailed once (approve sent twice at once), and every answer says "texted and emailed"', async () => {
    const shopper = await makeShopper();
    const email = `returns-${randomUUID().slice(0, 8)}@example.in`;
    const id = await deliveredOrder(shopper.token, { product: 'ring', quantity: 1, email });
    const number = `HRM-${id.slice(-6).toUpperCase()}`;
    const asked = await ask(shopper.token, id, { kind: 'replacement', reason: 'size', size: '12', note: 'Too tight' });
    expect(asked).toMatchObject({ status: 201, body: { message: 'Your request is sent. We will text and email you our answer.' } });
    const rid = `${id}-0`;
    expect(await listed(rid)).toMatchObject({ emailed: true });

    const approvals = await Promise.all([
      step(admin.token, rid, { action: 'approve', note: 'Send it in its box' }),
      step(admin.token, rid, { action: 'approve', note: 'Send it in its box' }),
    ]);
    expect(approvals.map((r) => r.status)).toEqual([200, 200]);
    expect(approvals.map((r) => r.body.message).sort()).toEqual([
      'Request approved; the shopper is texted and emailed',
      'Request is already approved',
    ]);
    expect(approvals[0]!.body.request.emailed).toBe(true);
    expect(await mailsTo(email)).toEqual([
      expect.objectContaining({ subject: `Chandi Kala: Order ${number} is confirmed` }),
      {
        subject: `Chandi Kala: Your replacement request for order ${number} is approved`,
        text: expect.stringContaining(
          `Your replacement of Return Ring (order ${number}) is approved. Please send the piece back in its original packing. Note: Send it in its box.`,
        ),
      },
    ]);

    await setStock(db(), 'return-ring', 5, '12');
    expect((await step(admin.token, rid, { action: 'receive', condition: 'sellable' })).status).toBe(200);
    const shipment = { courier: 'Blue Dart', awb: 'BDRET5501' };
    const shipped = await Promise.all([
      step(admin.token, rid, { action: 'ship', shipment }),
      step(admin.token, rid, { action: 'ship', shipment }),
    ]);
    expect(shipped.map((r) => r.status)).toEqual([200, 200]);
    expect(shipped.map((r) => r.body.message)).toContain('Replacement shipped with Blue Dart; the shopper is texted and emailed');
    const all = await mailsTo(email);
    expect(all.map((m) => m.subject)).toEqual([
      `Chandi Kala: Order ${number} is confirmed`,
      `Chandi Kala: Your replacement request for order ${number} is approved`,
      `Chandi Kala: Your replacement for order ${number} has shipped`,
    ]);
    expect(all[2]!.text).toContain(`has shipped free of charge with Blue Dart (AWB BDRET5501)`);
    expect(all[2]!.text).toContain('Follow it: https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=BDRET5501');
    // Receiving the piece sends nothing of its own; each decision was texted once too.
    expect(await textsTo(shopper.phone)).toEqual([
      expect.stringContaining('is approved'),
      expect.stringContaining('has shipped free of charge with Blue Dart (AWB BDRET5501)'),
    ]);

    // A rejection is emailed with the admin's note.
    const other = await deliveredOrder(shopper.token, { quantity: 1, email });
    expect((await ask(shopper.token, other, {})).status).toBe(201);
    const rejected = await step(admin.token, `${other}-0`, { action: 'reject', note: 'Worn pieces cannot be returned' });
    expect(rejected.body.message).toBe('Request rejected; the shopper is texted and emailed');
    const otherNumber = `HRM-${other.slice(-6).toUpperCase()}`;
    const rejection = (await mailsTo(email)).filter((m) => m.subject === `Chandi Kala: Your return request for order ${otherNumber}`);
    expect(rejection).toHaveLength(1);
    expect(rejection[0]!.text).toContain('is not approved. Worn pieces cannot be returned.');
  });

  it('without an email address: the shopper is texted only, and every answer and the admin list say so', async () => {
    const shopper = await makeShopper();
    const id = await deliveredOrder(shopper.token, { quantity: 1, email: '' });
    const asked = await ask(shopper.token, id, {});
    expect(asked).toMatchObject({ status: 201, body: { message: 'Your request is sent. We will text you our answer.' } });
    const rid = `${id}-0`;
    expect(await listed(rid)).toMatchObject({ emailed: false });
    const approved = await step(admin.token, rid, { action: 'approve', note: '' });
    expect(approved.body).toMatchObject({ message: 'Request approved; the shopper is texted', request: { emailed: false } });
    expect(await textsTo(shopper.phone)).toEqual([expect.stringContaining('is approved')]);
    const request = await db()
      .collection('returns')
      .findOne({ _id: rid } as never);
    expect(Object.keys(request?.['notices'] ?? {})).toEqual(['approved:sms']);
    const number = `HRM-${id.slice(-6).toUpperCase()}`;
    expect(
      await db()
        .collection('mail_outbox')
        .countDocuments({ subject: new RegExp(number) }),
    ).toBe(0);
  });
});

describe('a replacement and a refund for the same piece (issue #33: attacks that must fail)', () => {
  const refundLine = (orderId: string, quantity = 1) =>
    call(adminOrderRefunds, `/api/admin/orders/${orderId}/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ lines: [{ index: 0, quantity }], method: 'upi', reference: 'UPI/343434' }),
    });
  const shipment = { courier: 'Delhivery', awb: 'DLTWICE123' };

  /** A delivered ring whose replacement in size 12 is approved and received, ready to ship. */
  async function readyToShip(): Promise<{ id: string; rid: string }> {
    const shopper = await makeShopper();
    const id = await deliveredOrder(shopper.token, { product: 'ring', quantity: 1 });
    expect((await ask(shopper.token, id, { kind: 'replacement', reason: 'size', size: '12', note: 'Please send a 12' })).status).toBe(201);
    const rid = `${id}-0`;
    expect((await step(admin.token, rid, { action: 'approve', note: '' })).status).toBe(200);
    expect((await step(admin.token, rid, { action: 'receive', condition: 'sellable' })).status).toBe(200);
    return { id, rid };
  }

  it('once its replacement has shipped, the piece cannot be refunded too', async () => {
    await setStock(db(), 'return-ring', 20, '12');
    const { id, rid } = await readyToShip();
    expect((await step(admin.token, rid, { action: 'ship', shipment })).status).toBe(200);
    const refund = await refundLine(id);
    expect(refund).toMatchObject({
      status: 409,
      body: { success: false, message: 'Return Ring was replaced already, so it cannot be refunded too.' },
    });
    const order = await db()
      .collection('orders')
      .findOne({ _id: new ObjectId(id) });
    expect(order).toMatchObject({ replacedQty: { '0': 1 } });
    expect(order?.['refundedQty']?.['0'] ?? 0).toBe(0);
    expect(order?.['refunds'] ?? {}).toEqual({});
  });

  it("two ship clicks at once with one piece in stock: the one that ships keeps the line's claim, so the piece cannot be refunded too", async () => {
    for (let round = 0; round < 8; round++) {
      const { id, rid } = await readyToShip();
      await setStock(db(), 'return-ring', 1, '12');
      const twins = await Promise.all([
        step(admin.token, rid, { action: 'ship', shipment }),
        step(admin.token, rid, { action: 'ship', shipment }),
      ]);
      // The click that found the piece gone is told its twin shipped it (or is shipping it), never "out of stock".
      expect(twins.map((r) => r.status)).toContain(200);
      for (const r of twins)
        if (r.status !== 200)
          expect(r.body.message).toBe('Another click is sending this replacement right now. Reload in a moment to see it.');
      expect(await stockOf('return-ring', '12')).toBe(0);
      expect(await refundLine(id)).toMatchObject({
        status: 409,
        body: { message: 'Return Ring was replaced already, so it cannot be refunded too.' },
      });
      const order = await db()
        .collection('orders')
        .findOne({ _id: new ObjectId(id) });
      expect(order).toMatchObject({ replacedQty: { '0': 1 }, replacedFor: [rid] });
    }
  });

  it('a claim left by a ship click that died before taking stock does not block the refund the policy gives when stock is out', async () => {
    const { id, rid } = await readyToShip();
    // The click claimed the line's unit, then its process died before it took a piece.
    await db()
      .collection('orders')
      .updateOne({ _id: new ObjectId(id) }, { $set: { 'replacedQty.0': 1, replacedFor: [rid] } });
    await setStock(db(), 'return-ring', 0, '12');
    expect((await step(admin.token, rid, { action: 'ship', shipment })).status).toBe(409);
    expect(await refundLine(id)).toMatchObject({ status: 201 });
    const request = await db()
      .collection('returns')
      .findOne({ _id: rid } as never);
    expect(request?.['status']).toBe('refunded');
  });

  it('shipping a replacement racing a refund of the same piece: exactly one of them happens', async () => {
    await setStock(db(), 'return-ring', 50, '12');
    for (let round = 0; round < 6; round++) {
      const { id, rid } = await readyToShip();
      const [shipped, refunded] =
        round % 2
          ? await Promise.all([step(admin.token, rid, { action: 'ship', shipment }), refundLine(id)])
          : await (async () => {
              const r = refundLine(id);
              return [await step(admin.token, rid, { action: 'ship', shipment }), await r];
            })();
      const order = await db()
        .collection('orders')
        .findOne({ _id: new ObjectId(id) });
      const refundedQty = order?.['refundedQty']?.['0'] ?? 0;
      const replacedQty = order?.['replacedQty']?.['0'] ?? 0;
      expect(refundedQty + replacedQty).toBe(1);
      expect([shipped!.status, refunded!.status].sort()).toEqual(shipped!.status === 200 ? [200, 409] : [201, 409]);
      const request = await db()
        .collection('returns')
        .findOne({ _id: rid } as never);
      expect(request?.['status']).toBe(replacedQty ? 'replacement_shipped' : 'refunded');
    }
  });
});

describe('the stock ledger, after everything above', () => {
  it('agrees with every unit: each take, give-back and move was recorded with the change itself', async () => {
    expect((await stockLedgerService.check()).disagreeing).toEqual([]);
  });
});
