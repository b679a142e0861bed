/** Header wishlist link with a badge of saved products (spec section 2, shared layout). */
import { useStore } from '@nanostores/react';
import { useHydrated } from '../../components/ui/useHydrated';
import { $wishlistCount } from './wishlist.store';
import '../account/header-icons.css';

/** The wishlist icon; the badge appears after hydration, when the saved wishlist is known. */
export function HeaderWishlistIcon() {
  const count = useStore($wishlistCount);
  // The static HTML cannot know the wishlist; showing 0 until hydrated keeps server and client markup equal.
  const shown = useHydrated() ? count : 0;
  const label = shown > 0 ? `Wishlist, ${shown} ${shown === 1 ? 'item' : 'items'}` : 'Wishlist';
  return (
    <a className="header-icon" href="/wishlist" aria-label={label}>
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
        <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.1a4.3 4.3 0 0 1 7.5 2.7C19.5 15.4 12 20 12 20Z" />
      </svg>
      {shown > 0 && (
        <span className="header-icon__badge" aria-hidden="true">
          {shown > 99 ? '99+' : shown}
        </span>
      )}
    </a>
  );
}

export default HeaderWishlistIcon;
