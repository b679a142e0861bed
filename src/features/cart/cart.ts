/**
 * Cart rules, pure so they can be unit-tested and reused anywhere.
 * Every function returns new arrays; nothing here reads or writes storage. Only what every page needs
 * (adding from a card or the product page, the header's count) is here; editing and re-checking lines are in
 * cart-page.ts. A line is a product, or a product in one size: its identity is lineKey (shared/sizes.ts).
 */
import { toStoredProduct } from '@shared/schemas/storage';
import type { CartItem, StoredProduct } from '@shared/schemas/storage';
import { lineKey, sizeText } from '@shared/sizes';
import { cartStockLimitMessage } from '@shared/stock-messages';

/** Shown when a shopper tries to add a product with no stock. */
export const OUT_OF_STOCK_MESSAGE = 'This product is out of stock!';

/** Shown when something tries to add a product sold in sizes without one: nothing unsized goes in the cart. */
export const CHOOSE_SIZE_MESSAGE = 'Choose a size first.';

/** What Add to Cart adds: a product, or a product in one size (its price and stock are then the size's own). */
export type CartUnit = StoredProduct & { size?: string | undefined; sizeName?: string | undefined };

/** How a line is named in a message: 'Lotus Ring', or 'Lotus Ring (Ring size: 12)' for a size. */
export function lineName(line: CartUnit): string {
  const size = sizeText(line);
  return size ? `${line.name} (${size})` : line.name;
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
  /** Saved without a size, but the product is now sold in sizes: left out of checkout until one is chosen. */
  needsSize?: boolean;
}

/** The outcome of re-checking lines: updated lines, per-line flags keyed by lineKey, and a message if quantities were reduced. */
export interface AvailabilityResult extends CartChange {
  flags: Record<string, CartLineFlags>;
}

/**
 * Adds `quantity` pieces (default 1) of a product or of one size of it: a new line, or more of the line with
 * the same lineKey. Refused for a product sold in sizes without one, for no stock, and when the line would go
 * above stock. The line's snapshot is refreshed from `unit`, which is what the shopper is looking at.
 */
export function addLine(lines: readonly CartItem[], unit: CartUnit, quantity = 1): AddLineResult {
  const refuse = (message: string): AddLineResult => ({ lines: [...lines], added: false, message });
  if (unit.sized && !unit.size) return refuse(CHOOSE_SIZE_MESSAGE);
  if (unit.stock <= 0) return refuse(OUT_OF_STOCK_MESSAGE);
  const key = lineKey(unit);
  const existing = lines.find((line) => lineKey(line) === key);
  const wanted = (existing?.quantity ?? 0) + (Number.isFinite(quantity) ? Math.max(1, Math.floor(quantity)) : 1);
  if (wanted > unit.stock) return refuse(cartStockLimitMessage(lineName(unit), unit.stock));
  const line: CartItem = { ...toStoredProduct(unit), quantity: wanted };
  if (unit.size) {
    line.size = unit.size;
    if (unit.sizeName) line.sizeName = unit.sizeName;
  }
  return { lines: existing ? lines.map((l) => (l === existing ? line : l)) : [...lines, line], added: true };
}

/** A line of an order as the cart sees it: which product, in which size, how many. */
export interface BoughtLine {
  productId: string;
  size?: string | null;
  quantity: number;
}

/**
 * The cart after an order bought some of its pieces elsewhere (Pay now completed an earlier checkout): each
 * bought line loses the pieces bought, and a line left with none goes.
 */
export function withoutBought(lines: readonly CartItem[], bought: readonly BoughtLine[]): CartItem[] {
  const taken = new Map<string, number>();
  for (const b of bought) {
    const key = lineKey({ _id: b.productId, size: b.size });
    taken.set(key, (taken.get(key) ?? 0) + b.quantity);
  }
  return lines.map((line) => ({ ...line, quantity: line.quantity - (taken.get(lineKey(line)) ?? 0) })).filter((line) => line.quantity > 0);
}

/** Number of pieces in the cart: the sum of quantities (what the header badge shows). */
export function countItems(lines: readonly CartItem[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
