/**
 * The shopper's wishlist: persisted in localStorage under 'wishlist' as a JSON array, synced
 * across tabs. Islands render these stores and call these actions. What only the wishlist page does
 * (remove, re-check against live stock) is in ./wishlist-page.store.ts, out of every page's header.
 *
 * A change is acknowledged the way adding to the cart is: the cart opens its drawer on the line and says
 * 'Added to cart: …'; the wishlist shows a short toast ('Added to wishlist: …', with View wishlist) that is also
 * said to screen readers. The toast (WishlistToast, an island hydrated by client:onevent in BaseLayout) brings its
 * words and styles when it first loads; only the change and the event that wakes it are here, in every page's first
 * load, so they stay a few bytes.
 */
import { atom, computed } from 'nanostores';
import type { ReadableAtom } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { decodeStoredJson, installSafePersistentEngine } from '@shared/persistent-engine';
import { parseWishlistItems } from '@shared/schemas/storage';
import type { StoredProduct, WishlistItem } from '@shared/schemas/storage';
import { STORAGE_KEYS } from '@shared/storage-keys';
import { hasEntry, toggleEntry } from './wishlist';

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

/** The last change to acknowledge: which product, and whether it went in or out. */
export interface WishlistNote {
  added: boolean;
  name: string;
}

/** The change the toast says, or null when it has nothing to say. */
export const $wishlistNote = atom<WishlistNote | null>(null);

/** The window event that hydrates the toast's island (client:onevent in BaseLayout); fired on every change. */
export const WISHLIST_NOTE_EVENT = 'wishlist-note';

/**
 * Adds the product if absent, otherwise removes it, and says so: the change goes to the toast, and the event wakes
 * its island (loaded on the first change). Returns true when it is now wishlisted.
 */
export function toggleWishlist(product: StoredProduct): boolean {
  const { items, added } = toggleEntry($wishlist.get(), product);
  $wishlist.set(items);
  $wishlistNote.set({ added, name: product.name });
  globalThis.dispatchEvent?.(new Event(WISHLIST_NOTE_EVENT));
  return added;
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
