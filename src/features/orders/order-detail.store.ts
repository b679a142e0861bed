/**
 * One of the shopper's orders, read from the server by id (only its owner, or an admin, gets it), for the
 * order success page. The messages are the shop's: 'No order ID found.', 'Order not found.',
 * 'Failed to load order details.'
 */
import { atom } from 'nanostores';
import { ordersApiPaths, type GetOrderResponse, type Order } from '../../shared/api/orders';
import { isObjectId } from '../../shared/ids';
import { callApi } from '../auth/api-client';

/** Where the order is: loading, loaded, refused (with the message), or the token was refused. */
export const $orderDetail = atom<
  { state: 'loading' } | { state: 'ready'; order: Order } | { state: 'error'; message: string } | { state: 'signed-out' }
>({
  state: 'loading',
});

/** The order id at the end of a path like /Order-success/{id}, or null. */
export function orderIdFromPath(pathname: string): string | null {
  const last = decodeURIComponent(pathname.replace(/\/+$/, '').split('/').pop() ?? '');
  return isObjectId(last) ? last.toLowerCase() : null;
}

/** Loads the order with this id (null: none in the address). */
export async function loadOrder(orderId: string | null, fetchImpl?: typeof fetch): Promise<void> {
  if (!orderId) return $orderDetail.set({ state: 'error', message: 'No order ID found.' });
  $orderDetail.set({ state: 'loading' });
  const r = await callApi<GetOrderResponse>(ordersApiPaths.order(orderId), { auth: true }, fetchImpl);
  if (r.ok) return $orderDetail.set({ state: 'ready', order: r.data.order });
  if (r.status === 401) return $orderDetail.set({ state: 'signed-out' });
  $orderDetail.set({ state: 'error', message: r.status === 404 ? 'Order not found.' : 'Failed to load order details.' });
}
