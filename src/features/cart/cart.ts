/**
 * Cart rules, pure so they can be unit-tested and reused anywhere.
 * Every function returns new arrays; nothing here reads or writes storage.
 */
import { unitPrice } from '../../shared/pricing';
import { toStoredProduct } from '../../shared/schemas/storage';
import type { CartItem, StoredProduct } from '../../shared/schemas/storage';
import type { ProductAvailability } from '../../shared/types';

/** Shown when a shopper tries to add a product with no stock. */
export const OUT_OF_STOCK_MESSAGE = 'This product is out of stock!';

/** The message for a quantity above stock, word for word as shoppers are told it. */
export function stockLimitMessage(stock: number): string {
  return `Cannot add more than ${stock} items to the cart.`;
}

/** The outcome of a cart rule: the new lines and, when the shopper should be told something, a message. */
export interface CartChange {
  lines: CartItem[];
  message?: string;
}

/** The outcome of adding a product: `added` is false when the add was refused (out of stock, at stock limit). */
export interface AddLineResult extends CartChange {
  added: boolean;
}

/** What changed about a line when it was re-checked against live availability. */
export interface CartLineFlags {
  /** The unit price the shopper will pay moved since the line was added. */
  priceChanged?: { from: number; to: number };
  /** No stock left (or the product is gone): the line stays visible but is left out of checkout. */
  outOfStock?: boolean;
  /** The quantity was lowered to the stock now available. */
  quantityReduced?: { from: number; to: number };
}

/** The outcome of re-checking lines: updated lines, per-line flags keyed by _id, and a message if quantities were reduced. */
export interface AvailabilityResult extends CartChange {
  flags: Record<string, CartLineFlags>;
}

/**
 * Adds one piece of a product: a new product gets quantity 1, one already present (same _id) goes up by 1.
 * Refused when the product has no stock or the line is already at stock. The line's snapshot is
 * refreshed from `product`, which is what the shopper is looking at when they press the button.
 */
export function addLine(lines: readonly CartItem[], product: StoredProduct): AddLineResult {
  if (product.stock <= 0) return { lines: [...lines], added: false, message: OUT_OF_STOCK_MESSAGE };
  const existing = lines.find((line) => line._id === product._id);
  if (!existing) return { lines: [...lines, { ...toStoredProduct(product), quantity: 1 }], added: true };
  if (existing.quantity >= product.stock) {
    return { lines: [...lines], added: false, message: stockLimitMessage(product.stock) };
  }
  const updated: CartItem = { ...toStoredProduct(product), quantity: existing.quantity + 1 };
  return { lines: lines.map((line) => (line._id === product._id ? updated : line)), added: true };
}

/**
 * Sets a line's quantity. Zero or less removes the line; above the line's stock it is clamped to
 * the stock with the spec message; fractions are rounded down; a non-number changes nothing.
 */
export function setQuantity(lines: readonly CartItem[], id: string, requested: number): CartChange {
  const line = lines.find((candidate) => candidate._id === id);
  if (!line || !Number.isFinite(requested)) return { lines: [...lines] };
  const quantity = Math.floor(requested);
  if (quantity <= 0) return { lines: removeLine(lines, id) };
  if (line.stock <= 0) return { lines: [...lines], message: OUT_OF_STOCK_MESSAGE };
  const clamped = Math.min(quantity, line.stock);
  const next = lines.map((candidate) => (candidate._id === id ? { ...candidate, quantity: clamped } : candidate));
  return clamped < quantity ? { lines: next, message: stockLimitMessage(line.stock) } : { lines: next };
}

/** Removes the line with this _id (no-op when absent). */
export function removeLine(lines: readonly CartItem[], id: string): CartItem[] {
  return lines.filter((line) => line._id !== id);
}

/** Number of pieces in the cart: the sum of quantities (what the header badge shows). */
export function countItems(lines: readonly CartItem[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
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

  const [only] = reductions;
  if (reductions.length === 1 && only) return { lines: next, flags, message: stockLimitMessage(only.stock) };
  if (reductions.length > 1) {
    // Several lines shrank: name each so the shopper knows which message belongs to which piece.
    const message = reductions.map((r) => `${r.name}: ${stockLimitMessage(r.stock)}`).join(' ');
    return { lines: next, flags, message };
  }
  return { lines: next, flags };
}
