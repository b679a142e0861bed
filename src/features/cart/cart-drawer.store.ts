/**
 * The cart drawer's state and actions: open or closed, which line was just added (highlighted), what to
 * announce, where focus goes back to. Every page's header and cards import this, so it stays tiny: the drawer
 * itself (an island hydrated by client:onevent, its styles, its line actions in ./cart-drawer-lines.store.ts) loads
 * the first time it opens, never with the page.
 */
import { atom } from 'nanostores';
import { lineKey } from '@shared/sizes';
import { lineName } from './cart';
import type { CartUnit } from './cart';
import { addToCart, dismissCartNotice } from './cart.store';
import type { AddToCartResult } from './cart.store';
import type { OnEventFallback } from '../../integrations/on-event-directive';

/** What the drawer shows: open or not, the lineKey just added (or null), and the sentence for screen readers. */
export interface CartDrawerState {
  open: boolean;
  addedKey: string | null;
  announcement: string;
}

const CLOSED: CartDrawerState = { open: false, addedKey: null, announcement: '' };

/** The drawer's state; the component only renders it. */
export const $cartDrawer = atom<CartDrawerState>(CLOSED);

/** Where focus returns on close: the button that opened the drawer (kept out of the atom, it is not state to render). */
let opener: HTMLElement | null = null;

/** The element focus returns to when the drawer closes, if it is still in the page. */
export function cartDrawerOpener(): HTMLElement | null {
  return opener?.isConnected ? opener : null;
}

/** The window event that hydrates the drawer's island (client:onevent in BaseLayout); fired on every open. */
export const CART_DRAWER_EVENT = 'cart-drawer:open';

/**
 * Asks for the drawer's code and styles (on the cart icon's hover or focus, so the first open is instant). `fallback`
 * is what the directive does if that code cannot load: go to the cart page (the icon) or announce the add.
 */
export function preloadCartDrawer(fallback: OnEventFallback | null = null): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(CART_DRAWER_EVENT, { detail: fallback }));
}

/**
 * Opens the drawer; `addedKey` marks a line just added, `opener` gets focus back on close, `fallback` is the page to
 * go to if the drawer's code cannot load. Opened other than by an add, an earlier refusal is old news: cleared.
 */
export function openCartDrawer(
  options: { addedKey?: string | null; announcement?: string; opener?: HTMLElement | null; fallback?: string } = {},
): void {
  opener = options.opener ?? null;
  if (!options.addedKey) dismissCartNotice();
  $cartDrawer.set({ open: true, addedKey: options.addedKey ?? null, announcement: options.announcement ?? '' });
  // Closed if the code cannot load: not left open on nothing, or a later load (a hover once online) would show it.
  preloadCartDrawer({ href: options.fallback, say: options.announcement, undo: closeCartDrawer });
}

/** Closes the drawer (Esc, the backdrop, the close button, or a link inside it). */
export function closeCartDrawer(): void {
  if ($cartDrawer.get().open) $cartDrawer.set({ ...$cartDrawer.get(), open: false });
}

/** Adds to the cart (the cart's own rules) and, when added, opens the drawer on that line. */
export function addToCartAndShow(unit: CartUnit, quantity = 1, from: HTMLElement | null = null): AddToCartResult {
  const result = addToCart(unit, quantity);
  if (result.ok) openCartDrawer({ addedKey: lineKey(unit), announcement: `Added to cart: ${lineName(unit)}`, opener: from });
  return result;
}
