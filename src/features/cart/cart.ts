/**
 * Cart rules, pure so they can be unit-tested and reused anywhere.
 * Every function returns new arrays; nothing here reads or writes storage. Only what every page needs
 * (adding from a card, the header's count) is here; editing and re-checking lines are in cart-page.ts.
 */
import { toStoredProduct } from '../../shared/schemas/storage';
import type { CartItem, StoredProduct } from '../../shared/schemas/storage';
import { cartStockLimitMessage } from '../../shared/stock-messages';

/** Shown when a shopper tries to add a product with no stock (the spec's alert, word for word). */
export const OUT_OF_STOCK_MESSAGE = 'This product is out of stock!';

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
    return { lines: [...lines], added: false, message: cartStockLimitMessage(product.name, product.stock) };
  }
  const updated: CartItem = { ...toStoredProduct(product), quantity: existing.quantity + 1 };
  return { lines: lines.map((line) => (line._id === product._id ? updated : line)), added: true };
}

/**
 * The cart after an order bought some of its pieces elsewhere (Pay now completed an earlier checkout): each
 * bought line loses the pieces bought, and a line left with none goes.
 */
export function withoutBought(lines: readonly CartItem[], bought: readonly { productId: string; quantity: number }[]): CartItem[] {
  const taken = new Map<string, number>();
  for (const b of bought) taken.set(b.productId, (taken.get(b.productId) ?? 0) + b.quantity);
  return lines.map((line) => ({ ...line, quantity: line.quantity - (taken.get(line._id) ?? 0) })).filter((line) => line.quantity > 0);
}

/** Number of pieces in the cart: the sum of quantities (what the header badge shows). */
export function countItems(lines: readonly CartItem[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
