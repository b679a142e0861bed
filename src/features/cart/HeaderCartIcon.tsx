/** Header cart link with a badge of pieces in the cart. */
import { useStore } from '@nanostores/react';
import { BadgeIconLink } from '../../components/ui/BadgeIconLink';
import { bagIcon } from '../../components/ui/icons/bag';
import { $cartCount } from './cart.store';
import { routes } from '../../shared/routes';
import '../../components/ui/header-icons.css';

/** The cart icon, badged with the total quantity. */
export function HeaderCartIcon() {
  return <BadgeIconLink href={routes.cart} noun="Cart" count={useStore($cartCount)} icon={bagIcon} />;
}

export default HeaderCartIcon;
