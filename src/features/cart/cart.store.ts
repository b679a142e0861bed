/**
 * The shopper's cart: persisted in localStorage under 'cartItems', synced across
 * tabs, re-checked against live stock on the cart page. Islands render these stores and call these
 * actions; the rules themselves live in ./cart.ts. What only the cart and checkout pages do (edit
 * lines, re-check them, the checkout lines) is in ./cart-page.store.ts, out of every page's header.
 */
import { atom, computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { decodeStoredJson, installSafePersistentEngine } from '@shared/persistent-engine';
import { parseCartItems } from '@shared/schemas/storage';
import { STORAGE_KEYS } from '@shared/storage-keys';
import type { CartItem } from '@shared/schemas/storage';
import { lineKey } from '@shared/sizes';
import { addLine, countItems, withoutBought } from './cart';
import type { BoughtLine, CartLineFlags, CartUnit } from './cart';

// Before any persistentAtom below reads storage: a full or blocked localStorage must not break the cart.
installSafePersistentEngine();

/** localStorage key of the cart. */
const CART_STORAGE_KEY = STORAGE_KEYS.cart;

/** Reads the stored cart; unreadable or old-shaped data is logged and the cart starts empty. */
function decodeCart(raw: string): CartItem[] {
  return decodeStoredJson(parseCartItems, raw, CART_STORAGE_KEY, []);
}

/** The cart lines, saved after every change and updated when another tab changes them. */
export const $cart = persistentAtom<CartItem[]>(CART_STORAGE_KEY, [], {
  encode: JSON.stringify,
  decode: decodeCart,
  listen: true,
});

/** Total pieces in the cart (sum of quantities), for the header badge. */
export const $cartCount = computed($cart, countItems);

/** The last message for the shopper from a cart action (e.g. 'Cannot add more than 3 items to the cart.'); null when none. */
export const $cartNotice = atom<string | null>(null);

/** Per-line findings of the last availability check, keyed by lineKey (product, or product and size). Not persisted: they describe this visit. */
export const $cartFlags = atom<Record<string, CartLineFlags>>({});

/** The answer of addToCart: whether a piece was added, and what to tell the shopper if not. */
export interface AddToCartResult {
  ok: boolean;
  message?: string;
}

/** Saves new lines, drops flags of lines that are gone, and publishes the message (or clears a stale one). */
export function commitCart(lines: CartItem[], message?: string): void {
  $cart.set(lines);
  const flags = $cartFlags.get();
  const present = new Set(lines.map(lineKey));
  if (Object.keys(flags).some((id) => !present.has(id))) {
    $cartFlags.set(Object.fromEntries(Object.entries(flags).filter(([id]) => present.has(id))));
  }
  $cartNotice.set(message ?? null);
}

/**
 * Adds pieces (default 1) of a product or of one size of it (a full Product, a wishlist entry, the product
 * page's choice). Refused for a product sold in sizes without one, when out of stock, or above the stock limit.
 */
export function addToCart(unit: CartUnit, quantity = 1): AddToCartResult {
  const result = addLine($cart.get(), unit, quantity);
  if (result.added) commitCart(result.lines, result.message);
  else $cartNotice.set(result.message ?? null);
  return result.message === undefined ? { ok: result.added } : { ok: result.added, message: result.message };
}

/** Takes out of the cart the pieces an order just bought (Pay now completed the checkout they were left from). */
export function takeBoughtFromCart(bought: readonly BoughtLine[]): void {
  const lines = $cart.get();
  const left = withoutBought(lines, bought);
  if (countItems(left) !== countItems(lines)) commitCart(left);
}

/** Clears the notice once the shopper has seen it. */
export function dismissCartNotice(): void {
  $cartNotice.set(null);
}
