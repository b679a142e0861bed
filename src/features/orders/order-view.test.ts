import { describe, expect, it } from 'vitest';
import type { Order } from '@shared/api/orders';
import { makeOrder } from '../../../tests/fixtures/orders';
import {
  discountSaving,
  filterOrders,
  historyHeading,
  historyRows,
  historyTone,
  historyView,
  pageWindow,
  promisedDelivery,
  statusTone,
} from './order-view';

function order(overrides: Partial<Order> = {}): Order {
  return makeOrder({
    products: [
      {
        productId: { _id: 'p1', name: 'Lotus Ring', slug: 'lotus-ring', thumbnail: '/uploads/t.jpg', image: ['/uploads/i.jpg'] },
        size: null,
        sizeName: null,
        price: 1299,
        quantity: 2,
      },
      {
        productId: { _id: 'p2', name: 'Leaf Ring', slug: 'leaf-ring', thumbnail: '', image: ['/uploads/leaf.jpg'] },
        size: null,
        sizeName: null,
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

const id = (suffix: string) => `65f1a2b3c4d5e6f7a8${suffix}`;

describe('order history', () => {
  it('has one row per product line, image from thumbnail else the first image, total price × quantity', () => {
    const rows = historyRows(order());
    expect(rows.map((r) => [r.name, r.image, r.quantity, r.price, r.lineTotal])).toEqual([
      ['Lotus Ring', '/uploads/t.jpg', 2, 1299, 2598],
      ['Leaf Ring', '/uploads/leaf.jpg', 1, 899, 899],
    ]);
  });

  it('says the size bought on each line of a product sold in sizes', () => {
    const sized = order();
    sized.products[0] = { ...sized.products[0]!, size: '12', sizeName: 'Ring size' };
    expect(historyRows(sized).map((r) => r.size)).toEqual(['Ring size: 12', '']);
  });

  it("falls back to 'N/A' names, quantity 0 (counted as 1 in the total) and payment 'N/A'", () => {
    const broken = order({
      paymentMethod: '' as never,
      products: [{ productId: null as never, size: null, sizeName: null, price: 500, quantity: undefined as never }],
    });
    expect(historyRows(broken)[0]).toMatchObject({ name: 'N/A', quantity: 0, lineTotal: 500 });
    expect(historyView([broken], 'all', '', 1).orders[0]!.payment).toBe('N/A');
  });

  it('filters by group and finds an order by its number however it is typed', () => {
    const orders = [
      order({ _id: id('b6e398'), status: 'delivered' }),
      order({ _id: id('c0ffee'), status: 'cancelled', paymentMethod: 'razorpay', paymentStatus: 'refunded' }),
      order({ _id: id('abc123'), status: 'shipped' }),
    ];
    const ids = (list: Order[]) => list.map((o) => o._id.slice(-6));
    expect(ids(filterOrders(orders, 'completed', ''))).toEqual(['b6e398']);
    expect(ids(filterOrders(orders, 'pending', ''))).toEqual(['abc123']);
    expect(ids(filterOrders(orders, 'cancelled', ''))).toEqual(['c0ffee']);
    for (const typed of ['HRM-B6E398', 'hrm-b6e398', '#B6E398', '#b6e398', 'B6E398', ' b6e398 ', 'hrm b6e398']) {
      expect(ids(filterOrders(orders, 'all', typed)), typed).toEqual(['b6e398']);
    }
    // Part of a number, with or without the #.
    expect(ids(filterOrders(orders, 'all', '#C0F'))).toEqual(['c0ffee']);
    expect(ids(filterOrders(orders, 'all', 'hrm-abc'))).toEqual(['abc123']);
  });

  it('searches the status and payment as shown, and every product of an order', () => {
    const orders = [
      order({ _id: id('000001'), status: 'out_for_delivery' }),
      order({ _id: id('000002'), status: 'pending_payment', paymentMethod: 'razorpay', paymentStatus: 'failed' }),
      order({ _id: id('000003'), status: 'cancelled', paymentMethod: 'razorpay', paymentStatus: 'refunded' }),
      order({ _id: id('000004'), status: 'confirmed', paymentMethod: 'razorpay', paymentStatus: 'paid' }),
      order({ _id: id('000005'), status: 'delivered', paymentStatus: 'paid', products: [order().products[0]!] }),
    ];
    const found = (q: string) => filterOrders(orders, 'all', q).map((o) => o._id.slice(-1));
    expect(found('Out for delivery')).toEqual(['1']);
    expect(found('awaiting payment')).toEqual(['2']);
    expect(found('payment not completed')).toEqual(['2']);
    expect(found('REFUNDED')).toEqual(['3']);
    expect(found('paid online')).toEqual(['4']);
    expect(found('cash on delivery')).toEqual(['1']);
    expect(found('paid in cash')).toEqual(['5']);
    // The second product's name finds the order too, not only the first's.
    expect(found('leaf')).toEqual(['1', '2', '3', '4']);
    expect(found('lotus')).toEqual(['1', '2', '3', '4', '5']);
    // A word that reads like an order number still finds products by name.
    const beaded = order({
      _id: id('111111'),
      products: [
        {
          productId: { _id: 'p9', name: 'Beaded Anklet', slug: 'beaded-anklet', thumbnail: '', image: [] },
          size: null,
          sizeName: null,
          price: 799,
          quantity: 1,
        },
      ],
    });
    expect(filterOrders([beaded], 'all', 'beaded')).toHaveLength(1);
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
  // A two-line order at the top, then twelve one-line orders, newest first.
  const many = [
    order({ _id: id('0000aa') }),
    ...Array.from({ length: 12 }, (_, i) =>
      order({
        _id: id(String(i).padStart(6, '0')),
        status: i < 3 ? 'delivered' : i < 5 ? 'cancelled' : 'confirmed',
        products: [order().products[0]!],
      }),
    ),
  ];
  const numbers = (view: ReturnType<typeof historyView>) => view.orders.map((o) => o.number);

  it('pages five orders at a time, never splitting an order, numbering rows across pages', () => {
    const first = historyView(many, 'all', '', 1, now);
    expect(first).toMatchObject({ heading: 'All Orders', page: 1, pages: 3, total: 13, first: 1, window: [1, 2, 3], noMatch: null });
    expect(numbers(first)).toEqual(['0000AA', '000000', '000001', '000002', '000003']);
    expect(first.orders[0]!.rows.map((r) => [r.serial, r.name])).toEqual([
      [1, 'Lotus Ring'],
      [2, 'Leaf Ring'],
    ]);
    expect(first.orders.flatMap((o) => o.rows.map((r) => r.serial))).toEqual([1, 2, 3, 4, 5, 6]);
    const second = historyView(many, 'all', '', 2, now);
    expect(second).toMatchObject({ first: 6 });
    expect(second.orders[0]!.rows[0]!.serial).toBe(7);
    const last = historyView(many, 'all', '', 3, now);
    expect(numbers(last)).toEqual(['000009', '000010', '000011']);
    expect(last.orders.map((o) => o.rows[0]!.serial)).toEqual([12, 13, 14]);
    // A page past the end shows the last one.
    expect(historyView(many, 'all', '', 9, now).page).toBe(3);
  });

  it('a multi-line order stays on one page even where it would cross a page boundary by rows', () => {
    const fiveOneLine = Array.from({ length: 4 }, (_, i) => order({ _id: id(`10000${i}`), products: [order().products[0]!] }));
    const view = historyView([...fiveOneLine, order({ _id: id('200000') }), order({ _id: id('300000') })], 'all', '', 1, now);
    expect(numbers(view)).toEqual(['100000', '100001', '100002', '100003', '200000']);
    expect(view.orders[4]!.rows).toHaveLength(2);
    expect(view.pages).toBe(2);
  });

  it('gives each order its date, the total charged (COD fee included) and its payment once', () => {
    const cod = historyView([order({ _id: id('0000cc'), createdAt: '2026-11-20T20:00:00.000Z' })], 'all', '', 1, now).orders[0]!;
    // 20:00 UTC is already the 21st in India.
    expect(cod).toMatchObject({
      date: '21 Nov 2026',
      dateLabel: 'Placed',
      total: 3597,
      payment: 'CASH ON DELIVERY',
      statusLabel: 'Confirmed',
    });
    expect(cod.rows.map((r) => r.lineTotal)).toEqual([2598, 899]);
    const refunded = order({ _id: id('0000dd'), status: 'cancelled', paymentMethod: 'razorpay', paymentStatus: 'refunded' });
    expect(historyView([refunded], 'all', '', 1, now).orders[0]).toMatchObject({
      payment: 'REFUNDED',
      statusLabel: 'Cancelled',
      mayTrack: false,
    });
  });

  it('offers Pay now on an online attempt while its items are held, and no tracking', () => {
    const attempt = order({
      _id: id('0000ee'),
      status: 'pending_payment',
      paymentMethod: 'razorpay',
      paymentStatus: 'failed',
      holdExpiresAt: '2026-11-20T12:15:00.000Z',
    });
    const shown = historyView([attempt], 'all', '', 1, now).orders[0]!;
    expect(shown).toMatchObject({
      statusLabel: 'Awaiting payment',
      payment: 'PAYMENT NOT COMPLETED',
      // Not placed: the date is when checkout started.
      dateLabel: 'Checkout started',
      payNow: { kind: 'pay', heldUntil: '5:45 pm' },
      mayTrack: false,
    });
    expect(historyView([attempt], 'all', '', 1, now + 3600_000).orders[0]!.payNow).toEqual({ kind: 'lapsed' });
  });

  it('filters by group before paging, and says who may still cancel', () => {
    const done = historyView(many, 'completed', '', 1, now);
    expect(done).toMatchObject({ heading: 'Completed Orders', total: 3, pages: 1 });
    expect(done.orders.every((o) => o.group === 'completed' && !o.mayCancel)).toBe(true);
    const pending = historyView(many, 'pending', '', 1, now);
    expect(pending.total).toBe(8);
    expect(pending.orders[0]!.mayCancel).toBe(true);
    // A day and a minute after ordering, Cancel is gone.
    expect(historyView(many, 'pending', '', 1, now + 24 * 3600_000).orders[0]!.mayCancel).toBe(false);
  });

  it('names the search (else the status) when nothing matches', () => {
    expect(historyView(many, 'all', 'bangle', 1, now).noMatch).toBe('No orders found for "bangle"');
    expect(historyView([order()], 'cancelled', '', 1, now).noMatch).toBe('No orders found for "Cancelled"');
    expect(historyView([], 'all', '', 1, now)).toMatchObject({ noMatch: null, total: 0, pages: 0, page: 1, window: [], first: 0 });
  });

  it('colours the history badge green completed, yellow pending, red anything else', () => {
    expect(historyTone('completed')).toBe('green');
    expect(historyTone('pending')).toBe('yellow');
    expect(historyTone('cancelled')).toBe('red');
  });
});

describe('promisedDelivery', () => {
  it('says the promised window while the order is on its way, and nothing before payment, after delivery or without one', () => {
    const delivery = { from: '2026-11-30', to: '2026-12-04' };
    expect(promisedDelivery({ status: 'confirmed', delivery })).toBe('Delivery between Mon, 30 Nov and Fri, 4 Dec');
    expect(promisedDelivery({ status: 'shipped', delivery })).toBe('Delivery between Mon, 30 Nov and Fri, 4 Dec');
    expect(promisedDelivery({ status: 'pending_payment', delivery })).toBeNull();
    expect(promisedDelivery({ status: 'delivered', delivery })).toBeNull();
    expect(promisedDelivery({ status: 'confirmed', delivery: null })).toBeNull();
  });
});

describe('discountSaving', () => {
  it('says briefly what a code saved, for the history and the account’s order cards', () => {
    const saved = order({ discount: { code: 'DIWALI10', description: '10% off', amount: 200 }, totalAmount: 1199 });
    expect(discountSaving(saved)).toBe('Saved ₹200 with DIWALI10');
    expect(discountSaving({ discount: { code: 'FLAT', description: '₹99.50 off', amount: 99.5 } })).toBe('Saved ₹99.50 with FLAT');
    expect(historyView([saved], 'all', '', 1).orders[0]!.saving).toBe('Saved ₹200 with DIWALI10');
  });

  it('says nothing without a discount, or with one that took nothing off', () => {
    expect(discountSaving(order())).toBeNull();
    expect(discountSaving({ discount: null })).toBeNull();
    expect(discountSaving({ discount: { code: 'ZERO', description: '', amount: 0 } })).toBeNull();
    expect(historyView([order()], 'all', '', 1).orders[0]!.saving).toBeNull();
  });
});
