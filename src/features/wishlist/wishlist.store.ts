/**
 * The shopper's wishlist: persisted in localStorage under 'wishlist' as a JSON array, synced
 * across tabs. Islands render these stores and call these actions.
 */
import { computed, task } from 'nanostores';
import type { ReadableAtom } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { decodeStoredJson, installSafePersistentEngine } from '../../shared/persistent-engine';
import { parseWishlistItems } from '../../shared/schemas/storage';
import type { StoredProduct, WishlistItem } from '../../shared/schemas/storage';
import { STORAGE_KEYS } from '../../shared/storage-keys';
import { fetchAvailability } from '../availability/availability';
import { applyWishlistAvailability, hasEntry, removeEntry, toggleEntry } from './wishlist';

// Before the persistentAtom below reads storage: a full or blocked localStorage must not break the page.
installSafePersistentEngine();

/** localStorage key of the wishlist. */
export const WISHLIST_STORAGE_KEY = STORAGE_KEYS.wishlist;

/** Reads the stored wishlist; unreadable or old-shaped data is logged and the wishlist starts empty. */
export function decodeWishlist(raw: string): WishlistItem[] {
  return decodeStoredJson(parseWishlistItems, raw, WISHLIST_STORAGE_KEY, []);
}

/** The wishlist entries, saved after every change. */
export const $wishlist = persistentAtom<WishlistItem[]>(WISHLIST_STORAGE_KEY, [], {
  encode: JSON.stringify,
  decode: decodeWishlist,
  listen: true,
});

/** Number of entries, for the header badge. */
export const $wishlistCount = computed($wishlist, (items) => items.length);

/** The _ids in the wishlist, for quick membership checks while rendering many cards. */
export const $wishlistIds = computed($wishlist, (items) => new Set(items.map((item) => item._id)));

/** Adds the product if absent, otherwise removes it. Returns true when the product is now wishlisted. */
export function toggleWishlist(product: StoredProduct): boolean {
  const result = toggleEntry($wishlist.get(), product);
  $wishlist.set(result.items);
  return result.added;
}

/** Removes the entry with this _id. */
export function removeFromWishlist(id: string): void {
  $wishlist.set(removeEntry($wishlist.get(), id));
}

/** Whether the product is in the wishlist right now (non-reactive; use wishlistedStore in components). */
export function isInWishlist(id: string): boolean {
  return hasEntry($wishlist.get(), id);
}

const wishlistedStores = new Map<string, ReadableAtom<boolean>>();

/**
 * A boolean store per product _id, so a heart button re-renders only when its own product is
 * toggled, not on every wishlist change. Memoised: one store per id for the page's lifetime.
 */
export function wishlistedStore(id: string): ReadableAtom<boolean> {
  let store = wishlistedStores.get(id);
  if (!store) {
    store = computed($wishlistIds, (ids) => ids.has(id));
    wishlistedStores.set(id, store);
  }
  return store;
}

/**
 * Refreshes price and stock of entries from GET /api/product-availability. A failed request is
 * logged and changes nothing. Runs as a nanostores task (see allTasks).
 */
export function refreshWishlist(): Promise<void> {
  return task(async () => {
    const requested = new Set($wishlist.get().map((item) => item._id));
    if (requested.size === 0) return;
    let availability: Awaited<ReturnType<typeof fetchAvailability>>;
    try {
      availability = await fetchAvailability([...requested]);
    } catch (error) {
      console.warn('[wishlist] Could not refresh prices and stock; showing saved values.', error);
      return;
    }
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
