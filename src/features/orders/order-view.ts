/**
 * How orders are shown: status colours, the history page's groups, rows, search and pages, and the
 * tracking steps with the dates each happened. Pure: used by islands and tested on its own.
 */
import type { Order, StatusChange } from '../../shared/api/orders';
import { OPEN_STATUSES, type OrderStatus } from '../../shared/orders';

/** Badge colours of an order status: pending orange, confirmed blue, shipped purple, delivered green, cancelled red, anything else black. */
export function statusTone(status: string): 'orange' | 'blue' | 'purple' | 'green' | 'red' | 'black' {
  switch (status) {
    case 'pending':
    case 'pending_payment':
      return 'orange';
    case 'confirmed':
      return 'blue';
    case 'shipped':
      return 'purple';
    case 'delivered':
      return 'green';
    case 'cancelled':
      return 'red';
    default:
      return 'black';
  }
}

/** The history page's groups: Completed (delivered), Pending (every open status) and Cancelled. */
export type HistoryGroup = 'completed' | 'pending' | 'cancelled';

/** The history dropdown's choices, in order. */
export const HISTORY_FILTERS = [
  { value: 'all', label: 'All Orders' },
  { value: 'completed', label: 'Completed' },
  { value: 'pending', label: 'Pending' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;

/** One of the history dropdown's values. */
export type HistoryFilter = (typeof HISTORY_FILTERS)[number]['value'];

/** Which history group an order status falls in. */
export function historyGroup(status: OrderStatus): HistoryGroup {
  if (status === 'delivered') return 'completed';
  if (status === 'cancelled') return 'cancelled';
  return 'pending';
}

/** The history page's heading for a filter: 'All Orders' or e.g. 'Pending Orders'. */
export function historyHeading(filter: HistoryFilter): string {
  return filter === 'all' ? 'All Orders' : `${HISTORY_FILTERS.find((f) => f.value === filter)!.label} Orders`;
}

/** One row of the history table: one product line of one order. */
export interface HistoryRow {
  key: string;
  orderId: string;
  image: string;
  name: string;
  quantity: number;
  price: number;
  group: HistoryGroup;
  status: OrderStatus;
  payment: string;
  lineTotal: number;
}

/** Rows of the history table: one per product line, with the fallbacks shoppers see ('N/A', quantity 0, payment 'N/A'). */
export function historyRows(orders: readonly Order[]): HistoryRow[] {
  return orders.flatMap((order) =>
    order.products.map((line, i) => ({
      key: `${order._id}:${i}`,
      orderId: order._id,
      image: line.productId?.thumbnail || line.productId?.image?.[0] || '',
      name: line.productId?.name || 'N/A',
      quantity: line.quantity ?? 0,
      price: line.price ?? 0,
      group: historyGroup(order.status),
      status: order.status,
      payment: order.paymentMethod ? order.paymentMethod.toUpperCase() : 'N/A',
      // A missing quantity counts as one piece for the line total.
      lineTotal: Math.round((line.price ?? 0) * (line.quantity ?? 1) * 100) / 100,
    })),
  );
}

/**
 * Orders matching the dropdown and the search box. The search looks at the order id, its status, its
 * payment method and the name of its first product, ignoring case.
 */
export function filterOrders(orders: readonly Order[], filter: HistoryFilter, search: string): Order[] {
  const q = search.trim().toLowerCase();
  return orders.filter((order) => {
    if (filter !== 'all' && historyGroup(order.status) !== filter) return false;
    if (!q) return true;
    const haystack = [
      order._id,
      order.status,
      order.status.replace(/_/g, ' '),
      order.paymentMethod ?? '',
      order.products[0]?.productId?.name ?? '',
    ];
    return haystack.some((text) => text.toLowerCase().includes(q));
  });
}

/** Rows per history page. */
export const HISTORY_PAGE_SIZE = 5;

/** The page numbers the pager shows: a window of up to 3 around the current page. */
export function pageWindow(current: number, pages: number, size = 3): number[] {
  if (pages <= 0) return [];
  const start = Math.max(1, Math.min(current - Math.floor(size / 2), pages - size + 1));
  return Array.from({ length: Math.min(size, pages) }, (_, i) => start + i);
}

/** One step of a tracking line: its label, whether it is done, and when it happened. */
export interface TrackingStep {
  label: string;
  done: boolean;
  current: boolean;
  at: string | null;
}

/** The statuses behind each of the five steps, in order. */
const STEP_STATUSES: readonly OrderStatus[][] = [
  ['confirmed', 'pending_payment'],
  ['packed'],
  ['shipped'],
  ['out_for_delivery'],
  ['delivered'],
];

/** Product tracking's step names. */
export const PRODUCT_TRACKING_LABELS = ['Order Placed', 'Packed', 'Shipped', 'Out for Delivery', 'Delivered'] as const;
/** The order tracking component's step names. */
export const ORDER_TRACKING_LABELS = ['Order Placed', 'Order Packed', 'In Transit', 'Out for Delivery', 'Delivered'] as const;

/**
 * The five steps of an order from its history: steps up to the current status are done, each with the date
 * it happened (an order placed before payment counts as placed when it was created). A cancelled order has
 * no line; callers say it was cancelled instead.
 */
export function trackingSteps(
  order: Pick<Order, 'status' | 'createdAt' | 'statusHistory'>,
  labels: readonly string[] = PRODUCT_TRACKING_LABELS,
): TrackingStep[] {
  const reached = order.status === 'cancelled' ? -1 : STEP_STATUSES.findIndex((s) => s.includes(order.status));
  const whenOf = (statuses: readonly OrderStatus[]): string | null =>
    order.statusHistory.find((h: StatusChange) => statuses.includes(h.status))?.at ?? null;
  return labels.map((label, i) => ({
    label,
    done: i <= reached,
    current: i === reached,
    at: i === 0 ? (whenOf(['confirmed']) ?? order.createdAt) : i <= reached ? whenOf(STEP_STATUSES[i]!) : null,
  }));
}

/** Orders still on their way (for the tracking pages' chooser). */
export function openOrders(orders: readonly Order[]): Order[] {
  return orders.filter((o) => OPEN_STATUSES.includes(o.status));
}
