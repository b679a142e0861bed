import { describe, expect, it } from 'vitest';
import { CartItemsSchema, WishlistItemsSchema, toStoredProduct } from './storage';
import { makeCartItem, makeStoredProduct } from './storage.fixtures';

describe('CartItemsSchema', () => {
  it('accepts a saved cart', () => {
    const cart = [makeCartItem({ quantity: 2 }), makeCartItem({ discountPrice: 999 })];
    expect(CartItemsSchema.parse(cart)).toEqual(cart);
  });

  it('rejects lines without a quantity, with quantity 0, or with a fractional quantity', () => {
    const { quantity: _omitted, ...withoutQuantity } = makeCartItem();
    expect(CartItemsSchema.safeParse([withoutQuantity]).success).toBe(false);
    expect(CartItemsSchema.safeParse([makeCartItem({ quantity: 0 })]).success).toBe(false);
    expect(CartItemsSchema.safeParse([makeCartItem({ quantity: 1.5 })]).success).toBe(false);
  });

  it('rejects an id that is not 24 hex characters', () => {
    expect(CartItemsSchema.safeParse([makeCartItem({ _id: 'ring-1' })]).success).toBe(false);
  });

  it('drops fields it does not keep', () => {
    const [line] = CartItemsSchema.parse([{ ...makeCartItem(), description: 'long text', image: ['a.jpg'] }]);
    expect(line).not.toHaveProperty('description');
    expect(line).not.toHaveProperty('image');
  });
});

describe('WishlistItemsSchema', () => {
  it('accepts saved entries and rejects a missing discountPrice', () => {
    const entry = makeStoredProduct();
    expect(WishlistItemsSchema.parse([entry])).toEqual([entry]);
    const { discountPrice: _omitted, ...old } = entry;
    expect(WishlistItemsSchema.safeParse([old]).success).toBe(false);
  });
});

describe('toStoredProduct', () => {
  it('keeps only the fields a line needs', () => {
    const product = { ...makeStoredProduct(), description: 'x', tags: ['ring'] };
    expect(Object.keys(toStoredProduct(product)).sort()).toEqual(
      ['_id', 'discountPrice', 'name', 'price', 'slug', 'stock', 'thumbnail'].sort(),
    );
  });
});
