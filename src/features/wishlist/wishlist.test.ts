import { describe, expect, it } from 'vitest';
import { makeStoredProduct } from '@shared/schemas/storage.fixtures';
import { hasEntry, removeEntry, toggleEntry } from './wishlist';
import { applyWishlistAvailability } from './wishlist-page.store';

describe('toggleEntry', () => {
  it('adds a product that is not in the wishlist', () => {
    const product = makeStoredProduct();
    expect(toggleEntry([], product)).toEqual({ items: [product], added: true });
  });

  it('removes a product that is already there (same _id)', () => {
    const product = makeStoredProduct();
    const other = makeStoredProduct();
    expect(toggleEntry([product, other], { ...product, name: 'Renamed' })).toEqual({ items: [other], added: false });
  });

  it('stores only the fields an entry keeps', () => {
    const product = { ...makeStoredProduct(), description: 'long' };
    const { items } = toggleEntry([], product);
    expect(items[0]).not.toHaveProperty('description');
  });
});

describe('removeEntry and hasEntry', () => {
  it('removes by _id and reports membership', () => {
    const a = makeStoredProduct();
    const b = makeStoredProduct();
    expect(removeEntry([a, b], a._id)).toEqual([b]);
    expect(hasEntry([a, b], b._id)).toBe(true);
    expect(hasEntry([a], b._id)).toBe(false);
  });
});

describe('applyWishlistAvailability', () => {
  it('updates price and stock, and marks vanished products out of stock', () => {
    const kept = makeStoredProduct({ price: 1000, stock: 4 });
    const gone = makeStoredProduct({ stock: 4 });
    const [updated, missing] = applyWishlistAvailability(
      [kept, gone],
      [{ _id: kept._id, price: 1100, discountPrice: 990, stock: 1, sizes: null }],
    );
    expect(updated).toMatchObject({ price: 1100, discountPrice: 990, stock: 1 });
    expect(missing?.stock).toBe(0);
  });

  it('marks an entry whose product is now sold in sizes, so its card offers the size choice', () => {
    const ring = makeStoredProduct();
    const anklet = makeStoredProduct({ sized: true });
    const [sized, plain] = applyWishlistAvailability(
      [ring, anklet],
      [
        { _id: ring._id, price: 1500, discountPrice: null, stock: 3, sizes: [{ value: '12', price: 1500, discountPrice: null, stock: 3 }] },
        { _id: anklet._id, price: 900, discountPrice: null, stock: 2, sizes: null },
      ],
    );
    expect(sized).toHaveProperty('sized', true);
    expect(plain).not.toHaveProperty('sized');
  });
});
