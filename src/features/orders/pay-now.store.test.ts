import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '../../../tests/fixtures/orders';
import type { Order } from '@shared/api/orders';
import { $paymentProvider } from '../payments/razorpay-checkout';
import { $orderDetail } from './order-detail.store';
import { $myOrders } from './orders.store';
import { $payNow, $payNowNotice, NOT_CONFIRMED_YET, payNow } from './pay-now.store';

const ORDER_ID = '65f1a2b3c4d5e6f7a8b6e398';

/** An online attempt whose payment was declined, its items still held. */
const unpaid = makeOrder({
  _id: ORDER_ID,
  status: 'pending_payment',
  paymentMethod: 'razorpay',
  paymentStatus: 'failed',
  shippingCost: 0,
  totalAmount: 1299,
  razorpayOrderId: 'order_Sandbox1',
  holdExpiresAt: new Date(Date.now() + 20 * 60_000).toISOString(),
});
const confirmed: Order = { ...unpaid, status: 'confirmed', paymentStatus: 'paid', razorpayPaymentId: 'pay_Sandbox1', holdExpiresAt: null };
const payment = { razorpay_order_id: 'order_Sandbox1', razorpay_payment_id: 'pay_Sandbox1', razorpay_signature: 'a'.repeat(64) };

type Route = { status: number; body: unknown };

/** A fetch answering each path with its route (404 for any other), recording what it was asked. */
function server(routes: Record<string, Route>) {
  return vi.fn(async (url: string | URL | Request, _init?: RequestInit) => {
    const route = routes[String(url)] ?? { status: 404, body: { success: false, message: 'Order not found' } };
    return new Response(JSON.stringify(route.body), { status: route.status, headers: { 'content-type': 'application/json' } });
  });
}

const reopened: Route = {
  status: 200,
  body: {
    success: true,
    message: 'Complete your payment',
    order: { id: 'order_Sandbox1', amount: 129900, currency: 'INR' },
    orderId: ORDER_ID,
    key: 'rzp_test_k',
  },
};

/** Razorpay Checkout as the page sees it: the last one opened, with the options it was given. */
let checkout: { options: Record<string, any>; failed?: (r: { error?: { description?: string } }) => void } | null;
class FakeRazorpay {
  constructor(public options: Record<string, any>) {
    checkout = { options };
  }
  on(_event: string, handler: (r: { error?: { description?: string } }) => void) {
    checkout!.failed = handler;
  }
  open() {}
}

/** Lets the promises Checkout's callbacks start run to the end. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  checkout = null;
  vi.stubGlobal('window', { Razorpay: FakeRazorpay });
  $paymentProvider.set({ state: 'ready', sandbox: true });
  $myOrders.set([unpaid, makeOrder()]);
  $orderDetail.set({ status: 'ready', order: unpaid });
  $payNow.set(null);
  $payNowNotice.set(null);
});
afterEach(() => {
  $paymentProvider.set({ state: 'loading', sandbox: false });
});

describe('Pay now', () => {
  it('reopens Checkout for the same Razorpay order, confirms the payment and shows the order confirmed', async () => {
    const fetchImpl = server({
      [`/api/orders/${ORDER_ID}/pay`]: reopened,
      [`/api/orders/${ORDER_ID}/payment`]: {
        status: 200,
        body: { success: true, message: 'Your payment is received and your order is confirmed.', order: confirmed },
      },
    });
    const onConfirmed = vi.fn();
    await payNow(unpaid, onConfirmed, fetchImpl);
    expect(fetchImpl.mock.calls[0]![0]).toBe(`/api/orders/${ORDER_ID}/pay`);
    expect(fetchImpl.mock.calls[0]![1]!.method).toBe('POST');
    expect(checkout!.options).toMatchObject({
      key: 'rzp_test_k',
      order_id: 'order_Sandbox1',
      amount: 129900,
      description: 'Order HRM-B6E398',
      prefill: { name: 'Meera Shah', contact: '+919812345678' },
    });
    expect($payNow.get()).toEqual({ orderId: ORDER_ID, step: 'paying' });

    checkout!.options['handler'](payment);
    await settle();
    const [path, init] = fetchImpl.mock.calls[1]!;
    expect(path).toBe(`/api/orders/${ORDER_ID}/payment`);
    expect(JSON.parse(init!.body as string)).toEqual({
      razorpayOrderId: 'order_Sandbox1',
      razorpayPaymentId: 'pay_Sandbox1',
      razorpaySignature: 'a'.repeat(64),
    });
    expect(onConfirmed).toHaveBeenCalledWith(confirmed);
    expect($myOrders.get()[0]).toEqual(confirmed);
    expect($orderDetail.get()).toEqual({ status: 'ready', order: confirmed });
    expect($payNow.get()).toBeNull();
    expect($payNowNotice.get()).toEqual({
      orderId: ORDER_ID,
      kind: 'success',
      text: 'Your payment is received and your order is confirmed.',
    });
  });

  it("says 'Payment failed: …' when the bank declines (Checkout stays open), and 'Payment cancelled by user' when closed", async () => {
    await payNow(unpaid, vi.fn(), server({ [`/api/orders/${ORDER_ID}/pay`]: reopened }));
    checkout!.failed!({ error: { description: 'Your bank declined this payment.' } });
    expect($payNowNotice.get()).toEqual({ orderId: ORDER_ID, kind: 'error', text: 'Payment failed: Your bank declined this payment.' });
    expect($payNow.get()?.step).toBe('paying');
    checkout!.options['modal'].ondismiss();
    expect($payNowNotice.get()).toEqual({ orderId: ORDER_ID, kind: 'info', text: 'Payment cancelled by user' });
    expect($payNow.get()).toBeNull();
  });

  it('tells the truth the server answers when the order can no longer be paid, and shows it as it now stands', async () => {
    const lapsed: Order = { ...unpaid, status: 'cancelled', cancelledBy: 'system' };
    const message = 'This payment can no longer be completed: the items are no longer held for it. Please place the order again.';
    const fetchImpl = server({
      [`/api/orders/${ORDER_ID}/pay`]: { status: 409, body: { success: false, message } },
      [`/api/get_orders/${ORDER_ID}`]: { status: 200, body: { success: true, order: lapsed } },
    });
    await payNow(unpaid, vi.fn(), fetchImpl);
    expect(checkout).toBeNull();
    expect($payNowNotice.get()).toEqual({ orderId: ORDER_ID, kind: 'error', text: message });
    expect($orderDetail.get()).toEqual({ status: 'ready', order: lapsed });
    expect($payNow.get()).toBeNull();
  });

  it('passes on the refund message when the order was cancelled before the payment arrived', async () => {
    const refund = 'Order HRM-B6E398 was cancelled before your payment arrived, so your payment of ₹1,299 has been refunded.';
    const onConfirmed = vi.fn();
    const fetchImpl = server({
      [`/api/orders/${ORDER_ID}/pay`]: reopened,
      [`/api/orders/${ORDER_ID}/payment`]: { status: 409, body: { success: false, message: refund } },
    });
    await payNow(unpaid, onConfirmed, fetchImpl);
    checkout!.options['handler'](payment);
    await settle();
    expect($payNowNotice.get()).toEqual({ orderId: ORDER_ID, kind: 'error', text: refund });
    expect(onConfirmed).not.toHaveBeenCalled();
  });

  it('says so when a payment could not be confirmed and the server gave no reason', async () => {
    const fetchImpl = server({
      [`/api/orders/${ORDER_ID}/pay`]: reopened,
      [`/api/orders/${ORDER_ID}/payment`]: { status: 502, body: {} },
    });
    await payNow(unpaid, vi.fn(), fetchImpl);
    checkout!.options['handler'](payment);
    await settle();
    expect($payNowNotice.get()?.text).toBe(NOT_CONFIRMED_YET);
  });

  it('cannot start without Checkout: the checkout’s own message, and nothing asked of the server', async () => {
    $paymentProvider.set({ state: 'loading', sandbox: false });
    const fetchImpl = server({ '/api/payment-config': { status: 503, body: { success: false, message: 'down' } } });
    await payNow(unpaid, vi.fn(), fetchImpl);
    expect($payNowNotice.get()).toEqual({ orderId: ORDER_ID, kind: 'error', text: 'Razorpay SDK not loaded. Please try again.' });
    expect(fetchImpl.mock.calls.map(([url]) => url)).toEqual(['/api/payment-config']);
    expect($payNow.get()).toBeNull();
  });

  it('one payment at a time: a second Pay now while one is open does nothing', async () => {
    const fetchImpl = server({ [`/api/orders/${ORDER_ID}/pay`]: reopened });
    await payNow(unpaid, vi.fn(), fetchImpl);
    await payNow(unpaid, vi.fn(), fetchImpl);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
