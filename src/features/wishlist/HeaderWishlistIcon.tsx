/** Header wishlist link with a badge of saved products (spec section 2, shared layout). */
import { useStore } from '@nanostores/react';
import { BadgeIconLink } from '../../components/ui/BadgeIconLink';
import { $wishlistCount } from './wishlist.store';
import '../account/header-icons.css';

/** The wishlist icon, badged with the number of saved products. */
export function HeaderWishlistIcon() {
  return (
    <BadgeIconLink href="/wishlist" noun="Wishlist" count={useStore($wishlistCount)}>
      <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.1a4.3 4.3 0 0 1 7.5 2.7C19.5 15.4 12 20 12 20Z" />
    </BadgeIconLink>
  );
}

export default HeaderWishlistIcon;
