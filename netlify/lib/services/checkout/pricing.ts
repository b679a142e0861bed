/**
 * An order priced by the server from the catalogue: its lines (a size's own price), the code that applies and
 * its share per line, the COD fee and limit; and the check that the browser showed the shopper the same.
 */
import { formatPaiseAsINR } from '@shared/money';
import { cartTotals, COD_UNAVAILABLE_MESSAGE, isCodAvailable, unitPrice, type PaymentMethod } from '@shared/pricing';
import type { OrderLineInput } from '@shared/schemas/checkout';
import { type OrderLineDoc, type UserDoc } from '../../collections';
import { badRequest, conflict } from '../../errors';
import { inventoryRepository, type SellableProduct } from '../../repositories/inventory.repository';
import { allocateDiscount } from '@shared/discounts';
import { toPaise, toRupees } from '@shared/money';
import { discountsService, type AppliedDiscount } from '../discounts.service';

/** An order priced from the database: its lines as they will be stored, the code that applies, and its totals. */
export interface PricedOrder {
  lines: OrderLineDoc[];
  subtotalPaise: number;
  discount: AppliedDiscount | null;
  /** Shipping: the COD fee for cash on delivery, free online. */
  shippingPaise: number;
  totalPaise: number;
}

const INVALID_TOTAL = 'Invalid total amount. Please check product prices and quantities.';

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
  // The shared rules (the browser's too) count in rupees; what they give is kept in paise from here on.
  const inRupees = lines.map((l) => ({ price: toRupees(l.pricePaise), quantity: l.quantity }));
  const discount = code ? await discountsService.apply(code.user, code.typed, cartTotals(inRupees).subtotal) : null;
  if (discount) shareDiscount(lines, discount.amountPaise);
  const totals = cartTotals(inRupees, paymentMethod, toRupees(discount?.amountPaise ?? 0));
  if (paymentMethod === 'cod' && !isCodAvailable(totals.subtotal - totals.discount)) throw badRequest(COD_UNAVAILABLE_MESSAGE);
  // A discount never takes the goods below ₹1 (discountAmount), so only broken prices reach this.
  if (!(totals.total > 0)) throw badRequest(INVALID_TOTAL);
  return {
    lines,
    subtotalPaise: toPaise(totals.subtotal),
    discount,
    shippingPaise: toPaise(totals.shipping),
    totalPaise: toPaise(totals.total),
  };
}

/** Writes each line's share of the discount onto it (whole paise, adding up to the discount): the invoice taxes it. */
function shareDiscount(lines: OrderLineDoc[], amountPaise: number): void {
  const shares = allocateDiscount(
    lines.map((l) => l.pricePaise * l.quantity),
    amountPaise,
  );
  lines.forEach((l, i) => {
    if (shares[i]! > 0) l.discountPaise = shares[i]!;
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
    return { ...base, size: null, sizeName: null, pricePaise: toPaise(unitPrice(p)) };
  }
  if (!size) throw badRequest(`Choose a ${sizes.name.toLowerCase()} for ${p.name}.`);
  const chosen = sizes.values.find((v) => v.value === size);
  if (!chosen) throw badRequest(`${p.name} does not come in ${sizes.name.toLowerCase()} ${size}. Please choose another size.`);
  // A size with its own price sells at it (and its own discount); otherwise at the product's.
  const price = chosen.price !== null ? unitPrice({ price: chosen.price, discountPrice: chosen.discountPrice }) : unitPrice(p);
  return { ...base, size: chosen.value, sizeName: sizes.name, pricePaise: toPaise(price) };
}

/** Refuses an order whose shown amounts differ from the server's, naming the new total. */
export function crossCheck(
  priced: PricedOrder,
  shown: { total: number; lines?: OrderLineInput[]; shippingCost?: number; discount?: number },
): void {
  // The browser's rupees are cross-checks, never sources: compared to the paisa.
  const differs = (rupees: number, paise: number) => toPaise(rupees) !== paise;
  const pricesDiffer = shown.lines?.some((l, i) => differs(l.price, priced.lines[i]!.pricePaise)) ?? false;
  const shippingDiffers = shown.shippingCost !== undefined && differs(shown.shippingCost, priced.shippingPaise);
  const discountDiffers = shown.discount !== undefined && differs(shown.discount, priced.discount?.amountPaise ?? 0);
  if (pricesDiffer || shippingDiffers || discountDiffers || differs(shown.total, priced.totalPaise)) {
    throw conflict(
      `Prices have changed: your order total is now ${formatPaiseAsINR(priced.totalPaise)}. Please review your order and try again.`,
    );
  }
}

/** The code a request applies, for pricing, when it sends one. */
export const codeOf = (user: UserDoc, input: { discountCode?: string | undefined }) =>
  input.discountCode ? { user, typed: input.discountCode } : undefined;
