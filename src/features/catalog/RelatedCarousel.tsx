/**
 * 'You Might Also Like' carousel (spec sections 2 and 9): 1 card per view below 768 px, 3 from
 * 768 px, 4 from 992 px, autoplay, looping. Autoplay pauses on hover and focus, stops for shoppers
 * who prefer reduced motion, and has a Pause button (WCAG 2.2.2). Add to Cart here is not
 * stock-guarded (spec section 5). Swiper's core starts after hydration (the page mounts this island
 * client:visible), so its script never weighs on the first load.
 */
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import 'swiper/css';
import type { CardProduct } from './card';
import { ProductCard } from './ProductCard';
import { useLazySwiper } from './useLazySwiper';
import './catalog.css';

/** Autoplay delay: the spec asks for autoplay without a figure; 3 s matches the shop's other sliders. */
export const RELATED_AUTOPLAY_MS = 3000;

/** Slides per view by breakpoint (spec section 9: related 0/768/992). */
export const RELATED_BREAKPOINTS: Record<number, { slidesPerView: number; spaceBetween: number }> = {
  0: { slidesPerView: 1, spaceBetween: 16 },
  768: { slidesPerView: 3, spaceBetween: 20 },
  992: { slidesPerView: 4, spaceBetween: 24 },
};

/** Most slides visible at once; looping needs more slides than that on either side. */
const MAX_PER_VIEW = 4;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the shopper asked for less motion; false in the static HTML (no media queries at build time). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/** Props of RelatedCarousel. */
export interface RelatedCarouselProps {
  /** The products; null while they are still being loaded by the caller. */
  products: CardProduct[] | null;
  title?: string;
}

/** Renders the carousel, or the spec's loading and empty texts. */
export function RelatedCarousel({ products, title = 'You Might Also Like' }: RelatedCarouselProps) {
  const headingId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  // The shopper's own choice wins; until they choose, autoplay runs unless they prefer reduced motion.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const playing = chosen ?? !reducedMotion;
  const setPlaying = (value: boolean) => setChosen(value);
  const hold = useRef({ hover: false, focus: false });
  const count = products?.length ?? 0;
  // Swiper's loop moves slides around; with too few it would show gaps, so it rewinds instead.
  const loop = count >= MAX_PER_VIEW * 2;

  const swiperRef = useLazySwiper(
    containerRef,
    { slidesPerView: 1, spaceBetween: 16, breakpoints: RELATED_BREAKPOINTS, loop, rewind: !loop, speed: 500 },
    'now',
  );

  useEffect(() => {
    if (!playing || count < 2) return;
    const id = setInterval(() => {
      const { hover, focus } = hold.current;
      if (!hover && !focus && document.visibilityState === 'visible') swiperRef.current?.slideNext();
    }, RELATED_AUTOPLAY_MS);
    return () => clearInterval(id);
  }, [playing, count, swiperRef]);

  if (products === null)
    return <Frame title={title} headingId={headingId} body={<p className="related__note">Loading related products...</p>} />;
  if (products.length === 0)
    return <Frame title={title} headingId={headingId} body={<p className="related__note">No related products found.</p>} />;

  return (
    <Frame
      title={title}
      headingId={headingId}
      body={
        <>
          <div className="related__controls">
            <button type="button" className="related__btn" onClick={() => swiperRef.current?.slidePrev()} aria-label="Previous products">
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path d="M15 6l-6 6 6 6" />
              </svg>
            </button>
            <button
              type="button"
              className="related__btn"
              onClick={() => setPlaying(!playing)}
              aria-label={playing ? 'Pause carousel' : 'Play carousel'}
            >
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                <path d={playing ? 'M8 5v14M16 5v14' : 'M7 5l12 7-12 7z'} />
              </svg>
            </button>
            <button type="button" className="related__btn" onClick={() => swiperRef.current?.slideNext()} aria-label="Next products">
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path d="M9 6l6 6-6 6" />
              </svg>
            </button>
          </div>
          <div
            className="swiper related__swiper"
            ref={containerRef}
            onPointerEnter={() => (hold.current.hover = true)}
            onPointerLeave={() => (hold.current.hover = false)}
            onFocus={() => (hold.current.focus = true)}
            onBlur={() => (hold.current.focus = false)}
          >
            <div className="swiper-wrapper">
              {products.map((p) => (
                <div key={p._id} className="swiper-slide">
                  <ProductCard product={p} sizes="(min-width: 1280px) 300px, (min-width: 992px) 24vw, (min-width: 768px) 32vw, 92vw" />
                </div>
              ))}
            </div>
          </div>
        </>
      }
    />
  );
}

/** The section around the carousel or its messages. */
function Frame({ title, headingId, body }: { title: string; headingId: string; body: React.ReactNode }) {
  return (
    <section className="related" aria-labelledby={headingId}>
      <h2 id={headingId} className="related__title">
        {title}
      </h2>
      {body}
    </section>
  );
}

export default RelatedCarousel;
