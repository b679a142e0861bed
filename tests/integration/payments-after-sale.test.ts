import { randomUUID } from 'node:crypto';
import { MongoClient, ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { serveRazorpaySandbox } from '../setup/razorpay-sandbox';
import { makeCatalogue, makeProduct, defaultProducts } from '../fixtures/catalogue';
import { makeShopper } from '../fixtures/shoppers';
import { capturedPayload, failedPayload, webhookDelivery } from '../fixtures/payments';
import { stockOf as stockIn } from '../fixtures/stock';
import { startOnlineOrder } from '../fixtures/placed-orders';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { reconcilePayments } from '@server/services/reconcile.service';
import razorpayWebhook from '@functions/razorpay_webhook';

const { uri, name } = setupTestDatabase();
const sandbox = serveRazorpaySandbox();
let client: MongoClient;
const orders = () => client.db(name).collection('orders');
const stockOf = (slug: string, size?: string) => stockIn(client.db(name), slug, size);

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  expect(
    (
      await importCatalogue(
        makeCatalogue([...defaultProducts(), makeProduct({ slug: 'webhook-ring', name: 'Webhook Ring', price: 700, stock: 50 })]),
        { overwriteStock: true },
      )
    ).ok,
  ).toBe(true);
  return () => client.close();
});

/** A pending online order for a new shopper, as create-razorpay-order leaves it. */
async function pendingOrder(quantity = 1): Promise<{ orderId: string; razorpayOrderId: string }> {
  const shopper = await makeShopper();
  return startOnlineOrder(shopper.token, [{ slug: 'webhook-ring', price: 700, quantity }]);
}

const delivery = webhookDelivery;
const captured = capturedPayload;
const failed = failedPayload;
const orderOf = (id: string) => orders().findOne({ _id: new ObjectId(id) });

describe('POST /api/razorpay-webhook', () => {
  it('a shopper whose browser closed right after paying still ends with a paid, confirmed order', async () => {
    const { orderId, razorpayOrderId } = await pendingOrder();
    const r = await call(razorpayWebhook, '/api/razorpay-webhook', delivery('payment.captured', captured(razorpayOrderId)));
    expect(r).toMatchObject({ status: 200, body: { success: true, outcome: 'paid' } });
    expect(await orderOf(orderId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect((await orderOf(orderId))!['statusHistory'].map((h: { by: string }) => h.by)).toEqual(['customer', 'razorpay']);
  });

  it('matches orders by Razorpay order id only: a receipt naming one of our orders does not pay it', async () => {
    const { orderId } = await pendingOrder();
    const payload = { ...captured('order_unknown000001'), order: { entity: { id: 'order_unknown000001', receipt: orderId } } };
    const r = await call(razorpayWebhook, '/api/razorpay-webhook', delivery('order.paid', payload));
    expect(r).toMatchObject({ status: 200, body: { success: true, outcome: 'ignored' } });
    expect((await orderOf(orderId))!['paymentStatus']).toBe('pending');
  });

  it('refuses a bad, missing or wrong-secret signature, or a body altered by one byte, with 400 and writes nothing', async () => {
    const { orderId, razorpayOrderId } = await pendingOrder();
    const events = client.db(name).collection('webhook_events');
    const before = await events.countDocuments();
    const cases = [
      delivery('payment.captured', captured(razorpayOrderId), { signature: 'a'.repeat(64) }),
      delivery('payment.captured', captured(razorpayOrderId), { signature: null }),
      delivery('payment.captured', captured(razorpayOrderId), { secret: 'another-webhook-secret-0123456789' }),
      delivery('payment.captured', captured(razorpayOrderId), { tamper: (raw) => raw.replace('"captured"', '"capturee"') }),
      delivery('payment.captured', captured(razorpayOrderId), { tamper: (raw) => `${raw} ` }),
    ];
    for (const init of cases) {
      const r = await call(razorpayWebhook, '/api/razorpay-webhook', init);
      expect(r).toMatchObject({ status: 400, body: { success: false, message: 'Invalid webhook signature' } });
    }
    expect(await events.countDocuments()).toBe(before);
    expect((await orderOf(orderId))!['paymentStatus']).toBe('pending');
  });

  it('duplicate and concurrent deliveries of one event count once', async () => {
    const { orderId, razorpayOrderId } = await pendingOrder();
    const eventId = `evt_${randomUUID().slice(0, 14)}`;
    const payload = captured(razorpayOrderId);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => call(razorpayWebhook, '/api/razorpay-webhook', delivery('payment.captured', payload, { eventId }))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.map((r) => r.body.outcome).sort()).toEqual(['paid', ...Array(9).fill('duplicate')].sort());
    const order = await orderOf(orderId);
    expect(order!['statusHistory'].filter((h: { status: string }) => h.status === 'confirmed')).toHaveLength(1);
    // payment.captured and order.paid for the same payment, at once: still one confirmation.
    const other = await pendingOrder();
    const pay = captured(other.razorpayOrderId);
    await Promise.all([
      call(razorpayWebhook, '/api/razorpay-webhook', delivery('payment.captured', pay)),
      call(
        razorpayWebhook,
        '/api/razorpay-webhook',
        delivery('order.paid', { ...pay, order: { entity: { id: other.razorpayOrderId, receipt: other.orderId } } }),
      ),
    ]);
    expect((await orderOf(other.orderId))!['statusHistory'].filter((h: { status: string }) => h.status === 'confirmed')).toHaveLength(1);
  });

  it('payment.failed after payment.captured never un-pays; payment.failed alone keeps the hold', async () => {
    const a = await pendingOrder();
    await call(razorpayWebhook, '/api/razorpay-webhook', delivery('payment.captured', captured(a.razorpayOrderId)));
    const late = await call(razorpayWebhook, '/api/razorpay-webhook', delivery('payment.failed', failed(a.razorpayOrderId)));
    expect(late.status).toBe(200);
    expect(await orderOf(a.orderId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });

    const stock = await stockOf('webhook-ring');
    const b = await pendingOrder();
    await call(razorpayWebhook, '/api/razorpay-webhook', delivery('payment.failed', failed(b.razorpayOrderId)));
    expect(await orderOf(b.orderId)).toMatchObject({ status: 'pending_payment', paymentStatus: 'failed', stock: { state: 'taken' } });
    expect(await stockOf('webhook-ring')).toBe(stock - 1);
    // A UPI retry that then succeeds still pays it.
    await call(razorpayWebhook, '/api/razorpay-webhook', delivery('payment.captured', captured(b.razorpayOrderId)));
    expect(await orderOf(b.orderId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it('answers 200 for verified events it does not handle', async () => {
    const r = await call(razorpayWebhook, '/api/razorpay-webhook', delivery('refund.processed', { refund: { entity: { id: 'rfnd_1' } } }));
    expect(r).toMatchObject({ status: 200, body: { outcome: 'ignored' } });
  });
});

describe('reconciliation', () => {
  it('marks a captured-but-unreported order paid and cancels an abandoned one, releasing its stock once', async () => {
    const paidButSilent = await pendingOrder(2);
    const abandoned = await pendingOrder(3);
    const stockBefore = await stockOf('webhook-ring');
    // The shopper paid, but neither the browser nor the webhook reached us.
    expect((await sandbox.pay(paidButSilent.razorpayOrderId)).status).toBe(200);
    const at = new Date(Date.now() + 31 * 60_000);
    const [first, second] = await Promise.all([reconcilePayments(at), reconcilePayments(at)]);
    expect([...first.paid, ...second.paid]).toContain(paidButSilent.orderId);
    expect([...first.cancelled, ...second.cancelled].filter((id) => id === abandoned.orderId)).toEqual([abandoned.orderId]);
    expect(await orderOf(paidButSilent.orderId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await orderOf(abandoned.orderId)).toMatchObject({ status: 'cancelled', stock: { state: 'returned' } });
    // Every order cancelled in these runs (earlier tests left pending ones too) gave its stock back exactly once.
    const cancelledIds = [...first.cancelled, ...second.cancelled];
    const returned = (
      await orders()
        .find({ _id: { $in: cancelledIds.map((id) => new ObjectId(id)) } })
        .toArray()
    ).reduce((sum, o) => sum + (o['products'] as { quantity: number }[]).reduce((s, l) => s + l.quantity, 0), 0);
    expect(returned).toBeGreaterThanOrEqual(3);
    expect(await stockOf('webhook-ring')).toBe(stockBefore + returned);
    expect((await reconcilePayments(at)).cancelled).not.toContain(abandoned.orderId);
    expect(await stockOf('webhook-ring')).toBe(stockBefore + returned);
  });

  it('keeps a payment captured after its hold expired: the order is revived, stock taken again and flagged for an admin', async () => {
    const late = await pendingOrder(2);
    const at = new Date(Date.now() + 31 * 60_000);
    await reconcilePayments(at);
    expect(await orderOf(late.orderId)).toMatchObject({ status: 'cancelled' });
    const stockAfterCancel = await stockOf('webhook-ring');
    await call(razorpayWebhook, '/api/razorpay-webhook', delivery('payment.captured', captured(late.razorpayOrderId)));
    const order = await orderOf(late.orderId);
    expect(order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', stock: { state: 'taken' } });
    expect(order!['needsAttention']).toMatch(/hold had expired/);
    expect(await stockOf('webhook-ring')).toBe(stockAfterCancel - 2);
  });
});
