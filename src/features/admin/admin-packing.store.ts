/**
 * What to pack: every confirmed order (paid online, or cash on delivery) as a packing slip, or one order's
 * slip when the page is opened for it (?order=<id>). Read through the admin orders API; the server decides
 * who is an admin.
 */
import { atom } from 'nanostores';
import { ordersApiPaths, type AdminOrder, type AdminOrderResponse, type GetOrderAllResponse } from '@shared/api/orders';
import { isObjectId } from '@shared/ids';
import { callApi } from '../auth/api-client';
import { fetchInto, type Fetched } from '../shared/fetched';
import { adminOrdersSearch } from './admin-orders';

/** Most slips one page holds: a day's packing at a small shop, and no more than the orders API serves in one page. */
export const PACKING_PAGE_SIZE = 100;

/** The slips to print, or why there are none. */
export type PackingState = Fetched<{ orders: AdminOrder[]; total: number; single: boolean }, true>;

/** The page shows the slips it had until a reload answers; 403 is an account that is not an admin's. */
const LOAD = { fallback: 'The orders could not be loaded. Please try again.', forbidden: true, showLoading: 'never' } as const;

/** The slips to print. */
export const $packing = atom<PackingState>({ status: 'loading' });

/** Loads one order's slip (`?order=<id>`), or every confirmed order's, oldest first (first in, first packed). */
export async function loadPacking(search: string, fetchImpl?: typeof fetch): Promise<void> {
  const id = new URLSearchParams(search).get('order');
  if (id !== null) {
    if (!isObjectId(id)) return $packing.set({ status: 'error', message: 'That order link is not right: check the order id.' });
    await fetchInto(
      $packing,
      () => callApi<AdminOrderResponse>(ordersApiPaths.adminOrder(id), { auth: true }, fetchImpl),
      (data) => ({ orders: [data.order], total: 1, single: true }),
      LOAD,
    );
    return;
  }
  const page = (n: number) =>
    callApi<GetOrderAllResponse>(
      `${ordersApiPaths.allOrders}${adminOrdersSearch({ status: 'confirmed', search: '', page: n, pageSize: PACKING_PAGE_SIZE })}`,
      { auth: true },
      fetchImpl,
    );
  const oldestPage = async () => {
    const r = await page(1);
    // The list is newest first: with more than a page waiting, the last page holds the oldest orders.
    const last = r.ok ? Math.ceil(r.data.total / PACKING_PAGE_SIZE) : 1;
    return r.ok && last > 1 ? page(last) : r;
  };
  await fetchInto($packing, oldestPage, (data) => ({ orders: [...data.getOrder].reverse(), total: data.total, single: false }), LOAD);
}

/** What the courier collects at the door: the order's total for cash on delivery, else nothing. */
export function amountToCollect(order: Pick<AdminOrder, 'paymentMethod' | 'paymentStatus' | 'totalAmount'>): number {
  return order.paymentMethod === 'cod' && order.paymentStatus === 'cod_pending' ? order.totalAmount : 0;
}
