/**
 * A catalogue image as <picture>: AVIF and WebP variants from the Netlify Image CDN with explicit
 * width/height (no layout shift). Renders the same in static Astro markup and inside islands.
 * With `media`, the sources only match inside that media query and the <img> falls back to a
 * 1-pixel data URI, so a picture hidden at this breakpoint (the other banner slider) downloads nothing.
 */
import { cdnImage, PLACEHOLDER_IMAGE, srcsetOf } from '@shared/images';

/** Widths offered by default: few enough to keep the HTML small, dense enough that a phone at 2× and a desktop both find a close match. */
export const DEFAULT_WIDTHS = [320, 480, 800, 1080, 1500, 1920] as const;

/** A transparent 1×1 GIF: the fallback of media-gated pictures, never fetched. */
export const BLANK_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** Props of Picture. */
export interface PictureProps {
  src: string;
  alt: string;
  /** Intrinsic size (aspect ratio) of the image. */
  width: number;
  height: number;
  /** How wide it renders, per breakpoint. */
  sizes: string;
  /** Largest variant worth offering. */
  maxWidth?: number;
  /** The variant widths to offer (capped by maxWidth). */
  widths?: readonly number[];
  /** LCP image: eager, fetchpriority high, decoded synchronously. */
  priority?: boolean;
  /** Above the fold but not the LCP. */
  eager?: boolean;
  /** Only load and show inside this media query (e.g. '(min-width: 992px)'). */
  media?: string;
  className?: string;
}

/** Renders the picture; SVGs and missing images fall back to a plain <img>. */
export function Picture({
  src,
  alt,
  width,
  height,
  sizes,
  maxWidth = 1500,
  widths = DEFAULT_WIDTHS,
  priority = false,
  eager = false,
  media,
  className,
}: PictureProps) {
  const source = src || PLACEHOLDER_IMAGE;
  const offered = widths.filter((w) => w <= maxWidth);
  const avif = srcsetOf(source, 'avif', offered);
  const webp = srcsetOf(source, 'webp', offered);
  const fallback = cdnImage(source, Math.min(maxWidth, 800), 'webp');
  const img = (
    <img
      className={className}
      src={media && avif ? BLANK_IMAGE : fallback}
      srcSet={!media && webp ? webp : undefined}
      sizes={!media && webp ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      loading={priority || eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
  if (!avif) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={avif} sizes={sizes} media={media} />
      <source type="image/webp" srcSet={webp} sizes={sizes} media={media} />
      {img}
    </picture>
  );
}

export default Picture;
