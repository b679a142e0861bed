/** A header icon link with a count badge (cart, wishlist); the count comes from the caller's store. */
import type { FocusEventHandler, MouseEventHandler, PointerEventHandler } from 'react';
import { badgeLabel, badgeText } from './badge';
import { Icon } from './Icon';
import type { IconDef } from './icon-paths';
import { useHydrated } from './useHydrated';

/** Props of BadgeIconLink. */
export interface BadgeIconLinkProps {
  href: string;
  /** What is counted, for the accessible name: "Cart" → "Cart, 3 items". */
  noun: string;
  count: number;
  icon: IconDef;
  /** Runs before the link is followed (the cart icon opens the drawer instead); the href still works without JS. */
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  /** A sign the shopper may press it soon (hover, focus): time to fetch what the click needs. */
  onIntent?: PointerEventHandler<HTMLAnchorElement> & FocusEventHandler<HTMLAnchorElement>;
}

/** Renders the link; the badge appears only after hydration, since static HTML cannot know local storage. */
export function BadgeIconLink({ href, noun, count, icon, onClick, onIntent }: BadgeIconLinkProps) {
  // Showing 0 until hydrated keeps server and client markup equal.
  const shown = useHydrated() ? count : 0;
  const label = badgeLabel(noun, shown);
  return (
    <a className="header-icon" href={href} aria-label={label} onClick={onClick} onPointerEnter={onIntent} onFocus={onIntent}>
      <Icon icon={icon} className="header-icon__svg" />
      {shown > 0 && (
        <span className="header-icon__badge" aria-hidden="true">
          {badgeText(shown)}
        </span>
      )}
    </a>
  );
}
