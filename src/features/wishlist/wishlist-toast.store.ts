/**
 * The wishlist toast's own action, loaded with its island (WishlistToast) rather than with every page's header, where
 * the change it shows is noted (wishlist.store.ts): the listing's first load is at its budget to the byte.
 */
import { $wishlistNote } from './wishlist.store';

/** Closes the toast (its close button, or its time is up). */
export function dismissWishlistNote(): void {
  $wishlistNote.set(null);
}
