/** Keeps keyboard focus inside an open drawer or dialog, closes it on Escape, and hands focus back on close. */
import { useLayoutEffect } from 'react';
import type { RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Elements that Tab can reach inside a container, in document order. */
function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[hidden], [inert]') && el.getClientRects().length > 0,
  );
}

/**
 * While active: focuses the first focusable element (or the container), wraps Tab and Shift+Tab,
 * calls onEscape on Escape, and locks page scroll. On deactivation focus returns to returnFocusTo
 * (usually the button that opened the drawer), so keyboard users are never stranded. It runs before the
 * browser paints the open drawer (a layout effect), so a key pressed the moment it shows is never lost.
 */
export function useFocusTrap(
  containerRef: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape: () => void,
  returnFocusTo?: RefObject<HTMLElement | null>,
): void {
  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!active || !container) return;
    const previous = document.activeElement as HTMLElement | null;
    const returnTarget = returnFocusTo?.current ?? previous;
    (focusables(container)[0] ?? container).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(container);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const current = document.activeElement;
      if (event.shiftKey && (current === first || !container.contains(current))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || !container.contains(current))) {
        event.preventDefault();
        first.focus();
      }
    };

    // The page behind must not scroll under a modal drawer; the scrollbar gap is kept to avoid a jump. A CSS
    // variable (global.css pads body by it), so fixed bars outside body's box (the compact header) pad the same.
    const { overflow } = document.body.style;
    const root = document.documentElement.style;
    const before = root.getPropertyValue('--scroll-lock-gap');
    const gap = window.innerWidth - document.documentElement.clientWidth;
    document.body.style.overflow = 'hidden';
    if (gap > 0) root.setProperty('--scroll-lock-gap', `${gap}px`);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      root.setProperty('--scroll-lock-gap', before);
      returnTarget?.focus();
    };
    // onEscape is read when the key is pressed; re-running on each render would steal focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, containerRef, returnFocusTo]);
}
