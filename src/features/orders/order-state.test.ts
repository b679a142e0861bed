import { describe, expect, it } from 'vitest';
import { makeOrder } from '../../../tests/fixtures/orders';
import type { Order } from '@shared/api/orders';
import { formatHoldEnd, hasInvoice, orderState, payNowOffer } from './order-state';

// 10:00 UTC is 3:30 pm in India.
const placedAt = '2026-11-20T10:00:00.000Z';
const now = Date.parse('2026-11-20T10:05:00.000Z');

/** An online order as the server keeps it at each step. */
function online(overrides: Partial<Order> = {}): Order {
  return makeOrder({
    paymentMethod: 'razorpay',
    paymentStatus: 'paid',
    shippingCost: 0,
    totalAmount: 1299,
    razorpayOrderId: 'order_abc',
    razorpayPaymentId: 'pay_xyz',
    statusHistory: [
      { status: 'pending_payment', at: placedAt, by: 'customer' },
      { status: 'confirmed', at: '2026-11-20T10:02:00.000Z', by: 'razorpay' },
    ],
    ...overrides,
  });
}

/** An online attempt still waiting for its payment, its items held until 4:00 pm India time. */
function unpaid(paymentStatus: 'pending' | 'failed' = 'failed'): Order {
  return online({
    status: 'pending_payment',
    paymentStatus,
    razorpayPaymentId: null,
    holdExpiresAt: '2026-11-20T10:30:00.000Z',
    statusHistory: [{ status: 'pending_payment', at: placedAt, by: 'customer' }],
  });
}

const thanks = (o: Order) => orderState(o, now).thanks;

describe('order page state', () => {
  it('a cash on delivery order just placed: thanks, confirmed, cash to keep ready, never "payment is received"', () => {
    const s = orderState(makeOrder(), now);
    expect(s).toMatchObject({ kind: 'confirmed', headline: 'Thank you for your order!', thanks: true, payment: 'Cash on delivery' });
    expect(s.lead).toEqual([
      'Your order is placed and confirmed.',
      'Please keep ₹1,399 ready in cash for the delivery.',
      'We will text and email you as it moves.',
    ]);
    expect(s.lead.join(' ')).not.toContain('payment is received');
    expect(s).toMatchObject({ invoice: true, track: true, payNow: null, shopAgain: false });
  });

  it('promises only the channels the order is told on: a text alone when the shopper gave no email address', () => {
    const noEmail = (o: Partial<Order> = {}) => makeOrder({ shippingInfo: { ...makeOrder().shippingInfo, email: '' }, ...o });
    expect(orderState(noEmail(), now).lead.at(-1)).toBe('We will text you as it moves.');
    const packed = [{ status: 'packed' as const, at: '2026-11-21T06:00:00.000Z', by: 'admin:1' }];
    expect(orderState(noEmail({ status: 'packed', statusHistory: packed }), now).lead.at(-1)).toBe('We will text you as it moves.');
    expect(orderState(makeOrder({ status: 'packed', statusHistory: packed }), now).lead.at(-1)).toBe(
      'We will text and email you as it moves.',
    );
    const due = orderState(
      online({ status: 'cancelled', cancelledBy: 'admin', shippingInfo: { ...makeOrder().shippingInfo, email: '' } }),
      now,
    );
    expect(due.lead[1]).toBe('Your payment of ₹1,299 will be refunded. We will text you when the refund is on its way.');
  });

  it('a paid online order: its payment is received', () => {
    const s = orderState(online(), now);
    expect(s.lead[0]).toBe('Your payment is received and your order is confirmed.');
    expect(s).toMatchObject({ payment: 'Paid online', paymentDetail: '₹1,299 with Razorpay · pay_xyz' });
  });

  it('packed, shipped, out for delivery: each leads with where it is, and still thanks; delivered leads with its day alone', () => {
    const at = (status: Order['status'], day: string) => ({ status, at: `2026-11-${day}T06:00:00.000Z`, by: 'admin:1' });
    const history = [at('confirmed', '20'), at('packed', '21'), at('shipped', '22'), at('out_for_delivery', '23'), at('delivered', '23')];
    const step = (status: Order['status']) => orderState(online({ status, statusHistory: history }), now);
    expect(step('packed')).toMatchObject({ kind: 'packed', headline: 'Your order is packed', thanks: true });
    expect(step('packed').lead[0]).toBe('It was packed on 21 Nov 2026 and goes to the courier soon.');
    expect(step('shipped')).toMatchObject({ kind: 'shipped', headline: 'Your order has shipped' });
    expect(step('shipped').lead).toContain('Your payment is received.');
    expect(step('out_for_delivery')).toMatchObject({ kind: 'out-for-delivery', headline: 'Your order is out for delivery' });
    expect(step('out_for_delivery')).toMatchObject({ thanks: true });
    expect(step('delivered')).toMatchObject({ kind: 'delivered', headline: 'Delivered on 23 Nov 2026', thanks: false });
    expect(step('delivered').lead).toEqual(['We hope you love it.']);
    // No record of the day (an order from before the history was kept): still what happened, not a thank-you.
    expect(orderState(online({ status: 'delivered', statusHistory: [] }), now)).toMatchObject({ headline: 'Delivered', thanks: false });
    // Cash collected at the door reads as paid in cash, never as an online payment.
    const cash = orderState(makeOrder({ status: 'delivered', paymentStatus: 'paid' }), now);
    expect(cash).toMatchObject({ payment: 'Paid in cash', paymentDetail: '₹1,399 paid in cash on delivery' });
    const outCod = orderState(makeOrder({ status: 'out_for_delivery' }), now);
    expect(outCod.lead).toContain('Please keep ₹1,399 ready in cash for the delivery.');
  });

  it('a declined payment is not a placed order: Payment not completed, Pay now while the items are held (Indian time)', () => {
    const s = orderState(unpaid('failed'), now);
    expect(s).toMatchObject({
      kind: 'awaiting-payment',
      headline: 'Payment not completed',
      thanks: false,
      payment: 'Payment not completed',
      payNow: { heldUntil: '4:00 pm' },
      invoice: false,
      track: false,
      shopAgain: false,
    });
    expect(s.lead).toEqual([
      'Your payment did not go through, so this order is not placed yet.',
      'Pay now to place it while your items are held.',
    ]);
    expect(orderState(unpaid('pending'), now).lead[0]).toMatch(/^We have not received your payment, so this order is not placed yet\./);
  });

  it('once the hold has ended: no Pay now, the items are no longer held, shop again', () => {
    const later = Date.parse('2026-11-20T10:31:00.000Z');
    const s = orderState(unpaid(), later);
    expect(s).toMatchObject({ kind: 'payment-lapsed', headline: 'Payment not completed', payNow: null, shopAgain: true, thanks: false });
    expect(s.lead[0]).toContain('its items are no longer held for you');
  });

  it('cancelled by the shopper, the shop, or for non-payment: who and when, and that nothing was charged', () => {
    const cancelledAt = '2026-11-20T11:00:00.000Z'; // 4:30 pm in India
    const cancelled = (by: 'customer' | 'admin' | 'system', extra: Partial<Order> = {}) =>
      orderState(
        makeOrder({
          status: 'cancelled',
          cancelledBy: by,
          statusHistory: [
            { status: 'confirmed', at: placedAt, by: 'customer' },
            { status: 'cancelled', at: cancelledAt, by },
          ],
          ...extra,
        }),
        now,
      );
    expect(cancelled('customer')).toMatchObject({ kind: 'cancelled', headline: 'Order cancelled', thanks: false, payment: 'Not charged' });
    expect(cancelled('customer').lead).toEqual(['You cancelled this order on 20 Nov 2026, 4:30 pm.', 'You were not charged.']);
    expect(cancelled('admin').lead[0]).toBe('The shop cancelled this order on 20 Nov 2026, 4:30 pm.');
    expect(cancelled('system', { paymentMethod: 'razorpay', paymentStatus: 'failed' }).lead).toEqual([
      'This order was cancelled on 20 Nov 2026, 4:30 pm because it was not paid in time.',
      'You were not charged.',
    ]);
    expect(cancelled('customer')).toMatchObject({ invoice: false, track: false });
  });

  it('a cancelled paid order: refunded with amount and date, or a refund still due when it failed or is under way', () => {
    const history = [
      { status: 'confirmed' as const, at: placedAt, by: 'razorpay' },
      { status: 'cancelled' as const, at: '2026-11-21T04:00:00.000Z', by: 'customer' },
    ];
    const refunded = orderState(
      online({
        status: 'cancelled',
        cancelledBy: 'customer',
        paymentStatus: 'refunded',
        statusHistory: history,
        refund: { id: 'rfnd_1', status: 'processed', amount: 1299, at: '2026-11-21T04:00:01.000Z' },
      }),
      now,
    );
    expect(refunded).toMatchObject({ kind: 'refunded', headline: 'Order cancelled and refunded', payment: 'Refunded', thanks: false });
    expect(refunded.lead).toEqual([
      'You cancelled this order on 21 Nov 2026, 9:30 am.',
      '₹1,299 was refunded on 21 Nov 2026 to your original payment method. It reaches your account within 7 to 10 working days.',
    ]);
    expect(refunded.lead.join(' ')).not.toContain('payment is received');
    // Razorpay said pending: the refund has started, it has not happened yet.
    const started = orderState(
      online({
        status: 'cancelled',
        cancelledBy: 'customer',
        paymentStatus: 'refunded',
        statusHistory: history,
        refund: { id: 'rfnd_2', status: 'pending', amount: 1299, at: '2026-11-21T04:00:01.000Z' },
      }),
      now,
    );
    expect(started).toMatchObject({ kind: 'refunded', headline: 'Order cancelled: refund started' });
    expect(started.lead[1]).toBe(
      'A refund of ₹1,299 to your original payment method started on 21 Nov 2026. Once Razorpay completes it, it reaches your account within 7 to 10 working days.',
    );
    for (const status of ['failed', 'requested']) {
      const due = orderState(
        online({
          status: 'cancelled',
          cancelledBy: 'admin',
          statusHistory: history,
          refund: { id: null, status, amount: 1299, at: '2026-11-21T04:00:01.000Z' },
        }),
        now,
      );
      expect(due).toMatchObject({ kind: 'refund-due', headline: 'Order cancelled: refund due', payment: 'Refund due' });
      expect(due.lead[1]).toBe('Your payment of ₹1,299 will be refunded. We will text and email you when the refund is on its way.');
    }
  });

  it('an invoice only where one exists: not awaiting payment, not cancelled before it was invoiced', () => {
    expect(hasInvoice(makeOrder())).toBe(true);
    expect(hasInvoice(unpaid())).toBe(false);
    expect(hasInvoice(makeOrder({ status: 'cancelled' }))).toBe(false);
    expect(hasInvoice(makeOrder({ status: 'cancelled', invoiceNumber: 'INV/2026-27/000012' }))).toBe(true);
  });

  it('thanks only where the order was placed and is on its way', () => {
    const orders = [
      makeOrder(),
      unpaid(),
      makeOrder({ status: 'cancelled' }),
      makeOrder({ status: 'shipped' }),
      makeOrder({ status: 'delivered' }),
    ];
    expect(orders.map(thanks)).toEqual([true, false, false, true, false]);
  });
});

describe('Pay now offer', () => {
  it('offers Pay now for an unpaid attempt while its hold lasts, says it lapsed after, and nothing for other orders', () => {
    expect(payNowOffer(unpaid(), now)).toEqual({ kind: 'pay', heldUntil: '4:00 pm' });
    expect(payNowOffer(unpaid('pending'), now)).toEqual({ kind: 'pay', heldUntil: '4:00 pm' });
    expect(payNowOffer(unpaid(), Date.parse('2026-11-20T10:30:00.000Z'))).toEqual({ kind: 'lapsed' });
    expect(payNowOffer(online(), now)).toEqual({ kind: 'none' });
    expect(payNowOffer(makeOrder(), now)).toEqual({ kind: 'none' });
  });

  it('names the day when the hold ends on another day in India', () => {
    // 18:20 UTC is 11:50 pm in India; a hold to 18:50 UTC ends at 12:20 am the next day there.
    expect(formatHoldEnd('2026-11-20T18:50:00.000Z', Date.parse('2026-11-20T18:20:00.000Z'))).toBe('21 Nov, 12:20 am');
    expect(formatHoldEnd('2026-11-20T18:10:00.000Z', Date.parse('2026-11-20T18:00:00.000Z'))).toBe('11:40 pm');
  });
});
