/**
 * The tracking pages' state: which order the address asks for (?orderId=), that order read from the server
 * (owner only; anyone else's is 'Order not found.'), and the shopper's orders for the chooser shown without
 * an order, or when the asked-for one cannot be shown.
 */
import { atom } from 'nanostores';
import { $orderDetail, loadOrder } from './order-detail.store';
import { loadMyOrders } from './orders.store';
import { trackingTarget, type TrackingTarget } from './tracking';

/** What the address asked for. */
export const $trackingTarget = atom<TrackingTarget>({ kind: 'none' });

/** Reads the address and loads what the page shows: the order, or the orders to choose from (or both, when the order cannot be shown). */
export async function openTracking(search: string, fetchImpl?: typeof fetch): Promise<void> {
  const target = trackingTarget(search);
  $trackingTarget.set(target);
  if (target.kind === 'none') return loadMyOrders(fetchImpl);
  if (target.kind === 'invalid') {
    $orderDetail.set({ status: 'error', message: 'Order not found.' });
    return loadMyOrders(fetchImpl);
  }
  await loadOrder(target.orderId, fetchImpl);
  if ($orderDetail.get().status === 'error') await loadMyOrders(fetchImpl);
}
