/** Header wishlist link with a badge of saved products. */
import { useStore } from '@nanostores/react';
import { BadgeIconLink } from '../../components/ui/BadgeIconLink';
import { heartIcon } from '../../components/ui/icons/heart';
import { $wishlistCount } from './wishlist.store';
import { routes } from '@shared/routes';
import '../../components/ui/header-icons.css';

/** The wishlist icon, badged with the number of saved products. */
export function HeaderWishlistIcon() {
  return <BadgeIconLink href={routes.wishlist} noun="Wishlist" count={useStore($wishlistCount)} icon={heartIcon} />;
}

export default HeaderWishlistIcon;
