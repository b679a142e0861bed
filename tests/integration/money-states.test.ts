/**
 * Money and order states move forward only: replays, late and duplicate events, parallel twins and a
 * payment for a cancelled order each end in one consistent state, with money and stock moved once.
 */
import { randomUUID } from 'node:crypto';
import { MongoClient, ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { serveRazorpaySandbox } from '../setup/razorpay-sandbox';
import { makeCatalogue, makeProduct, defaultProducts } from '../fixtures/catalogue';
import { checkoutRequest, makeShopper } from '../fixtures/shoppers';
import { capturedPayload, webhookDelivery } from '../fixtures/payments';
import { setStock as setStockIn, stockOf as stockIn } from '../fixtures/stock';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { reconcilePayments } from '@server/services/reconcile.service';
import orderCheckout from '@functions/order_checkout';
import cancelOrderFn from '@functions/cancel_order';
import adminOrderStatus from '@functions/admin_order_status';
import razorpayWebhook from '@functions/razorpay_webhook';
import getOrderDetails from '@functions/get_order_details';
import payOrder from '@functions/pay_order';
import confirmOrderPayment from '@functions/confirm_order_payment';
import { statusChange } from '../fixtures/orders';
import { confirmationBody, makeAdmin, placeCodOrder, startOnlineOrder, type CheckoutPayment } from '../fixtures/placed-orders';

const { uri, name } = setupTestDatabase();
const sandbox = serveRazorpaySandbox();
let client: MongoClient;
let admin: { token: string };
const orders = () => client.db(name).collection('orders');
const refunds = () => client.db(name).collection('razorpay_sandbox_refunds');
const stockOf = (slug: string, size?: string) => stockIn(client.db(name), slug, size);
const setStock = (slug: string, stock: number, size?: string) => setStockIn(client.db(name), slug, stock, size);
const orderOf = (id: string) => orders().findOne({ _id: new ObjectId(id) });
const bearer = (token: string, body?: unknown): RequestInit => ({
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  const catalogue = makeCatalogue([
    ...defaultProducts(),
    makeProduct({ slug: 'state-ring', name: 'State Ring', price: 700, stock: 100 }),
    makeProduct({ slug: 'last-piece', name: 'Last Piece Pendant', price: 1200, stock: 1 }),
  ]);
  expect((await importCatalogue(catalogue, { overwriteStock: true })).ok).toBe(true);
  admin = await makeAdmin();
  return () => client.close();
});

/** An online order of `quantity` pieces of `slug` for a shopper, as create-razorpay-order leaves it. */
const pendingOrder = (token: string, slug = 'state-ring', price = 700, quantity = 1) =>
  startOnlineOrder(token, [{ slug, price, quantity }]);

/** The body the checkout page posts to confirm a payment (the order payload plus Checkout's ids). */
const confirmation = (slug: string, price: number, paid: CheckoutPayment) => confirmationBody([{ slug, price }], paid);

/** A placed cash-on-delivery order of one State Ring. */
const codOrder = async (token: string): Promise<string> => (await placeCodOrder(token, [{ slug: 'state-ring', price: 700 }])).id;

describe('a refunded order is never paid again', () => {
  it('replaying the original confirmation, and a later order.paid with a new event id, leave it cancelled and refunded once', async () => {
    const shopper = await makeShopper();
    const before = await stockOf('state-ring');
    const { orderId, razorpayOrderId } = await pendingOrder(shopper.token);
    const paid = (await sandbox.pay(razorpayOrderId)).body;
    const body = confirmation('state-ring', 700, paid);
    expect((await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(body, shopper.token))).status).toBe(201);
    const cancelled = await call(adminOrderStatus, `/api/admin/orders/${orderId}/status`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'cancelled' }),
    });
    expect(cancelled.body.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await stockOf('state-ring')).toBe(before);

    const replay = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(body, shopper.token));
    expect(replay.status).toBe(409);
    expect(replay.body.message).toMatch(/was cancelled before your payment arrived, so your payment of ₹700 has been refunded/);
    const late = await call(
      razorpayWebhook,
      '/api/razorpay-webhook',
      webhookDelivery('order.paid', capturedPayload(razorpayOrderId, paid.razorpay_payment_id)),
    );
    expect(late).toMatchObject({ status: 200, body: { outcome: 'refunded' } });
    await reconcilePayments(new Date(Date.now() + 31 * 60_000));

    expect(await orderOf(orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', stock: { state: 'returned' } });
    expect(await stockOf('state-ring')).toBe(before);
    expect(await refunds().countDocuments({ payment_id: paid.razorpay_payment_id })).toBe(1);
  });
});

describe('cancel, then pay', () => {
  it('a payment for an order the shopper cancelled is refunded once; the order stays cancelled, stock is never negative, and the shopper is told', async () => {
    const shopper = await makeShopper();
    const other = await makeShopper();
    await setStock('last-piece', 1);
    const { orderId, razorpayOrderId } = await pendingOrder(shopper.token, 'last-piece', 1200);
    expect(await stockOf('last-piece')).toBe(0);
    expect((await call(cancelOrderFn, `/api/orders/${orderId}/cancel`, bearer(shopper.token))).status).toBe(200);
    // The piece goes back and someone else buys it.
    await placeCodOrder(other.token, [{ slug: 'last-piece', price: 1200 }]);
    expect(await stockOf('last-piece')).toBe(0);

    // The first shopper then pays the Razorpay order that is still open.
    const paid = (await sandbox.pay(razorpayOrderId)).body;
    const confirm = await call(
      orderCheckout,
      '/api/orderCheck_out',
      checkoutRequest(confirmation('last-piece', 1200, paid), shopper.token),
    );
    expect(confirm.status).toBe(409);
    expect(confirm.body.message).toMatch(/was cancelled before your payment arrived, so your payment of ₹1,200 has been refunded/);
    // Everything else that reports the same payment changes nothing more.
    await call(
      razorpayWebhook,
      '/api/razorpay-webhook',
      webhookDelivery('payment.captured', capturedPayload(razorpayOrderId, paid.razorpay_payment_id)),
    );
    await reconcilePayments(new Date(Date.now() + 31 * 60_000));
    const again = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(confirmation('last-piece', 1200, paid), shopper.token));
    expect(again.status).toBe(409);

    expect(await orderOf(orderId)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'customer',
      paymentStatus: 'refunded',
      refund: { paymentId: paid.razorpay_payment_id, status: 'processed', amountPaise: 120_000 },
    });
    expect(await stockOf('last-piece')).toBe(0);
    expect(await refunds().countDocuments({ payment_id: paid.razorpay_payment_id })).toBe(1);
    const texts = await client.db(name).collection('sms_outbox').find({ to: shopper.phone }).toArray();
    expect(texts.filter((t) => /has been refunded/.test(t['text'] as string))).toHaveLength(1);
    expect(texts.filter((t) => /is confirmed/.test(t['text'] as string))).toHaveLength(0);
  });

  it('a reconciliation run finds a payment for a cancelled order whose browser and webhook never reported it, and refunds it', async () => {
    const shopper = await makeShopper();
    const { orderId, razorpayOrderId } = await pendingOrder(shopper.token);
    expect((await call(cancelOrderFn, `/api/orders/${orderId}/cancel`, bearer(shopper.token))).status).toBe(200);
    const paid = (await sandbox.pay(razorpayOrderId)).body;
    const report = await reconcilePayments();
    expect(report.refunded).toContain(orderId);
    expect(await orderOf(orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await refunds().countDocuments({ payment_id: paid.razorpay_payment_id })).toBe(1);
  });

  it('a cancel sent together with the confirmation: each answer is true and the order ends cancelled with its payment refunded once, or paid', async () => {
    for (let round = 0; round < 6; round++) {
      const shopper = await makeShopper();
      const before = await stockOf('state-ring');
      const { orderId, razorpayOrderId } = await pendingOrder(shopper.token);
      const paid = (await sandbox.pay(razorpayOrderId)).body;
      const [cancel, confirm] = await Promise.all([
        call(cancelOrderFn, `/api/orders/${orderId}/cancel`, bearer(shopper.token)),
        call(orderCheckout, '/api/orderCheck_out', checkoutRequest(confirmation('state-ring', 700, paid), shopper.token)),
      ]);
      const order = (await orderOf(orderId))!;
      const refunded = await refunds().countDocuments({ payment_id: paid.razorpay_payment_id });
      // A cancel always wins here (the shopper may cancel a paid order too): cancelled and refunded once.
      expect(cancel.status, `round ${round}`).toBe(200);
      expect(cancel.body.order.status).toBe('cancelled');
      expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
      expect(refunded).toBe(1);
      expect(await stockOf('state-ring')).toBe(before);
      // The confirmation told the truth about the moment it answered.
      if (confirm.status === 201) expect(confirm.body.order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
      else
        expect(confirm).toMatchObject({ status: 409, body: { message: expect.stringMatching(/cancelled before your payment arrived/) } });
    }
  });
});

describe('webhooks touch online orders only', () => {
  it('a signed order.paid whose receipt names a cash-on-delivery order is acknowledged and ignored, whether the order is open or cancelled', async () => {
    const shopper = await makeShopper();
    const open = await codOrder(shopper.token);
    const cancelled = await codOrder(shopper.token);
    expect((await call(cancelOrderFn, `/api/orders/${cancelled}/cancel`, bearer(shopper.token))).status).toBe(200);
    for (const id of [open, cancelled]) {
      const fake = `order_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
      const payload = { ...capturedPayload(fake), order: { entity: { id: fake, receipt: id } } };
      const r = await call(razorpayWebhook, '/api/razorpay-webhook', webhookDelivery('order.paid', payload));
      expect(r).toMatchObject({ status: 200, body: { success: true, outcome: 'ignored' } });
    }
    expect(await orderOf(open)).toMatchObject({ status: 'confirmed', paymentStatus: 'cod_pending' });
    expect(await orderOf(cancelled)).toMatchObject({ status: 'cancelled', paymentStatus: 'cod_pending' });
  });
});

describe('unpaid attempts and Pay now', () => {
  it('an attempt within its hold is listed and can be paid with Pay now; once its hold ends it leaves the shopper’s lists', async () => {
    const shopper = await makeShopper();
    const stranger = await makeShopper();
    const held = await pendingOrder(shopper.token);
    const lapsed = await pendingOrder(shopper.token);
    await sandbox.pay(lapsed.razorpayOrderId, 'failure');
    // Its hold began 40 minutes ago and ended 10 minutes ago.
    await orders().updateOne(
      { _id: new ObjectId(lapsed.orderId) },
      { $set: { createdAt: new Date(Date.now() - 40 * 60_000), 'stock.holdExpiresAt': new Date(Date.now() - 10 * 60_000) } },
    );
    await reconcilePayments();
    const listed = (await call(getOrderDetails, '/api/get_order-details', { headers: { authorization: `Bearer ${shopper.token}` } })).body
      .userOrders;
    expect(listed.map((o: { _id: string }) => o._id)).toEqual([held.orderId]);
    expect(listed[0]).toMatchObject({
      status: 'pending_payment',
      paymentStatus: 'pending',
      orderNumber: `HRM-${held.orderId.slice(-6).toUpperCase()}`,
    });

    expect((await call(payOrder, `/api/orders/${held.orderId}/pay`, bearer(stranger.token))).status).toBe(404);
    expect((await call(payOrder, `/api/orders/${lapsed.orderId}/pay`, bearer(shopper.token))).body.message).toMatch(/no longer held/);
    const reopened = await call(payOrder, `/api/orders/${held.orderId}/pay`, bearer(shopper.token));
    expect(reopened).toMatchObject({
      status: 200,
      body: { orderId: held.orderId, order: { id: held.razorpayOrderId, amount: 70000, currency: 'INR' } },
    });
    const paid = (await sandbox.pay(held.razorpayOrderId)).body;
    const ids = {
      razorpayOrderId: paid.razorpay_order_id,
      razorpayPaymentId: paid.razorpay_payment_id,
      razorpaySignature: paid.razorpay_signature,
    };
    expect((await call(confirmOrderPayment, `/api/orders/${lapsed.orderId}/payment`, bearer(shopper.token, ids))).status).toBe(404);
    const confirmed = await call(confirmOrderPayment, `/api/orders/${held.orderId}/payment`, bearer(shopper.token, ids));
    expect(confirmed).toMatchObject({ status: 200, body: { order: { status: 'confirmed', paymentStatus: 'paid' } } });
    expect((await call(payOrder, `/api/orders/${held.orderId}/pay`, bearer(shopper.token))).body.message).toBe(
      'This order is already paid.',
    );
    // Admins still see the attempt that lapsed.
    expect(await orderOf(lapsed.orderId)).toMatchObject({ status: 'cancelled', cancelledBy: 'system', paymentStatus: 'failed' });
  });
});

describe('cash collected on delivery', () => {
  it('delivering a cash-on-delivery order records its cash as paid; its payment never moves back', async () => {
    const shopper = await makeShopper();
    const id = await codOrder(shopper.token);
    const patch = (status: string) => ({
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(statusChange(status)),
    });
    for (const status of ['packed', 'shipped', 'out_for_delivery']) {
      expect((await call(adminOrderStatus, `/api/admin/orders/${id}/status`, patch(status))).body.order.paymentStatus).toBe('cod_pending');
    }
    const delivered = await call(adminOrderStatus, `/api/admin/orders/${id}/status`, patch('delivered'));
    expect(delivered.body.order).toMatchObject({ status: 'delivered', paymentStatus: 'paid', paymentMethod: 'cod' });
    expect((await call(adminOrderStatus, `/api/admin/orders/${id}/status`, patch('cancelled'))).status).toBe(409);
  });
});
