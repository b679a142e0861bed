/**
 * Hands the picture a shopper clicked on a card to the product detail page, so the detail page can
 * show the already-downloaded card picture while its large image loads.
 * Uses sessionStorage: it survives the navigation, stays in this tab, and needs no query string
 * (which would split the detail page's URL and cache entries).
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

/** The handed-over picture for this product, or null. Consumed: it is removed once read. */
export function takeInitialImage(productId: string): string | null {
  try {
    const raw = sessionStorage.getItem(INITIAL_IMAGE_KEY);
    if (!raw) return null;
    sessionStorage.removeItem(INITIAL_IMAGE_KEY);
    const parsed = JSON.parse(raw) as Partial<InitialImage>;
    // Only same-origin paths: the value comes from storage anyone on the page could write.
    return parsed.productId === productId && typeof parsed.src === 'string' && parsed.src.startsWith('/') && !parsed.src.startsWith('//')
      ? parsed.src
      : null;
  } catch {
    return null;
  }
}
