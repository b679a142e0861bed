/**
 * The shopper's cart: persisted in localStorage under 'cartItems', synced across
 * tabs, re-checked against live stock on the cart page. Islands render these stores and call these
 * actions; the rules themselves live in ./cart.ts.
 */
import { atom, computed, task } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { decodeStoredJson, installSafePersistentEngine } from '../../shared/persistent-engine';
import { cartTotals } from '../../shared/pricing';
import type { CartTotals } from '../../shared/pricing';
import { parseCartItems } from '../../shared/schemas/storage';
import { STORAGE_KEYS } from '../../shared/storage-keys';
import type { CartItem, StoredProduct } from '../../shared/schemas/storage';
import { fetchAvailability } from '../availability/availability';
import { addLine, applyAvailability, countItems, removeLine, setQuantity } from './cart';
import type { CartLineFlags } from './cart';

// Before any persistentAtom below reads storage: a full or blocked localStorage must not break the cart.
installSafePersistentEngine();

/** localStorage key of the cart. */
export const CART_STORAGE_KEY = STORAGE_KEYS.cart;

/** Reads the stored cart; unreadable or old-shaped data is logged and the cart starts empty. */
export function decodeCart(raw: string): CartItem[] {
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

/** Per-line findings of the last availability check, keyed by product _id. Not persisted: they describe this visit. */
export const $cartFlags = atom<Record<string, CartLineFlags>>({});

/** Lines that can be bought now: everything except lines out of stock. Checkout uses these. */
export const $checkoutLines = computed([$cart, $cartFlags], (lines, flags) =>
  lines.filter((line) => line.stock > 0 && !flags[line._id]?.outOfStock),
);

/** Subtotal, total and piece count of the checkout lines (no shipping chosen yet). */
export const $checkoutTotals = computed($checkoutLines, (lines): CartTotals => cartTotals(lines));

/** The answer of addToCart: whether a piece was added, and what to tell the shopper if not. */
export interface AddToCartResult {
  ok: boolean;
  message?: string;
}

/** Saves new lines, drops flags of lines that are gone, and publishes the message (or clears a stale one). */
function commit(lines: CartItem[], message?: string): void {
  $cart.set(lines);
  const flags = $cartFlags.get();
  const present = new Set(lines.map((line) => line._id));
  if (Object.keys(flags).some((id) => !present.has(id))) {
    $cartFlags.set(Object.fromEntries(Object.entries(flags).filter(([id]) => present.has(id))));
  }
  $cartNotice.set(message ?? null);
}

/** Adds one piece of a product (a full Product or a wishlist entry). Refused when out of stock or at the stock limit. */
export function addToCart(product: StoredProduct): AddToCartResult {
  const result = addLine($cart.get(), product);
  if (result.added) commit(result.lines, result.message);
  else $cartNotice.set(result.message ?? null);
  return result.message === undefined ? { ok: result.added } : { ok: result.added, message: result.message };
}

/** Sets a line's quantity: 0 or less removes it, above stock clamps to stock with a notice. */
export function setCartQuantity(id: string, quantity: number): void {
  const result = setQuantity($cart.get(), id, quantity);
  commit(result.lines, result.message);
}

/** Removes a line from the cart. */
export function removeFromCart(id: string): void {
  commit(removeLine($cart.get(), id));
}

/** Empties the cart, e.g. after an order was placed. */
export function clearCart(): void {
  commit([]);
  $cartFlags.set({});
}

/** Clears the notice once the shopper has seen it. */
export function dismissCartNotice(): void {
  $cartNotice.set(null);
}

/**
 * Re-checks every line against GET /api/product-availability and applies the live price and stock,
 * flagging changed and out-of-stock lines. A failed request is logged and leaves the cart as it was:
 * the server re-checks stock when the order is placed anyway. Runs as a nanostores task (see allTasks).
 */
export function refreshCart(): Promise<void> {
  return task(async () => {
    const requested = new Set($cart.get().map((line) => line._id));
    if (requested.size === 0) return;
    let availability: Awaited<ReturnType<typeof fetchAvailability>>;
    try {
      availability = await fetchAvailability([...requested]);
    } catch (error) {
      console.warn('[cart] Could not refresh prices and stock; showing saved values.', error);
      return;
    }
    // Apply to the lines as they are now (the shopper may have changed the cart while we waited),
    // but only to lines we asked about: a line added meanwhile is not "missing from the catalogue".
    const current = $cart.get();
    const result = applyAvailability(
      current.filter((line) => requested.has(line._id)),
      availability,
    );
    const checked = new Map(result.lines.map((line) => [line._id, line]));
    $cartFlags.set(result.flags);
    commit(
      current.map((line) => checked.get(line._id) ?? line),
      result.message,
    );
  });
}
