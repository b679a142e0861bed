/** Header cart link with a badge of pieces in the cart; a plain click opens the cart drawer instead. */
import type { MouseEvent } from 'react';
import { useStore } from '@nanostores/react';
import { BadgeIconLink } from '../../components/ui/BadgeIconLink';
import { bagIcon } from '../../components/ui/icons/bag';
import { $cartCount } from './cart.store';
import { openCartDrawer, preloadCartDrawer } from './cart-drawer.store';
import { routes } from '@shared/routes';
import '../../components/ui/header-icons.css';

/**
 * Opens the drawer on a plain click; a modified click (new tab, new window) follows the link to the cart page, and
 * so does a plain one if the drawer's code cannot load (the client:onevent directive goes to `fallback`).
 */
function onCartClick(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  openCartDrawer({ opener: event.currentTarget, fallback: event.currentTarget.href });
}

/** Fetches the drawer's code ahead of the click. */
function onCartIntent(): void {
  preloadCartDrawer();
}

/** The cart icon, badged with the total quantity. */
export function HeaderCartIcon() {
  return (
    <BadgeIconLink
      href={routes.cart}
      noun="Cart"
      count={useStore($cartCount)}
      icon={bagIcon}
      onClick={onCartClick}
      onIntent={onCartIntent}
    />
  );
}

export default HeaderCartIcon;
