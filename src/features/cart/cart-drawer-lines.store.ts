/**
 * What the open cart drawer does to the lines: quantity, remove, subtotal. Apart from cart-drawer.store.ts, which
 * every page's header and cards load, so this only comes with the drawer's own code (as cart-page.store.ts keeps
 * the cart page's actions out of other pages). The rules are the cart page's (./cart-page.ts).
 */
import { computed } from 'nanostores';
import { lineTotal } from '@shared/pricing';
import { lineKey } from '@shared/sizes';
import { lineName } from './cart';
import { removeLine, setQuantity } from './cart-page';
import { focusAfterRemove } from './focus-after-remove';
import { $cart, commitCart } from './cart.store';
import { $cartDrawer } from './cart-drawer.store';

/** Sum of the lines that can be bought (a line saved with no stock is left out, as checkout leaves it out). */
export const $cartDrawerSubtotal = computed($cart, (lines) =>
  lines.reduce((sum, line) => (line.stock > 0 ? sum + lineTotal(line) : sum), 0),
);

/** Sets a line's quantity from the drawer: the cart page's rule (0 removes, above stock clamps with the message). */
export function setDrawerQuantity(key: string, quantity: number): void {
  const result = setQuantity($cart.get(), key, quantity);
  commitCart(result.lines, result.message);
}

/**
 * Removes a line from the drawer, which stays open on what is left (or on 'Your cart is empty'), and announces it.
 * Returns the key of the line focus should move to (the next, else the previous), or null when none is left.
 */
export function removeDrawerLine(key: string): string | null {
  const lines = $cart.get();
  const index = lines.findIndex((line) => lineKey(line) === key);
  const gone = lines[index];
  const next = focusAfterRemove(lines, index);
  commitCart(removeLine(lines, key));
  const state = $cartDrawer.get();
  $cartDrawer.set({
    ...state,
    addedKey: state.addedKey === key ? null : state.addedKey,
    announcement: gone ? `Removed ${lineName(gone)}` : state.announcement,
  });
  return gone && next ? lineKey(next) : null;
}
