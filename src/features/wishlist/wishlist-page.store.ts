/**
 * What only the wishlist page does with the wishlist: remove an entry and re-check entries against
 * live price and stock. Apart from wishlist.store.ts, which the header and every product card load,
 * so these stay out of other pages' first-load JavaScript.
 */
import { task } from 'nanostores';
import type { WishlistItem } from '@shared/schemas/storage';
import type { ProductAvailability } from '@shared/types';
import { availabilityOrNull } from '../availability/availability';
import { focusAfterRemove } from '../cart/focus-after-remove';
import { $wishlist, toggleWishlist } from './wishlist.store';

/**
 * Applies live price and stock to entries. An entry missing from `availability` is no longer in
 * the catalogue, so it shows as out of stock (stock 0) rather than disappearing unexplained. An entry whose
 * product is now sold in sizes (or no longer is) gets `sized` to match, so its card offers the size choice.
 */
export function applyWishlistAvailability(items: readonly WishlistItem[], availability: readonly ProductAvailability[]): WishlistItem[] {
  const byId = new Map(availability.map((product) => [product._id.toLowerCase(), product]));
  return items.map((item) => {
    const live = byId.get(item._id.toLowerCase());
    if (!live) return { ...item, stock: 0 };
    const { sized: _was, ...rest } = item;
    const updated = { ...rest, price: live.price, discountPrice: live.discountPrice, stock: live.stock };
    return live.sizes ? { ...updated, sized: true } : updated;
  });
}

/**
 * Removes a saved product and says so, as a heart does; returns the id of the entry to focus next (the next, else
 * the previous), null when none is left.
 */
export function removeFromWishlist(id: string): string | null {
  const items = $wishlist.get();
  const index = items.findIndex((item) => item._id === id);
  const next = focusAfterRemove(items, index);
  const gone = items[index];
  // Through the heart's own toggle: the entry is there, so it goes, and the toast says so.
  if (gone) toggleWishlist(gone);
  return next ? next._id : null;
}

/**
 * Refreshes price and stock of entries from GET /api/product-availability. A failed request is
 * logged and changes nothing. Runs as a nanostores task (see allTasks).
 */
export function refreshWishlist(): Promise<void> {
  return task(async () => {
    const requested = new Set($wishlist.get().map((item) => item._id));
    if (requested.size === 0) return;
    const availability = await availabilityOrNull([...requested], 'wishlist');
    if (!availability) return;
    // Entries added while we waited were not asked about; leave them as saved.
    const current = $wishlist.get();
    const refreshed = new Map(
      applyWishlistAvailability(
        current.filter((item) => requested.has(item._id)),
        availability,
      ).map((item) => [item._id, item]),
    );
    $wishlist.set(current.map((item) => refreshed.get(item._id) ?? item));
  });
}
