/** State and actions behind a carousel's own controls: dots, arrows and the pause button. */
import { useCallback, useRef, useState } from 'react';
import type { SwiperHandle } from './useSwiper';

/** What the controls render and call. */
export interface CarouselControls {
  /** Index of the real (not duplicated) slide in front. */
  active: number;
  /** Whether autoplay is running. */
  playing: boolean;
  /** Whether Swiper has started (the pause button appears then). */
  ready: boolean;
  goTo(index: number): void;
  next(): void;
  prev(): void;
  togglePlay(): void;
  /** Pass to useSwiper's onReady. */
  attach(swiper: SwiperHandle | null): void;
}

/**
 * Tracks the slider for the controls. realCount maps duplicated slides back to their original,
 * so three testimonials show three dots however many copies loop mode needed. A click before
 * Swiper has arrived is remembered and applied once it starts.
 */
export function useCarouselControls(realCount: number): CarouselControls {
  const swiperRef = useRef<SwiperHandle | null>(null);
  const pending = useRef<((s: SwiperHandle) => void) | null>(null);
  const [active, setActive] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [ready, setReady] = useState(false);

  const run = useCallback((action: (s: SwiperHandle) => void) => {
    const swiper = swiperRef.current;
    if (swiper) action(swiper);
    else pending.current = action;
  }, []);

  const attach = useCallback(
    (swiper: SwiperHandle | null) => {
      swiperRef.current = swiper;
      setReady(Boolean(swiper));
      if (!swiper) return;
      const sync = () => setActive(realCount > 0 ? swiper.realIndex % realCount : 0);
      swiper.on('realIndexChange', sync);
      sync();
      // Autoplay can also stop on its own (a swipe, when disableOnInteraction is set), so follow its events.
      const syncPlaying = () => setPlaying(Boolean(swiper.autoplay?.running));
      swiper.on('autoplayStart', syncPlaying);
      swiper.on('autoplayStop', syncPlaying);
      syncPlaying();
      pending.current?.(swiper);
      pending.current = null;
    },
    [realCount],
  );

  return {
    active,
    playing,
    ready,
    attach,
    goTo: (index) => run((s) => s.slideToLoop(index)),
    next: () => run((s) => s.slideNext()),
    prev: () => run((s) => s.slidePrev()),
    togglePlay: () =>
      run((s) => {
        if (!s.autoplay) return;
        if (s.autoplay.running) s.autoplay.stop();
        else s.autoplay.start();
        setPlaying(s.autoplay.running);
      }),
  };
}
