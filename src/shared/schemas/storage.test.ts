import { describe, expect, it } from 'vitest';
import { parseCartItems, parseWishlistItems, toStoredProduct } from './storage';
import { makeCartItem, makeStoredProduct } from './storage.fixtures';

const problem = (parsed: { ok: boolean; problem?: string }) => (parsed.ok ? null : parsed.problem);

describe('parseCartItems', () => {
  it('accepts a saved cart', () => {
    const cart = [makeCartItem({ quantity: 2 }), makeCartItem({ discountPrice: 999 })];
    expect(parseCartItems(cart)).toEqual({ ok: true, value: cart });
  });

  it('rejects lines without a quantity, with quantity 0, or with a fractional quantity', () => {
    const { quantity: _omitted, ...withoutQuantity } = makeCartItem();
    expect(problem(parseCartItems([withoutQuantity]))).toBe('[0]: bad quantity');
    expect(parseCartItems([makeCartItem({ quantity: 0 })]).ok).toBe(false);
    expect(parseCartItems([makeCartItem(), makeCartItem({ quantity: 1.5 })]).ok).toBe(false);
  });

  it('rejects an id that is not 24 hex characters', () => {
    expect(problem(parseCartItems([makeCartItem({ _id: 'ring-1' })]))).toBe('[0]: bad _id');
  });

  it('rejects prices that are not numbers of at least 0, and fractional stock', () => {
    expect(parseCartItems([{ ...makeCartItem(), price: '1500' }]).ok).toBe(false);
    expect(parseCartItems([makeCartItem({ price: -1 })]).ok).toBe(false);
    expect(parseCartItems([makeCartItem({ discountPrice: -5 })]).ok).toBe(false);
    expect(parseCartItems([makeCartItem({ stock: 2.5 })]).ok).toBe(false);
  });

  it('rejects an empty name or slug, and anything that is not a list of objects', () => {
    expect(parseCartItems([makeCartItem({ name: '' })]).ok).toBe(false);
    expect(parseCartItems([makeCartItem({ slug: '' })]).ok).toBe(false);
    expect(problem(parseCartItems({ items: [] }))).toBe('not a list');
    expect(problem(parseCartItems([null]))).toBe('[0]: not an object');
  });

  it('drops fields it does not keep', () => {
    const parsed = parseCartItems([{ ...makeCartItem(), description: 'long text', image: ['a.jpg'] }]);
    expect(parsed.ok && parsed.value[0]).not.toHaveProperty('description');
    expect(parsed.ok && parsed.value[0]).not.toHaveProperty('image');
  });
});

describe('sizes in stored lines', () => {
  it('keeps a line’s size and its option name; a line saved before sizes loads without one', () => {
    const sized = { ...makeCartItem({ sized: true }), size: '2.10', sizeName: 'Bangle size' };
    const old = makeCartItem();
    expect(parseCartItems([sized, old])).toEqual({ ok: true, value: [sized, old] });
    expect(parseCartItems([{ ...old, size: null }])).toEqual({ ok: true, value: [old] });
  });

  it('rejects a size that is not one a product could have', () => {
    expect(problem(parseCartItems([{ ...makeCartItem(), size: '<b>12</b>' }]))).toBe('[0]: bad size');
    expect(parseCartItems([{ ...makeCartItem(), size: 12 }]).ok).toBe(false);
    expect(parseCartItems([{ ...makeCartItem(), size: '12', sizeName: '' }]).ok).toBe(false);
  });

  it('keeps `sized` only when true, and rejects anything but true or false', () => {
    expect(parseWishlistItems([makeStoredProduct({ sized: true })])).toMatchObject({ ok: true, value: [{ sized: true }] });
    const parsed = parseWishlistItems([makeStoredProduct({ sized: false })]);
    expect(parsed.ok && parsed.value[0]).not.toHaveProperty('sized');
    expect(problem(parseWishlistItems([{ ...makeStoredProduct(), sized: 'yes' }]))).toBe('[0]: bad sized');
  });
});

describe('parseWishlistItems', () => {
  it('accepts saved entries and rejects a missing discountPrice', () => {
    const entry = makeStoredProduct();
    expect(parseWishlistItems([entry])).toEqual({ ok: true, value: [entry] });
    const { discountPrice: _omitted, ...old } = entry;
    expect(problem(parseWishlistItems([old]))).toBe('[0]: bad discountPrice');
  });
});

describe('toStoredProduct', () => {
  it('keeps `sized` for a product sold in sizes', () => {
    expect(toStoredProduct(makeStoredProduct({ sized: true }))).toHaveProperty('sized', true);
  });

  it('keeps only the fields a line needs', () => {
    const product = { ...makeStoredProduct(), description: 'x', tags: ['ring'] };
    expect(Object.keys(toStoredProduct(product)).sort()).toEqual(
      ['_id', 'discountPrice', 'name', 'price', 'slug', 'stock', 'thumbnail'].sort(),
    );
  });
});
