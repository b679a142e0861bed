import { randomUUID } from 'node:crypto';
import { MongoClient, ObjectId, type Document } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { serveRazorpaySandbox } from '../setup/razorpay-sandbox';
import { makeCatalogue, makeProduct, defaultProducts } from '../fixtures/catalogue';
import { makeShopper } from '../fixtures/shoppers';
import { webhookDelivery } from '../fixtures/payments';
import { statusChange } from '../fixtures/orders';
import { makeAdmin, moveOrder, placeCodOrder, placePaidOrder } from '../fixtures/placed-orders';
import { importCatalogue } from '@server/services/catalogue-import.service';
import adminOrderStatus from '@functions/admin_order_status';
import adminOrderRefunds from '@functions/admin_order_refunds';
import adminOrderRefundRetry from '@functions/admin_order_refund_retry';
import cancelOrderFn from '@functions/cancel_order';
import razorpayWebhook from '@functions/razorpay_webhook';
import invoice from '@functions/invoice';
import adminAccounts from '@functions/admin_accounts';
import { parse } from 'csv-parse/sync';
import creditNote from '@functions/credit_note';
import { creditNotesService } from '@server/services/credit-notes.service';
import { ordersRepository } from '@server/repositories/orders.repository';
import type { OrderDoc } from '@server/collections';
import { resetEnvForTests, SANDBOX_KEY_ID } from '@server/env';
import { reconcilePayments } from '@server/services/reconcile.service';

const { uri, name } = setupTestDatabase();
const sandbox = serveRazorpaySandbox();
let client: MongoClient;
const db = () => client.db(name);
let admin: Awaited<ReturnType<typeof makeShopper>>;

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  expect(
    (
      await importCatalogue(
        makeCatalogue([
          ...defaultProducts(),
          makeProduct({ slug: 'refund-cuff', name: 'Refund Cuff', price: 500, stock: 1000 }),
          makeProduct({ slug: 'refund-studs', name: 'Refund Studs', price: 333, stock: 1000 }),
        ]),
        { overwriteStock: true },
      )
    ).ok,
  ).toBe(true);
  admin = await makeAdmin();
  return () => client.close();
});

const lines = [
  { slug: 'refund-cuff', price: 500, quantity: 2 },
  { slug: 'refund-studs', price: 333, quantity: 3 },
];
/** 2 × 500 + 3 × 333, free shipping. */
const TOTAL = 1999;

/** A paid online order (2 cuffs and 3 studs) for a new shopper; its id and Razorpay payment id. */
async function paidOrder(): Promise<{ id: string; paymentId: string; token: string; phone: string }> {
  const shopper = await makeShopper();
  const { id, paymentId } = await placePaidOrder(sandbox, shopper.token, lines);
  return { id, paymentId, token: shopper.token, phone: shopper.phone };
}

/** A cash-on-delivery order of one cuff; delivered (and so paid in cash) when asked. */
async function codOrder(delivered: boolean): Promise<string> {
  const shopper = await makeShopper();
  const { id } = await placeCodOrder(shopper.token, [{ slug: 'refund-cuff', price: 500 }]);
  if (delivered) await moveOrder(admin.token, id, 'delivered');
  return id;
}

const refundCall = (id: string, body: unknown, opts: { token?: string | null; key?: string | null } = {}) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = opts.token === undefined ? admin.token : opts.token;
  if (token) headers['authorization'] = `Bearer ${token}`;
  const key = opts.key === undefined ? randomUUID() : opts.key;
  if (key) headers['idempotency-key'] = key;
  return call(adminOrderRefunds, `/api/admin/orders/${id}/refunds`, { method: 'POST', headers, body: JSON.stringify(body) });
};

const orderOf = async (id: string) =>
  (await db()
    .collection('orders')
    .findOne({ _id: new ObjectId(id) }))!;
const sandboxRefunds = (paymentId: string) => db().collection('razorpay_sandbox_refunds').find({ payment_id: paymentId }).toArray();
const sumOf = (refunds: Document[]) => refunds.filter((r) => r.status !== 'failed').reduce((s, r) => s + Number(r.amount), 0);
const entries = (order: Record<string, any>) => Object.values((order['refunds'] ?? {}) as Record<string, any>);

/** A refund webhook as Razorpay sends it. */
const refundEvent = (
  event: 'refund.processed' | 'refund.failed',
  refund: { id: string; payment_id: string; amount: number; key: string },
) =>
  webhookDelivery(event, {
    refund: {
      entity: {
        id: refund.id,
        entity: 'refund',
        payment_id: refund.payment_id,
        amount: refund.amount,
        status: event === 'refund.processed' ? 'processed' : 'failed',
        notes: { refund_key: refund.key },
      },
    },
  });

describe('POST /api/admin/orders/{id}/refunds: who and what', () => {
  it('401 without a token, 403 for a shopper, 400 for a bad body or no Idempotency-Key', async () => {
    const { id } = await paidOrder();
    const shopper = await makeShopper();
    const body = { lines: [{ index: 0, quantity: 1 }], method: 'razorpay' };
    expect((await refundCall(id, body, { token: null })).status).toBe(401);
    expect(await refundCall(id, body, { token: shopper.token })).toMatchObject({ status: 403 });
    for (const bad of [
      {},
      { method: 'razorpay' },
      { lines: [], method: 'razorpay' },
      { lines: [{ index: 0, quantity: 0 }], method: 'razorpay' },
      { lines: [{ index: 0, quantity: 1 }], all: true, method: 'razorpay' },
      {
        lines: [
          { index: 0, quantity: 1 },
          { index: 0, quantity: 1 },
        ],
        method: 'razorpay',
      },
      { all: true, method: 'cheque' },
      { all: true, method: 'upi' },
      { all: true, method: 'razorpay', amount: 5 },
    ]) {
      expect(await refundCall(id, bad)).toMatchObject({ status: 400, body: { success: false } });
    }
    expect(await refundCall(id, body, { key: null })).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/Idempotency-Key/) },
    });
    expect(await refundCall(id, { lines: [{ index: 5, quantity: 1 }], method: 'razorpay' })).toMatchObject({ status: 400 });
    expect(await refundCall(id, { all: true, method: 'upi', reference: 'UPI123' })).toMatchObject({ status: 400 });
    expect(await refundCall(new ObjectId().toHexString(), body)).toMatchObject({ status: 404 });
    expect((await orderOf(id))['refundedPaise'] ?? 0).toBe(0);
  });

  it('refuses an order that was not paid with a clear 409', async () => {
    const id = await codOrder(false);
    expect(await refundCall(id, { all: true, method: 'upi', reference: 'UPI123' })).toMatchObject({
      status: 409,
      body: { success: false, message: 'This order has not been paid, so there is nothing to refund.' },
    });
  });
});

describe('refunds of an online payment', () => {
  it('refunds one unit of a line through Razorpay, then everything left; the order ends refunded', async () => {
    const { id, paymentId, phone } = await paidOrder();
    const one = await refundCall(id, { lines: [{ index: 1, quantity: 1 }], method: 'razorpay' });
    expect(one).toMatchObject({
      status: 201,
      body: { success: true, message: 'Refund of ₹333 made', refund: { amount: 333, status: 'processed', method: 'razorpay' } },
    });
    expect(one.body.order).toMatchObject({ paymentStatus: 'paid', refundedAmount: 333 });
    let rz = await sandboxRefunds(paymentId);
    expect(rz.map((r) => r['amount'])).toEqual([33300]);
    expect(rz[0]!['idempotency_key']).toMatch(/^[0-9a-f]{24}-r[0-9a-f]{20}$/);
    expect(one.body.refund.razorpayRefundId).toBe(rz[0]!['_id']);

    // More units than are left of a line: refused, nothing moves.
    expect(await refundCall(id, { lines: [{ index: 1, quantity: 3 }], method: 'razorpay' })).toMatchObject({
      status: 409,
      body: { message: 'Only 2 of Refund Studs can still be refunded.' },
    });
    const rest = await refundCall(id, { all: true, method: 'razorpay' });
    expect(rest).toMatchObject({ status: 201, body: { refund: { amount: TOTAL - 333, status: 'processed', whole: true } } });
    expect(rest.body.refund.lines).toEqual([
      { index: 0, quantity: 2 },
      { index: 1, quantity: 2 },
    ]);
    rz = await sandboxRefunds(paymentId);
    expect(sumOf(rz)).toBe(TOTAL * 100);
    const order = await orderOf(id);
    expect(order).toMatchObject({ paymentStatus: 'refunded', refundedPaise: TOTAL * 100, refundsPending: 0 });
    expect(await refundCall(id, { all: true, method: 'razorpay' })).toMatchObject({
      status: 409,
      body: { message: 'Everything paid for this order was refunded already.' },
    });
    // Each refund texts the shopper once, with its own amount.
    const texts = (await db().collection('sms_outbox').find({ to: phone }).toArray()).map((t) => String(t['text']));
    const refundTexts = texts.filter((t) => /has been refunded/.test(t));
    expect(refundTexts).toHaveLength(2);
    expect(refundTexts[0]).toMatch(/^Chandi Kala: Rs 333 of order HRM-\w{6} has been refunded \(7 to 10 working days\)\. Details: /);
    expect(refundTexts[1]).toMatch(/Rs 1,666 of order/);
  });

  it('units of a line refunded one by one come to the line exactly (333 × 3 split to the paisa)', async () => {
    const { id, paymentId } = await paidOrder();
    for (let i = 0; i < 3; i++) expect((await refundCall(id, { lines: [{ index: 1, quantity: 1 }], method: 'razorpay' })).status).toBe(201);
    expect(sumOf(await sandboxRefunds(paymentId))).toBe(99900);
    expect((await orderOf(id))['refundedQty']).toEqual({ '1': 3 });
  });

  it('16 admins refunding the same order at once never refund more than was paid', async () => {
    const { id, paymentId } = await paidOrder();
    const bodies = [
      { all: true, method: 'razorpay' },
      { lines: [{ index: 0, quantity: 1 }], method: 'razorpay' },
      { lines: [{ index: 1, quantity: 2 }], method: 'razorpay' },
      { lines: [{ index: 0, quantity: 2 }], method: 'razorpay' },
    ];
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => refundCall(id, bodies[i % bodies.length])));
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const made = results.filter((r) => r.status === 201);
    expect(made.length).toBeGreaterThan(0);
    const rz = await sandboxRefunds(paymentId);
    const order = await orderOf(id);
    // Money moved exactly as the ledger says, and never more than was paid.
    expect(rz).toHaveLength(made.length);
    expect(sumOf(rz)).toBe(order['refundedPaise']);
    expect(order['refundedPaise']).toBeLessThanOrEqual(TOTAL * 100);
    expect(entries(order).reduce((s, e) => s + e.paise, 0)).toBe(order['refundedPaise']);
    expect(order['refundedQty']['0'] ?? 0).toBeLessThanOrEqual(2);
    expect(order['refundedQty']['1'] ?? 0).toBeLessThanOrEqual(3);
    // Whatever is left can still be refunded, to exactly what was paid.
    if (order['refundedPaise'] < TOTAL * 100) expect((await refundCall(id, { all: true, method: 'razorpay' })).status).toBe(201);
    expect(sumOf(await sandboxRefunds(paymentId))).toBe(TOTAL * 100);
    expect(await orderOf(id)).toMatchObject({ paymentStatus: 'refunded' });
  });

  it('one Idempotency-Key sent 10 times at once makes one Razorpay refund; another body under it is refused', async () => {
    const { id, paymentId } = await paidOrder();
    const key = randomUUID();
    const body = { lines: [{ index: 0, quantity: 1 }], method: 'razorpay' };
    const results = await Promise.all(Array.from({ length: 10 }, () => refundCall(id, body, { key })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.refund.key)).size).toBe(1);
    const rz = await sandboxRefunds(paymentId);
    expect(rz).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.refund.razorpayRefundId))).toEqual(new Set([rz[0]!['_id']]));
    const order = await orderOf(id);
    expect(entries(order)).toHaveLength(1);
    expect(order['refundedPaise']).toBe(50000);
    expect(await refundCall(id, { lines: [{ index: 0, quantity: 2 }], method: 'razorpay' }, { key })).toMatchObject({ status: 409 });
    // Later, the same click again: the same refund, nothing new.
    expect(await refundCall(id, body, { key })).toMatchObject({ status: 200, body: { refund: { key: results[0]!.body.refund.key } } });
    expect(await sandboxRefunds(paymentId)).toHaveLength(1);
  });

  it('a click whose request never heard from Razorpay is retried with the same key and refunds once', async () => {
    const { id, paymentId } = await paidOrder();
    const key = randomUUID();
    const body = { lines: [{ index: 1, quantity: 1 }], method: 'razorpay' };
    const url = process.env.RAZORPAY_SANDBOX_URL!;
    process.env.RAZORPAY_SANDBOX_URL = 'http://127.0.0.1:9/razorpay-sandbox';
    resetEnvForTests();
    try {
      const lost = await refundCall(id, body, { key });
      // No answer: the refund stays requested (its amount held) and the order says so.
      expect(lost).toMatchObject({ status: 201, body: { refund: { status: 'requested', razorpayRefundId: null } } });
      expect(await orderOf(id)).toMatchObject({ refundedPaise: 33300, refundsPending: 1 });
      expect((await orderOf(id))['needsAttention']).toMatch(/^No answer from Razorpay for a refund of ₹333 \(/);
    } finally {
      process.env.RAZORPAY_SANDBOX_URL = url;
      resetEnvForTests();
    }
    const again = await Promise.all([1, 2, 3].map(() => refundCall(id, body, { key })));
    expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(again.map((r) => r.body.refund.status)).toEqual(['processed', 'processed', 'processed']);
    expect(await sandboxRefunds(paymentId)).toHaveLength(1);
    expect(await orderOf(id)).toMatchObject({ refundedPaise: 33300, refundsPending: 0, needsAttention: null });
  });

  it('a refund whose request heard nothing is settled by its webhook, which also clears the "no answer" flag', async () => {
    const { id, paymentId } = await paidOrder();
    const url = process.env.RAZORPAY_SANDBOX_URL!;
    process.env.RAZORPAY_SANDBOX_URL = 'http://127.0.0.1:9/razorpay-sandbox';
    resetEnvForTests();
    let key: string;
    try {
      const lost = await refundCall(id, { lines: [{ index: 0, quantity: 1 }], method: 'razorpay' });
      expect(lost.body.refund.status).toBe('requested');
      key = lost.body.refund.key as string;
      expect((await orderOf(id))['needsAttention']).toMatch(/^No answer from Razorpay for a refund of ₹500 \(/);
    } finally {
      process.env.RAZORPAY_SANDBOX_URL = url;
      resetEnvForTests();
    }
    const refund = { id: 'rfnd_answeredlate01', payment_id: paymentId, amount: 50000, key };
    const answer = await call(razorpayWebhook, '/api/razorpay-webhook', refundEvent('refund.processed', refund));
    expect(answer.body.outcome).toBe('refund processed');
    const order = await orderOf(id);
    expect(order['refunds'][key]).toMatchObject({ status: 'processed', razorpayRefundId: 'rfnd_answeredlate01' });
    expect(order).toMatchObject({ refundedPaise: 50000, refundsPending: 0, needsAttention: null, attention: null });
  });

  it('a refund nobody retries is asked about again by the reconciliation job after 10 minutes, and settled once', async () => {
    const { id, paymentId } = await paidOrder();
    const url = process.env.RAZORPAY_SANDBOX_URL!;
    process.env.RAZORPAY_SANDBOX_URL = 'http://127.0.0.1:9/razorpay-sandbox';
    resetEnvForTests();
    try {
      const lost = await refundCall(id, { lines: [{ index: 0, quantity: 1 }], method: 'razorpay' });
      expect(lost.body.refund.status).toBe('requested');
    } finally {
      process.env.RAZORPAY_SANDBOX_URL = url;
      resetEnvForTests();
    }
    // Too early: still within Razorpay's own time to answer.
    expect((await reconcilePayments()).refundsAsked).toBe(0);
    const later = new Date(Date.now() + 11 * 60_000);
    const [first, second] = await Promise.all([reconcilePayments(later), reconcilePayments(later)]);
    expect(first.refundsAsked + second.refundsAsked).toBeGreaterThanOrEqual(1);
    expect(await sandboxRefunds(paymentId)).toHaveLength(1);
    expect(await orderOf(id)).toMatchObject({ refundedPaise: 50000, refundsPending: 0, needsAttention: null });
  });

  it('a refund racing a cancel: the payment goes back exactly once in all', async () => {
    for (let round = 0; round < 4; round++) {
      const { id, paymentId } = await paidOrder();
      const cancel = () =>
        call(adminOrderStatus, `/api/admin/orders/${id}/status`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(statusChange('cancelled')),
        });
      const refund = () =>
        refundCall(id, round % 2 ? { all: true, method: 'razorpay' } : { lines: [{ index: 0, quantity: 1 }], method: 'razorpay' });
      const results = await Promise.all(round < 2 ? [refund(), cancel(), refund()] : [cancel(), refund(), cancel()]);
      expect(results.every((r) => [200, 201, 409].includes(r.status))).toBe(true);
      const order = await orderOf(id);
      expect(order['status']).toBe('cancelled');
      expect(order['paymentStatus']).toBe('refunded');
      expect(sumOf(await sandboxRefunds(paymentId))).toBe(TOTAL * 100);
      const ledger = order['refundedPaise'] ?? 0;
      const whole = order['refund']?.amountPaise ?? 0;
      expect(ledger + whole).toBe(TOTAL * 100);
    }
  });
});

describe('refund webhooks', () => {
  it('refund.failed gives the amount back once, flags the order, and later events cannot undo it', async () => {
    const { id, paymentId } = await paidOrder();
    await fetch(`${sandbox.url}/payments/${paymentId}/fail-refunds`, { method: 'POST' });
    const r = await refundCall(id, { lines: [{ index: 0, quantity: 1 }], method: 'razorpay' });
    // Razorpay answers 'pending': the refund waits for its webhook.
    expect(r).toMatchObject({ status: 201, body: { refund: { status: 'requested', amount: 500 } } });
    const refund = { id: r.body.refund.razorpayRefundId as string, payment_id: paymentId, amount: 50000, key: r.body.refund.key as string };
    expect(refund.id).toMatch(/^rfnd_/);
    expect((await orderOf(id))['refundedPaise']).toBe(50000);

    const failed = await Promise.all(
      [1, 2, 3].map(() => call(razorpayWebhook, '/api/razorpay-webhook', refundEvent('refund.failed', refund))),
    );
    expect(failed.map((f) => f.body.outcome)).toEqual(['refund failed', 'refund failed', 'refund failed']);
    let order = await orderOf(id);
    expect(order).toMatchObject({ refundedPaise: 0, refundsPending: 0, refundedQty: { '0': 0 }, paymentStatus: 'paid' });
    expect(order['refunds'][refund.key]).toMatchObject({ status: 'failed' });
    expect(order['needsAttention']).toMatch(/did not go through/);
    // A late processed for the failed refund changes nothing: failed is what Razorpay settled on.
    await call(razorpayWebhook, '/api/razorpay-webhook', refundEvent('refund.processed', refund));
    order = await orderOf(id);
    expect(order['refunds'][refund.key]).toMatchObject({ status: 'failed' });
    expect(order['refundedPaise']).toBe(0);
  });

  it('refund.processed arriving mid-way settles a pending refund; a failed arriving after it is ignored', async () => {
    const { id, paymentId } = await paidOrder();
    await fetch(`${sandbox.url}/payments/${paymentId}/fail-refunds`, { method: 'POST' });
    const r = await refundCall(id, { all: true, method: 'razorpay' });
    expect(r.body.refund.status).toBe('requested');
    const refund = {
      id: r.body.refund.razorpayRefundId as string,
      payment_id: paymentId,
      amount: TOTAL * 100,
      key: r.body.refund.key as string,
    };
    const twice = await Promise.all(
      [1, 2].map(() => call(razorpayWebhook, '/api/razorpay-webhook', refundEvent('refund.processed', refund))),
    );
    expect(twice.map((t) => t.body.outcome)).toEqual(['refund processed', 'refund processed']);
    expect(await orderOf(id)).toMatchObject({ paymentStatus: 'refunded', refundedPaise: TOTAL * 100, refundsPending: 0 });
    await call(razorpayWebhook, '/api/razorpay-webhook', refundEvent('refund.failed', refund));
    const order = await orderOf(id);
    expect(order).toMatchObject({ paymentStatus: 'refunded', refundedPaise: TOTAL * 100, needsAttention: null });
    expect(order['refunds'][refund.key]).toMatchObject({ status: 'processed' });
  });

  it('a refund Razorpay refuses outright is marked failed at once: the amount comes back and the order is flagged', async () => {
    const { id, paymentId } = await paidOrder();
    // Refunded in Razorpay's dashboard meanwhile: nothing is left to refund there.
    await db()
      .collection('razorpay_sandbox_payments')
      .updateOne({ _id: paymentId as never }, { $set: { amount_refunded: TOTAL * 100 } });
    const r = await refundCall(id, { lines: [{ index: 0, quantity: 1 }], method: 'razorpay' });
    expect(r).toMatchObject({ status: 201, body: { message: 'Refund of ₹500 failed', refund: { status: 'failed' } } });
    const order = await orderOf(id);
    expect(order).toMatchObject({ refundedPaise: 0, refundsPending: 0, paymentStatus: 'paid' });
    expect(order['needsAttention']).toMatch(/^A refund of ₹500 did not go through \(Razorpay 400 failed: /);
    expect(await sandboxRefunds(paymentId)).toHaveLength(0);
  });

  it('a webhook for a refund the shop does not know is acknowledged and ignored', async () => {
    const r = await call(
      razorpayWebhook,
      '/api/razorpay-webhook',
      refundEvent('refund.processed', { id: 'rfnd_unknown', payment_id: 'pay_unknown0000001', amount: 100, key: 'rnothing' }),
    );
    expect(r).toMatchObject({ status: 200, body: { outcome: 'ignored' } });
  });
});

describe('refunds of cash paid on delivery', () => {
  it('are recorded with how they were paid (UPI or bank transfer and its reference), processed at once', async () => {
    const id = await codOrder(true);
    expect((await orderOf(id))['paymentStatus']).toBe('paid');
    expect(await refundCall(id, { lines: [{ index: 0, quantity: 1 }], method: 'razorpay' })).toMatchObject({ status: 400 });
    expect(await refundCall(id, { lines: [{ index: 0, quantity: 1 }], method: 'upi' })).toMatchObject({ status: 400 });
    const r = await refundCall(id, { lines: [{ index: 0, quantity: 1 }], method: 'upi', reference: 'UPI/431234567890' });
    expect(r).toMatchObject({
      status: 201,
      body: { refund: { amount: 500, method: 'upi', reference: 'UPI/431234567890', status: 'processed', razorpayRefundId: null } },
    });
    // The shipping and COD fee go back with "everything left".
    const rest = await refundCall(id, { all: true, method: 'bank_transfer', reference: 'NEFT N123456789' });
    expect(rest).toMatchObject({ status: 201, body: { refund: { amount: 100, method: 'bank_transfer' } } });
    expect(await orderOf(id)).toMatchObject({ paymentStatus: 'refunded', refundedPaise: 60000 });
  });
});

describe('GST credit notes', () => {
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  const invoiced = async () => {
    const o = await paidOrder();
    const inv = await call(invoice, `/api/invoice/${o.id}`, bearer(o.token));
    expect(inv.status).toBe(200);
    return { ...o, invoiceNumber: inv.body.invoice.invoiceNumber as string, invoice: inv.body.invoice };
  };

  it('a refund of an invoiced order issues a credit note referencing the invoice, printable by its owner or an admin only', async () => {
    const o = await invoiced();
    const r = await refundCall(o.id, { lines: [{ index: 1, quantity: 1 }], method: 'razorpay' });
    expect(r.body.refund.creditNote).toMatch(/^CN\/\d{4}-\d{2}\/\d{6}$/);
    const listed = r.body.order.creditNotes;
    expect(listed).toEqual([
      { id: `${o.id}-${r.body.refund.key}`, number: r.body.refund.creditNote, at: expect.any(String), amount: 333, kind: 'refund' },
    ]);
    const got = await call(creditNote, `/api/credit-notes/${listed[0].id}`, bearer(o.token));
    expect(got.status).toBe(200);
    const cn = got.body.creditNote;
    expect(cn).toMatchObject({
      creditNoteNumber: r.body.refund.creditNote,
      kind: 'refund',
      invoiceNumber: o.invoiceNumber,
      invoiceDate: o.invoice.invoiceDate,
      placeOfSupply: o.invoice.placeOfSupply,
      supply: o.invoice.supply,
      settlement: expect.stringMatching(/^Refunded through Razorpay \(rfnd_/),
    });
    expect(cn.lines).toHaveLength(1);
    expect(cn.lines[0]).toMatchObject({ description: 'Refund Studs', hsn: '7113', quantity: 1, gross: 33300 });
    expect(cn.totals.gross).toBe(33300);
    expect(cn.totals.taxable + cn.totals.cgst + cn.totals.sgst + cn.totals.igst).toBe(33300);
    expect(cn.amountInWords).toMatch(/Three Hundred Thirty/i);
    const stranger = await makeShopper();
    expect((await call(creditNote, `/api/credit-notes/${listed[0].id}`, bearer(stranger.token))).status).toBe(404);
    expect((await call(creditNote, `/api/credit-notes/${listed[0].id}`, bearer(admin.token))).status).toBe(200);
    expect((await call(creditNote, `/api/credit-notes/${listed[0].id}`)).status).toBe(401);
    expect((await call(creditNote, '/api/credit-notes/nonsense', bearer(admin.token))).status).toBe(400);
    expect((await call(creditNote, `/api/credit-notes/${new ObjectId().toHexString()}-cancel`, bearer(admin.token))).status).toBe(404);
  });

  it('a refund of an order whose invoice nobody opened issues the invoice first, then its credit note; cancelling an invoiced order credits what refunds have not', async () => {
    const plain = await paidOrder();
    expect((await orderOf(plain.id))['invoiceNumber']).toBeUndefined();
    const r = await refundCall(plain.id, { lines: [{ index: 0, quantity: 1 }], method: 'razorpay' });
    const issued = (await orderOf(plain.id))['invoiceNumber'] as string;
    expect(issued).toMatch(/^INV\//);
    expect(r.body.refund.creditNote).toMatch(/^CN\//);
    const note = (await call(creditNote, `/api/credit-notes/${r.body.order.creditNotes[0].id}`, bearer(plain.token))).body.creditNote;
    expect(note.invoiceNumber).toBe(issued);

    const o = await invoiced();
    await refundCall(o.id, { lines: [{ index: 0, quantity: 1 }], method: 'razorpay' });
    const cancel = await call(adminOrderStatus, `/api/admin/orders/${o.id}/status`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(statusChange('cancelled')),
    });
    expect(cancel.status).toBe(200);
    const order = await orderOf(o.id);
    expect(order['creditNotes'].map((n: { kind: string; amountPaise: number }) => [n.kind, n.amountPaise])).toEqual([
      ['refund', 50_000],
      ['cancellation', (TOTAL - 500) * 100],
    ]);
    const cn = (await call(creditNote, `/api/credit-notes/${o.id}-cancel`, bearer(o.token))).body.creditNote;
    expect(cn.totals.gross).toBe((TOTAL - 500) * 100);
    expect(cn.lines.map((l: { quantity: number }) => l.quantity)).toEqual([1, 3]);
  });

  it('a refund whose request died before its credit note is given one by the reconciliation job, once even when two runs overlap', async () => {
    const o = await invoiced();
    const r = await refundCall(o.id, { lines: [{ index: 0, quantity: 1 }], method: 'razorpay' });
    const noteId = `${o.id}-${r.body.refund.key}`;
    // As if the request had died after the refund was processed and before its note was made.
    await db()
      .collection('credit_notes')
      .deleteOne({ _id: noteId } as never);
    await db()
      .collection('orders')
      .updateOne({ _id: new ObjectId(o.id) }, { $set: { creditNotes: [], [`refunds.${r.body.refund.key}.creditNote`]: null } });
    const [first, second] = await Promise.all([reconcilePayments(), reconcilePayments()]);
    expect(first.creditNotesIssued + second.creditNotesIssued).toBeGreaterThanOrEqual(1);
    expect(
      await db()
        .collection('credit_notes')
        .countDocuments({ orderId: new ObjectId(o.id) }),
    ).toBe(1);
    const order = await orderOf(o.id);
    expect(order['creditNotes'].map((n: { id: string }) => n.id)).toEqual([noteId]);
    expect((await call(creditNote, `/api/credit-notes/${noteId}`, bearer(o.token))).body.creditNote.creditNoteNumber).toMatch(/^CN\//);
  });

  it('one source gets one note under 10 concurrent requests; notes issued at once take consecutive numbers', async () => {
    // 10 more requests race to issue the note of a refund that has one: they all answer that one.
    const o = await paidOrder();
    const r = await refundCall(o.id, { lines: [{ index: 1, quantity: 2 }], method: 'razorpay' });
    const doc = (await ordersRepository.findById(o.id)) as OrderDoc;
    const entry = doc.refunds![r.body.refund.key]!;
    const notes = await Promise.all(Array.from({ length: 10 }, () => creditNotesService.issueForRefund(doc, entry)));
    expect(new Set(notes.map((n) => n!.number))).toEqual(new Set([r.body.refund.creditNote]));
    expect(await db().collection('credit_notes').countDocuments({ orderId: doc._id })).toBe(1);
    expect((await orderOf(o.id))['creditNotes']).toHaveLength(1);

    const orders = await Promise.all(Array.from({ length: 10 }, () => invoiced()));
    const refunds = await Promise.all(orders.map((x) => refundCall(x.id, { all: true, method: 'razorpay' })));
    const numbers = refunds.map((x) => Number(String(x.body.refund.creditNote).split('/')[2])).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(10);
    expect(numbers[9]! - numbers[0]!).toBe(9);
  });
});

describe('the accountant’s export', () => {
  it('lists credit notes with negative taxable value and taxes against their invoice, and the refunds made', async () => {
    const o = await paidOrder();
    const inv = await call(invoice, `/api/invoice/${o.id}`, { headers: { authorization: `Bearer ${o.token}` } });
    const invoiceNumber = inv.body.invoice.invoiceNumber as string;
    const refund = await refundCall(o.id, { lines: [{ index: 1, quantity: 1 }], method: 'razorpay' });
    await call(adminOrderStatus, `/api/admin/orders/${o.id}/status`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(statusChange('cancelled')),
    });
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const res = await adminAccounts(
      new Request(`http://localhost/api/admin/accounts?from=${today}&to=${today}`, { headers: { authorization: `Bearer ${admin.token}` } }),
    );
    expect(res.status).toBe(200);
    const rows = (parse(await res.text(), { columns: true }) as Record<string, string>[]).filter(
      (r) => r['Order number'] === `HRM-${o.id.slice(-6).toUpperCase()}`,
    );
    expect(rows.map((r) => r['Document type'])).toEqual(['Invoice', 'Credit note', 'Credit note', 'Refund', 'Refund']);
    const [inv0, cn1, cn2] = rows;
    expect(inv0).toMatchObject({ 'Document number': invoiceNumber, 'Invoice value': '1999.00', HSN: '7113' });
    expect(cn1).toMatchObject({
      'Document number': refund.body.refund.creditNote,
      'Invoice number': invoiceNumber,
      'Invoice value': '-333.00',
      HSN: '7113',
      'Place of supply': inv0!['Place of supply'],
      Supply: inv0!['Supply'],
    });
    expect(cn2!['Invoice value']).toBe('-1666.00');
    const paise = (r: Record<string, string>, k: string) => Math.round(Number(r[k]) * 100);
    for (const cn of [cn1!, cn2!]) {
      expect(paise(cn, 'Taxable value')).toBeLessThan(0);
      expect(paise(cn, 'Taxable value') + paise(cn, 'Total tax')).toBe(paise(cn, 'Invoice value'));
      expect(paise(cn, 'CGST') + paise(cn, 'SGST') + paise(cn, 'IGST')).toBe(paise(cn, 'Total tax'));
    }
    // Together the credit notes cancel the invoice to the paisa.
    expect(paise(cn1!, 'Taxable value') + paise(cn2!, 'Taxable value')).toBe(-paise(inv0!, 'Taxable value'));
    // Refunds are money paid back, in their own column: the credit notes already reduce the sale.
    const refundRows = rows.filter((r) => r['Document type'] === 'Refund');
    expect(refundRows.map((r) => [r['Invoice value'], r['Refund amount'], r['Refund status']])).toEqual([
      ['', '333.00', 'processed'],
      ['', '1666.00', 'processed'],
    ]);
  });
});

describe('a cancelled order whose refund fails (issue #33: attacks that must fail)', () => {
  const retry = (id: string, key: string | null, token: string | null = admin.token) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers['authorization'] = `Bearer ${token}`;
    if (key) headers['idempotency-key'] = key;
    return call(adminOrderRefundRetry, `/api/admin/orders/${id}/refund-retry`, { method: 'POST', headers, body: '{}' });
  };
  const textsTo = async (phone: string) =>
    (await db().collection('sms_outbox').find({ to: phone }).toArray()).map((t) => String(t['text']));
  const wholeRefundEvent = (event: 'refund.processed' | 'refund.failed', id: string, paymentId: string) =>
    webhookDelivery(event, {
      refund: {
        entity: {
          id,
          entity: 'refund',
          payment_id: paymentId,
          amount: TOTAL * 100,
          status: event === 'refund.processed' ? 'processed' : 'failed',
          notes: {},
        },
      },
    });

  it('says "refund started" until Razorpay confirms; when it fails, an admin retries it once per key', async () => {
    const { id, paymentId, token, phone } = await paidOrder();
    await fetch(`${sandbox.url}/payments/${paymentId}/fail-refunds`, { method: 'POST' });
    const cancelled = await call(cancelOrderFn, `/api/orders/${id}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cancelled.status).toBe(200);
    let order = await orderOf(id);
    // Razorpay answered 'pending': the shopper is told the refund started, not that it is done.
    expect(order['refund']).toMatchObject({ status: 'pending', amountPaise: TOTAL * 100 });
    const texts = await textsTo(phone);
    expect(texts.find((t) => /Cancelled/.test(t))).toMatch(/your order HRM-\w{6} is now Cancelled, refund of Rs 1,999 started\. Details: /);
    expect(texts.filter((t) => /refunded/.test(t))).toEqual([]);

    // Nothing failed yet: there is nothing to retry.
    expect(await retry(id, randomUUID())).toMatchObject({ status: 409, body: { success: false } });

    // The bank bounced it.
    const failed = await call(razorpayWebhook, '/api/razorpay-webhook', wholeRefundEvent('refund.failed', order['refund'].id, paymentId));
    expect(failed.body.outcome).toBe('refund failed');
    order = await orderOf(id);
    expect(order).toMatchObject({ paymentStatus: 'paid', refund: { status: 'failed' } });
    expect(order['needsAttention']).toBeTruthy();

    // Refunds go through again; the admin retries from the order page (a doubled click, and a second admin).
    await db()
      .collection('razorpay_sandbox_payments')
      .updateOne({ _id: paymentId as never }, { $unset: { fail_refunds: '' } });
    const key = randomUUID();
    const keys = [key, key, randomUUID()];
    const results = await Promise.all(keys.map((k) => retry(id, k)));
    for (const r of results) expect([200, 201, 409]).toContain(r.status);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const won = results.find((r) => r.status === 201)!;
    expect(won.body).toMatchObject({ success: true, message: 'Refund of ₹1,999 processed', order: { paymentStatus: 'refunded' } });
    const rz = await sandboxRefunds(paymentId);
    expect(sumOf(rz.filter((r) => r['status'] === 'processed'))).toBe(TOTAL * 100);
    order = await orderOf(id);
    expect(order).toMatchObject({
      paymentStatus: 'refunded',
      refund: { status: 'processed', amountPaise: TOTAL * 100 },
      needsAttention: null,
    });

    // The same click again answers the same refund; a new one finds nothing to retry.
    const again = await retry(id, keys[results.indexOf(won)]!);
    expect(again).toMatchObject({ status: 200, body: { message: 'Refund of ₹1,999 processed (already)' } });
    expect(await retry(id, randomUUID())).toMatchObject({ status: 409, body: { message: 'This refund went through already.' } });
    expect(sumOf((await sandboxRefunds(paymentId)).filter((r) => r['status'] === 'processed'))).toBe(TOTAL * 100);
    // And now the shopper hears it is refunded, once.
    expect((await textsTo(phone)).filter((t) => /has been refunded/.test(t))).toHaveLength(1);
  });

  it('a late refund.failed about the refund that failed before does not settle a retry still waiting for its id', async () => {
    const { id, paymentId } = await paidOrder();
    const waiting = { id: null, status: 'requested', amountPaise: TOTAL * 100, at: new Date(), paymentId, retryKey: 'rretry' };
    await db()
      .collection('orders')
      .updateOne({ _id: new ObjectId(id) }, { $set: { status: 'cancelled', refund: waiting } });
    const late = await call(razorpayWebhook, '/api/razorpay-webhook', wholeRefundEvent('refund.failed', 'rfnd_OLDFAILED01', paymentId));
    expect(late.body.outcome).toBe('ignored');
    expect(await orderOf(id)).toMatchObject({ paymentStatus: 'paid', refund: { status: 'requested', retryKey: 'rretry' } });
  });

  /** A paid order cancelled by its shopper whose refund Razorpay failed (its webhook said so); refunds work again after. */
  async function failedWholeRefund(): Promise<{ id: string; paymentId: string; phone: string }> {
    const { id, paymentId, token, phone } = await paidOrder();
    await fetch(`${sandbox.url}/payments/${paymentId}/fail-refunds`, { method: 'POST' });
    await call(cancelOrderFn, `/api/orders/${id}/cancel`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    const refundId = (await orderOf(id))['refund'].id as string;
    await call(razorpayWebhook, '/api/razorpay-webhook', wholeRefundEvent('refund.failed', refundId, paymentId));
    await db()
      .collection('razorpay_sandbox_payments')
      .updateOne({ _id: paymentId as never }, { $unset: { fail_refunds: '' } });
    expect(await orderOf(id)).toMatchObject({ paymentStatus: 'paid', refund: { status: 'failed' } });
    return { id, paymentId, phone };
  }

  /** Runs `fn` while Razorpay cannot be reached (the request never hears back). */
  async function withRazorpayDown<T>(fn: () => Promise<T>): Promise<T> {
    const url = process.env.RAZORPAY_SANDBOX_URL!;
    process.env.RAZORPAY_SANDBOX_URL = 'http://127.0.0.1:9/razorpay-sandbox';
    resetEnvForTests();
    try {
      return await fn();
    } finally {
      process.env.RAZORPAY_SANDBOX_URL = url;
      resetEnvForTests();
    }
  }

  it('a retry whose answer is lost is not "started": the browser keeps its key, and the retry\'s own webhook settles it', async () => {
    const { id, paymentId, phone } = await failedWholeRefund();
    const lost = await withRazorpayDown(() => retry(id, randomUUID()));
    expect(lost).toMatchObject({ status: 502, body: { success: false } });
    expect(lost.body.message).toMatch(/^Razorpay did not answer the retried refund of ₹1,999\..*same/);
    const waiting = await orderOf(id);
    expect(waiting).toMatchObject({ paymentStatus: 'paid', refund: { status: 'requested', id: null } });
    expect(waiting['needsAttention']).toMatch(/^No answer from Razorpay for a refund of ₹1,999/);
    // Razorpay made it after all and says so, naming the retry in its notes, before the shop heard its id.
    const event = webhookDelivery('refund.processed', {
      refund: {
        entity: {
          id: 'rfnd_RETRYLATE0001',
          entity: 'refund',
          payment_id: paymentId,
          amount: TOTAL * 100,
          status: 'processed',
          notes: { orderId: id, retry_key: waiting['refund'].retryKey },
        },
      },
    });
    expect((await call(razorpayWebhook, '/api/razorpay-webhook', event)).body.outcome).toBe('refund processed');
    const order = await orderOf(id);
    expect(order).toMatchObject({ paymentStatus: 'refunded', refund: { status: 'processed', id: 'rfnd_RETRYLATE0001' } });
    expect(order['needsAttention']).toBeNull();
    expect(await retry(id, randomUUID())).toMatchObject({ status: 409, body: { message: 'This refund went through already.' } });
    expect((await textsTo(phone)).filter((t) => /has been refunded/.test(t))).toHaveLength(1);
  });

  it('a retry whose answer is lost is asked again with its own key by a later click (any key) once it is a few seconds old', async () => {
    const { id, paymentId, phone } = await failedWholeRefund();
    expect((await withRazorpayDown(() => retry(id, randomUUID()))).status).toBe(502);
    // Straight away another click is told it is under way (the first request may still be talking to Razorpay).
    expect(await retry(id, randomUUID())).toMatchObject({ status: 409, body: { message: expect.stringMatching(/under way/) } });
    await db()
      .collection('orders')
      .updateOne({ _id: new ObjectId(id) }, { $set: { 'refund.at': new Date(Date.now() - 60_000) } });
    const again = await Promise.all([retry(id, randomUUID()), retry(id, randomUUID())]);
    for (const r of again) expect(r).toMatchObject({ status: 200, body: { message: 'Refund of ₹1,999 processed (already)' } });
    const processed = (await sandboxRefunds(paymentId)).filter((r) => r['status'] === 'processed');
    expect(sumOf(processed)).toBe(TOTAL * 100);
    expect(await orderOf(id)).toMatchObject({ paymentStatus: 'refunded', refund: { status: 'processed' }, needsAttention: null });
    expect((await textsTo(phone)).filter((t) => /has been refunded/.test(t))).toHaveLength(1);
  });

  it('a retry whose answer is lost and that nobody clicks again is asked again by the reconciliation job, once', async () => {
    const { id, paymentId, phone } = await failedWholeRefund();
    expect((await withRazorpayDown(() => retry(id, randomUUID()))).status).toBe(502);
    const later = new Date(Date.now() + 11 * 60_000);
    const [first, second] = await Promise.all([reconcilePayments(later), reconcilePayments(later)]);
    expect(first.refundsAsked + second.refundsAsked).toBeGreaterThanOrEqual(1);
    const processed = (await sandboxRefunds(paymentId)).filter((r) => r['status'] === 'processed');
    expect(sumOf(processed)).toBe(TOTAL * 100);
    expect(await orderOf(id)).toMatchObject({ paymentStatus: 'refunded', refund: { status: 'processed' }, needsAttention: null });
    expect((await textsTo(phone)).filter((t) => /has been refunded/.test(t))).toHaveLength(1);
  });

  it('a retry that goes through clears only its own "no answer" flag: one about another refund stays', async () => {
    const { id } = await failedWholeRefund();
    const other = "No answer from Razorpay for a refund of ₹500 (timeout): check Razorpay's dashboard before refunding again.";
    await db()
      .collection('orders')
      .updateOne(
        { _id: new ObjectId(id) },
        { $set: { needsAttention: other, attention: { code: 'refund_no_answer', refundKey: 'rSOMEOTHERREFUND' } } },
      );
    expect(await retry(id, randomUUID())).toMatchObject({ status: 201, body: { message: 'Refund of ₹1,999 processed' } });
    expect(await orderOf(id)).toMatchObject({ paymentStatus: 'refunded', needsAttention: other });
  });

  it('a cancel whose refund Razorpay never answered is not "failed": no Retry, and Razorpay is asked again with the same key, refunding once', async () => {
    const { id, paymentId, token, phone } = await paidOrder();
    const cancelled = await withRazorpayDown(() =>
      call(cancelOrderFn, `/api/orders/${id}/cancel`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }),
    );
    expect(cancelled.status).toBe(200);
    const waiting = await orderOf(id);
    // Razorpay may have made it: it is neither failed nor retryable, and the admin is told so.
    expect(waiting).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refund: { status: 'requested', id: null } });
    expect(waiting['needsAttention']).toMatch(/^No answer from Razorpay for a refund of ₹1,999 \(/);
    expect(await retry(id, randomUUID())).toMatchObject({
      status: 409,
      body: { message: 'Razorpay has not answered this refund yet: retry it only once it has failed.' },
    });
    // Razorpay did make it (its answer was lost; made here under the key the shop sent): asking again answers that refund.
    const made = await fetch(`${sandbox.url}/v1/payments/${paymentId}/refund`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${SANDBOX_KEY_ID}:${process.env.RAZORPAY_SANDBOX_SECRET}`).toString('base64')}`,
        'x-refund-idempotency': waiting['refund'].razorpayKey,
      },
      body: JSON.stringify({ amount: TOTAL * 100, notes: {} }),
    });
    expect(made.status).toBe(200);
    const later = new Date(Date.now() + 11 * 60_000);
    await Promise.all([reconcilePayments(later), reconcilePayments(later)]);
    expect(sumOf((await sandboxRefunds(paymentId)).filter((r) => r['status'] === 'processed'))).toBe(TOTAL * 100);
    expect(await orderOf(id)).toMatchObject({ paymentStatus: 'refunded', refund: { status: 'processed' }, needsAttention: null });
    expect((await textsTo(phone)).filter((t) => /has been refunded/.test(t))).toHaveLength(1);
  });

  for (const died of ['after taking its key', 'after taking the balance'] as const) {
    it(`a refund whose Razorpay (the sandbox, killed with the shop) died ${died} is finished by the next ask with its key, once`, async () => {
      const { id, paymentId, token } = await paidOrder();
      await withRazorpayDown(() =>
        call(cancelOrderFn, `/api/orders/${id}/cancel`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }),
      );
      const key = (await orderOf(id))['refund'].razorpayKey as string;
      // What a sandbox killed mid-refund leaves: the refund still 'creating' under the key, the balance taken or not.
      const asked = await fetch(`${sandbox.url}/v1/payments/${paymentId}/refund`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${SANDBOX_KEY_ID}:${process.env.RAZORPAY_SANDBOX_SECRET}`).toString('base64')}`,
          'x-refund-idempotency': key,
        },
        body: JSON.stringify({ amount: TOTAL * 100, notes: {} }),
      });
      expect(asked.status).toBe(200);
      const refundId = ((await asked.json()) as { id: string }).id;
      await db()
        .collection('razorpay_sandbox_refunds')
        .updateOne({ _id: refundId as never }, { $set: { status: 'creating', created_at: Math.floor(Date.now() / 1000) - 60 } });
      const payments = db().collection('razorpay_sandbox_payments');
      if (died === 'after taking its key')
        await payments.updateOne(
          { _id: paymentId as never },
          { $set: { status: 'captured', amount_refunded: 0, refund_status: null, refund_ids: [] } },
        );
      else await payments.updateOne({ _id: paymentId as never }, { $set: { status: 'captured', refund_status: null } });

      const later = new Date(Date.now() + 11 * 60_000);
      await Promise.all([reconcilePayments(later), reconcilePayments(later)]);
      expect(await sandboxRefunds(paymentId)).toEqual([
        expect.objectContaining({ _id: refundId, status: 'processed', amount: TOTAL * 100 }),
      ]);
      expect(await payments.findOne({ _id: paymentId as never })).toMatchObject({ amount_refunded: TOTAL * 100, status: 'refunded' });
      expect(await orderOf(id)).toMatchObject({ paymentStatus: 'refunded', refund: { status: 'processed' } });
    });
  }

  it('a refund Razorpay refused outright can be retried; a failure recorded without knowing why cannot', async () => {
    const { id, paymentId, token } = await paidOrder();
    // Razorpay refuses: the payment reads as refunded already on its side.
    await db()
      .collection('razorpay_sandbox_payments')
      .updateOne({ _id: paymentId as never }, { $set: { status: 'refunded' } });
    await call(cancelOrderFn, `/api/orders/${id}/cancel`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(await orderOf(id)).toMatchObject({ paymentStatus: 'paid', refund: { status: 'failed', failure: 'refused' } });
    await db()
      .collection('razorpay_sandbox_payments')
      .updateOne({ _id: paymentId as never }, { $set: { status: 'captured' } });
    expect(await retry(id, randomUUID())).toMatchObject({ status: 201, body: { message: 'Refund of ₹1,999 processed' } });

    // A failure stored before the shop told refusals from silences: Razorpay may have made it.
    const other = await paidOrder();
    const failed = { id: null, status: 'failed', amountPaise: TOTAL * 100, at: new Date(), paymentId: other.paymentId };
    await db()
      .collection('orders')
      .updateOne({ _id: new ObjectId(other.id) }, { $set: { status: 'cancelled', refund: failed } });
    expect(await retry(other.id, randomUUID())).toMatchObject({
      status: 409,
      body: {
        message:
          "This refund failed without a clear answer from Razorpay, so it may have been made: look it up in Razorpay's dashboard and refund by hand only if it is not there.",
      },
    });
    expect(await sandboxRefunds(other.paymentId)).toHaveLength(0);
  });

  it('cancelling an order its line refunds already refunded in full texts "refunded", not "refund started"', async () => {
    const { id, phone } = await paidOrder();
    expect(await refundCall(id, { all: true, method: 'razorpay' })).toMatchObject({ status: 201 });
    expect(await orderOf(id)).toMatchObject({ paymentStatus: 'refunded', refund: null });
    const cancel = await call(adminOrderStatus, `/api/admin/orders/${id}/status`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(statusChange('cancelled')),
    });
    expect(cancel.status).toBe(200);
    const cancelledText = (await textsTo(phone)).find((t) => /Cancelled/.test(t));
    expect(cancelledText).toMatch(/is now Cancelled, Rs 1,999 refunded\./);
  });

  it('a cancel whose refund Razorpay answered "pending" texts "refunded" once when its webhook says it is processed', async () => {
    const { id, paymentId, token, phone } = await paidOrder();
    await fetch(`${sandbox.url}/payments/${paymentId}/fail-refunds`, { method: 'POST' });
    await call(cancelOrderFn, `/api/orders/${id}/cancel`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    const refundId = (await orderOf(id))['refund'].id as string;
    expect((await textsTo(phone)).filter((t) => /refunded/.test(t))).toEqual([]);
    // Razorpay sends its webhook twice (two deliveries of the same refund).
    for (let i = 0; i < 2; i++)
      await call(razorpayWebhook, '/api/razorpay-webhook', wholeRefundEvent('refund.processed', refundId, paymentId));
    expect(await orderOf(id)).toMatchObject({ paymentStatus: 'refunded', refund: { status: 'processed' } });
    const refunded = (await textsTo(phone)).filter((t) => /has been refunded/.test(t));
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatch(/Rs 1,999/);
  });

  it('is for admins, with an Idempotency-Key, on an order that exists', async () => {
    const { id, token } = await paidOrder();
    expect((await retry(id, randomUUID(), null)).status).toBe(401);
    expect((await retry(id, randomUUID(), token)).status).toBe(403);
    expect(await retry(id, null)).toMatchObject({ status: 400, body: { success: false } });
    expect((await retry('nope', randomUUID())).status).toBe(400);
    expect((await retry(new ObjectId().toHexString(), randomUUID())).status).toBe(404);
    expect(await retry(id, randomUUID())).toMatchObject({ status: 409, body: { message: 'This order has no failed refund to retry.' } });
  });
});
