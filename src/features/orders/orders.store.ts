/**
 * The signed-in shopper's orders, loaded from the server (only their own), and cancelling one within
 * the policy. Used by the account, history and tracking pages.
 */
import { atom } from 'nanostores';
import { ordersApiPaths, type CancelOrderResponse, type GetOrderDetailsResponse, type Order } from '@shared/api/orders';
import { callApi } from '../auth/api-client';
import { fetchInto, type Fetched, type NotAsked } from '../shared/fetched';

/** Where the list is: loading, loaded, or failed (with the reason); the orders themselves are in $myOrders. */
export const $myOrdersState = atom<Fetched<object> | NotAsked>({ status: 'idle' });
/** The shopper's orders, newest first. */
export const $myOrders = atom<Order[]>([]);
/** The last cancel's outcome, in words, for the order it concerns. */
export const $cancelNotice = atom<{ orderId: string; kind: 'success' | 'error'; text: string } | null>(null);

/** Loads the shopper's orders; a refused token ends as 'signed-out' (the token is then forgotten). */
export async function loadMyOrders(fetchImpl?: typeof fetch): Promise<void> {
  const r = await fetchInto(
    $myOrdersState,
    () => callApi<GetOrderDetailsResponse>(ordersApiPaths.orderDetails, { auth: true }, fetchImpl),
    (data) => {
      // The list lives in its own store: cancelling an order replaces it there.
      $myOrders.set(data.userOrders);
      return {};
    },
    { fallback: 'Your orders could not be loaded. Please try again.' },
  );
  if (!r.ok && r.status !== 401) console.warn('[orders] could not load orders', r.status, r.message);
}

/** Cancels one of the shopper's orders; the list shows the cancelled order (and its refund, if any). */
export async function cancelMyOrder(orderId: string, fetchImpl?: typeof fetch): Promise<boolean> {
  const r = await callApi<CancelOrderResponse>(ordersApiPaths.cancelOrder(orderId), { method: 'POST', auth: true }, fetchImpl);
  if (r.ok) {
    $myOrders.set($myOrders.get().map((o) => (o._id === orderId ? r.data.order : o)));
    $cancelNotice.set({ orderId, kind: 'success', text: r.data.message });
    return true;
  }
  $cancelNotice.set({ orderId, kind: 'error', text: r.message ?? 'The order could not be cancelled. Please try again.' });
  return false;
}
