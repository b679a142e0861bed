import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanStores, keepMount } from 'nanostores';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import type { AdminOrder } from '@shared/api/orders';
import { attentionHint, attentionSentence } from '@shared/attention';
import { $token, setToken } from '../auth/token.store';
import {
  ADMIN_STATUS_FILTERS,
  actionLabel,
  adminHeading,
  adminOrdersSearch,
  adminListSearch,
  adminQueryFromSearch,
  formatSecondsLeft,
  listFiltersSummary,
  listSearchFromOrderSearch,
  secondsLeft,
  withoutListFilters,
  historyActor,
  itemsSummary,
  nextStatuses,
  pageCount,
  paymentSummary,
  statusNote,
  stepConsequence,
  shipmentConsequence,
  undoConsequence,
  cancelConsequence,
} from './admin-orders';
import {
  $adminList,
  $adminQuery,
  $openOrder,
  $statusNotice,
  changeStatus,
  clearListFilters,
  goToPage,
  loadListFromUrl,
  openOrder,
  setSearch,
  setStatusFilter,
  undoStep,
} from './admin-orders.store';
import { adminRoutes } from '../back-office/admin-routes';
import { makeAdminOrder } from '../../../tests/fixtures/orders';

function adminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return makeAdminOrder({
    shippingInfo: {} as AdminOrder['shippingInfo'],
    billingInfo: {} as AdminOrder['billingInfo'],
    statusHistory: [],
    ...overrides,
  });
}

/** A fetch that answers each call with the next canned response and records what was asked. */
function fakeFetch(...answers: [number, unknown][]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const impl = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const [status, body] = answers.shift() ?? [500, { success: false, message: 'no more answers' }];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { impl, calls };
}

describe('admin orders rules', () => {
  it('offers All Orders first, then needs attention and every status', () => {
    expect(ADMIN_STATUS_FILTERS[0]).toEqual({ value: 'all', label: 'All Orders' });
    expect(ADMIN_STATUS_FILTERS.map((f) => f.value)).toEqual([
      'all',
      'needs_attention',
      'pending_payment',
      'confirmed',
      'packed',
      'shipped',
      'out_for_delivery',
      'delivered',
      'cancelled',
    ]);
    expect(adminHeading('all')).toBe('All Orders');
    expect(adminHeading('shipped')).toBe('Shipped Orders');
  });

  it('offers only the allowed next statuses: one step forward, or cancel while open', () => {
    expect(nextStatuses('pending_payment')).toEqual(['cancelled']);
    expect(nextStatuses('confirmed')).toEqual(['packed', 'cancelled']);
    expect(nextStatuses('packed')).toEqual(['shipped', 'cancelled']);
    expect(nextStatuses('shipped')).toEqual(['out_for_delivery', 'cancelled']);
    expect(nextStatuses('out_for_delivery')).toEqual(['delivered', 'cancelled']);
    expect(nextStatuses('delivered')).toEqual([]);
    expect(nextStatuses('cancelled')).toEqual([]);
    expect(actionLabel('out_for_delivery')).toBe('Mark as out for delivery');
    expect(actionLabel('cancelled')).toBe('Cancel order');
  });

  it('builds the list query, counts pages and reads history and payments', () => {
    expect(adminOrdersSearch({ status: 'all', search: '  ', page: 1, pageSize: 20 })).toBe('?pageSize=20');
    expect(adminOrdersSearch({ status: 'shipped', search: ' Meera ', page: 3, pageSize: 20 })).toBe(
      '?status=shipped&search=Meera&page=3&pageSize=20',
    );
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
    expect(historyActor('admin:9876543210')).toBe('Admin (9876543210)');
    expect(historyActor('razorpay')).toBe('Razorpay');
    expect(historyActor('webhook')).toBe('webhook');
    expect(paymentSummary({ paymentMethod: 'cod', paymentStatus: 'cod_pending', status: 'confirmed' })).toBe('Cash on delivery');
    expect(paymentSummary({ paymentMethod: 'cod', paymentStatus: 'paid', status: 'delivered' })).toBe('Paid in cash');
    expect(paymentSummary({ paymentMethod: 'razorpay', paymentStatus: 'refunded', status: 'cancelled' })).toBe('Refunded');
    expect(paymentSummary({ paymentMethod: 'razorpay', paymentStatus: 'paid', status: 'cancelled' })).toBe('Refund due');
    expect(itemsSummary(adminOrder())).toBe('Lotus Ring');
    const sized = adminOrder();
    sized.products[0] = { ...sized.products[0]!, size: '2.6', sizeName: 'Bangle size' };
    expect(itemsSummary(sized)).toBe('Lotus Ring (Bangle size: 2.6)');
    const attempt = { paymentMethod: 'razorpay', paymentStatus: 'failed', status: 'cancelled' } as const;
    expect(statusNote({ ...attempt, cancelledBy: 'system' })).toBe('Abandoned: not paid before its hold ended');
    expect(statusNote({ ...attempt, cancelledBy: 'customer' })).toBe('Abandoned: cancelled before paying');
    expect(statusNote({ ...attempt, status: 'pending_payment', paymentStatus: 'pending', cancelledBy: null })).toBe(
      'Waiting for the online payment',
    );
    expect(statusNote(adminOrder())).toBeNull();
    // The sentence and the hint name the same way out: Retry refund (or by hand).
    expect(attentionSentence({ code: 'refund_failed', detail: 'Razorpay 400 failed: x' })).toBe(
      'Razorpay refused the refund (Razorpay 400 failed: x): retry it with Retry refund, or refund it by hand.',
    );
    expect(attentionSentence({ code: 'refund_failed_reported', refundId: 'rfnd_1' })).toBe(
      'Razorpay reported the refund rfnd_1 failed: retry it with Retry refund, or refund it by hand.',
    );
    expect(attentionHint('refund_failed')).toMatch(/^Retry it with Retry refund/);
    expect(attentionSentence({ code: 'paid_after_hold' })).toBe(
      'Paid after its stock hold had expired: stock was taken again and may be short.',
    );
    expect(attentionHint('paid_after_hold')).toMatch(/stock may be negative/);
    // Each refund problem points to a refund, never to the stock.
    expect(attentionHint('refund_failed_reported')).toMatch(/^Retry it with Retry refund/);
    expect(attentionHint('stray_payment')).toMatch(/^Refund the payment by hand/);
    expect(attentionHint('refund_not_done')).toMatch(/^Refund it again/);
    expect(attentionHint('refund_no_answer')).toMatch(/before refunding again/);
    // A flag from before reasons had codes shows its sentence as it is, with a hint that claims nothing.
    expect(attentionHint(null)).toBe("Read the reason; the order's history below says what happened.");
  });
});

describe('admin orders store', () => {
  beforeEach(() => {
    useTestStorageEngine();
    keepMount($token);
    setToken('a.b.c');
    $adminQuery.set({ status: 'all', search: '', page: 1 });
    $adminList.set({ status: 'idle' });
    $openOrder.set(null);
    $statusNotice.set(null);
  });
  afterEach(() => {
    cleanStores($token);
    cleanTestStorage();
  });

  it('loads a page with the filter and search, sending the token', async () => {
    const { impl, calls } = fakeFetch([200, { success: true, getOrder: [adminOrder()], total: 1, page: 1, pageSize: 20 }]);
    await setStatusFilter('confirmed', impl);
    expect(calls[0]!.url).toBe('/api/get_order-all?status=confirmed&pageSize=20');
    expect((calls[0]!.init.headers as Record<string, string>)['Authorization']).toBe('Bearer a.b.c');
    expect($adminList.get()).toMatchObject({ status: 'ready', total: 1 });
    const second = fakeFetch([200, { success: true, getOrder: [], total: 0, page: 1, pageSize: 20 }]);
    await setSearch('HRM-B9C0D1', second.impl);
    expect(second.calls[0]!.url).toBe('/api/get_order-all?status=confirmed&search=HRM-B9C0D1&pageSize=20');
    const third = fakeFetch([200, { success: true, getOrder: [], total: 0, page: 2, pageSize: 20 }]);
    await goToPage(2, third.impl);
    expect(third.calls[0]!.url).toContain('page=2');
  });

  it("keeps the dashboard's filters through status, search and pages; Clear drops just them", async () => {
    const answer = (): [number, unknown] => [200, { success: true, getOrder: [], total: 0, page: 1, pageSize: 20 }];
    const { impl, calls } = fakeFetch(answer(), answer(), answer(), answer(), answer());
    await loadListFromUrl('?from=2026-12-01&to=2026-12-07&payment=cod&sale=yes', impl);
    expect(calls[0]!.url).toBe('/api/get_order-all?from=2026-12-01&to=2026-12-07&payment=cod&sale=yes&pageSize=20');
    await setStatusFilter('delivered', impl);
    await setSearch('Meera', impl);
    await goToPage(2, impl);
    expect(calls[3]!.url).toBe(
      '/api/get_order-all?status=delivered&search=Meera&from=2026-12-01&to=2026-12-07&payment=cod&sale=yes&page=2&pageSize=20',
    );
    await clearListFilters(impl);
    expect(calls[4]!.url).toBe('/api/get_order-all?status=delivered&search=Meera&pageSize=20');
    expect($adminQuery.get()).toEqual({ status: 'delivered', search: 'Meera', page: 1 });
  });

  it('a customer (403) is told they are not an admin and keeps no data; 401 means sign in', async () => {
    await setStatusFilter('all', fakeFetch([403, { success: false, message: 'Only shop admins can do this.' }]).impl);
    expect($adminList.get()).toEqual({ status: 'forbidden' });
    await setStatusFilter('all', fakeFetch([401, { success: false, message: 'Please sign in to continue.' }]).impl);
    expect($adminList.get()).toEqual({ status: 'signed-out' });
  });

  it('changes the open order along an allowed transition and updates its row', async () => {
    await setStatusFilter('all', fakeFetch([200, { success: true, getOrder: [adminOrder()], total: 1, page: 1, pageSize: 20 }]).impl);
    await openOrder(adminOrder()._id, fakeFetch([200, { success: true, message: 'Order', order: adminOrder() }]).impl);
    const packed = adminOrder({ status: 'packed' });
    const { impl, calls } = fakeFetch([200, { success: true, message: 'Order is now packed', order: packed }]);
    expect(await changeStatus('packed', impl)).toBe(true);
    expect(calls[0]).toMatchObject({
      url: `/api/admin/orders/${packed._id}/status`,
      init: { method: 'PATCH', body: '{"status":"packed"}' },
    });
    expect($openOrder.get()).toEqual({ status: 'ready', order: packed });
    expect($statusNotice.get()).toEqual({ kind: 'success', text: 'Order is now packed.' });
    const list = $adminList.get();
    expect(list.status === 'ready' && list.orders[0]!.status).toBe('packed');
  });

  it('refuses a transition that is not allowed without calling the server, and shows a server refusal', async () => {
    await openOrder(adminOrder()._id, fakeFetch([200, { success: true, message: 'Order', order: adminOrder() }]).impl);
    const { impl, calls } = fakeFetch();
    expect(await changeStatus('delivered', impl)).toBe(false);
    expect(calls).toHaveLength(0);
    expect($statusNotice.get()?.kind).toBe('error');
    const conflict = fakeFetch([
      409,
      { success: false, message: 'This order changed while you were looking at it. Reload and try again.' },
    ]);
    expect(await changeStatus('packed', conflict.impl)).toBe(false);
    expect($statusNotice.get()).toEqual({ kind: 'error', text: 'This order changed while you were looking at it. Reload and try again.' });
  });
});

describe('the list and order addresses', () => {
  it('reads the list state from its address and writes it back; junk falls back to the defaults', () => {
    expect(adminQueryFromSearch('?status=shipped&search=%20meera%20&page=2')).toEqual({ status: 'shipped', search: 'meera', page: 2 });
    expect(adminQueryFromSearch('?status=lost&page=-3')).toEqual({ status: 'all', search: '', page: 1 });
    expect(adminQueryFromSearch('?page=1.5&search=' + 'x'.repeat(200)).search).toHaveLength(80);
    expect(adminListSearch({ status: 'all', search: '', page: 1 })).toBe('');
    expect(adminListSearch({ status: 'needs_attention', search: 'HRM-1A2B3C', page: 3 })).toBe(
      '?status=needs_attention&search=HRM-1A2B3C&page=3',
    );
  });

  it("reads and writes the dashboard's filters: India days placed, payment and sales only; junk and reversed ranges are dropped", () => {
    const link = '?from=2026-12-01&to=2026-12-07&payment=cod&sale=yes';
    const query = adminQueryFromSearch(link);
    expect(query).toEqual({ status: 'all', search: '', page: 1, from: '2026-12-01', to: '2026-12-07', payment: 'cod', sale: 'yes' });
    expect(adminListSearch(query)).toBe(link);
    // Alongside status, search and page, in one order, both ways.
    const full = '?status=shipped&search=meera&from=2026-12-01&payment=online&page=2';
    expect(adminListSearch(adminQueryFromSearch(full))).toBe(full);
    expect(adminOrdersSearch({ ...adminQueryFromSearch(full), pageSize: 20 })).toBe(`${full}&pageSize=20`);
    // The defaults are never written.
    expect(adminListSearch({ status: 'all', search: '', page: 1, payment: 'all' })).toBe('');
    // Malformed days, unknown payments and other sale values fall back to no filter.
    expect(adminQueryFromSearch('?from=2026-02-30&to=yesterday&payment=upi&sale=1')).toEqual({ status: 'all', search: '', page: 1 });
    expect(adminQueryFromSearch('?from=1999-01-01')).toEqual({ status: 'all', search: '', page: 1 });
    // A range ending before it starts is dropped whole; one end alone is kept.
    expect(adminQueryFromSearch('?from=2026-12-07&to=2026-12-01&payment=cod')).toEqual({
      status: 'all',
      search: '',
      page: 1,
      payment: 'cod',
    });
    expect(adminQueryFromSearch('?to=2026-12-07')).toEqual({ status: 'all', search: '', page: 1, to: '2026-12-07' });
    expect(withoutListFilters(query)).toEqual({ status: 'all', search: '', page: 1 });
  });

  it('says the dashboard filters in words, or nothing when none applies', () => {
    const q = { status: 'all', search: '', page: 1 } as const;
    expect(listFiltersSummary(q)).toBeNull();
    expect(listFiltersSummary({ ...q, payment: 'all' })).toBeNull();
    expect(listFiltersSummary({ ...q, from: '2026-12-01', to: '2026-12-07', payment: 'cod' })).toBe(
      'Placed 1 Dec 2026 – 7 Dec 2026 · Cash on delivery',
    );
    expect(listFiltersSummary({ ...q, from: '2026-12-01', to: '2026-12-01', payment: 'online', sale: 'yes' })).toBe(
      'Placed 1 Dec 2026 · Online payment · Sales only (unpaid online attempts left out)',
    );
    expect(listFiltersSummary({ ...q, from: '2026-12-01' })).toBe('Placed on or after 1 Dec 2026');
    expect(listFiltersSummary({ ...q, to: '2026-12-07' })).toBe('Placed on or before 7 Dec 2026');
  });

  it("an order's address keeps the dashboard's filters for its way back", () => {
    const list = '?from=2026-12-01&to=2026-12-07&payment=cod&sale=yes&page=2';
    const href = adminRoutes.order('a'.repeat(24), list);
    expect(adminRoutes.ordersList(listSearchFromOrderSearch(new URL(href, 'http://x').search))).toBe(`/admin/orders${list}`);
  });

  it("an order's address carries the list it came from, and its Back link can only lead to the orders list", () => {
    const id = 'a'.repeat(24);
    expect(adminRoutes.order(id)).toBe(`/admin/orders/${id}`);
    const href = adminRoutes.order(id, '?status=shipped&page=2');
    expect(href).toBe(`/admin/orders/${id}?back=status%3Dshipped%26page%3D2`);
    expect(adminRoutes.ordersList(listSearchFromOrderSearch(new URL(href, 'http://x').search))).toBe('/admin/orders?status=shipped&page=2');
    expect(listSearchFromOrderSearch('?back=//evil.example/x')).toBe('');
    expect(listSearchFromOrderSearch('')).toBe('');
  });

  it('counts the undo window down in whole seconds', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    expect(secondsLeft('2026-11-26T10:01:00Z', now)).toBe(60);
    expect(secondsLeft('2026-11-26T10:00:00.200Z', now)).toBe(1);
    expect(secondsLeft('2026-11-26T09:59:00Z', now)).toBe(0);
    expect(formatSecondsLeft(45)).toBe('45 s');
    expect(formatSecondsLeft(65)).toBe('1 min 5 s');
    expect(formatSecondsLeft(120)).toBe('2 min');
  });
});

describe('undo from the order page', () => {
  it('undoes the open order through POST /undo and shows it; a refusal is said and the order read again', async () => {
    setToken('admin-token');
    const packed = adminOrder({
      status: 'packed',
      undo: { step: 'packed', from: 'confirmed', until: '2026-11-26T10:01:00Z', by: 'admin:9' },
    });
    await openOrder(packed._id, fakeFetch([200, { success: true, message: 'Order', order: packed }]).impl);
    const back = adminOrder({ status: 'confirmed' });
    const ok = fakeFetch([200, { success: true, message: 'Undone: the order is confirmed again', order: back }]);
    expect(await undoStep('packed', ok.impl)).toBe(true);
    expect(ok.calls[0]!.url).toBe(`/api/admin/orders/${packed._id}/undo`);
    expect(ok.calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(ok.calls[0]!.init.body as string)).toEqual({ step: 'packed', until: '2026-11-26T10:01:00Z' });
    expect($openOrder.get()).toEqual({ status: 'ready', order: back });
    expect($statusNotice.get()).toEqual({ kind: 'success', text: 'Undone: the order is confirmed again.' });

    await openOrder(packed._id, fakeFetch([200, { success: true, message: 'Order', order: packed }]).impl);
    const told = 'The shopper has already been told the order is packed, so this cannot be undone.';
    const refused = fakeFetch(
      [409, { success: false, message: told }],
      [200, { success: true, message: 'Order', order: { ...packed, undo: null } }],
    );
    expect(await undoStep('packed', refused.impl)).toBe(false);
    expect($statusNotice.get()).toEqual({ kind: 'error', text: told });
    expect($openOrder.get()).toEqual({ status: 'ready', order: { ...packed, undo: null } });
  });

  it('an order that does not exist (404) or an address without an id is an order not found', async () => {
    setToken('admin-token');
    await openOrder('b'.repeat(24), fakeFetch([404, { success: false, message: 'Order not found' }]).impl);
    expect($openOrder.get()).toEqual({ status: 'missing', id: 'b'.repeat(24) });
    await openOrder(null);
    expect($openOrder.get()).toEqual({ status: 'missing', id: null });
  });
});

describe("the step dialogs' words", () => {
  const withEmail = makeAdminOrder();
  const withoutEmail = makeAdminOrder({ shippingInfo: { ...makeAdminOrder().shippingInfo, email: '' } });

  it('name email only when the order has an address, as the server sends it', () => {
    expect(stepConsequence(withEmail, 'packed')).toBe('The shopper is texted and emailed that it is packed.');
    expect(stepConsequence(withoutEmail, 'packed')).toBe('The shopper is texted that it is packed.');
    expect(stepConsequence(withoutEmail, 'delivered')).toBe(
      'The shopper is texted that it is delivered. Its cash of ₹1,399 is recorded as collected.',
    );
    expect(shipmentConsequence(withEmail)).toBe(
      'The shopper is texted and emailed the courier and the tracking number, with a link to follow the parcel.',
    );
    expect(shipmentConsequence(withoutEmail)).toBe(
      'The shopper is texted the courier and the tracking number, with a link to follow the parcel.',
    );
    expect(undoConsequence(withEmail, 'packed', 'confirmed')).toBe(
      "The order goes back to confirmed and the shopper's waiting text and email about it are never sent.",
    );
    expect(undoConsequence(withoutEmail, 'shipped', 'packed')).toBe(
      "The order goes back to packed and the shopper's waiting text about it is never sent. Its courier and tracking number are cleared.",
    );
    expect(cancelConsequence(withEmail)).toBe('Its stock comes back. The shopper is texted and emailed at once.');
    expect(cancelConsequence(withoutEmail)).toBe('Its stock comes back. The shopper is texted at once.');
  });

  it('cancelling an online attempt never paid tells the shopper nothing, as the server sends nothing', () => {
    const attempt = makeAdminOrder({ status: 'pending_payment', paymentMethod: 'razorpay', paymentStatus: 'pending' });
    expect(cancelConsequence(attempt)).toBe('Its stock comes back. No message goes to the shopper: it was never paid.');
  });
});
