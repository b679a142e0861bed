import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/api/orders';
import { filterOrders, historyHeading, historyRows, pageWindow, statusTone, trackingSteps } from './order-view';

function order(overrides: Partial<Order> = {}): Order {
  return {
    _id: '65f1a2b3c4d5e6f7a8b9c0d1',
    status: 'confirmed',
    paymentStatus: 'cod_pending',
    paymentMethod: 'cod',
    products: [
      {
        productId: { _id: 'p1', name: 'Lotus Ring', slug: 'lotus-ring', thumbnail: '/uploads/t.jpg', image: ['/uploads/i.jpg'] },
        price: 1299,
        quantity: 2,
      },
      {
        productId: { _id: 'p2', name: 'Leaf Ring', slug: 'leaf-ring', thumbnail: '', image: ['/uploads/leaf.jpg'] },
        price: 899,
        quantity: 1,
      },
    ],
    shippingInfo: {} as Order['shippingInfo'],
    billingInfo: {} as Order['billingInfo'],
    subtotal: 3497,
    shippingCost: 100,
    totalAmount: 3597,
    razorpayOrderId: null,
    razorpayPaymentId: null,
    statusHistory: [{ status: 'confirmed', at: '2026-11-20T10:00:00.000Z', by: 'customer' }],
    createdAt: '2026-11-20T10:00:00.000Z',
    holdExpiresAt: null,
    ...overrides,
  };
}

describe('order history', () => {
  it('has one row per product line, image from thumbnail else the first image, total price × quantity', () => {
    const rows = historyRows([order()]);
    expect(rows.map((r) => [r.name, r.image, r.quantity, r.lineTotal, r.payment, r.group])).toEqual([
      ['Lotus Ring', '/uploads/t.jpg', 2, 2598, 'COD', 'pending'],
      ['Leaf Ring', '/uploads/leaf.jpg', 1, 899, 'COD', 'pending'],
    ]);
  });

  it("falls back to 'N/A' names, quantity 0 (counted as 1 in the total) and payment 'N/A'", () => {
    const broken = order({
      paymentMethod: '' as never,
      products: [{ productId: null as never, price: 500, quantity: undefined as never }],
    });
    expect(historyRows([broken])[0]).toMatchObject({ name: 'N/A', quantity: 0, lineTotal: 500, payment: 'N/A' });
  });

  it('filters by group and searches id, status, payment method and the first product name', () => {
    const orders = [
      order({ _id: 'aaa111', status: 'delivered' }),
      order({ _id: 'bbb222', status: 'cancelled', paymentMethod: 'razorpay' }),
      order({ _id: 'ccc333', status: 'shipped' }),
    ];
    expect(filterOrders(orders, 'completed', '').map((o) => o._id)).toEqual(['aaa111']);
    expect(filterOrders(orders, 'pending', '').map((o) => o._id)).toEqual(['ccc333']);
    expect(filterOrders(orders, 'all', 'RAZOR').map((o) => o._id)).toEqual(['bbb222']);
    expect(filterOrders(orders, 'all', 'bbb2').map((o) => o._id)).toEqual(['bbb222']);
    expect(filterOrders(orders, 'all', 'lotus').map((o) => o._id)).toEqual(['aaa111', 'bbb222', 'ccc333']);
    expect(filterOrders(orders, 'all', 'leaf')).toEqual([]);
    expect(filterOrders(orders, 'all', 'shipped').map((o) => o._id)).toEqual(['ccc333']);
  });

  it('heads the page with the chosen group', () => {
    expect(historyHeading('all')).toBe('All Orders');
    expect(historyHeading('completed')).toBe('Completed Orders');
  });

  it('shows a window of 3 page numbers', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3]);
    expect(pageWindow(3, 5)).toEqual([2, 3, 4]);
    expect(pageWindow(5, 5)).toEqual([3, 4, 5]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('colours statuses as shoppers expect', () => {
    expect(['pending_payment', 'confirmed', 'shipped', 'delivered', 'cancelled', 'packed'].map(statusTone)).toEqual([
      'orange',
      'blue',
      'purple',
      'green',
      'red',
      'black',
    ]);
  });
});

describe('tracking steps', () => {
  it('marks steps up to the current status done, with the date each happened', () => {
    const shipped = order({
      status: 'shipped',
      statusHistory: [
        { status: 'confirmed', at: '2026-11-20T10:00:00.000Z', by: 'customer' },
        { status: 'packed', at: '2026-11-21T09:00:00.000Z', by: 'admin:9' },
        { status: 'shipped', at: '2026-11-21T15:30:00.000Z', by: 'admin:9' },
      ],
    });
    expect(trackingSteps(shipped)).toEqual([
      { label: 'Order Placed', done: true, current: false, at: '2026-11-20T10:00:00.000Z' },
      { label: 'Packed', done: true, current: false, at: '2026-11-21T09:00:00.000Z' },
      { label: 'Shipped', done: true, current: true, at: '2026-11-21T15:30:00.000Z' },
      { label: 'Out for Delivery', done: false, current: false, at: null },
      { label: 'Delivered', done: false, current: false, at: null },
    ]);
  });

  it('has nothing done for a cancelled order', () => {
    expect(trackingSteps(order({ status: 'cancelled' })).filter((s) => s.done)).toEqual([]);
  });
});
