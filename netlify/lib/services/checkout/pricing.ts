/**
 * An order priced by the server from the catalogue: its lines (a size's own price), the code that applies and
 * its share per line, the COD fee and limit; and the check that the browser showed the shopper the same.
 */
import { formatINR } from '../../../../src/shared/money';
import { cartTotals, COD_UNAVAILABLE_MESSAGE, isCodAvailable, unitPrice, type PaymentMethod } from '../../../../src/shared/pricing';
import type { OrderLineInput } from '../../../../src/shared/schemas/checkout';
import { type OrderLineDoc, type UserDoc } from '../../collections';
import { badRequest, conflict } from '../../errors';
import { inventoryRepository, type SellableProduct } from '../../repositories/inventory.repository';
import { allocateDiscount } from '../../../../src/shared/discounts';
import { samePaise, toPaise, toRupees } from '../../../../src/shared/money';
import { discountsService, type AppliedDiscount } from '../discounts.service';

/** An order priced from the database: its lines as they will be stored, the code that applies, and its totals. */
export interface PricedOrder {
  lines: OrderLineDoc[];
  subtotal: number;
  discount: AppliedDiscount | null;
  shippingCost: number;
  total: number;
}

const INVALID_TOTAL = 'Invalid total amount. Please check product prices and quantities.';

/** Rupees compared to the paisa: the browser's numbers are cross-checks, never sources. */
const sameAmount = samePaise;

/**
 * Prices the requested lines from the database with the shared pricing rules. Unknown products are refused;
 * a discount code is checked for this shopper and shared among the lines; the COD fee and the COD limit
 * (on the value after the discount) are applied here, whatever the browser sent.
 */
export async function priceOrder(
  requested: OrderLineInput[],
  paymentMethod: PaymentMethod,
  code?: { user: UserDoc; typed: string },
): Promise<PricedOrder> {
  const products = new Map((await inventoryRepository.sellable(requested.map((l) => l.productId))).map((p) => [p._id.toHexString(), p]));
  const missing = requested.filter((l) => !products.has(l.productId));
  if (missing.length)
    throw badRequest(`Some items are no longer sold: ${missing.map((l) => l.productId).join(', ')}. Please remove them from your cart.`);
  const lines = requested.map((l) => lineOf(products.get(l.productId)!, l.quantity, l.size));
  const discount = code ? await discountsService.apply(code.user, code.typed, cartTotals(lines).subtotal) : null;
  if (discount) shareDiscount(lines, discount.amount);
  const totals = cartTotals(lines, paymentMethod, discount?.amount ?? 0);
  if (paymentMethod === 'cod' && !isCodAvailable(totals.subtotal - totals.discount)) throw badRequest(COD_UNAVAILABLE_MESSAGE);
  // A discount never takes the goods below ₹1 (discountAmount), so only broken prices reach this.
  if (!(totals.total > 0)) throw badRequest(INVALID_TOTAL);
  return { lines, subtotal: totals.subtotal, discount, shippingCost: totals.shipping, total: totals.total };
}

/** Writes each line's share of the discount onto it (whole paise, adding up to the discount): the invoice taxes it. */
function shareDiscount(lines: OrderLineDoc[], amount: number): void {
  const shares = allocateDiscount(
    lines.map((l) => toPaise(l.price) * l.quantity),
    toPaise(amount),
  );
  lines.forEach((l, i) => {
    if (shares[i]! > 0) l.discount = toRupees(shares[i]!);
  });
}

/**
 * One order line priced from the database: a product sold in sizes needs one of its sizes (priced as that
 * size sells), and a product without sizes takes none.
 */
function lineOf(p: SellableProduct, quantity: number, size: string | undefined): OrderLineDoc {
  const base = { productId: p._id, name: p.name, slug: p.slug, thumbnail: p.thumbnail, image: p.image[0] ?? p.thumbnail, quantity };
  const sizes = p.sizes?.values.length ? p.sizes : null;
  if (!sizes) {
    if (size) throw badRequest(`${p.name} is not sold in sizes: remove the size and try again.`);
    return { ...base, size: null, sizeName: null, price: unitPrice(p) };
  }
  if (!size) throw badRequest(`Choose a ${sizes.name.toLowerCase()} for ${p.name}.`);
  const chosen = sizes.values.find((v) => v.value === size);
  if (!chosen) throw badRequest(`${p.name} does not come in ${sizes.name.toLowerCase()} ${size}. Please choose another size.`);
  // A size with its own price sells at it (and its own discount); otherwise at the product's.
  const price = chosen.price !== null ? unitPrice({ price: chosen.price, discountPrice: chosen.discountPrice }) : unitPrice(p);
  return { ...base, size: chosen.value, sizeName: sizes.name, price };
}

/** Refuses an order whose shown amounts differ from the server's, naming the new total. */
export function crossCheck(
  priced: PricedOrder,
  shown: { total: number; lines?: OrderLineInput[]; shippingCost?: number; discount?: number },
): void {
  const pricesDiffer = shown.lines?.some((l, i) => !sameAmount(l.price, priced.lines[i]!.price)) ?? false;
  const shippingDiffers = shown.shippingCost !== undefined && !sameAmount(shown.shippingCost, priced.shippingCost);
  const discountDiffers = shown.discount !== undefined && !sameAmount(shown.discount, priced.discount?.amount ?? 0);
  if (pricesDiffer || shippingDiffers || discountDiffers || !sameAmount(shown.total, priced.total)) {
    throw conflict(`Prices have changed: your order total is now ${formatINR(priced.total)}. Please review your order and try again.`);
  }
}

/** The code a request applies, for pricing, when it sends one. */
export const codeOf = (user: UserDoc, input: { discountCode?: string | undefined }) =>
  input.discountCode ? { user, typed: input.discountCode } : undefined;
