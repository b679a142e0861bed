/** React binding for wishlist membership, for heart toggles on product cards. */
import { useStore } from '@nanostores/react';
import { useHydrated } from '../../components/ui/useHydrated';
import { wishlistedStore } from './wishlist.store';

/**
 * Whether this product is wishlisted. False in the static HTML and during hydration (the server
 * cannot see localStorage), then the stored answer, so React reports no hydration mismatch.
 */
export function useIsWishlisted(id: string): boolean {
  const wishlisted = useStore(wishlistedStore(id));
  return useHydrated() && wishlisted;
}
