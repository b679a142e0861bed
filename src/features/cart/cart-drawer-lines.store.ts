/**
 * What the open cart drawer does to the lines: quantity, remove, subtotal. Apart from cart-drawer.store.ts, which
 * every page's header and cards load, so this only comes with the drawer's own code (as cart-page.store.ts keeps
 * the cart page's actions out of other pages). The rules are the cart page's (./cart-page.ts).
 */
import { computed } from 'nanostores';
import { lineTotal } from '../../shared/pricing';
import { removeLine, setQuantity } from './cart-page';
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

/** Removes a line from the drawer; the drawer stays open on what is left (or on 'Your cart is empty'). */
export function removeDrawerLine(key: string): void {
  commitCart(removeLine($cart.get(), key));
  const state = $cartDrawer.get();
  if (state.addedKey === key) $cartDrawer.set({ ...state, addedKey: null });
}
