/**
 * What to pack: every confirmed order (paid online, or cash on delivery) as a packing slip, or one order's
 * slip when the page is opened for it (?order=<id>). Read through the admin orders API; the server decides
 * who is an admin.
 */
import { atom } from 'nanostores';
import { ordersApiPaths, type AdminOrder, type AdminOrderResponse, type GetOrderAllResponse } from '../../shared/api/orders';
import { isObjectId } from '../../shared/ids';
import { callApi } from '../auth/api-client';
import { adminOrdersSearch } from './admin-orders';

/** Most slips one page holds: a day's packing at a small shop, and no more than the orders API serves in one page. */
export const PACKING_PAGE_SIZE = 100;

/** The slips to print, or why there are none. */
export type PackingState =
  | { status: 'loading' | 'signed-out' | 'forbidden' }
  | { status: 'ready'; orders: AdminOrder[]; total: number; single: boolean }
  | { status: 'error'; message: string };

/** The slips to print. */
export const $packing = atom<PackingState>({ status: 'loading' });

/** Loads one order's slip (`?order=<id>`), or every confirmed order's, oldest first (first in, first packed). */
export async function loadPacking(search: string, fetchImpl?: typeof fetch): Promise<void> {
  const id = new URLSearchParams(search).get('order');
  if (id !== null) {
    if (!isObjectId(id)) return $packing.set({ status: 'error', message: 'That order link is not right: check the order id.' });
    const r = await callApi<AdminOrderResponse>(ordersApiPaths.adminOrder(id), { auth: true }, fetchImpl);
    if (!r.ok) return $packing.set(refusal(r.status, r.message));
    return $packing.set({ status: 'ready', orders: [r.data.order], total: 1, single: true });
  }
  const page = (n: number) =>
    callApi<GetOrderAllResponse>(
      `${ordersApiPaths.allOrders}${adminOrdersSearch({ status: 'confirmed', search: '', page: n, pageSize: PACKING_PAGE_SIZE })}`,
      { auth: true },
      fetchImpl,
    );
  let r = await page(1);
  // The list is newest first: with more than a page waiting, the last page holds the oldest orders.
  const last = r.ok ? Math.ceil(r.data.total / PACKING_PAGE_SIZE) : 1;
  if (r.ok && last > 1) r = await page(last);
  if (!r.ok) return $packing.set(refusal(r.status, r.message));
  $packing.set({ status: 'ready', orders: [...r.data.getOrder].reverse(), total: r.data.total, single: false });
}

/** Sorts a failed call into signed-out, forbidden or an error message. */
function refusal(status: number, message: string | null): PackingState {
  if (status === 401) return { status: 'signed-out' };
  if (status === 403) return { status: 'forbidden' };
  return { status: 'error', message: message ?? 'The orders could not be loaded. Please try again.' };
}

/** What the courier collects at the door: the order's total for cash on delivery, else nothing. */
export function amountToCollect(order: Pick<AdminOrder, 'paymentMethod' | 'paymentStatus' | 'totalAmount'>): number {
  return order.paymentMethod === 'cod' && order.paymentStatus === 'cod_pending' ? order.totalAmount : 0;
}
