/**
 * The compact sticky header: once the full header has scrolled out of view, it comes back as a compact bar
 * fixed at the top (logo, search, cart, wishlist and account). An IntersectionObserver on a sentinel below the
 * header decides, so nothing runs on scroll. The slot keeps the full header's height while the bar is fixed,
 * so nothing below moves; the bar slides in by transform from above the window, where it was out of sight,
 * so the switch is no layout shift. --sticky-top tells other sticky bars (the listing's Filters/Sort) where
 * to stop: below the compact header, never under it.
 */

/** Class on the slot while the compact bar shows. */
export const COMPACT_CLASS = 'is-compact';

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
    // Out of view above the window: scrolled past. Out of view below it cannot happen for a header.
    if (entry) setCompact(!entry.isIntersecting && entry.boundingClientRect.top < 0);
  });
  observer.observe(sentinel);
  return () => {
    observer.disconnect();
    setCompact(false);
  };
}
