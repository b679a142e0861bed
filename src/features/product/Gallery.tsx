/**
 * Product image slider (Swiper) with a strip of 5 visible thumbnails, opening the full-screen zoom
 * gallery on click. Placeholder when there is no image; 'The image cannot be
 * loaded.' when one fails; blurred with an 'Out of Stock' overlay when sold out.
 *
 * The static HTML is Swiper's own markup working as a CSS scroll-snap strip (swipes, arrows and
 * thumbnails all work on it); Swiper itself starts when the shopper first touches, hovers or focuses
 * the gallery (useSwiperOnTouch), so neither the product photo nor the first load waits for its script.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import { cdnImage, PLACEHOLDER_IMAGE } from '@shared/images';
import { takeInitialImage } from './initial-image';
import { ProductPicture } from '../product-card/ProductPicture';
import { useSwiperOnTouch } from '../../components/ui/carousel/useSwiperOnTouch';
import { useHydrated } from '../../components/ui/useHydrated';
import { createGalleryOpener } from './gallery-opener';

/** Thumbnails visible at once. */
export const VISIBLE_THUMBS = 5;

/** Widths offered for the main image: a phone at 1x up to the 1500 px original. */
/** Widths of the slide pictures' srcsets. */
export const SLIDE_WIDTHS = [480, 640, 800, 1080, 1500] as const;
/** How wide a slide renders at each breakpoint. */
export const SLIDE_SIZES = '(min-width: 1280px) 620px, (min-width: 992px) 50vw, 100vw';
/** Widths offered for thumbnails (about 70–110 px wide on screen). */
const THUMB_WIDTHS = [160, 240, 320] as const;

/** Message shown in place of an image that failed to load. */
export const IMAGE_ERROR_TEXT = 'The image cannot be loaded.';

/** Props of Gallery. */
export interface GalleryProps {
  productId: string;
  name: string;
  images: string[];
  /** Each image's alt text where one was written; otherwise the name and the image's place are read. */
  alts?: string[] | undefined;
  soldOut: boolean;
}

/** Renders the slider, thumbnails and zoom trigger. */
function GalleryView({ productId, name, images: given, alts, soldOut }: GalleryProps) {
  const images = useMemo(() => (given.length ? given : [PLACEHOLDER_IMAGE]), [given]);
  const [active, setActive] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<number>>(new Set());
  const [preview, setPreview] = useState<string | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const stripRef = useRef<HTMLDivElement>(null);
  const firstImgRef = useRef<HTMLImageElement | null>(null);
  const gallery = useMemo(() => createGalleryOpener(images, name), [images, name]);
  const count = images.length;
  // Slides after the first are fetched once the island has hydrated (after the page's load): before
  // that they would share a phone's bandwidth with the first photo, the page's largest paint.
  const hydrated = useHydrated();

  const swiperRef = useSwiperOnTouch(containerRef, {
    slidesPerView: 1,
    speed: 350,
    grabCursor: true,
    on: { slideChange: (s: SwiperInstance) => setActive(s.activeIndex) },
  });

  useEffect(() => () => gallery.destroy(), [gallery]);

  // The card the shopper clicked handed over its (already downloaded) picture: show it behind the
  // first slide until the large image arrives, so the frame is never empty.
  useEffect(() => {
    const src = takeInitialImage(productId);
    if (src && firstImgRef.current && !firstImgRef.current.complete) setPreview(src);
  }, [productId]);

  // Keep the active thumbnail in view when there are more than five.
  useEffect(() => {
    const strip = stripRef.current;
    const thumb = strip?.children[active] as HTMLElement | undefined;
    if (!strip || !thumb || count <= VISIBLE_THUMBS) return;
    // A row on phones, a column beside the picture on desktops (product.css): centre it on both axes.
    strip.scrollTo({
      left: thumb.offsetLeft - strip.clientWidth / 2 + thumb.clientWidth / 2,
      top: thumb.offsetTop - strip.clientHeight / 2 + thumb.clientHeight / 2,
      behavior: 'smooth',
    });
  }, [active, count]);

  /** Shows slide i, through Swiper when it has started, else by scrolling the native strip. */
  const go = useCallback(
    (i: number) => {
      const target = Math.max(0, Math.min(count - 1, i));
      const swiper = swiperRef.current;
      if (swiper) {
        swiper.slideTo(target);
        return;
      }
      const wrapper = containerRef.current?.querySelector<HTMLElement>('.swiper-wrapper');
      wrapper?.scrollTo({ left: target * wrapper.clientWidth, behavior: 'smooth' });
      setActive(target);
    },
    [count, swiperRef],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'ArrowRight') go(active + 1);
    else if (e.key === 'ArrowLeft') go(active - 1);
    else return;
    e.preventDefault();
  };

  return (
    <div className={soldOut ? 'pd-gallery pd-gallery--soldout' : 'pd-gallery'}>
      <div className="pd-gallery__main" onKeyDown={onKeyDown}>
        <div className="swiper pd-swiper" ref={containerRef}>
          <div
            className="swiper-wrapper"
            onScroll={(e) => {
              // Native strip (before Swiper starts): follow the shopper's swipes for the thumbnails.
              const w = e.currentTarget;
              if (!swiperRef.current && w.clientWidth) setActive(Math.round(w.scrollLeft / w.clientWidth));
            }}
          >
            {images.map((src, i) => (
              <div key={`${src}-${i}`} className="swiper-slide" role="group" aria-label={`Image ${i + 1} of ${count}`}>
                <a
                  className="pd-slide"
                  href={cdnImage(src, 1500, 'webp', 85)}
                  onClick={(e) => {
                    e.preventDefault();
                    void gallery.open(i, e.currentTarget);
                  }}
                  style={i === 0 && preview ? { backgroundImage: `url("${preview}")` } : undefined}
                >
                  <span className="visually-hidden">Open full-screen view: </span>
                  {failed.has(i) ? (
                    <span className="pd-slide__error">
                      {IMAGE_ERROR_TEXT}
                      <span className="visually-hidden"> {name}</span>
                    </span>
                  ) : i > 0 && !hydrated ? (
                    <span className="pd-slide__img" aria-hidden="true" />
                  ) : (
                    <ProductPicture
                      src={src}
                      alt={alts?.[i] || `${name}${count > 1 ? `, image ${i + 1} of ${count}` : ''}`}
                      sizes={SLIDE_SIZES}
                      priority={i === 0}
                      widths={SLIDE_WIDTHS}
                      fallbackWidth={800}
                      className="pd-slide__img"
                      onError={() => setFailed((prev) => new Set(prev).add(i))}
                      {...(i === 0
                        ? {
                            imgRef: (el: HTMLImageElement | null) => {
                              firstImgRef.current = el;
                            },
                            onLoad: () => setPreview(null),
                          }
                        : {})}
                    />
                  )}
                  {soldOut && <span className="pd-slide__soldout">Out of Stock</span>}
                </a>
              </div>
            ))}
          </div>
        </div>
        {count > 1 && (
          <>
            <button
              type="button"
              className="pd-gallery__nav pd-gallery__nav--prev"
              onClick={() => go(active - 1)}
              disabled={active === 0}
              aria-label="Previous image"
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M15 6l-6 6 6 6" />
              </svg>
            </button>
            <button
              type="button"
              className="pd-gallery__nav pd-gallery__nav--next"
              onClick={() => go(active + 1)}
              disabled={active === count - 1}
              aria-label="Next image"
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M9 6l6 6-6 6" />
              </svg>
            </button>
          </>
        )}
        <span className="pd-gallery__zoomhint" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="16" height="16" focusable="false">
            <circle cx="11" cy="11" r="6" />
            <path d="M20 20l-4.5-4.5M11 8v6M8 11h6" />
          </svg>
          Zoom
        </span>
      </div>
      {count > 1 && (
        <div className="pd-thumbs" ref={stripRef} role="group" aria-label="Product images">
          {images.map((src, i) => (
            <button
              key={`${src}-${i}`}
              type="button"
              className="pd-thumb"
              aria-label={`Show image ${i + 1} of ${count}`}
              aria-current={i === active ? 'true' : undefined}
              onClick={() => go(i)}
            >
              <ProductPicture
                src={src}
                alt=""
                sizes="(min-width: 992px) 110px, 18vw"
                widths={THUMB_WIDTHS}
                fallbackWidth={160}
                className="pd-thumb__img"
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** The gallery, re-rendered only when its own props change: choosing a size or the quantity leaves it alone. */
export const Gallery = memo(GalleryView);
