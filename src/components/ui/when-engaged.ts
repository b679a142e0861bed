/**
 * "The shopper is here": the first pointer, key, touch, wheel, scroll or focus on the page, or a few seconds
 * after its load event when nobody has touched it. Code that only an interaction needs (Swiper, the cart
 * drawer, the filter drawer, the menu's panel) is fetched then: before the tap that needs it, yet after the
 * page's first load, so it neither competes with the largest paint nor counts in the first-load budget.
 */

/** How long after the load event the deferred code is fetched when the shopper has not interacted yet. */
export const IDLE_LOAD_DELAY_MS = 5000;

/** Interactions that mean "the shopper is here": any of them starts the deferred fetches at once. */
export const ENGAGEMENT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'scroll', 'focusin'] as const;

let engaged: Promise<void> | undefined;

/**
 * Resolves on the first interaction, or IDLE_LOAD_DELAY_MS after the page has loaded; one promise per page.
 * During the static build (no window) it never resolves: nothing deferred runs on the server.
 */
export function whenEngaged(): Promise<void> {
  if (typeof window === 'undefined') return new Promise<void>(() => {});
  engaged ??= new Promise<void>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      for (const type of ENGAGEMENT_EVENTS) window.removeEventListener(type, engage, true);
      clearTimeout(timer);
      resolve();
    };
    // The engaging touch is often a tap that wants an answer: its handlers and its paint go first, the deferred
    // fetches and hydrations once the browser is idle after it (at most a moment later).
    const engage = () => {
      for (const type of ENGAGEMENT_EVENTS) window.removeEventListener(type, engage, true);
      if ('requestIdleCallback' in window) window.requestIdleCallback(done, { timeout: 500 });
      else setTimeout(done, 50);
    };
    for (const type of ENGAGEMENT_EVENTS) window.addEventListener(type, engage, { capture: true, passive: true });
    // Code asking only after the shopper has scrolled (islands hydrated when scrolled into view) has missed that
    // scroll event, as has a page whose position the browser restored: having scrolled is engagement enough. Read
    // once the page has loaded, never while it is parsed: the scroll position makes the browser lay out the
    // half-parsed page there and then (on a throttled phone, 100 ms of the home page's blocking time).
    const afterLoad = () => {
      if (window.scrollY > 0) done();
      else timer = setTimeout(done, IDLE_LOAD_DELAY_MS);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  });
  return engaged;
}
