/**
 * The compact sticky header: once the full header has scrolled out of view, it comes back as a compact bar
 * fixed at the top (logo, search, cart, wishlist and account). An IntersectionObserver on a sentinel below the
 * header decides, so nothing runs on scroll. The slot keeps the full header's height while the bar is fixed,
 * so nothing below moves; the bar slides in by transform from above the window, where it was out of sight,
 * so the switch is no layout shift. --sticky-top tells other sticky bars (the listing's Filters/Sort) where
 * to stop: below the compact header, never under it. The sentinel is the slot's bottom pixel (Header.astro), so
 * the full header returns as soon as its place comes back into view. A new window width re-measures.
 */

/** Class on the slot while the compact bar shows. */
export const COMPACT_CLASS = 'is-compact';

/** Whether the sentinel says the full header has scrolled out of view: above the window (below it cannot be). */
export function isPastHeader(entry: Pick<IntersectionObserverEntry, 'isIntersecting' | 'boundingClientRect'>): boolean {
  return !entry.isIntersecting && entry.boundingClientRect.top < 0;
}

/** Follows one header slot (the element holding the header and, last, its sentinel). Returns a stop function. */
export function stickHeader(slot: HTMLElement): () => void {
  const header = slot.firstElementChild as HTMLElement | null;
  const sentinel = slot.lastElementChild as HTMLElement | null;
  if (!header || !sentinel || header === sentinel || typeof IntersectionObserver === 'undefined') return () => undefined;
  const root = document.documentElement;

  const setCompact = (compact: boolean) => {
    if (compact === slot.classList.contains(COMPACT_CLASS)) return;
    if (compact) {
      // Measured before the switch: the room the full header takes in the page stays taken.
      slot.style.blockSize = `${slot.offsetHeight}px`;
      slot.classList.add(COMPACT_CLASS);
      root.style.setProperty('--sticky-top', `${header.offsetHeight}px`);
    } else {
      slot.classList.remove(COMPACT_CLASS);
      slot.style.blockSize = '';
      root.style.removeProperty('--sticky-top');
    }
  };

  const observer = new IntersectionObserver(([entry]) => {
    if (entry) setCompact(isPastHeader(entry));
  });
  observer.observe(sentinel);

  // Another width (a rotated phone, a resized window) wraps the header anew: the kept height and --sticky-top are
  // stale. Back to the full header, then observing afresh reports where the sentinel is now. Height alone is
  // skipped: a phone's toolbar showing or hiding as it scrolls changes it, and the header is no different.
  // Read once the page has loaded, never while it is parsed: the window's width makes the browser lay out the whole
  // page there and then, inside this script (on a throttled phone, up to 160 ms of one task). A resize before
  // then counts as a new width.
  let width: number | null = null;
  const measure = () => {
    width = window.innerWidth;
  };
  if (document.readyState === 'complete') measure();
  else window.addEventListener('load', measure, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (window.innerWidth === width) return;
      width = window.innerWidth;
      setCompact(false);
      observer.unobserve(sentinel);
      observer.observe(sentinel);
    }, 150);
  };
  window.addEventListener('resize', onResize);
  return () => {
    clearTimeout(timer);
    window.removeEventListener('load', measure);
    window.removeEventListener('resize', onResize);
    observer.disconnect();
    setCompact(false);
  };
}
