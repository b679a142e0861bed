import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanStores, keepMount } from 'nanostores';
import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { makeStoredProduct } from '@shared/schemas/storage.fixtures';
import { $wishlist, $wishlistCount, $wishlistIds, $wishlistNote, isInWishlist, toggleWishlist, wishlistedStore } from './wishlist.store';
import { refreshWishlist, removeFromWishlist } from './wishlist-page.store';
import { wishlistNoteText } from './wishlist-note';
import { dismissWishlistNote } from './wishlist-toast.store';

beforeEach(() => {
  useTestStorageEngine();
  keepMount($wishlist);
  $wishlist.set([]);
});

afterEach(() => {
  cleanStores($wishlist, $wishlistCount, $wishlistIds);
  dismissWishlistNote();
  cleanTestStorage();
});

describe('wishlist store', () => {
  it('toggles a product in and out, saving a JSON array under "wishlist"', () => {
    const product = makeStoredProduct();
    expect(toggleWishlist(product)).toBe(true);
    expect(isInWishlist(product._id)).toBe(true);
    expect($wishlistCount.get()).toBe(1);
    expect(JSON.parse(getTestStorage()['wishlist'] ?? 'null')).toEqual([product]);

    expect(toggleWishlist(product)).toBe(false);
    expect(isInWishlist(product._id)).toBe(false);
    expect(getTestStorage()['wishlist']).toBe('[]');
  });

  it('removes by _id', () => {
    const a = makeStoredProduct();
    const b = makeStoredProduct();
    toggleWishlist(a);
    toggleWishlist(b);
    removeFromWishlist(a._id);
    expect($wishlist.get()).toEqual([b]);
  });

  it('names the entry focus moves to after a Remove: the next, else the previous, else none', () => {
    const [a, b, c] = [makeStoredProduct(), makeStoredProduct(), makeStoredProduct()];
    toggleWishlist(a);
    toggleWishlist(b);
    toggleWishlist(c);
    const order = $wishlist.get().map((item) => item._id);
    expect(removeFromWishlist(order[1]!)).toBe(order[2]);
    expect(removeFromWishlist(order[2]!)).toBe(order[0]);
    expect(removeFromWishlist(order[0]!)).toBeNull();
  });

  it('gives each product a membership store that follows toggles', () => {
    const product = makeStoredProduct();
    const wishlisted = wishlistedStore(product._id);
    keepMount(wishlisted);
    expect(wishlisted.get()).toBe(false);
    toggleWishlist(product);
    expect(wishlisted.get()).toBe(true);
    expect(wishlistedStore(product._id)).toBe(wishlisted);
    cleanStores(wishlisted);
  });

  it('picks up a change made in another tab', () => {
    const product = makeStoredProduct();
    setTestStorageKey('wishlist', JSON.stringify([product]));
    expect(isInWishlist(product._id)).toBe(true);
  });

  it('starts empty, with a warning, when the saved wishlist is unreadable', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setTestStorageKey('wishlist', '"not an array"');
    expect($wishlist.get()).toEqual([]);
    expect(warn).toHaveBeenCalled();
  });

  it('refreshes price and stock from the availability endpoint', async () => {
    const product = makeStoredProduct({ price: 1000, stock: 3 });
    toggleWishlist(product);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: true, products: [{ _id: product._id, price: 1200, discountPrice: null, stock: 0 }] })),
      ),
    );
    await refreshWishlist();
    expect($wishlist.get()[0]).toMatchObject({ price: 1200, stock: 0 });
  });

  it('notes each change for the toast, as the cart notes an add: added, then removed', () => {
    const product = makeStoredProduct({ name: 'Lotus Ring' });
    toggleWishlist(product);
    const added = $wishlistNote.get();
    expect(added).toEqual({ added: true, name: 'Lotus Ring' });
    toggleWishlist(product);
    expect($wishlistNote.get()).toEqual({ added: false, name: 'Lotus Ring' });
    // A new note each time, so the toast starts again for the same product.
    expect($wishlistNote.get()).not.toBe(added);
    dismissWishlistNote();
    expect($wishlistNote.get()).toBeNull();
    expect([true, false].map((a) => wishlistNoteText(a, 'Lotus Ring'))).toEqual([
      'Added to wishlist: Lotus Ring',
      'Removed from wishlist: Lotus Ring',
    ]);
  });

  it('notes a Remove on the wishlist page too', () => {
    const product = makeStoredProduct({ name: 'Pearl Studs' });
    toggleWishlist(product);
    removeFromWishlist(product._id);
    expect($wishlistNote.get()).toEqual({ added: false, name: 'Pearl Studs' });
  });
});
