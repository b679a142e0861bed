/** Product images are 1500×1875 (4:5): the ratio the layout reserves for them. */
export const PRODUCT_IMAGE = { width: 1500, height: 1875 } as const;

/** Image shown when a product has none. */
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

/**
 * Default quality per format. AVIF reaches WebP 75's look at about 60 (side by side on the sample photos no
 * difference shows) for 30% fewer bytes, which on a phone is the lead picture arriving sooner.
 */
const DEFAULT_QUALITY = { avif: 60, webp: 75, jpg: 75 } as const;

/** URL of one resized variant through Netlify's Image CDN (emulated locally by @netlify/dev). */
export function cdnImage(
  src: string,
  width: number,
  format: 'avif' | 'webp' | 'jpg' = 'webp',
  quality: number = DEFAULT_QUALITY[format],
): string {
  if (!src || src.endsWith('.svg')) return src || PLACEHOLDER_IMAGE;
  const params = new URLSearchParams({ url: src, w: String(width), fm: format, q: String(quality) });
  return `/.netlify/images?${params.toString()}`;
}

/**
 * A srcset over the given widths. Fewer, well-chosen widths than cdn-srcset.ts's IMAGE_WIDTHS: every
 * entry is a long CDN URL repeated on thousands of static pages, so trimming them keeps pages lean.
 */
export function srcsetOf(src: string, format: 'avif' | 'webp' | 'jpg', widths: readonly number[]): string {
  if (!src || src.endsWith('.svg')) return '';
  // One cdnImage call per srcset, then only the width changes: building URLSearchParams for every
  // entry adds up across thousands of pages. The url value is percent-encoded, so the
  // "&w=1&" marker cannot occur inside it.
  const template = cdnImage(src, 1, format);
  return widths.map((w) => `${template.replace('&w=1&', `&w=${w}&`)} ${w}w`).join(', ');
}

/** The picture a page paints largest first (its LCP), which the page preloads from <head>. */
export interface LeadImage {
  src: string;
  /** The picture's sizes attribute, so the preload picks the same variant as the <img>. */
  sizes: string;
  /** The widths of the picture's srcset. */
  widths: readonly number[];
  /** Only at this media query (art direction: a phone never preloads the desktop banner). */
  media?: string;
}
