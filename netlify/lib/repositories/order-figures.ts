/**
 * What an order, a return request or a batch of product events adds to the owner's figures, as pure functions of
 * the stored documents. The dashboard's rollups (daily_figures, shop_months, piece_months) are the sums of these: kept
 * as each document changes (daily-figures.repository.ts) and checked against the same functions, so the two always
 * count alike.
 *
 * Figures are keyed by India day and by a dotted path inside that day's document:
 * - `shop.<counter>` for the whole shop (SHOP_COUNTERS);
 * - `codes.c<CODE>.uses|paise` for each discount code;
 * - `products.p<product id>.<counter>` for each piece (units, revenuePaise, orders, views, clicks, returns), and `.sizes.s<size>` for its units by size.
 */
import type { OrderDoc, ReturnDoc, StatusChangeDoc } from '../collections';
import { lineDiscountShares } from '@shared/discounts';
import { indiaDay } from '@shared/india-time';

/** The whole shop's counters in a day's document. */
export const SHOP_COUNTERS = [
  'orders',
  'salesPaise',
  'onlineOrders',
  'onlinePaise',
  'codOrders',
  'codPaise',
  'codCollectedOrders',
  'codCollectedPaise',
  'discountOrders',
  'discountPaise',
  'refunds',
  'refundPaise',
  'cancelled',
  'codRefused',
  'codRefusedPaise',
  'returns',
  'returnUnits',
  'views',
  'clicks',
] as const;

/** One of the whole shop's counters. */
export type ShopCounter = (typeof SHOP_COUNTERS)[number];

/** Increments by India day ('YYYY-MM-DD'), then by dotted path inside that day's document. */
export type DayIncrements = Record<string, Record<string, number>>;

/** The key a piece's figures sit under in a day's document (a prefix, so no key is ever read as an array index). */
export const productKey = (productId: string): string => `p${productId}`;

/** The key a discount code's figures sit under. */
export const codeKey = (code: string): string => `c${code}`;

/**
 * The key a size's units sit under: the size as a URI component with its dots escaped too, since a dot would
 * split the path (a size may be '2.4' or 'Free size').
 */
export const sizeKey = (size: string): string => `s${encodeURIComponent(size).replace(/\./g, '%2E')}`;

/** The size a sizeKey was made from. */
export const sizeOfKey = (key: string): string => decodeURIComponent(key.slice(1));

/** Adds `n` at `path` on `day` (nothing for 0). */
function add(into: DayIncrements, day: string, path: string, n: number): void {
  if (!n) return;
  const d = (into[day] ??= {});
  d[path] = (d[path] ?? 0) + n;
}

/** The last step to `status` in an order's history (an undo appends the status it went back to, so the last counts). */
function lastStep(
  history: StatusChangeDoc[],
  status: OrderDoc['status'],
): { step: StatusChangeDoc; before: StatusChangeDoc | null } | null {
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i]!.status === status && !history[i]!.undid) return { step: history[i]!, before: history[i - 1] ?? null };
  }
  return null;
}

/** Whether an order ever became a sale: placed cash on delivery, or paid online (both make it 'confirmed'). */
export function isSale(order: Pick<OrderDoc, 'statusHistory'>): boolean {
  return order.statusHistory.some((s) => s.status === 'confirmed');
}

/**
 * What one order adds to the daily figures as it stands now:
 * - a sale (placed cash on delivery, or paid online), on the India day it was placed: an order, its total, its
 *   payment method, its discount code, and each piece's units, revenue (after the line's share of the code) and sizes;
 * - cash on delivery collected, on the day it was delivered (an undone delivery collects nothing);
 * - a cancelled sale, on the day it was cancelled, and a cash order refused at the door (cancelled once shipped);
 * - each refund not failed (a line refund, or the whole payment's on a cancel), on the day it was asked.
 * An order that never became a sale (an online payment never made) adds nothing.
 */
export function orderFigures(order: OrderDoc): DayIncrements {
  const out: DayIncrements = {};
  if (!isSale(order)) return out;
  const placed = indiaDay(order.createdAt);
  const cod = order.paymentMethod === 'cod';
  add(out, placed, 'shop.orders', 1);
  add(out, placed, 'shop.salesPaise', order.totalPaise);
  add(out, placed, cod ? 'shop.codOrders' : 'shop.onlineOrders', 1);
  add(out, placed, cod ? 'shop.codPaise' : 'shop.onlinePaise', order.totalPaise);
  if (order.discount) {
    add(out, placed, 'shop.discountOrders', 1);
    add(out, placed, 'shop.discountPaise', order.discount.amountPaise);
    add(out, placed, `codes.${codeKey(order.discount.code)}.uses`, 1);
    add(out, placed, `codes.${codeKey(order.discount.code)}.paise`, order.discount.amountPaise);
  }
  const pieces = new Set<string>();
  // Each line's share of the code, by the shop's one rule (orders stored before lines kept their shares have none).
  const shares = lineDiscountShares(order.products, order.discount?.amountPaise ?? 0);
  for (const [i, line] of order.products.entries()) {
    const p = `products.${productKey(line.productId.toHexString())}`;
    add(out, placed, `${p}.units`, line.quantity);
    add(out, placed, `${p}.revenuePaise`, line.pricePaise * line.quantity - shares[i]!);
    if (line.size) add(out, placed, `${p}.sizes.${sizeKey(line.size)}`, line.quantity);
    pieces.add(p);
  }
  for (const p of pieces) add(out, placed, `${p}.orders`, 1);

  if (cod && order.status === 'delivered') {
    const delivered = lastStep(order.statusHistory, 'delivered');
    const day = indiaDay(delivered?.step.at ?? order.updatedAt);
    add(out, day, 'shop.codCollectedOrders', 1);
    add(out, day, 'shop.codCollectedPaise', order.totalPaise);
  }
  if (order.status === 'cancelled') {
    const cancel = lastStep(order.statusHistory, 'cancelled');
    const day = indiaDay(cancel?.step.at ?? order.updatedAt);
    add(out, day, 'shop.cancelled', 1);
    if (cod && (cancel?.before?.status === 'shipped' || cancel?.before?.status === 'out_for_delivery')) {
      add(out, day, 'shop.codRefused', 1);
      add(out, day, 'shop.codRefusedPaise', order.totalPaise);
    }
  }
  if (order.refund && order.refund.status !== 'failed') {
    const day = indiaDay(order.refund.at);
    add(out, day, 'shop.refunds', 1);
    add(out, day, 'shop.refundPaise', order.refund.amountPaise);
  }
  for (const entry of Object.values(order.refunds ?? {})) {
    if (entry.status === 'failed') continue;
    const day = indiaDay(entry.at);
    add(out, day, 'shop.refunds', 1);
    add(out, day, 'shop.refundPaise', entry.paise);
  }
  return out;
}

/** What a shopper's return or replacement request adds, on the India day it was asked: one return and its pieces. */
export function returnFigures(request: Pick<ReturnDoc, 'productId' | 'quantity' | 'createdAt'>): DayIncrements {
  const out: DayIncrements = {};
  const day = indiaDay(request.createdAt);
  add(out, day, 'shop.returns', 1);
  add(out, day, 'shop.returnUnits', request.quantity);
  add(out, day, `products.${productKey(request.productId.toHexString())}.returns`, request.quantity);
  return out;
}

/** What stored product events add: each a view or a click of its piece, on the India day it arrived. */
export function eventFigures(events: { productId: string; type: 'view' | 'click'; at: Date }[]): DayIncrements {
  const out: DayIncrements = {};
  for (const e of events) {
    const day = indiaDay(e.at);
    const counter = e.type === 'view' ? 'views' : 'clicks';
    add(out, day, `shop.${counter}`, 1);
    add(out, day, `products.${productKey(e.productId)}.${counter}`, 1);
  }
  return out;
}

/** Adds `b` into `a` (in place) and returns `a`. */
export function addFigures(a: DayIncrements, b: DayIncrements): DayIncrements {
  for (const [day, paths] of Object.entries(b)) for (const [path, n] of Object.entries(paths)) add(a, day, path, n);
  return a;
}

/** What turns `before` into `after`: each path's difference, without the zeros (empty when they are equal). */
export function figuresDelta(before: DayIncrements, after: DayIncrements): DayIncrements {
  const out: DayIncrements = {};
  addFigures(out, after);
  for (const [day, paths] of Object.entries(before)) for (const [path, n] of Object.entries(paths)) add(out, day, path, -n);
  for (const [day, paths] of Object.entries(out)) {
    for (const [path, n] of Object.entries(paths)) if (n === 0) delete paths[path];
    if (!Object.keys(paths).length) delete out[day];
  }
  return out;
}
