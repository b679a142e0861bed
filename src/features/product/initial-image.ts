/**
 * The detail page's side of the card-to-detail picture hand-over (see product-card/handoff.ts): the
 * gallery shows the picture the shopper clicked while its large image loads.
 */
import { INITIAL_IMAGE_KEY } from '../product-card/handoff';
import type { InitialImage } from '../product-card/handoff';

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
