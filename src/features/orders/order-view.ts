/**
 * How orders are shown: status colours, and the history page's groups, rows, search and pages. Pure: used
 * by islands and stores and tested on its own. (Tracking steps: tracking.ts.)
 */
import type { Order } from '../../shared/api/orders';
import { customerMayCancel, type OrderStatus } from '../../shared/orders';

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

/** The history table's badge colour of a group: green completed, yellow pending, red anything else. */
export function historyTone(group: HistoryGroup): 'green' | 'yellow' | 'red' {
  return group === 'completed' ? 'green' : group === 'pending' ? 'yellow' : 'red';
}

/** The history badge's word for a group. */
export const HISTORY_GROUP_LABELS: Record<HistoryGroup, string> = { completed: 'Completed', pending: 'Pending', cancelled: 'Cancelled' };

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

/** One row of a history page, with what the page needs beyond the row itself. */
export interface HistoryPageRow extends HistoryRow {
  /** The row's number in the whole filtered list (the '#' column), from 1. */
  serial: number;
  /** The first row of its order on this page: the order's Track and Cancel live there. */
  leadsOrder: boolean;
  /** Whether the shopper may still cancel the order (within 24 hours, before it ships). */
  mayCancel: boolean;
}

/** One page of the history as the island draws it. */
export interface HistoryView {
  heading: string;
  rows: HistoryPageRow[];
  /** The page shown (clamped to the pages there are). */
  page: number;
  pages: number;
  /** The pager's page numbers. */
  window: number[];
  /** Rows matching, on every page. */
  total: number;
  /** 'No orders found for "<filter>"' when orders exist but none match; null otherwise. */
  noMatch: string | null;
}

/**
 * The history page for a filter, a search and a page number: rows of the matching orders (one per product
 * line), HISTORY_PAGE_SIZE a page. With no match it names what was asked for: the search, else the status.
 */
export function historyView(orders: readonly Order[], filter: HistoryFilter, search: string, page: number, now = Date.now()): HistoryView {
  const matching = filterOrders(orders, filter, search);
  const all = historyRows(matching);
  const pages = Math.ceil(all.length / HISTORY_PAGE_SIZE);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), Math.max(1, pages));
  const start = (current - 1) * HISTORY_PAGE_SIZE;
  const byId = new Map(matching.map((o) => [o._id, o]));
  const seen = new Set<string>();
  const rows = all.slice(start, start + HISTORY_PAGE_SIZE).map((row, i) => {
    const leadsOrder = !seen.has(row.orderId);
    seen.add(row.orderId);
    return { ...row, serial: start + i + 1, leadsOrder, mayCancel: customerMayCancel(byId.get(row.orderId)!, now) };
  });
  const asked = search.trim() || (filter === 'all' ? '' : HISTORY_FILTERS.find((f) => f.value === filter)!.label);
  return {
    heading: historyHeading(filter),
    rows,
    page: current,
    pages,
    window: pageWindow(current, pages),
    total: all.length,
    noMatch: orders.length > 0 && all.length === 0 ? `No orders found for "${asked}"` : null,
  };
}
