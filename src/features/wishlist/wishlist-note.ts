/**
 * The wishlist toast's words, pure. Apart from wishlist.ts, which every page's header loads: only the toast's
 * island (loaded on the first change) needs them.
 */

/** How a change is acknowledged, as adding to the cart is ('Added to cart: …'): 'Added to wishlist: Lotus Ring'. */
export function wishlistNoteText(added: boolean, name: string): string {
  return added ? `Added to wishlist: ${name}` : `Removed from wishlist: ${name}`;
}
