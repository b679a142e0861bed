/** Header cart link with a badge of pieces in the cart (spec section 2, shared layout). */
import { useStore } from '@nanostores/react';
import { BadgeIconLink } from '../../components/ui/BadgeIconLink';
import { $cartCount } from './cart.store';
import '../account/header-icons.css';

/** The cart icon, badged with the total quantity. */
export function HeaderCartIcon() {
  return (
    <BadgeIconLink href="/productcard" noun="Cart" count={useStore($cartCount)}>
      <path d="M5 8h14l-1.2 11.1a2 2 0 0 1-2 1.9H8.2a2 2 0 0 1-2-1.9L5 8Z" />
      <path d="M9 10V6.5a3 3 0 0 1 6 0V10" />
    </BadgeIconLink>
  );
}

export default HeaderCartIcon;
