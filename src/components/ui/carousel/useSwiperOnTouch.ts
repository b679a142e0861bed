/**
 * Starts Swiper (core only, no modules) on markup React already rendered, loading its script only
 * on the shopper's first touch, hover or focus of that element. Until then the slider is a native
 * CSS scroll-snap strip (see product.css), so it works, scrolls and shows no layout shift before
 * Swiper arrives, and Swiper's script stays out of the first load. Carousels that autoplay use
 * useSwiper instead, which does not wait for a touch.
 */
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import type { Swiper as SwiperInstance, SwiperOptions } from 'swiper/types';
import type SwiperClass from 'swiper';

let loading: Promise<typeof SwiperClass> | null = null;

/** Loads Swiper's core once per page. */
function loadSwiperCore(): Promise<typeof SwiperClass> {
  loading ??= import('swiper').then((m) => m.default);
  return loading;
}

/** What counts as the shopper reaching for the slider. */
const TRIGGERS = ['pointerenter', 'touchstart', 'focusin'] as const;

/**
 * Creates a Swiper on `ref` (an element with .swiper > .swiper-wrapper > .swiper-slide) on first
 * touch and returns a ref to it (null until started). `options` are read once, when Swiper starts.
 */
export function useSwiperOnTouch(ref: RefObject<HTMLElement | null>, options: SwiperOptions): RefObject<SwiperInstance | null> {
  const swiperRef = useRef<SwiperInstance | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const found = ref.current;
    if (!found) return;
    const el: HTMLElement = found;
    let cancelled = false;

    function begin() {
      TRIGGERS.forEach((t) => el.removeEventListener(t, begin));
      void loadSwiperCore().then((Swiper) => {
        if (cancelled || swiperRef.current) return;
        const wrapper = el.querySelector<HTMLElement>('.swiper-wrapper');
        // Continue from the slide the shopper scrolled to natively, then hand scrolling to Swiper.
        const scrolled =
          wrapper && wrapper.clientWidth
            ? Math.round(wrapper.scrollLeft / (wrapper.firstElementChild?.clientWidth || wrapper.clientWidth))
            : 0;
        if (wrapper) wrapper.scrollLeft = 0;
        swiperRef.current = new Swiper(el, { initialSlide: scrolled, ...latest.current });
      });
    }

    TRIGGERS.forEach((t) => el.addEventListener(t, begin, { passive: true, once: true }));
    return () => {
      cancelled = true;
      TRIGGERS.forEach((t) => el.removeEventListener(t, begin));
      swiperRef.current?.destroy(true, false);
      swiperRef.current = null;
    };
  }, [ref]);

  return swiperRef;
}
