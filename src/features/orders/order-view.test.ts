import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/api/orders';
import { makeOrder } from '../../../tests/fixtures/orders';
import { filterOrders, historyHeading, historyRows, historyTone, historyView, pageWindow, statusTone } from './order-view';

function order(overrides: Partial<Order> = {}): Order {
  return makeOrder({
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
    ...overrides,
  });
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

describe('history pages', () => {
  const now = Date.parse('2026-11-20T12:00:00.000Z');
  // Twelve one-line orders, newest first, plus one two-line order at the top.
  const many = [
    order({ _id: 'o-two-lines' }),
    ...Array.from({ length: 12 }, (_, i) =>
      order({
        _id: `o-${String(i).padStart(2, '0')}`,
        status: i < 3 ? 'delivered' : i < 5 ? 'cancelled' : 'confirmed',
        products: [order().products[0]!],
      }),
    ),
  ];

  it('pages rows five at a time, numbering them across pages, with a window of 3 page numbers', () => {
    const first = historyView(many, 'all', '', 1, now);
    expect(first).toMatchObject({ heading: 'All Orders', page: 1, pages: 3, total: 14, window: [1, 2, 3], noMatch: null });
    expect(first.rows.map((r) => [r.serial, r.orderId, r.leadsOrder])).toEqual([
      [1, 'o-two-lines', true],
      [2, 'o-two-lines', false],
      [3, 'o-00', true],
      [4, 'o-01', true],
      [5, 'o-02', true],
    ]);
    const last = historyView(many, 'all', '', 3, now);
    expect(last.rows.map((r) => r.serial)).toEqual([11, 12, 13, 14]);
    // A page past the end shows the last one.
    expect(historyView(many, 'all', '', 9, now).page).toBe(3);
  });

  it('filters by group before paging, and says who may still cancel', () => {
    const done = historyView(many, 'completed', '', 1, now);
    expect(done).toMatchObject({ heading: 'Completed Orders', total: 3, pages: 1 });
    expect(done.rows.every((r) => r.group === 'completed' && !r.mayCancel)).toBe(true);
    const pending = historyView(many, 'pending', '', 1, now);
    expect(pending.total).toBe(9);
    expect(pending.rows[0]!.mayCancel).toBe(true);
    // A day and a minute after ordering, Cancel is gone.
    expect(historyView(many, 'pending', '', 1, now + 24 * 3600_000).rows[0]!.mayCancel).toBe(false);
  });

  it('names the search (else the status) when nothing matches', () => {
    expect(historyView(many, 'all', 'bangle', 1, now).noMatch).toBe('No orders found for "bangle"');
    expect(historyView([order()], 'cancelled', '', 1, now).noMatch).toBe('No orders found for "Cancelled"');
    expect(historyView([], 'all', '', 1, now)).toMatchObject({ noMatch: null, total: 0, pages: 0, page: 1, window: [] });
  });

  it('colours the history badge green completed, yellow pending, red anything else', () => {
    expect(historyTone('completed')).toBe('green');
    expect(historyTone('pending')).toBe('yellow');
    expect(historyTone('cancelled')).toBe('red');
  });
});
