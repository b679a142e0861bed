/**
 * How orders are shown in lists: status colours, and the history page's groups, orders with their lines,
 * search and pages. Pure: used by islands and stores and tested on its own. (What an order's page says:
 * order-state.ts; tracking steps: tracking.ts.)
 */
import type { Order } from '@shared/api/orders';
import {
  customerMayCancel,
  orderNumber,
  orderNumberQuery,
  paymentLabel,
  shortOrderId,
  STATUS_LABELS,
  type OrderStatus,
} from '@shared/orders';
import { sizeText } from '@shared/sizes';
import { formatDay, mayTrack, orderDateLabel, payNowOffer, type PayNowOffer } from './order-state';
import { deliveryMessage } from '@shared/delivery';
import { formatINR, roundToPaise } from '@shared/money';

/** What a discount code saved on an order, briefly, for lists ('Saved ₹200 with DIWALI10'); null without one. */
export function discountSaving(order: Pick<Order, 'discount'>): string | null {
  const d = order.discount;
  return d && d.amount > 0 ? `Saved ${formatINR(d.amount)} with ${d.code}` : null;
}

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
  /** The size bought, as it reads ('Ring size: 12'); '' for a piece without sizes. */
  size: string;
  quantity: number;
  price: number;
  /** Price × quantity (a missing quantity counts as one piece). */
  lineTotal: number;
}

/** The lines of an order as history rows, with the fallbacks shoppers see ('N/A' name, quantity 0). */
export function historyRows(order: Order): HistoryRow[] {
  return order.products.map((line, i) => ({
    key: `${order._id}:${i}`,
    orderId: order._id,
    image: line.productId?.thumbnail || line.productId?.image?.[0] || '',
    name: line.productId?.name || 'N/A',
    size: sizeText(line),
    quantity: line.quantity ?? 0,
    price: line.price ?? 0,
    lineTotal: roundToPaise((line.price ?? 0) * (line.quantity ?? 1)),
  }));
}

/** The words of an order's status and money as the history shows them (and as its search reads them). */
function shownWords(order: Order): string[] {
  return [STATUS_LABELS[order.status] ?? order.status, paymentLabel(order)];
}

/**
 * Orders matching the dropdown and the search box. The search finds an order by its number however it is
 * typed ('HRM-B6E398', '#b6e398', 'B6E398'), or by any part of its number, its status or payment as shown
 * ('awaiting payment', 'out for delivery', 'refunded', 'cash on delivery'), or the name of any of its
 * products, ignoring case.
 */
export function filterOrders(orders: readonly Order[], filter: HistoryFilter, search: string): Order[] {
  const asNumber = orderNumberQuery(search);
  const q = search.trim().replace(/^#\s*/, '').toLowerCase();
  return orders.filter((order) => {
    if (filter !== 'all' && historyGroup(order.status) !== filter) return false;
    if (!q) return true;
    if (asNumber && shortOrderId(order._id) === asNumber) return true;
    const haystack = [
      orderNumber(order._id),
      order._id,
      ...shownWords(order),
      // What the shopper chose at checkout, in the words they may remember ('cod', 'razorpay').
      order.paymentMethod ?? '',
      ...order.products.map((line) => line.productId?.name ?? ''),
    ];
    return haystack.some((text) => text.toLowerCase().includes(q));
  });
}

/** Orders per history page: an order is never split across pages, however many lines it has. */
export const HISTORY_PAGE_SIZE = 5;

/** The page numbers the pager shows: a window of up to 3 around the current page. */
export function pageWindow(current: number, pages: number, size = 3): number[] {
  if (pages <= 0) return [];
  const start = Math.max(1, Math.min(current - Math.floor(size / 2), pages - size + 1));
  return Array.from({ length: Math.min(size, pages) }, (_, i) => start + i);
}

/** One row of a history page, numbered in the whole filtered list (the '#' column, from 1). */
export interface HistoryPageRow extends HistoryRow {
  serial: number;
}

/** One order on a history page: what it says once for the order, and its lines. */
export interface HistoryOrder {
  orderId: string;
  /** The six characters shoppers read, e.g. 'B6E398'. */
  number: string;
  /** When it was placed, e.g. '21 Nov 2026' (Indian time). */
  date: string;
  /** What the date stands for: 'Placed', or 'Checkout started' for a payment never completed. */
  dateLabel: string;
  /** What was charged for the whole order (the COD fee included, any discount taken off). */
  total: number;
  /** What a discount code saved ('Saved ₹200 with DIWALI10'), or null. */
  saving: string | null;
  group: HistoryGroup;
  status: OrderStatus;
  /** The status as shown, e.g. 'Awaiting payment'. */
  statusLabel: string;
  /** paymentLabel in capitals ('PAID ONLINE', 'REFUNDED'), or 'N/A'. */
  payment: string;
  /** Whether the shopper may still cancel it (within 24 hours, before it ships). */
  mayCancel: boolean;
  /** Whether it is on its way, so tracking has something to show. */
  mayTrack: boolean;
  /** Pay now for an online payment never completed, while its items are held. */
  payNow: PayNowOffer;
  rows: HistoryPageRow[];
}

/** One page of the history as the island draws it. */
export interface HistoryView {
  heading: string;
  orders: HistoryOrder[];
  /** The page shown (clamped to the pages there are). */
  page: number;
  pages: number;
  /** The pager's page numbers. */
  window: number[];
  /** Orders matching, on every page. */
  total: number;
  /** The place of this page's first order in the matching list, from 1 (0 when there is none). */
  first: number;
  /** 'No orders found for "<filter>"' when orders exist but none match; null otherwise. */
  noMatch: string | null;
}

/**
 * The history page for a filter, a search and a page number: HISTORY_PAGE_SIZE matching orders a page, each
 * with its date, the total charged and its payment once, and its lines as rows numbered through the whole
 * list. With no match it names what was asked for: the search, else the status.
 */
export function historyView(orders: readonly Order[], filter: HistoryFilter, search: string, page: number, now = Date.now()): HistoryView {
  const matching = filterOrders(orders, filter, search);
  const pages = Math.ceil(matching.length / HISTORY_PAGE_SIZE);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), Math.max(1, pages));
  const start = (current - 1) * HISTORY_PAGE_SIZE;
  let serial = matching.slice(0, start).reduce((n, o) => n + o.products.length, 0);
  const shown = matching.slice(start, start + HISTORY_PAGE_SIZE).map((order): HistoryOrder => ({
    orderId: order._id,
    number: shortOrderId(order._id),
    date: formatDay(order.createdAt),
    dateLabel: orderDateLabel(order),
    total: order.totalAmount,
    saving: discountSaving(order),
    group: historyGroup(order.status),
    status: order.status,
    statusLabel: STATUS_LABELS[order.status] ?? order.status,
    payment: order.paymentMethod ? paymentLabel(order).toUpperCase() : 'N/A',
    mayCancel: customerMayCancel(order, now),
    mayTrack: mayTrack(order),
    payNow: payNowOffer(order, now),
    rows: historyRows(order).map((row) => ({ ...row, serial: ++serial })),
  }));
  const asked = search.trim() || (filter === 'all' ? '' : HISTORY_FILTERS.find((f) => f.value === filter)!.label);
  return {
    heading: historyHeading(filter),
    orders: shown,
    page: current,
    pages,
    window: pageWindow(current, pages),
    total: matching.length,
    first: shown.length ? start + 1 : 0,
    noMatch: orders.length > 0 && matching.length === 0 ? `No orders found for "${asked}"` : null,
  };
}

/**
 * The delivery window an order was promised, as its page says it ('Delivery between Mon, 30 Nov and Fri, 4
 * Dec'), while the order is on its way; null before payment, once delivered or cancelled, and for orders
 * placed before promises were kept.
 */
export function promisedDelivery(order: Pick<Order, 'status' | 'delivery'>): string | null {
  if (!order.delivery || !['confirmed', 'packed', 'shipped', 'out_for_delivery'].includes(order.status)) return null;
  return deliveryMessage(order.delivery);
}
