/** A header icon link with a count badge (cart, wishlist); the count comes from the caller's store. */
import type { ReactNode } from 'react';
import { useHydrated } from './useHydrated';

/** Props of BadgeIconLink. */
export interface BadgeIconLinkProps {
  href: string;
  /** What is counted, for the accessible name: "Cart" → "Cart, 3 items". */
  noun: string;
  count: number;
  /** The icon's SVG paths, drawn on a 24×24 stroke canvas. */
  children: ReactNode;
}

/** Renders the link; the badge appears only after hydration, since static HTML cannot know local storage. */
export function BadgeIconLink({ href, noun, count, children }: BadgeIconLinkProps) {
  // Showing 0 until hydrated keeps server and client markup equal.
  const shown = useHydrated() ? count : 0;
  const label = shown > 0 ? `${noun}, ${shown} ${shown === 1 ? 'item' : 'items'}` : noun;
  return (
    <a className="header-icon" href={href} aria-label={label}>
      <svg
        className="header-icon__svg"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {children}
      </svg>
      {shown > 0 && (
        <span className="header-icon__badge" aria-hidden="true">
          {shown > 99 ? '99+' : shown}
        </span>
      )}
    </a>
  );
}
