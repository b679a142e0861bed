/**
 * Wishlist rules, pure: a list of product snapshots identified by _id.
 */
import { toStoredProduct } from '@shared/schemas/storage';
import type { StoredProduct, WishlistItem } from '@shared/schemas/storage';

/** The outcome of a toggle: the new entries and whether the product is now in the wishlist. */
export interface ToggleResult {
  items: WishlistItem[];
  added: boolean;
}

/** Adds the product if no entry has its _id, otherwise removes that entry. */
export function toggleEntry(items: readonly WishlistItem[], product: StoredProduct): ToggleResult {
  if (hasEntry(items, product._id)) return { items: removeEntry(items, product._id), added: false };
  return { items: [...items, toStoredProduct(product)], added: true };
}

/** Removes the entry with this _id (no-op when absent). */
export function removeEntry(items: readonly WishlistItem[], id: string): WishlistItem[] {
  return items.filter((item) => item._id !== id);
}

/** Whether an entry with this _id exists. */
export function hasEntry(items: readonly WishlistItem[], id: string): boolean {
  return items.some((item) => item._id === id);
}
