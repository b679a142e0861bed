import { describe, expect, it, vi } from 'vitest';
import { makeAdminOrder } from '../../../tests/fixtures/orders';
import { $packing, amountToCollect, loadPacking, PACKING_PAGE_SIZE } from './admin-packing.store';

/** A stubbed orders API: pages of confirmed orders, newest first, and the paths asked for. */
function ordersApi(total: number) {
  const asked: string[] = [];
  const fetchImpl = vi.fn(async (path: string) => {
    asked.push(path);
    const page = Number(new URL(path, 'http://x').searchParams.get('page') ?? '1');
    const first = (page - 1) * PACKING_PAGE_SIZE;
    const ids = Array.from({ length: Math.max(0, Math.min(PACKING_PAGE_SIZE, total - first)) }, (_, i) => total - first - i);
    const getOrder = ids.map((n) => makeAdminOrder({ _id: n.toString(16).padStart(24, '0') }));
    return new Response(JSON.stringify({ success: true, getOrder, total, page, pageSize: PACKING_PAGE_SIZE }), { status: 200 });
  });
  return { fetchImpl: fetchImpl as unknown as typeof fetch, asked };
}

describe('packing slips', () => {
  it('collects the total of a cash-on-delivery order not yet paid, and nothing for one paid online', () => {
    expect(amountToCollect(makeAdminOrder({ paymentMethod: 'cod', paymentStatus: 'cod_pending', totalAmount: 1399 }))).toBe(1399);
    expect(amountToCollect(makeAdminOrder({ paymentMethod: 'razorpay', paymentStatus: 'paid', totalAmount: 1399 }))).toBe(0);
  });

  it("lists today's confirmed orders oldest first; with more than a page waiting, the oldest page", async () => {
    const few = ordersApi(3);
    await loadPacking('', few.fetchImpl);
    const state = $packing.get();
    expect(state.status === 'ready' && state.orders.map((o) => parseInt(o._id, 16))).toEqual([1, 2, 3]);
    expect(few.asked[0]).toContain('status=confirmed');

    const many = ordersApi(PACKING_PAGE_SIZE + 5);
    await loadPacking('', many.fetchImpl);
    const oldest = $packing.get();
    expect(many.asked.at(-1)).toContain('page=2');
    expect(oldest.status === 'ready' && oldest.orders.map((o) => parseInt(o._id, 16))).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses an order link that is not an order id without asking the server', async () => {
    const api = ordersApi(1);
    await loadPacking('?order=nope', api.fetchImpl);
    expect($packing.get()).toEqual({ status: 'error', message: 'That order link is not right: check the order id.' });
    expect(api.asked).toEqual([]);
  });
});
