/** Header cart link with a badge of pieces in the cart (spec section 2, shared layout). */
import { useStore } from '@nanostores/react';
import { useHydrated } from '../../components/ui/useHydrated';
import { $cartCount } from './cart.store';
import '../account/header-icons.css';

/** Badge text: counts above 99 would not fit the circle. */
function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** The cart icon; the badge appears after hydration, when the saved cart is known. */
export function HeaderCartIcon() {
  const count = useStore($cartCount);
  // The static HTML cannot know the cart; showing 0 until hydrated keeps server and client markup equal.
  const shown = useHydrated() ? count : 0;
  const label = shown > 0 ? `Cart, ${shown} ${shown === 1 ? 'item' : 'items'}` : 'Cart';
  return (
    <a className="header-icon" href="/productcard" aria-label={label}>
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
        <path d="M5 8h14l-1.2 11.1a2 2 0 0 1-2 1.9H8.2a2 2 0 0 1-2-1.9L5 8Z" />
        <path d="M9 10V6.5a3 3 0 0 1 6 0V10" />
      </svg>
      {shown > 0 && (
        <span className="header-icon__badge" aria-hidden="true">
          {badgeText(shown)}
        </span>
      )}
    </a>
  );
}

export default HeaderCartIcon;
