/**
 * The admin orders page's rules, pure so they are tested alone: the status filter's choices, the query
 * string sent to GET /api/get_order-all, the page count, the next statuses an order may take, how history
 * entries and payments read, and what each step's confirmation says will happen (naming only the channels
 * the shopper is really told on).
 */
import { formatINR } from '@shared/money';
import { emailsShopper, toldBy } from '@shared/notices';
import { isUnpaidAttempt, movesFrom, ORDER_STATUSES, paymentLabel, STATUS_LABELS, type OrderStatus } from '@shared/orders';
import type { AdminOrdersQuery } from '@shared/schemas/admin';
import { indiaDayField } from '@shared/schemas/accounts';
import type { AdminOrder } from '@shared/api/orders';
import { sizeText } from '@shared/sizes';
import { SHOP_TIME_ZONE } from '@shared/india-time';

/** A value of the status filter: every order, those needing a person, or one status. */
export type AdminStatusFilter = AdminOrdersQuery['status'];

/** The status filter's choices, in order: 'All Orders' first, then 'Needs attention', then each status. */
export const ADMIN_STATUS_FILTERS: readonly { value: AdminStatusFilter; label: string }[] = [
  { value: 'all', label: 'All Orders' },
  { value: 'needs_attention', label: 'Needs attention' },
  ...ORDER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
];

/** Orders per page of the admin list. */
export const ADMIN_PAGE_SIZE = 20;

/** The list's heading for a filter: 'All Orders', 'Shipped Orders', 'Orders needing attention'. */
export function adminHeading(filter: AdminStatusFilter): string {
  if (filter === 'all') return 'All Orders';
  if (filter === 'needs_attention') return 'Orders needing attention';
  return `${STATUS_LABELS[filter]} Orders`;
}

/**
 * The list's query parameters in one order (status, search, days placed, payment, sales only, page); defaults
 * and absent filters are left out so addresses stay short.
 */
function listParams(query: AdminListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status !== 'all') params.set('status', query.status);
  const search = query.search.trim();
  if (search) params.set('search', search.slice(0, 80));
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.payment && query.payment !== 'all') params.set('payment', query.payment);
  if (query.sale === 'yes') params.set('sale', 'yes');
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** The query string of a list request; defaults are left out so URLs stay short. */
export function adminOrdersSearch(query: AdminListQuery & Pick<AdminOrdersQuery, 'pageSize'>): string {
  const params = listParams(query);
  params.set('pageSize', String(query.pageSize));
  return `?${params.toString()}`;
}

/** How many pages `total` orders fill (at least 1, so an empty list still has its page 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The statuses an admin may move an order to from `status`: the server's own state table (the next step
 * forward, then cancelled from any open status).
 */
export function nextStatuses(status: OrderStatus): OrderStatus[] {
  return movesFrom(status, 'admin');
}

/** The button text that moves an order to `to`: 'Mark as packed', 'Cancel order'. */
export function actionLabel(to: OrderStatus): string {
  return to === 'cancelled' ? 'Cancel order' : `Mark as ${STATUS_LABELS[to].toLowerCase()}`;
}

/** Who made a history entry, in words: 'admin:9876543210' → 'Admin (9876543210)', 'razorpay' → 'Razorpay'. */
export function historyActor(by: string): string {
  const [who, detail] = by.split(/:(.*)/s);
  const names: Record<string, string> = { admin: 'Admin', customer: 'Customer', system: 'System', razorpay: 'Razorpay' };
  const name = names[who ?? ''] ?? by;
  return detail && names[who ?? ''] ? `${name} (${detail})` : name;
}

/** How an order is paid, for the list, in the shop's one vocabulary: 'Cash on delivery', 'Paid online', 'Refunded'. */
export function paymentSummary(order: Pick<AdminOrder, 'paymentMethod' | 'paymentStatus' | 'status'>): string {
  return paymentLabel(order);
}

/**
 * What an admin should know beside the status, or null: a checkout whose online payment never came is an
 * abandoned attempt (the shopper no longer sees it once its hold ends), not an order anyone cancelled.
 */
export function statusNote(order: Pick<AdminOrder, 'status' | 'paymentMethod' | 'paymentStatus' | 'cancelledBy'>): string | null {
  if (!isUnpaidAttempt(order)) return null;
  if (order.status === 'pending_payment') return 'Waiting for the online payment';
  if (order.status !== 'cancelled') return null;
  return order.cancelledBy === 'system' ? 'Abandoned: not paid before its hold ended' : 'Abandoned: cancelled before paying';
}

/** Pieces in an order and the first piece's name (and size, the packer's first question): 'Lotus Ring (Ring size: 12) and 2 more'. */
export function itemsSummary(order: Pick<AdminOrder, 'products'>): string {
  const line = order.products[0];
  const first = line ? (line.size ? `${line.productId.name} (${sizeText(line)})` : line.productId.name) : 'N/A';
  const more = order.products.length - 1;
  return more > 0 ? `${first} and ${more} more` : first;
}

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: SHOP_TIME_ZONE,
});

/** A moment as Indian admins read it, in India's time: '24 Nov 2026, 10:15 am'. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** A value of the payment filter: every order, online (Razorpay) or cash on delivery. */
export type AdminPaymentFilter = AdminOrdersQuery['payment'];

/**
 * The list's own state as its address holds it: status filter, search and page, and the filters the dashboard's
 * links add (India days placed `from`/`to`, payment, `sale: 'yes'` for sales only), absent when not applied.
 */
export type AdminListQuery = Pick<AdminOrdersQuery, 'status' | 'search' | 'page'> &
  Partial<Pick<AdminOrdersQuery, 'from' | 'to' | 'payment' | 'sale'>>;

/** Whether a 'YYYY-MM-DD' from an address is a day the server takes (the accounts page's own rule). */
const isListDay = (day: string | null): day is string => day !== null && indiaDayField('Day').safeParse(day).success;

/**
 * The list's state from its address's query (`?status=shipped&search=meera&page=2&from=2026-12-01&payment=cod`);
 * anything unknown or malformed falls back to its default (a range ending before it starts is dropped whole),
 * so a mangled shared link still opens a list.
 */
export function adminQueryFromSearch(search: string): AdminListQuery {
  const params = new URLSearchParams(search);
  const status = params.get('status') ?? 'all';
  const page = Number(params.get('page') ?? '1');
  const from = params.get('from');
  const to = params.get('to');
  const payment = params.get('payment');
  const range = isListDay(from) && isListDay(to) && from > to ? {} : { ...(isListDay(from) && { from }), ...(isListDay(to) && { to }) };
  return {
    status: ADMIN_STATUS_FILTERS.some((f) => f.value === status) ? (status as AdminStatusFilter) : 'all',
    search: (params.get('search') ?? '').trim().slice(0, 80),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    ...range,
    ...((payment === 'online' || payment === 'cod') && { payment }),
    ...(params.get('sale') === 'yes' && { sale: 'yes' as const }),
  };
}

/** The list's address query for a state ('' for all orders, page 1, no search), the inverse of adminQueryFromSearch. */
export function adminListSearch(query: AdminListQuery): string {
  const s = listParams(query).toString();
  return s ? `?${s}` : '';
}

/** The list's state without the dashboard's filters (days placed, payment, sales only): what Clear leaves. */
export function withoutListFilters({ status, search, page }: AdminListQuery): AdminListQuery {
  return { status, search, page };
}

const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** An India calendar day ('YYYY-MM-DD') as admins read it: '1 Dec 2026'. */
export function formatListDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/**
 * The dashboard's filters in words, for the line above the list, or null when none applies:
 * 'Placed 1 Dec 2026 – 7 Dec 2026 · Cash on delivery · Sales only'. It says why the list is shorter.
 */
export function listFiltersSummary(query: AdminListQuery): string | null {
  const parts: string[] = [];
  const { from, to } = query;
  if (from && to) parts.push(from === to ? `Placed ${formatListDay(from)}` : `Placed ${formatListDay(from)} – ${formatListDay(to)}`);
  else if (from) parts.push(`Placed on or after ${formatListDay(from)}`);
  else if (to) parts.push(`Placed on or before ${formatListDay(to)}`);
  if (query.payment === 'online') parts.push('Online payment');
  if (query.payment === 'cod') parts.push('Cash on delivery');
  if (query.sale === 'yes') parts.push('Sales only (unpaid online attempts left out)');
  return parts.length ? parts.join(' · ') : null;
}

/**
 * The order page's way back to the exact list it was opened from: its `back` query holds that list's query,
 * read through adminQueryFromSearch so a crafted link can only ever lead to the orders list.
 */
export function listSearchFromOrderSearch(search: string): string {
  const back = new URLSearchParams(search).get('back');
  return back ? adminListSearch(adminQueryFromSearch(back)) : '';
}

/** Whole seconds left until `untilIso` (0 once passed): the undo button's countdown. */
export function secondsLeft(untilIso: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(untilIso) - now) / 1000));
}

/** A countdown in words: '45 s' or '1 min 5 s'. */
export function formatSecondsLeft(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m ? `${m} min${s ? ` ${s} s` : ''}` : `${s} s`;
}

/** Who is told of an order's steps and how, for an admin: 'texted and emailed', or 'texted' without an address. */
const toldOf = (order: Pick<AdminOrder, 'shippingInfo'>): string => toldBy(emailsShopper(order.shippingInfo));

/** What an admin's forward step tells the shopper and records, said before it is made. */
export function stepConsequence(order: Pick<AdminOrder, 'shippingInfo' | 'paymentStatus' | 'totalAmount'>, to: OrderStatus): string {
  const told = `The shopper is ${toldOf(order)} that it is ${STATUS_LABELS[to].toLowerCase()}.`;
  if (to === 'delivered' && order.paymentStatus === 'cod_pending')
    return `${told} Its cash of ${formatINR(order.totalAmount)} is recorded as collected.`;
  return told;
}

/** What the Shipped form tells the shopper, said under the form. */
export function shipmentConsequence(order: Pick<AdminOrder, 'shippingInfo'>): string {
  return `The shopper is ${toldOf(order)} the courier and the tracking number, with a link to follow the parcel.`;
}

/** What undoing `step` does besides moving the order back: said in its confirmation. */
export function undoConsequence(
  order: Pick<AdminOrder, 'shippingInfo' | 'paymentMethod' | 'totalAmount'>,
  step: OrderStatus,
  from: OrderStatus,
): string {
  const waiting = emailsShopper(order.shippingInfo)
    ? "the shopper's waiting text and email about it are never sent"
    : "the shopper's waiting text about it is never sent";
  const back = `The order goes back to ${STATUS_LABELS[from].toLowerCase()} and ${waiting}.`;
  if (step === 'shipped') return `${back} Its courier and tracking number are cleared.`;
  if (step === 'delivered' && order.paymentMethod === 'cod') return `${back} Its cash of ${formatINR(order.totalAmount)} is due again.`;
  return back;
}

/**
 * What cancelling does, said before it is done: stock, the code's use, the refund, the message; never undone.
 * An online attempt never paid is cancelled without a message (the server sends none: it was never an order).
 */
export function cancelConsequence(
  order: Pick<AdminOrder, 'shippingInfo' | 'paymentMethod' | 'paymentStatus' | 'totalAmount' | 'discount'>,
): string {
  const refund = order.paymentMethod === 'razorpay' && order.paymentStatus === 'paid';
  const told = isUnpaidAttempt(order) ? 'No message goes to the shopper: it was never paid.' : `The shopper is ${toldOf(order)} at once.`;
  return `Its stock comes back${order.discount ? `, its use of ${order.discount.code} is given back` : ''}${
    refund ? ` and the online payment of ${formatINR(order.totalAmount)} is refunded` : ''
  }. ${told}`;
}
