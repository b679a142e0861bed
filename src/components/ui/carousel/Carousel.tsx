/**
 * A horizontal Swiper carousel whose static HTML already has the final geometry: slides are laid
 * out by CSS with the same per-breakpoint slidesPerView and gap Swiper will use, and the controls
 * (arrows, dots) are server-rendered, so starting the slider moves nothing (no layout shift).
 * Autoplay can be paused, and never starts when the shopper prefers reduced motion.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { CarouselControls } from './CarouselControls';
import { useCarouselControls } from './useCarouselControls';
import { loadSwiper, prefersReducedMotion, useSwiper } from './useSwiper';
import 'swiper/css';
import './carousel.css';

/** Slides per view from a minimum width in px up; key 0 is the default. Mirrored in carousel.css. */
export type PerView = Record<number, number>;

/** Props of Carousel. */
export interface CarouselProps {
  /** Geometry class: carousel--{variant} in carousel.css holds the matching pre-hydration layout. */
  variant: string;
  /** Accessible name of the carousel region. */
  label: string;
  /** What one slide is called in control labels ("collection", "testimonial"). */
  itemName: string;
  slides: ReactNode[];
  /** Slides per view by breakpoint (must match carousel.css for this variant). */
  perView: PerView;
  /** Gap between slides in px (must match --carousel-gap of the variant). */
  spaceBetween: number;
  /** Autoplay delay in ms. */
  delay: number;
  /** Keep autoplaying even while hovered or touched (the testimonials never stop). */
  keepPlayingOnInteraction?: boolean;
  loop?: boolean;
  /** Without loop: jump back to the first slide after the last, so autoplay keeps going. */
  rewind?: boolean;
  /** One clickable dot per slide. */
  dots?: boolean;
  /** Previous/next arrows. */
  arrows?: boolean;
  /** Stable keys for the slides (defaults to their index). */
  keys?: string[];
}

/** Loop mode needs more slides than the widest view; short lists are repeated to get there. */
function withLoopCopies(slides: ReactNode[], keys: string[], perView: PerView): { node: ReactNode; key: string; copy: boolean }[] {
  const needed = Math.max(...Object.values(perView)) + 2;
  const out = slides.map((node, i) => ({ node, key: keys[i] ?? String(i), copy: false }));
  for (let round = 1; out.length < needed && slides.length > 0; round++) {
    slides.forEach((node, i) => out.push({ node, key: `${keys[i] ?? i}~${round}`, copy: true }));
  }
  return out;
}

/** Renders the carousel; Swiper takes over once loaded. */
export function Carousel({
  variant,
  label,
  itemName,
  slides,
  perView,
  spaceBetween,
  delay,
  keepPlayingOnInteraction = false,
  loop = true,
  rewind = false,
  dots = false,
  arrows = false,
  keys = [],
}: CarouselProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const controls = useCarouselControls(slides.length);
  // Slides beyond the first (widest) view stay empty until Swiper has arrived: they are off-screen
  // anyway, and their images would otherwise compete with the page's LCP image for bandwidth.
  const firstView = Math.max(...Object.values(perView));
  const [expanded, setExpanded] = useState(false);
  useEffect(() => {
    let live = true;
    loadSwiper().then(
      () => live && setExpanded(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const looping = loop && slides.length > 1;
  const items = looping
    ? withLoopCopies(slides, keys, perView)
    : slides.map((node, i) => ({ node, key: keys[i] ?? String(i), copy: false }));
  const breakpoints = Object.fromEntries(
    Object.entries(perView)
      .filter(([min]) => Number(min) > 0)
      .map(([min, n]) => [Number(min), { slidesPerView: n }]),
  );

  useSwiper(
    rootRef,
    ({ A11y, Autoplay }) => {
      if (!expanded) return null;
      const reduced = prefersReducedMotion();
      return {
        modules: [A11y, Autoplay],
        slidesPerView: perView[0] ?? 1,
        spaceBetween,
        breakpoints,
        loop: looping,
        rewind: !looping && rewind,
        speed: reduced ? 0 : 600,
        // Hover pauses (leaving resumes) unless the carousel must keep playing regardless (testimonials).
        autoplay: reduced ? false : { delay, disableOnInteraction: false, pauseOnMouseEnter: !keepPlayingOnInteraction },
        a11y: { enabled: true, slideRole: 'group', containerRoleDescriptionMessage: 'carousel', itemRoleDescriptionMessage: itemName },
        watchSlidesProgress: true,
      };
    },
    [slides.length, expanded],
    controls.attach,
  );

  return (
    <div className={`carousel carousel--${variant}`}>
      <div ref={rootRef} className="swiper carousel__swiper" role="region" aria-roledescription="carousel" aria-label={label}>
        <div className="swiper-wrapper">
          {items.map((item, i) => (
            <div key={item.key} className="swiper-slide carousel__slide" data-copy={item.copy || undefined}>
              {expanded || i < firstView ? item.node : null}
            </div>
          ))}
        </div>
      </div>
      <CarouselControls controls={controls} dots={dots ? slides.length : 0} arrows={arrows} label={label} itemName={itemName} />
    </div>
  );
}

export default Carousel;
