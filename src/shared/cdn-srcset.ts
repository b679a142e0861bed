/**
 * Full srcsets for the cart and checkout's line pictures. Apart from ./images.ts, which the header's
 * search and every product card load, so this stays out of other pages' first-load JavaScript.
 */
import { srcsetOf } from './images';

/** Widths offered to the browser in srcset; the Image CDN resizes on demand and caches. */
const IMAGE_WIDTHS = [160, 240, 320, 480, 640, 800, 1080, 1500] as const;

/** A srcset string of CDN variants no wider than maxWidth. */
export function cdnSrcset(src: string, format: 'avif' | 'webp' | 'jpg' = 'webp', maxWidth = 1500): string {
  return srcsetOf(
    src,
    format,
    IMAGE_WIDTHS.filter((w) => w <= maxWidth),
  );
}
