/**
 * Starts a Swiper on an element and destroys it on unmount.
 *
 * Swiper (with the modules the shop uses) is only needed to *move* slides: every
 * carousel's static HTML already shows its first slides in their final geometry. So it is fetched
 * on the shopper's first interaction (pointer, key, touch, scroll) or a few seconds after the page
 * has loaded, whichever comes first. That keeps it out of the first-load JavaScript budget without
 * changing what the shopper sees: autoplay simply begins a moment later.
 */
import { useEffect } from 'react';
import type { DependencyList, RefObject } from 'react';
import type { SwiperOptions } from 'swiper/types';
import type * as SwiperModulesNs from './swiper-modules';

/** The modules a carousel may ask for. */
export type SwiperModules = typeof SwiperModulesNs;

/** Whether the shopper asked for less motion; carousels then do not autoplay. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** How long after the load event Swiper is fetched when the shopper has not interacted yet. */
const IDLE_LOAD_DELAY_MS = 5000;

/** Interactions that mean "the shopper is here": any of them fetches Swiper at once. */
const ENGAGEMENT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'scroll', 'focusin'] as const;

let engaged: Promise<void> | undefined;

/** Resolves on the first interaction, or IDLE_LOAD_DELAY_MS after the page has loaded. Shared by every carousel. */
export function whenEngaged(): Promise<void> {
  engaged ??= new Promise<void>((resolve) => {
    // A carousel asking only after the shopper has scrolled (islands hydrated when scrolled into view)
    // has missed that scroll event: having scrolled is engagement enough.
    if (window.scrollY > 0) {
      resolve();
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      for (const type of ENGAGEMENT_EVENTS) window.removeEventListener(type, done, true);
      clearTimeout(timer);
      resolve();
    };
    for (const type of ENGAGEMENT_EVENTS) window.addEventListener(type, done, { capture: true, passive: true });
    const startTimer = () => {
      timer = setTimeout(done, IDLE_LOAD_DELAY_MS);
    };
    if (document.readyState === 'complete') startTimer();
    else window.addEventListener('load', startTimer, { once: true });
  });
  return engaged;
}

let modules: Promise<SwiperModules> | undefined;

/** Fetches Swiper and the shop's modules once per page. */
export function loadSwiper(): Promise<SwiperModules> {
  modules ??= whenEngaged().then(() => import('./swiper-modules'));
  return modules;
}

/** A started slider, as far as the islands use it. */
export interface SwiperHandle {
  autoplay?: { running: boolean; start(): boolean; stop(): boolean };
  realIndex: number;
  slideToLoop(index: number): void;
  slideNext(): void;
  slidePrev(): void;
  on(event: 'slideChange' | 'realIndexChange' | 'autoplayStart' | 'autoplayStop', handler: () => void): void;
  destroy(deleteInstance?: boolean, cleanStyles?: boolean): void;
}

/**
 * Creates the slider once Swiper is available. options receives the loaded modules and may return
 * null to skip (e.g. a slider hidden at this breakpoint). onReady gets the instance (null on teardown).
 */
export function useSwiper(
  ref: RefObject<HTMLElement | null>,
  options: (modules: SwiperModules) => SwiperOptions | null,
  deps: DependencyList,
  onReady?: (swiper: SwiperHandle | null) => void,
): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let cancelled = false;
    let instance: SwiperHandle | undefined;
    loadSwiper()
      .then((mods) => {
        if (cancelled) return;
        const opts = options(mods);
        if (!opts) return;
        instance = new mods.Swiper(el, opts) as unknown as SwiperHandle;
        onReady?.(instance);
      })
      .catch((error: unknown) => console.warn('[carousel] Swiper failed to load; slides stay static.', error));
    return () => {
      cancelled = true;
      instance?.destroy(true, true);
      onReady?.(null);
    };
    // The caller lists what should rebuild the slider; options and onReady are read at build time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
