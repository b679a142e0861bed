/**
 * Acknowledging a wishlist change the way adding to the cart is acknowledged: the cart opens its drawer on the
 * line and says 'Added to cart: …'; the wishlist shows a short toast ('Added to wishlist: …', with View wishlist)
 * that is also said to screen readers. Every card and the product page import this, so it stays tiny: the toast
 * itself (an island hydrated by client:onevent in BaseLayout, with its styles) loads on the first change.
 */
import { atom } from 'nanostores';
import type { StoredProduct } from '../../shared/schemas/storage';
import { wishlistNoteText } from './wishlist';
import { toggleWishlist } from './wishlist.store';

/** What the toast says; `seq` tells two changes of one product apart, so each restarts the toast. */
export interface WishlistNote {
  text: string;
  /** Offer View wishlist (not on the wishlist page itself). */
  link: boolean;
  seq: number;
}

/** The toast's message, or null when there is none to show. */
export const $wishlistNote = atom<WishlistNote | null>(null);

/** The window event that hydrates the toast's island (client:onevent in BaseLayout); fired on every change. */
export const WISHLIST_NOTE_EVENT = 'wishlist-note:show';

let seq = 0;

/**
 * Acknowledges a change: shows the toast (with View wishlist when `link`); if the toast's code cannot load, the
 * sentence is said in the page's live region instead.
 */
export function sayWishlistChange(added: boolean, name: string, link = true): void {
  const text = wishlistNoteText(added, name);
  seq += 1;
  $wishlistNote.set({ text, link, seq });
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(WISHLIST_NOTE_EVENT, { detail: { say: text } }));
}

/** The heart on a card or the product page: adds or removes the product and acknowledges it. Returns true when added. */
export function toggleWishlistAndSay(product: StoredProduct): boolean {
  const added = toggleWishlist(product);
  sayWishlistChange(added, product.name);
  return added;
}

/** Closes the toast (its close button, or its time is up). */
export function dismissWishlistNote(): void {
  $wishlistNote.set(null);
}
