/** A product image as <picture>: AVIF and WebP variants from the Image CDN, explicit 4:5 size. */
import type { Ref, SyntheticEvent } from 'react';
import { cdnImage, PLACEHOLDER_IMAGE, PRODUCT_IMAGE, srcsetOf } from '@shared/images';

/** Widths offered for card pictures: 2-up on a 360 px phone at 1x up to 4-up at 3x. */
export const CARD_WIDTHS = [240, 320, 480, 640, 800] as const;

/** Props of ProductPicture. */
export interface ProductPictureProps {
  /** Absolute image URL; '' shows the placeholder. */
  src: string;
  alt: string;
  /** The sizes attribute: how wide the picture renders at each breakpoint. */
  sizes: string;
  /** LCP candidate: load eagerly with high fetch priority. */
  priority?: boolean;
  /** Load eagerly without raising priority (first row, above the fold). */
  eager?: boolean;
  /** Widths offered in the srcsets (cards never need the 1500 px original). */
  widths?: readonly number[];
  /** Width of the fallback src for browsers without srcset support. */
  fallbackWidth?: number;
  className?: string;
  onError?: (event: SyntheticEvent<HTMLImageElement>) => void;
  onLoad?: (event: SyntheticEvent<HTMLImageElement>) => void;
  /** Ref to the <img> (e.g. to check whether it has loaded). */
  imgRef?: Ref<HTMLImageElement>;
}

/** Renders the picture; an empty or SVG source renders a plain <img> (the CDN does not resize SVG). */
export function ProductPicture({
  src,
  alt,
  sizes,
  priority = false,
  eager = false,
  widths = CARD_WIDTHS,
  fallbackWidth = 480,
  className,
  onError,
  onLoad,
  imgRef,
}: ProductPictureProps) {
  const source = src || PLACEHOLDER_IMAGE;
  const avif = srcsetOf(source, 'avif', widths);
  const webp = srcsetOf(source, 'webp', widths);
  // Inside <picture> the WebP <source> always matches where AVIF does not, so the <img> needs only
  // a fallback src (for browsers without <picture>), not a third copy of the srcset.
  const img = (
    <img
      ref={imgRef}
      className={className}
      src={cdnImage(source, fallbackWidth, 'webp')}
      width={PRODUCT_IMAGE.width}
      height={PRODUCT_IMAGE.height}
      alt={alt}
      loading={priority || eager ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      onError={onError}
      onLoad={onLoad}
    />
  );
  if (!avif) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      <source type="image/webp" srcSet={webp} sizes={sizes} />
      {img}
    </picture>
  );
}
