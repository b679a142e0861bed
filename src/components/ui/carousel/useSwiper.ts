/**
 * Starts a Swiper on an element and destroys it on unmount.
 *
 * Swiper (with the modules the shop uses) is only needed to *move* slides: every
 * carousel's static HTML already shows its first slides in their final geometry. So it is fetched
 * once the shopper engages with the page (../when-engaged.ts). That keeps it out of the first-load
 * JavaScript budget without changing what the shopper sees: autoplay simply begins a moment later.
 */
import { useEffect } from 'react';
import type { DependencyList, RefObject } from 'react';
import type { SwiperOptions } from 'swiper/types';
import type * as SwiperModulesNs from './swiper-modules';
import { whenEngaged } from '../when-engaged';

/** The modules a carousel may ask for. */
export type SwiperModules = typeof SwiperModulesNs;

/** Whether the shopper asked for less motion; carousels then do not autoplay. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
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
