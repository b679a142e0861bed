/**
 * Where an order is on its way to the shopper, read from its status history: the five steps of the
 * tracking pages, which of them are done and when each happened. Pure: used by the tracking islands and
 * tested on its own.
 */
import type { Order, StatusChange } from '@shared/api/orders';
import { isObjectId } from '@shared/ids';
import { OPEN_STATUSES, type OrderStatus } from '@shared/orders';

/** Product tracking's step names, in order. */
export const PRODUCT_TRACKING_LABELS = ['Order Placed', 'Packed', 'Shipped', 'Out for Delivery', 'Delivered'] as const;
/** The order tracking component's step names, in order. */
export const ORDER_TRACKING_LABELS = ['Order Placed', 'Order Packed', 'In Transit', 'Out for Delivery', 'Delivered'] as const;

/** The status each of the five steps stands for, in order. */
const STEP_STATUSES: readonly OrderStatus[] = ['confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered'];

/** One step of a tracking line: its label, whether it is done, whether the order is at it now, and when it happened. */
export interface TrackingStep {
  label: string;
  done: boolean;
  current: boolean;
  /** When the order reached this step; null while it has not, or when the history does not say (a step an admin skipped). */
  at: string | null;
}

/** What a tracking page shows: the line of steps, or that the order was cancelled (and when). */
export type Tracking =
  { kind: 'line'; steps: TrackingStep[]; awaitingPayment: boolean } | { kind: 'cancelled'; at: string | null; by: string | null };

/** The latest history entry of a status (an order can only pass a status once, but the latest is the truth if not). */
function lastEntry(history: readonly StatusChange[], status: OrderStatus): StatusChange | undefined {
  for (let i = history.length - 1; i >= 0; i--) if (history[i]!.status === status) return history[i];
  return undefined;
}

/**
 * The tracking of an order. Steps up to its current status are done; each carries the date of its entry in
 * the history, so a step the history lacks (an admin moved the order past it) is done with no date. 'Order
 * Placed' is dated by the confirmation, else by when the order was created. An order still waiting for its
 * online payment is at the first step but has none done. A cancelled order has no line.
 */
export function trackOrder(
  order: Pick<Order, 'status' | 'createdAt' | 'statusHistory'>,
  labels: readonly string[] = PRODUCT_TRACKING_LABELS,
): Tracking {
  const history = order.statusHistory ?? [];
  if (order.status === 'cancelled') {
    const entry = lastEntry(history, 'cancelled');
    return { kind: 'cancelled', at: entry?.at ?? null, by: entry?.by ?? null };
  }
  const awaitingPayment = order.status === 'pending_payment';
  const reached = awaitingPayment ? -1 : STEP_STATUSES.indexOf(order.status);
  const steps = labels.map((label, i) => {
    const done = i <= reached;
    const at = !done ? null : (lastEntry(history, STEP_STATUSES[i]!)?.at ?? (i === 0 ? order.createdAt : null));
    return { label, done, current: awaitingPayment ? i === 0 : i === reached, at };
  });
  return { kind: 'line', steps, awaitingPayment };
}

/**
 * Orders still on their way, for the tracking pages' chooser. An online payment never completed is not an
 * order on its way: it is not offered (its page offers Pay now instead).
 */
export function openOrders(orders: readonly Order[]): Order[] {
  return orders.filter((o) => OPEN_STATUSES.includes(o.status) && o.status !== 'pending_payment');
}

/** What the tracking pages were asked for: no order (show the chooser), an order id, or something that is not one. */
export type TrackingTarget = { kind: 'none' } | { kind: 'order'; orderId: string } | { kind: 'invalid' };

/** Reads ?orderId= from a page's query string. */
export function trackingTarget(search: string): TrackingTarget {
  const raw = new URLSearchParams(search).get('orderId')?.trim();
  if (!raw) return { kind: 'none' };
  return isObjectId(raw) ? { kind: 'order', orderId: raw.toLowerCase() } : { kind: 'invalid' };
}
