/**
 * Starts Swiper (core only, no modules) on markup React already rendered, loading its script only
 * when needed: at once, when the browser is idle, or on the shopper's first touch/hover/focus.
 * Until then the slider is a native CSS scroll-snap strip (see catalog.css and product.css), so the
 * page works, scrolls and shows no layout shift before Swiper arrives, and Swiper's ~20 KB stay out
 * of the first load.
 */
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import type { Swiper as SwiperInstance, SwiperOptions } from 'swiper/types';
import type SwiperClass from 'swiper';

/** When to start Swiper. */
export type SwiperStart = 'now' | 'idle';

let loading: Promise<typeof SwiperClass> | null = null;

/** Loads Swiper's core once per page. */
export function loadSwiper(): Promise<typeof SwiperClass> {
  loading ??= import('swiper').then((m) => m.default);
  return loading;
}

/**
 * Creates a Swiper on `ref` (an element with .swiper > .swiper-wrapper > .swiper-slide) and returns a
 * ref to it (null until started). `options` are read once, when Swiper starts; `onStart` runs after.
 */
export function useLazySwiper(
  ref: RefObject<HTMLElement | null>,
  options: SwiperOptions,
  start: SwiperStart,
  onStart?: (swiper: SwiperInstance) => void,
): RefObject<SwiperInstance | null> {
  const swiperRef = useRef<SwiperInstance | null>(null);
  const latest = useRef({ options, onStart });
  useEffect(() => {
    latest.current = { options, onStart };
  });

  useEffect(() => {
    const found = ref.current;
    if (!found) return;
    const el: HTMLElement = found;
    let cancelled = false;
    let started = false;
    let idleId: number | undefined;
    let timerId: number | undefined;
    const triggers = ['pointerenter', 'touchstart', 'focusin'] as const;

    const stopWaiting = () => {
      triggers.forEach((t) => el.removeEventListener(t, begin));
      if (idleId !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idleId);
      clearTimeout(timerId);
    };
    function begin() {
      if (started) return;
      started = true;
      stopWaiting();
      void loadSwiper().then((Swiper) => {
        if (cancelled || swiperRef.current) return;
        const wrapper = el.querySelector<HTMLElement>('.swiper-wrapper');
        // Continue from the slide the shopper scrolled to natively, then hand scrolling to Swiper.
        const scrolled =
          wrapper && wrapper.clientWidth
            ? Math.round(wrapper.scrollLeft / (wrapper.firstElementChild?.clientWidth || wrapper.clientWidth))
            : 0;
        if (wrapper) wrapper.scrollLeft = 0;
        const swiper = new Swiper(el, { initialSlide: scrolled, ...latest.current.options });
        swiperRef.current = swiper;
        latest.current.onStart?.(swiper);
      });
    }

    if (start === 'now') begin();
    else {
      triggers.forEach((t) => el.addEventListener(t, begin, { passive: true, once: true }));
      // Safari has no requestIdleCallback; a short timer is the next best "after the page settles".
      if (typeof requestIdleCallback === 'function') idleId = requestIdleCallback(begin, { timeout: 5000 });
      else timerId = window.setTimeout(begin, 3000);
    }
    return () => {
      cancelled = true;
      stopWaiting();
      swiperRef.current?.destroy(true, false);
      swiperRef.current = null;
    };
  }, [ref, start]);

  return swiperRef;
}
