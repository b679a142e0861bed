import { describe, expect, it } from 'vitest';
import type { Order, StatusChange } from '@shared/api/orders';
import { ORDER_TRACKING_LABELS, openOrders, trackingTarget, trackOrder } from './tracking';

const placed = '2026-11-20T10:00:00.000Z';

function order(status: Order['status'], statusHistory: StatusChange[]): Pick<Order, 'status' | 'createdAt' | 'statusHistory'> {
  return { status, createdAt: placed, statusHistory };
}

describe('trackOrder', () => {
  it('confirmed → packed → shipped: the first three steps done, each with the date it happened', () => {
    const shipped = order('shipped', [
      { status: 'confirmed', at: placed, by: 'customer' },
      { status: 'packed', at: '2026-11-21T09:00:00.000Z', by: 'admin:9812345678' },
      { status: 'shipped', at: '2026-11-21T15:30:00.000Z', by: 'admin:9812345678' },
    ]);
    expect(trackOrder(shipped)).toEqual({
      kind: 'line',
      awaitingPayment: false,
      steps: [
        { label: 'Order Placed', done: true, current: false, at: placed },
        { label: 'Packed', done: true, current: false, at: '2026-11-21T09:00:00.000Z' },
        { label: 'Shipped', done: true, current: true, at: '2026-11-21T15:30:00.000Z' },
        { label: 'Out for Delivery', done: false, current: false, at: null },
        { label: 'Delivered', done: false, current: false, at: null },
      ],
    });
  });

  it('a step the history skipped (an admin jumped past it) is done with no date', () => {
    const out = order('out_for_delivery', [
      { status: 'confirmed', at: placed, by: 'customer' },
      { status: 'shipped', at: '2026-11-22T08:00:00.000Z', by: 'admin:1' },
      { status: 'out_for_delivery', at: '2026-11-23T08:00:00.000Z', by: 'admin:1' },
    ]);
    const t = trackOrder(out, ORDER_TRACKING_LABELS);
    expect(t.kind === 'line' && t.steps.map((s) => [s.label, s.done, s.at])).toEqual([
      ['Order Placed', true, placed],
      ['Order Packed', true, null],
      ['In Transit', true, '2026-11-22T08:00:00.000Z'],
      ['Out for Delivery', true, '2026-11-23T08:00:00.000Z'],
      ['Delivered', false, null],
    ]);
  });

  it('an order waiting for its online payment is at the first step with nothing done', () => {
    const t = trackOrder(order('pending_payment', [{ status: 'pending_payment', at: placed, by: 'customer' }]));
    expect(t).toMatchObject({ kind: 'line', awaitingPayment: true });
    expect(t.kind === 'line' && t.steps.map((s) => [s.done, s.current, s.at])).toEqual([
      [false, true, null],
      [false, false, null],
      [false, false, null],
      [false, false, null],
      [false, false, null],
    ]);
  });

  it('a paid online order is placed when the payment confirmed it', () => {
    const t = trackOrder(
      order('confirmed', [
        { status: 'pending_payment', at: placed, by: 'customer' },
        { status: 'confirmed', at: '2026-11-20T10:02:00.000Z', by: 'razorpay' },
      ]),
    );
    expect(t.kind === 'line' && t.steps[0]).toEqual({ label: 'Order Placed', done: true, current: true, at: '2026-11-20T10:02:00.000Z' });
  });

  it('an order with no history is still dated as placed when it was created', () => {
    const t = trackOrder(order('confirmed', []));
    expect(t.kind === 'line' && t.steps[0]!.at).toBe(placed);
  });

  it('a cancelled order has no line: when and by whom it was cancelled', () => {
    const cancelled = order('cancelled', [
      { status: 'confirmed', at: placed, by: 'customer' },
      { status: 'cancelled', at: '2026-11-20T12:00:00.000Z', by: 'customer' },
    ]);
    expect(trackOrder(cancelled)).toEqual({ kind: 'cancelled', at: '2026-11-20T12:00:00.000Z', by: 'customer' });
    expect(trackOrder(order('cancelled', []))).toEqual({ kind: 'cancelled', at: null, by: null });
  });

  it('delivered: every step done, the last one current', () => {
    const t = trackOrder(
      order(
        'delivered',
        (['confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered'] as const).map((status, i) => ({
          status,
          at: `2026-11-2${i}T10:00:00.000Z`,
          by: 'admin:1',
        })),
      ),
    );
    expect(t.kind === 'line' && t.steps.map((s) => [s.done, s.current])).toEqual([
      [true, false],
      [true, false],
      [true, false],
      [true, false],
      [true, true],
    ]);
  });
});

describe('trackingTarget', () => {
  it('reads ?orderId=: none, an order id (lower-cased), or something else', () => {
    expect(trackingTarget('')).toEqual({ kind: 'none' });
    expect(trackingTarget('?orderId=')).toEqual({ kind: 'none' });
    expect(trackingTarget('?orderId=65F1A2B3C4D5E6F7A8B9C0D1')).toEqual({ kind: 'order', orderId: '65f1a2b3c4d5e6f7a8b9c0d1' });
    expect(trackingTarget('?orderId=abc')).toEqual({ kind: 'invalid' });
  });
});

describe('openOrders', () => {
  it('keeps orders still on their way, and never offers a payment that was not completed', () => {
    const all = (['pending_payment', 'confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered', 'cancelled'] as const).map(
      (status, i) => ({ _id: String(i), status }) as Order,
    );
    expect(openOrders(all).map((o) => o.status)).toEqual(['confirmed', 'packed', 'shipped', 'out_for_delivery']);
  });
});
