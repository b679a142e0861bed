import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanStores, keepMount } from 'nanostores';
import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { makeStoredProduct } from '../../shared/schemas/storage.fixtures';
import { $wishlist, $wishlistCount, $wishlistIds, isInWishlist, toggleWishlist, wishlistedStore } from './wishlist.store';
import { refreshWishlist, removeFromWishlist } from './wishlist-page.store';
import { $wishlistNote, dismissWishlistNote, toggleWishlistAndSay } from './wishlist-note.store';

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

  it('acknowledges a heart as the cart acknowledges an add: added, then removed, each a new note with View wishlist', () => {
    const product = makeStoredProduct({ name: 'Lotus Ring' });
    expect(toggleWishlistAndSay(product)).toBe(true);
    const added = $wishlistNote.get();
    expect(added).toMatchObject({ text: 'Added to wishlist: Lotus Ring', link: true });
    expect(toggleWishlistAndSay(product)).toBe(false);
    expect($wishlistNote.get()).toMatchObject({ text: 'Removed from wishlist: Lotus Ring', link: true });
    expect($wishlistNote.get()!.seq).toBeGreaterThan(added!.seq);
    dismissWishlistNote();
    expect($wishlistNote.get()).toBeNull();
  });

  it('says a Remove on the wishlist page, without offering the page the shopper is on', () => {
    const product = makeStoredProduct({ name: 'Pearl Studs' });
    toggleWishlist(product);
    removeFromWishlist(product._id);
    expect($wishlistNote.get()).toMatchObject({ text: 'Removed from wishlist: Pearl Studs', link: false });
  });
});
