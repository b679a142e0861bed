/**
 * Hands the picture a shopper clicked on a card to the product detail page, so the detail page can
 * show the already-downloaded card picture while its large image loads.
 * Uses sessionStorage: it survives the navigation, stays in this tab, and needs no query string
 * (which would split the detail page's URL and cache entries). The detail page's side, which takes
 * the picture, is features/product/initial-image.ts: cards on every page need only this half.
 */

/** sessionStorage key of the handed-over picture. */
export const INITIAL_IMAGE_KEY = 'initialImage';

/** What the card hands over. */
export interface InitialImage {
  productId: string;
  /** The exact URL the card displayed (already in the browser cache). */
  src: string;
}

/** Remembers the picture of the card being opened. Never throws (storage may be blocked). */
export function rememberInitialImage(productId: string, src: string): void {
  try {
    sessionStorage.setItem(INITIAL_IMAGE_KEY, JSON.stringify({ productId, src } satisfies InitialImage));
  } catch {
    // Without storage the detail page simply loads its own image; nothing is lost.
  }
}
