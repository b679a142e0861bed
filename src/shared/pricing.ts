/**
 * Money rules for a cart or an order, shared by the browser (cart, checkout) and the server
 * (order totals), so the amount a shopper sees is the amount the server charges.
 * Pure: touches no browser or Node API. A piece's own price (unitPrice, discountPercent) is in ./price.ts,
 * which product cards and listings import alone, so these totals stay out of their first-load JavaScript.
 */
import { formatINR } from './money';
import { unitPrice } from './price';
import type { PricedItem } from './price';
import { roundToPaise } from './money';

export { discountPercent, unitPrice } from './price';

/** How a shopper pays: online through Razorpay, or cash on delivery. */
export type PaymentMethod = 'razorpay' | 'cod';

/**
 * What the goods of an order are still charged after any discount, in rupees: a code never makes them free, so a
 * cash-on-delivery order never charges only its fee for goods invoiced at ₹0, and an order paid online and the
 * same order paid in cash charge the goods alike.
 */
export const MIN_GOODS_CHARGE = 1;

/** The most a discount may take off goods worth `subtotal` rupees: all but MIN_GOODS_CHARGE (never below 0). */
export function mostOff(subtotal: number): number {
  return Math.max(0, roundRupees(subtotal - MIN_GOODS_CHARGE));
}

/** A priced item with a quantity: a cart line or an order line. */
interface PricedLine extends PricedItem {
  quantity: number;
}

/** What a cart or order adds up to, in rupees. */
export interface CartTotals {
  /** Sum of line totals, before shipping. */
  subtotal: number;
  /** Taken off by a discount code (0 without one); never more than the subtotal less MIN_GOODS_CHARGE. */
  discount: number;
  /** Shipping charged: the COD fee for cash on delivery, otherwise 0 ('Free'). */
  shipping: number;
  /** subtotal − discount + shipping: the amount charged. */
  total: number;
  /** Number of pieces (sum of quantities), as the cart badge shows. */
  itemCount: number;
}

/** Fee added for cash on delivery, in rupees. */
export const COD_FEE = 100;

/** Cash on delivery is offered only below this order value, in rupees. */
export const COD_LIMIT = 2499;

/**
 * The one name of the cash-on-delivery charge, wherever it is offered or shown: the payment choice at
 * checkout, the order summary, the order pages, the admin's order and the tax invoice.
 */
export const COD_FEE_LABEL = 'COD fee';

/** The label of an order's delivery charge row: 'Shipping' (then 'Free') when nothing is charged, else the COD fee. */
export function deliveryChargeLabel(shippingCost: number): string {
  return shippingCost > 0 ? COD_FEE_LABEL : 'Shipping';
}

/**
 * Why cash on delivery is not offered, in the words of the rule itself (hidden from COD_LIMIT up):
 * 'COD is not available for orders of ₹2,499 or more'. The checkout shows it; the server refuses with it.
 */
export const COD_UNAVAILABLE_MESSAGE = `COD is not available for orders of ${formatINR(COD_LIMIT)} or more`;

/** Rounds to whole paise so sums of decimals (e.g. 0.1 + 0.2) do not leak float noise into totals. */
function roundRupees(amount: number): number {
  return roundToPaise(amount);
}

/** Unit price times quantity for one line. */
export function lineTotal(line: PricedLine): number {
  return roundRupees(unitPrice(line) * line.quantity);
}

/**
 * Subtotal, discount, shipping (COD fee for 'cod', else free), total and piece count of a set of lines.
 * `discount` is the amount a code takes off (worked out by ./discounts.ts for this subtotal).
 */
export function cartTotals(lines: readonly PricedLine[], paymentMethod?: PaymentMethod, discount = 0): CartTotals {
  let subtotal = 0;
  let itemCount = 0;
  for (const line of lines) {
    subtotal += lineTotal(line);
    itemCount += line.quantity;
  }
  subtotal = roundRupees(subtotal);
  const shipping = paymentMethod === 'cod' ? COD_FEE : 0;
  const off = Math.min(roundRupees(discount), mostOff(subtotal));
  return { subtotal, discount: off, shipping, total: roundRupees(subtotal - off + shipping), itemCount };
}

/**
 * Whether cash on delivery may be offered for an order of this value.
 * Pass the items' value after any discount and before the COD fee, so choosing COD cannot itself push the
 * order over the limit, and a discount that brings an order under it makes COD available.
 */
export function isCodAvailable(orderValue: number): boolean {
  return orderValue < COD_LIMIT;
}
