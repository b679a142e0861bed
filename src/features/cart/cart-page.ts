/**
 * Cart rules only the cart and checkout pages use: changing a quantity, removing a line, and the
 * re-check against live availability. Kept apart from cart.ts because every page's header and
 * product cards load that one, and these would ride along in their first-load JavaScript.
 */
import { unitPrice } from '@shared/pricing';
import type { CartItem } from '@shared/schemas/storage';
import { lineKey } from '@shared/sizes';
import type { ProductAvailability } from '@shared/types';
import { cartStockLimitMessage, outOfStockMessage } from '@shared/stock-messages';
import { lineName } from './cart';
import type { AvailabilityResult, CartChange, CartLineFlags } from './cart';

/**
 * Sets the quantity of the line with this lineKey. Zero or less removes the line; above the line's stock (its
 * size's, for a size) it is clamped to the stock with the cart-limit message; fractions are rounded down; a
 * non-number changes nothing.
 */
export function setQuantity(lines: readonly CartItem[], key: string, requested: number): CartChange {
  const line = lines.find((candidate) => lineKey(candidate) === key);
  if (!line || !Number.isFinite(requested)) return { lines: [...lines] };
  const quantity = Math.floor(requested);
  if (quantity <= 0) return { lines: removeLine(lines, key) };
  if (line.stock <= 0) return { lines: [...lines], message: outOfStockMessage(lineName(line)) };
  const clamped = Math.min(quantity, line.stock);
  const next = lines.map((candidate) => (candidate === line ? { ...candidate, quantity: clamped } : candidate));
  return clamped < quantity ? { lines: next, message: cartStockLimitMessage(lineName(line), line.stock) } : { lines: next };
}

/** Removes the line with this lineKey (no-op when absent); other sizes of the same product stay. */
export function removeLine(lines: readonly CartItem[], key: string): CartItem[] {
  return lines.filter((line) => lineKey(line) !== key);
}

/**
 * A line's live facts: its product's, or for a line in a size that size's (price and stock). A size the
 * product no longer offers, or a product gone from the catalogue, has none (undefined).
 */
function liveFacts(line: CartItem, live: ProductAvailability | undefined): Omit<ProductAvailability, '_id' | 'sizes'> | undefined {
  if (!live || !line.size) return live;
  return live.sizes?.find((s) => s.value === line.size);
}

/**
 * Re-checks lines against live availability: updates price, discountPrice and stock (a size's own for a
 * line in a size); flags lines whose unit price moved and lines with no stock; lowers quantities above the
 * new stock (with the cart-limit message). A line whose product (or size) is missing from `availability` no longer
 * exists in the catalogue, so it is treated as out of stock. A line saved without a size for a product now
 * sold in sizes is flagged needsSize: the server would refuse it, so checkout leaves it out.
 */
export function applyAvailability(lines: readonly CartItem[], availability: readonly ProductAvailability[]): AvailabilityResult {
  const byId = new Map(availability.map((product) => [product._id.toLowerCase(), product]));
  const flags: Record<string, CartLineFlags> = {};
  const reductions: { name: string; stock: number }[] = [];

  const next = lines.map((line): CartItem => {
    const product = byId.get(line._id.toLowerCase());
    const live = liveFacts(line, product);
    const updated: CartItem = live
      ? { ...line, price: live.price, discountPrice: live.discountPrice, stock: live.stock }
      : { ...line, stock: 0 };
    const lineFlags: CartLineFlags = {};
    if (product?.sizes && !line.size) {
      lineFlags.needsSize = true;
      updated.sized = true;
    }

    const before = unitPrice(line);
    const after = unitPrice(updated);
    if (live && before !== after) lineFlags.priceChanged = { from: before, to: after };

    if (updated.stock <= 0) {
      // Keep the quantity: the line stays visible (flagged) so the shopper sees why it is skipped.
      lineFlags.outOfStock = true;
    } else if (updated.quantity > updated.stock) {
      lineFlags.quantityReduced = { from: updated.quantity, to: updated.stock };
      reductions.push({ name: lineName(line), stock: updated.stock });
      updated.quantity = updated.stock;
    }

    if (Object.keys(lineFlags).length > 0) flags[lineKey(line)] = lineFlags;
    return updated;
  });

  // Each message names its product, so several lowered lines read as one notice without confusion.
  if (reductions.length === 0) return { lines: next, flags };
  return { lines: next, flags, message: reductions.map((r) => cartStockLimitMessage(r.name, r.stock)).join(' ') };
}
