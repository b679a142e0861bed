/**
 * Cart rules only the cart and checkout pages use: changing a quantity, removing a line, and the
 * re-check against live availability. Kept apart from cart.ts because every page's header and
 * product cards load that one, and these would ride along in their first-load JavaScript.
 */
import { unitPrice } from '../../shared/pricing';
import type { CartItem } from '../../shared/schemas/storage';
import type { ProductAvailability } from '../../shared/types';
import { cartStockLimitMessage, outOfStockMessage } from '../../shared/stock-messages';
import type { AvailabilityResult, CartChange, CartLineFlags } from './cart';

/**
 * Sets a line's quantity. Zero or less removes the line; above the line's stock it is clamped to
 * the stock with the spec message; fractions are rounded down; a non-number changes nothing.
 */
export function setQuantity(lines: readonly CartItem[], id: string, requested: number): CartChange {
  const line = lines.find((candidate) => candidate._id === id);
  if (!line || !Number.isFinite(requested)) return { lines: [...lines] };
  const quantity = Math.floor(requested);
  if (quantity <= 0) return { lines: removeLine(lines, id) };
  if (line.stock <= 0) return { lines: [...lines], message: outOfStockMessage(line.name) };
  const clamped = Math.min(quantity, line.stock);
  const next = lines.map((candidate) => (candidate._id === id ? { ...candidate, quantity: clamped } : candidate));
  return clamped < quantity ? { lines: next, message: cartStockLimitMessage(line.name, line.stock) } : { lines: next };
}

/** Removes the line with this _id (no-op when absent). */
export function removeLine(lines: readonly CartItem[], id: string): CartItem[] {
  return lines.filter((line) => line._id !== id);
}

/**
 * Re-checks lines against live availability: updates price, discountPrice and stock; flags lines
 * whose unit price moved and lines with no stock; lowers quantities above the new stock (with the
 * spec message). A line whose product is missing from `availability` no longer exists in the
 * catalogue, so it is treated as out of stock.
 */
export function applyAvailability(lines: readonly CartItem[], availability: readonly ProductAvailability[]): AvailabilityResult {
  const byId = new Map(availability.map((product) => [product._id.toLowerCase(), product]));
  const flags: Record<string, CartLineFlags> = {};
  const reductions: { name: string; stock: number }[] = [];

  const next = lines.map((line): CartItem => {
    const live = byId.get(line._id.toLowerCase());
    const updated: CartItem = live
      ? { ...line, price: live.price, discountPrice: live.discountPrice, stock: live.stock }
      : { ...line, stock: 0 };
    const lineFlags: CartLineFlags = {};

    const before = unitPrice(line);
    const after = unitPrice(updated);
    if (live && before !== after) lineFlags.priceChanged = { from: before, to: after };

    if (updated.stock <= 0) {
      // Keep the quantity: the line stays visible (flagged) so the shopper sees why it is skipped.
      lineFlags.outOfStock = true;
    } else if (updated.quantity > updated.stock) {
      lineFlags.quantityReduced = { from: updated.quantity, to: updated.stock };
      reductions.push({ name: line.name, stock: updated.stock });
      updated.quantity = updated.stock;
    }

    if (Object.keys(lineFlags).length > 0) flags[line._id] = lineFlags;
    return updated;
  });

  // Each message names its product, so several lowered lines read as one notice without confusion.
  if (reductions.length === 0) return { lines: next, flags };
  return { lines: next, flags, message: reductions.map((r) => cartStockLimitMessage(r.name, r.stock)).join(' ') };
}
