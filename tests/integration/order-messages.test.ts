/**
 * The shopper hears about an order exactly once per event: a text (the local SMS outbox) and, when they gave an
 * address, an email sent through real SMTP (nodemailer to the local mail outbox), however many paths report
 * the event at once. An admin's status step is told only after its undo window, and never if it is undone.
 */
import { randomUUID } from 'node:crypto';
import { MongoClient, ObjectId } from 'mongodb';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { serveRazorpaySandbox } from '../setup/razorpay-sandbox';
import { serveMailOutbox } from '../setup/mail-outbox';
import { makeCatalogue, makeProduct, defaultProducts } from '../fixtures/catalogue';
import { checkoutRequest, deliveryAddress, makeShopper } from '../fixtures/shoppers';
import { codOrderBody, confirmationBody, makeAdmin, startOnlineOrder } from '../fixtures/placed-orders';
import { statusChange } from '../fixtures/orders';
import { capturedPayload, webhookDelivery } from '../fixtures/payments';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { reconcilePayments } from '@server/services/reconcile.service';
import { resetEnvForTests } from '@server/env';
import orderCheckout from '@functions/order_checkout';
import cancelOrderFn from '@functions/cancel_order';
import razorpayWebhook from '@functions/razorpay_webhook';
import adminOrderStatus from '@functions/admin_order_status';
import adminOrderUndo from '@functions/admin_order_undo';
import adminOrderRefunds from '@functions/admin_order_refunds';
import sendHeldNotices from '@functions/send_held_notices';
import { deliveredAt, formatIndiaDay, returnDeadline } from '@shared/returns';

const { uri, name } = setupTestDatabase();
const sandbox = serveRazorpaySandbox();
serveMailOutbox();
let client: MongoClient;
const texts = (phone: string) => client.db(name).collection('sms_outbox').find({ to: phone }).toArray();
const mails = (to: string) => client.db(name).collection('mail_outbox').find({ to }).toArray();
const orderOf = (id: string) =>
  client
    .db(name)
    .collection('orders')
    .findOne({ _id: new ObjectId(id) });

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  const catalogue = makeCatalogue([
    ...defaultProducts(),
    makeProduct({ slug: 'message-ring', name: 'Message Ring', price: 700, stock: 200 }),
    makeProduct({ slug: 'message-studs', name: 'Message Studs', price: 450, stock: 200 }),
  ]);
  expect((await importCatalogue(catalogue, { overwriteStock: true })).ok).toBe(true);
  return () => client.close();
});

/** A unique address per test, so outbox counts are this test's alone. */
const emailFor = () => `shopper-${randomUUID().slice(0, 8)}@example.in`;

/** The COD order payload for one Message Ring and two Message Studs. */
const codBody = (email: string) =>
  codOrderBody(
    [
      { slug: 'message-ring', price: 700 },
      { slug: 'message-studs', price: 450, quantity: 2 },
    ],
    { shippingInfo: { ...deliveryAddress, email } },
  );

describe('a cash-on-delivery order', () => {
  it('sends one text and one email with the order number, amount, summary, address and links, even when the request is sent six times at once', async () => {
    const shopper = await makeShopper('Kavya');
    const email = emailFor();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(orderCheckout, '/api/orderCheck_out', checkoutRequest(codBody(email), shopper.token, key))),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const id = answers[0]!.body.order._id as string;
    const number = `HRM-${id.slice(-6).toUpperCase()}`;
    const link = `http://localhost:8888/Order-success/${id}`;

    const sms = (await texts(shopper.phone)).filter((t) => /is confirmed/.test(t['text'] as string));
    expect(sms.map((t) => t['text'])).toEqual([
      `Chandi Kala: order ${number} for Rs 1,700 is confirmed. Please pay Rs 1,700 in cash on delivery. Details: ${link}`,
    ]);
    const [mail, ...more] = await mails(email);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ subject: `Chandi Kala: Order ${number} is confirmed`, from: expect.stringContaining('Chandi Kala') });
    const text = mail!['text'] as string;
    expect(text).toContain('Hello Kavya,');
    expect(text).toContain('Message Ring × 1  ₹700');
    expect(text).toContain('Message Studs × 2  ₹900');
    expect(text).toMatch(/Subtotal: ₹1,600\s+COD fee: ₹100\s+Total: ₹1,700/);
    expect(text).toContain('21 Residency Road');
    expect(text).toContain('Bengaluru, Karnataka 560025');
    expect(text).toContain(`Your order: ${link}`);
    expect(text).toContain(`Tax invoice: http://localhost:8888/invoice/${id}`);
    expect(mail!['html']).toContain(`href="${link}"`);
    expect((await orderOf(id))!['notices']).toMatchObject({
      'confirmed:sms': { state: 'sent', attempts: 1 },
      'confirmed:email': { state: 'sent', attempts: 1 },
    });
  });

  it('without an email at checkout, sends the text only', async () => {
    const shopper = await makeShopper();
    const r = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(codBody(''), shopper.token));
    expect(r.status).toBe(201);
    expect((await texts(shopper.phone)).filter((t) => /is confirmed/.test(t['text'] as string))).toHaveLength(1);
    expect((await orderOf(r.body.order._id))!['notices']).toEqual({ 'confirmed:sms': expect.objectContaining({ state: 'sent' }) });
  });

  it('a cancellation is sent once too, to both', async () => {
    const shopper = await makeShopper();
    const email = emailFor();
    const id = (await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(codBody(email), shopper.token))).body.order._id;
    const cancel = () =>
      call(cancelOrderFn, `/api/orders/${id}/cancel`, { method: 'POST', headers: { authorization: `Bearer ${shopper.token}` } });
    expect((await Promise.all([cancel(), cancel(), cancel()])).map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await texts(shopper.phone)).filter((t) => /is now Cancelled/.test(t['text'] as string))).toHaveLength(1);
    expect((await mails(email)).map((m) => m['subject'])).toEqual(
      expect.arrayContaining([expect.stringMatching(/is cancelled$/), expect.stringMatching(/is confirmed$/)]),
    );
    expect(await mails(email)).toHaveLength(2);
  });
});

describe('an online payment confirmed by every path at once', () => {
  it('the browser (three twins), two webhooks and two reconciliation runs together send one text and one email', async () => {
    const shopper = await makeShopper();
    const email = emailFor();
    const ring = [{ slug: 'message-ring', price: 700 }];
    const { orderId, razorpayOrderId } = await startOnlineOrder(shopper.token, ring, { shippingInfo: { ...deliveryAddress, email } });
    const paid = (await sandbox.pay(razorpayOrderId)).body;
    const confirm = confirmationBody(ring, paid, { shippingInfo: { ...deliveryAddress, email } });
    const later = new Date(Date.now() + 20 * 60_000);
    const results = await Promise.all([
      ...[1, 2, 3].map(() => call(orderCheckout, '/api/orderCheck_out', checkoutRequest(confirm, shopper.token))),
      call(
        razorpayWebhook,
        '/api/razorpay-webhook',
        webhookDelivery('payment.captured', capturedPayload(razorpayOrderId, paid.razorpay_payment_id)),
      ),
      call(
        razorpayWebhook,
        '/api/razorpay-webhook',
        webhookDelivery('order.paid', capturedPayload(razorpayOrderId, paid.razorpay_payment_id)),
      ),
      reconcilePayments(later),
      reconcilePayments(later),
    ]);
    expect(results.slice(0, 3).map((r) => (r as { status: number }).status)).toEqual([201, 201, 201]);
    expect(await orderOf(orderId)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      razorpayPaymentId: paid.razorpay_payment_id,
    });
    const sms = (await texts(shopper.phone)).filter((t) => /received, order/.test(t['text'] as string));
    expect(sms).toHaveLength(1);
    const all = await mails(email);
    expect(all.map((m) => m['subject'])).toEqual([
      `Chandi Kala: Order HRM-${orderId.slice(-6).toUpperCase()} is confirmed: payment received`,
    ]);
    expect(all[0]!['text']).toMatch(/Payment: Paid online/);
  });
});

describe('a message that could not be sent', () => {
  it('stays queued and is sent once by the next reconciliation run, when the mail server is back', async () => {
    const shopper = await makeShopper();
    const email = emailFor();
    const working = process.env.SMTP_URL!;
    process.env.SMTP_URL = 'smtp://127.0.0.1:9'; // nothing listens there: the send fails
    resetEnvForTests();
    const id = (await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(codBody(email), shopper.token))).body.order._id;
    process.env.SMTP_URL = working;
    resetEnvForTests();
    const queued = (await orderOf(id))!;
    expect(queued['noticesDue']).toEqual(['confirmed:email']);
    expect(queued['notices']['confirmed:email']).toMatchObject({ state: 'failed', attempts: 1 });
    expect(await mails(email)).toHaveLength(0);

    const [first, second] = await Promise.all([reconcilePayments(), reconcilePayments()]);
    expect(first.noticesRetried + second.noticesRetried).toBeGreaterThanOrEqual(1);
    expect(await mails(email)).toHaveLength(1);
    expect((await orderOf(id))!).toMatchObject({ noticesDue: [], notices: { 'confirmed:email': { state: 'sent', attempts: 2 } } });
    await reconcilePayments();
    expect(await mails(email)).toHaveLength(1);
    expect((await texts(shopper.phone)).filter((t) => /is confirmed/.test(t['text'] as string))).toHaveLength(1);
  });
});

describe('a confirmation whose sender died', () => {
  it('is left alone while its sender may still be sending, and sent once by reconciliation after ten minutes', async () => {
    const shopper = await makeShopper();
    const email = emailFor();
    const id = (await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(codBody(email), shopper.token))).body.order._id;
    // As the order stands when the request that stored it dies before sending: claimed, still queued, nothing sent.
    const orders = client.db(name).collection('orders');
    const claimedAt = (minutesAgo: number) => ({ state: 'sending', at: new Date(Date.now() - minutesAgo * 60_000), attempts: 1 });
    await orders.updateOne(
      { _id: new ObjectId(id as string) },
      { $set: { noticesDue: ['confirmed:sms'], 'notices.confirmed:sms': claimedAt(2) } },
    );
    await client.db(name).collection('sms_outbox').deleteMany({ to: shopper.phone });

    await reconcilePayments();
    expect(await texts(shopper.phone)).toHaveLength(0);

    await orders.updateOne({ _id: new ObjectId(id as string) }, { $set: { 'notices.confirmed:sms': claimedAt(11) } });
    await Promise.all([reconcilePayments(), reconcilePayments()]);
    expect((await texts(shopper.phone)).map((t) => t['text'])).toEqual([expect.stringContaining('is confirmed')]);
    expect(await orderOf(id)).toMatchObject({ noticesDue: [], notices: { 'confirmed:sms': { state: 'sent', attempts: 2 } } });
  });
});

describe('a confirmation of an order with a discount code', () => {
  it('names the code and what it saved: a brief line in the text, the discount row in the email', async () => {
    const shopper = await makeShopper();
    const email = emailFor();
    const id = (await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(codBody(email), shopper.token))).body.order._id as string;
    // As the checkout stores a code: FLAT200 off ₹1,600 of items (shared ₹87.50 + ₹112.50), total ₹1,600 − ₹200 + ₹100.
    // The confirmation is then queued again (its sender died), so reconciliation sends it from this document.
    const orders = client.db(name).collection('orders');
    const doc = (await orderOf(id))!;
    const stale = { state: 'sending', at: new Date(Date.now() - 11 * 60_000), attempts: 1 };
    await orders.updateOne(
      { _id: new ObjectId(id) },
      {
        $set: {
          discount: { code: 'FLAT200', kind: 'flat', percent: null, flatPaise: 20000, maxOffPaise: null, amountPaise: 20000 },
          products: (doc['products'] as { pricePaise: number }[]).map((l) => ({
            ...l,
            discountPaise: l.pricePaise === 70000 ? 8750 : 11250,
          })),
          totalPaise: 150000,
          noticesDue: ['confirmed:sms', 'confirmed:email'],
          'notices.confirmed:sms': stale,
          'notices.confirmed:email': stale,
        },
      },
    );
    await client.db(name).collection('sms_outbox').deleteMany({ to: shopper.phone });
    await client.db(name).collection('mail_outbox').deleteMany({ to: email });

    await reconcilePayments();
    const number = `HRM-${id.slice(-6).toUpperCase()}`;
    expect((await texts(shopper.phone)).map((t) => t['text'])).toEqual([
      `Chandi Kala: order ${number} for Rs 1,500 is confirmed. Please pay Rs 1,500 in cash on delivery. Saved Rs 200 with FLAT200. Details: http://localhost:8888/Order-success/${id}`,
    ]);
    const [mail] = await mails(email);
    expect(mail!['text']).toMatch(/Subtotal: ₹1,600\s+Discount \(FLAT200\): −₹200\s+COD fee: ₹100\s+Total: ₹1,500/);
    expect(mail!['html']).toContain('Discount (FLAT200)');
  });
});

describe("an admin's status steps", () => {
  let admin: Awaited<ReturnType<typeof makeAdmin>>;
  const UNDO_SECONDS = 60;
  beforeAll(async () => {
    admin = await makeAdmin();
  });
  beforeEach(() => {
    process.env.ADMIN_UNDO_SECONDS = String(UNDO_SECONDS);
    resetEnvForTests();
  });
  afterEach(() => {
    vi.useRealTimers();
    process.env.ADMIN_UNDO_SECONDS = '0';
    resetEnvForTests();
  });

  const send = (method: string, body: unknown) => ({
    method,
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const step = (id: string, status: string) =>
    call(adminOrderStatus, `/api/admin/orders/${id}/status`, send('PATCH', statusChange(status)));
  const undo = (id: string, what: string) => call(adminOrderUndo, `/api/admin/orders/${id}/undo`, send('POST', { step: what }));
  /** Moves the clock the server reads (Date only) past the undo window, without waiting it out. */
  const passWindow = () => vi.setSystemTime(Date.now() + (UNDO_SECONDS + 1) * 1000);
  /** The every-minute sender, twice at once (a slow run and the next overlapping). */
  const sendHeld = async () => {
    await Promise.all([sendHeldNotices(), sendHeldNotices()]);
  };
  const subjects = async (email: string) => (await mails(email)).map((m) => m['subject'] as string);
  const statusTexts = async (phone: string) => (await texts(phone)).map((t) => t['text'] as string).filter((t) => !/is confirmed/.test(t));

  /** A confirmed cash-on-delivery order for a new shopper, with an email address or without one (''). */
  async function placed(email: string): Promise<{ id: string; phone: string; token: string; number: string }> {
    const shopper = await makeShopper();
    const r = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(codBody(email), shopper.token));
    expect(r.status).toBe(201);
    const id = r.body.order._id as string;
    return { id, phone: shopper.phone, token: shopper.token, number: `HRM-${id.slice(-6).toUpperCase()}` };
  }

  it('each step (packed, shipped, out for delivery, delivered) emails and texts once, only after its undo window', async () => {
    const email = emailFor();
    const { id, phone, number } = await placed(email);
    const confirmed = `Chandi Kala: Order ${number} is confirmed`;
    const told: string[] = [confirmed];
    const steps = [
      ['packed', `Chandi Kala: Order ${number} is packed`, 'is now Packed'],
      ['shipped', `Chandi Kala: Order ${number} has shipped`, 'is now Shipped with Delhivery (AWB DL1234567890)'],
      ['out_for_delivery', `Chandi Kala: Order ${number} is out for delivery`, 'is now Out for delivery'],
      ['delivered', `Chandi Kala: Order ${number} is delivered`, 'is now Delivered'],
    ] as const;
    for (const [status, subject, text] of steps) {
      expect((await step(id, status)).status).toBe(200);
      // Held while the admin may still undo it: neither the request nor the sender tells the shopper yet.
      await sendHeld();
      expect(await subjects(email), status).toEqual(told);
      expect((await statusTexts(phone)).filter((t) => t.includes(text))).toEqual([]);
      passWindow();
      await sendHeld();
      await sendHeld();
      told.push(subject);
      expect(await subjects(email), status).toEqual(told);
      expect(
        (await statusTexts(phone)).filter((t) => t.includes(text)),
        status,
      ).toHaveLength(1);
    }
    expect(await statusTexts(phone)).toHaveLength(4);

    const byStep = Object.fromEntries((await mails(email)).map((m) => [m['subject'], m['text'] as string]));
    expect(byStep[`Chandi Kala: Order ${number} is packed`]).toContain(
      `Your order ${number} is packed and goes to the courier soon. We will write again with its tracking number when it ships.`,
    );
    expect(byStep[`Chandi Kala: Order ${number} has shipped`]).toContain(
      `Your order ${number} has shipped with Delhivery, tracking number DL1234567890. Follow it on Delhivery's site: https://www.delhivery.com/track-v2/package/DL1234567890`,
    );
    expect(byStep[`Chandi Kala: Order ${number} is out for delivery`]).toContain(
      `Your order ${number} is out for delivery (Delhivery, tracking number DL1234567890): the courier is bringing it to you. Please keep ₹1,700 ready in cash for the delivery.`,
    );
    const order = (await orderOf(id))!;
    const until = formatIndiaDay(returnDeadline(deliveredAt(order as never)!));
    expect(byStep[`Chandi Kala: Order ${number} is delivered`]).toContain(
      `you can ask to return or replace it from your order page until ${until} (7 days after delivery)`,
    );
    expect(order['notices']).toMatchObject({
      'delivered:sms': { state: 'sent', attempts: 1 },
      'delivered:email': { state: 'sent', attempts: 1 },
    });
    expect(order['noticesDue']).toEqual([]);
  });

  it('the same step sent twice, and twice at once, moves the order once and emails once', async () => {
    const email = emailFor();
    const { id, phone, number } = await placed(email);
    expect((await step(id, 'packed')).status).toBe(200);
    expect((await step(id, 'packed')).status).toBe(200);
    const twins = await Promise.all([step(id, 'shipped'), step(id, 'shipped')]);
    expect(twins.map((r) => r.status)).toEqual([200, 200]);
    expect(twins.map((r) => r.body.order.status)).toEqual(['shipped', 'shipped']);
    passWindow();
    await sendHeld();
    expect(await subjects(email)).toEqual([
      `Chandi Kala: Order ${number} is confirmed`,
      `Chandi Kala: Order ${number} is packed`,
      `Chandi Kala: Order ${number} has shipped`,
    ]);
    expect((await statusTexts(phone)).map((t) => t.replace(/ Details: .*/, ''))).toEqual([
      `Chandi Kala: your order ${number} is now Packed.`,
      `Chandi Kala: your order ${number} is now Shipped with Delhivery (AWB DL1234567890).`,
    ]);
    const history = ((await orderOf(id))!['statusHistory'] as { status: string }[]).map((h) => h.status);
    expect(history).toEqual(['confirmed', 'packed', 'shipped']);
  });

  it('an undone step is never emailed; made again, it is emailed once; a step overtaken by a cancellation is dropped', async () => {
    const email = emailFor();
    const { id, phone, number } = await placed(email);
    expect((await step(id, 'packed')).status).toBe(200);
    expect((await undo(id, 'packed')).status).toBe(200);
    passWindow();
    await sendHeld();
    expect(await subjects(email)).toEqual([`Chandi Kala: Order ${number} is confirmed`]);
    expect(await statusTexts(phone)).toEqual([]);

    expect((await step(id, 'packed')).status).toBe(200);
    passWindow();
    await sendHeld();
    expect(await subjects(email)).toEqual([`Chandi Kala: Order ${number} is confirmed`, `Chandi Kala: Order ${number} is packed`]);

    const other = emailFor();
    const second = await placed(other);
    expect((await step(second.id, 'packed')).status).toBe(200);
    const cancel = await call(cancelOrderFn, `/api/orders/${second.id}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(cancel.status).toBe(200);
    passWindow();
    await sendHeld();
    expect(await subjects(other)).toEqual([
      `Chandi Kala: Order ${second.number} is confirmed`,
      `Chandi Kala: Order ${second.number} is cancelled`,
    ]);
    expect((await orderOf(second.id))!['notices']).toMatchObject({
      'packed:email': { state: 'skipped' },
      'packed:sms': { state: 'skipped' },
    });
  });

  it('without an email address: every step is texted once and nothing is emailed', async () => {
    const { id, phone } = await placed('');
    for (const status of ['packed', 'shipped', 'out_for_delivery', 'delivered']) {
      expect((await step(id, status)).status).toBe(200);
      passWindow();
      await sendHeld();
    }
    expect(await statusTexts(phone)).toHaveLength(4);
    const order = (await orderOf(id))!;
    expect(Object.keys(order['notices']).sort()).toEqual([
      'confirmed:sms',
      'delivered:sms',
      'out_for_delivery:sms',
      'packed:sms',
      'shipped:sms',
    ]);
    expect(
      await client
        .db(name)
        .collection('mail_outbox')
        .countDocuments({ subject: new RegExp(`${order['orderNumber']}`) }),
    ).toBe(0);
  });

  it('a refund of a delivered order is emailed once however many times the same request is sent', async () => {
    process.env.ADMIN_UNDO_SECONDS = '0';
    resetEnvForTests();
    const email = emailFor();
    const { id, phone, number } = await placed(email);
    for (const status of ['packed', 'shipped', 'out_for_delivery', 'delivered']) expect((await step(id, status)).status).toBe(200);
    const key = randomUUID();
    const refund = () =>
      call(adminOrderRefunds, `/api/admin/orders/${id}/refunds`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ lines: [{ index: 0, quantity: 1 }], method: 'upi', reference: 'UPI/777001' }),
      });
    const answers = await Promise.all([refund(), refund(), refund()]);
    expect(answers.every((r) => [200, 201].includes(r.status))).toBe(true);
    const refunds = (await mails(email)).filter((m) => m['subject'] === `Chandi Kala: Refund for order ${number}`);
    expect(refunds.map((m) => (m['text'] as string).split('\n')[2])).toEqual([
      `We have refunded ₹700 of your order ${number} by UPI (reference UPI/777001).`,
    ]);
    expect((await texts(phone)).filter((t) => /has been refunded/.test(t['text'] as string))).toHaveLength(1);
  });
});
