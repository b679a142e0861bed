/**
 * One of the shopper's orders, read from the server by id (only its owner, or an admin, gets it), for the
 * order success page. The messages are the shop's: 'No order ID found.', 'Order not found.',
 * 'Failed to load order details.'
 */
import { atom } from 'nanostores';
import { ordersApiPaths, type GetOrderResponse, type Order } from '@shared/api/orders';
import { isObjectId } from '@shared/ids';
import { callApi } from '../auth/api-client';
import { fetchInto, type Fetched } from '../shared/fetched';

/** Where the order is: loading, loaded, refused (with the message), or the token was refused. */
export const $orderDetail = atom<Fetched<{ order: Order }>>({ status: 'loading' });

/** The order id at the end of a path like /Order-success/{id}, or null. */
export function orderIdFromPath(pathname: string): string | null {
  const last = decodeURIComponent(pathname.replace(/\/+$/, '').split('/').pop() ?? '');
  return isObjectId(last) ? last.toLowerCase() : null;
}

/** Loads the order with this id (null: none in the address). */
export async function loadOrder(orderId: string | null, fetchImpl?: typeof fetch): Promise<void> {
  if (!orderId) return $orderDetail.set({ status: 'error', message: 'No order ID found.' });
  await fetchInto(
    $orderDetail,
    () => callApi<GetOrderResponse>(ordersApiPaths.order(orderId), { auth: true }, fetchImpl),
    (data) => ({ order: data.order }),
    // The page words every other refusal itself rather than show the server's message.
    {
      fallback: 'Failed to load order details.',
      messageFor: (status) => (status === 404 ? 'Order not found.' : 'Failed to load order details.'),
    },
  );
}
