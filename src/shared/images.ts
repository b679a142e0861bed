/** Widths offered to the browser in srcset; the Image CDN resizes on demand and caches. */
export const IMAGE_WIDTHS = [160, 240, 320, 480, 640, 800, 1080, 1500] as const;

/** Product images are 1500×1875 (4:5), the spec's aspect hint. */
export const PRODUCT_IMAGE = { width: 1500, height: 1875 } as const;

/** Image shown when a product has none. */
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

/** URL of one resized variant through Netlify's Image CDN (emulated locally by @netlify/dev). */
export function cdnImage(src: string, width: number, format: 'avif' | 'webp' | 'jpg' = 'webp', quality = 75): string {
  if (!src || src.endsWith('.svg')) return src || PLACEHOLDER_IMAGE;
  const params = new URLSearchParams({ url: src, w: String(width), fm: format, q: String(quality) });
  return `/.netlify/images?${params.toString()}`;
}

/** A srcset string of CDN variants no wider than maxWidth. */
export function cdnSrcset(src: string, format: 'avif' | 'webp' | 'jpg' = 'webp', maxWidth = 1500): string {
  if (!src || src.endsWith('.svg')) return '';
  return IMAGE_WIDTHS.filter((w) => w <= maxWidth)
    .map((w) => `${cdnImage(src, w, format)} ${w}w`)
    .join(', ');
}
