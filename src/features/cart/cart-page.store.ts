/**
 * The cart actions and stores of the cart and checkout pages: quantity changes, removal, emptying
 * after an order, the live re-check, and the lines checkout takes. Apart from cart.store.ts, which
 * the header and every product card load, so these stay out of other pages' first-load JavaScript.
 */
import { computed, task } from 'nanostores';
import { cartTotals } from '@shared/pricing';
import type { CartTotals } from '@shared/pricing';
import { lineKey } from '@shared/sizes';
import { availabilityOrNull } from '../availability/availability';
import { applyAvailability, removeLine, setQuantity } from './cart-page';
import { focusAfterRemove } from './focus-after-remove';
import { $cart, $cartFlags, $cartNotice, commitCart } from './cart.store';

/** Lines that can be bought now: everything except lines out of stock or still needing a size. Checkout uses these. */
export const $checkoutLines = computed([$cart, $cartFlags], (lines, flags) =>
  lines.filter((line) => {
    const flag = flags[lineKey(line)];
    return line.stock > 0 && !flag?.outOfStock && !flag?.needsSize;
  }),
);

/** Subtotal, total and piece count of the checkout lines (no shipping chosen yet). */
export const $checkoutTotals = computed($checkoutLines, (lines): CartTotals => cartTotals(lines));

/** Sets the quantity of the line with this lineKey: 0 or less removes it, above stock clamps to stock with a notice. */
export function setCartQuantity(key: string, quantity: number): void {
  const result = setQuantity($cart.get(), key, quantity);
  commitCart(result.lines, result.message);
}

/** Removes the line with this lineKey; returns the key of the line to focus next (the next, else the previous), null when none is left. */
export function removeFromCart(key: string): string | null {
  const lines = $cart.get();
  const index = lines.findIndex((line) => lineKey(line) === key);
  const next = focusAfterRemove(lines, index);
  commitCart(removeLine(lines, key));
  return next ? lineKey(next) : null;
}
/** Empties the cart, e.g. after an order was placed. */
export function clearCart(): void {
  commitCart([]);
  $cartFlags.set({});
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
    const availability = await availabilityOrNull([...requested], 'cart');
    if (!availability) return;
    // Apply to the lines as they are now (the shopper may have changed the cart while we waited),
    // but only to lines we asked about: a line added meanwhile is not "missing from the catalogue".
    const current = $cart.get();
    const result = applyAvailability(
      current.filter((line) => requested.has(line._id)),
      availability,
    );
    const checked = new Map(result.lines.map((line) => [lineKey(line), line]));
    $cartFlags.set(result.flags);
    // A re-check with nothing to say leaves what the shopper was told meanwhile (a limit hit while it ran).
    commitCart(
      current.map((line) => checked.get(lineKey(line)) ?? line),
      result.message ?? $cartNotice.get() ?? undefined,
    );
  });
}
