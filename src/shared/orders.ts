/**
 * The life of an order and of its payment, shared by the pages that show them and the server that moves
 * them. An order moves only forward along ORDER_FLOW, or to cancelled from an open state.
 */

/** Where an order is. */
export type OrderStatus = 'pending_payment' | 'confirmed' | 'packed' | 'shipped' | 'out_for_delivery' | 'delivered' | 'cancelled';

/** Where its money is. */
export type PaymentStatus = 'pending' | 'paid' | 'cod_pending' | 'failed' | 'refunded';

/** The forward path of a placed order. */
export const ORDER_FLOW: readonly OrderStatus[] = ['confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered'];

/** States an order can still be cancelled from (it has not been delivered or cancelled). */
export const OPEN_STATUSES: readonly OrderStatus[] = ['pending_payment', 'confirmed', 'packed', 'shipped', 'out_for_delivery'];

/** Whether an admin may move an order from one status to another. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  if (to === 'cancelled') return OPEN_STATUSES.includes(from);
  const i = ORDER_FLOW.indexOf(from);
  return i >= 0 && ORDER_FLOW[i + 1] === to;
}

/** Status names as shoppers read them. */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  confirmed: 'Confirmed',
  packed: 'Packed',
  shipped: 'Shipped',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** How each payment state reads to an admin. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  cod_pending: 'Due on delivery',
  failed: 'Failed',
  refunded: 'Refunded',
};

/** The order number a shopper quotes: 'HRM-' and the id's last six characters in upper case. */
export function orderNumber(orderId: string): string {
  return `HRM-${shortOrderId(orderId)}`;
}

/** The six upper-case characters the account page shows for an order. */
export function shortOrderId(orderId: string): string {
  return orderId.slice(-6).toUpperCase();
}

/** How long after placing it a shopper may cancel an order themselves (the cancellation policy). */
export const CUSTOMER_CANCEL_HOURS = 24;

/** Statuses from which a shopper may still cancel: anything before it ships. */
export const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ['pending_payment', 'confirmed', 'packed'];

/** Whether the shopper may still cancel an order placed at `createdAt` that is now `status`. */
export function customerMayCancel(order: { status: OrderStatus; createdAt: string | Date }, now = Date.now()): boolean {
  const placed = new Date(order.createdAt).getTime();
  return CUSTOMER_CANCELLABLE.includes(order.status) && now - placed <= CUSTOMER_CANCEL_HOURS * 3600_000;
}
