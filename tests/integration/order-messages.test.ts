/**
 * The shopper hears about an order exactly once per event: a text (the local SMS outbox) and, when they gave an
 * address, an email sent through real SMTP (nodemailer to the local mail outbox), however many paths report
 * the event at once.
 */
import { randomUUID } from 'node:crypto';
import { MongoClient, ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { serveRazorpaySandbox } from '../setup/razorpay-sandbox';
import { serveMailOutbox } from '../setup/mail-outbox';
import { makeCatalogue, makeProduct, defaultProducts } from '../fixtures/catalogue';
import { checkoutRequest, deliveryAddress, makeShopper } from '../fixtures/shoppers';
import { codOrderBody, confirmationBody, startOnlineOrder } from '../fixtures/placed-orders';
import { capturedPayload, webhookDelivery } from '../fixtures/payments';
import { importCatalogue } from '../../netlify/lib/services/catalogue-import.service';
import { reconcilePayments } from '../../netlify/lib/services/reconcile.service';
import { resetEnvForTests } from '../../netlify/lib/env';
import orderCheckout from '../../netlify/functions/order_checkout';
import cancelOrderFn from '../../netlify/functions/cancel_order';
import razorpayWebhook from '../../netlify/functions/razorpay_webhook';

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
          discount: { code: 'FLAT200', kind: 'flat', value: 200, maxOff: null, amount: 200 },
          products: (doc['products'] as { price: number }[]).map((l) => ({ ...l, discount: l.price === 700 ? 87.5 : 112.5 })),
          totalAmount: 1500,
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
