import { describe, expect, it } from 'vitest';
import { withLive } from './availability.store';

describe('withLive', () => {
  const card = { _id: 'a'.repeat(24), price: 1500, discountPrice: null, stock: 4 };

  it('applies live price and stock, keeping build-time values until they are known', () => {
    expect(withLive(card, undefined)).toBe(card);
    expect(withLive(card, { _id: card._id, price: 1600, discountPrice: 1400, stock: 1, sizes: null })).toEqual({
      ...card,
      price: 1600,
      discountPrice: 1400,
      stock: 1,
    });
  });

  it('marks a product the live answer says is sold in sizes, so its card never adds it unsized', () => {
    const live = {
      _id: card._id,
      price: 1500,
      discountPrice: null,
      stock: 3,
      sizes: [{ value: '12', price: 1500, discountPrice: null, stock: 3 }],
    };
    expect(withLive(card, live)).toHaveProperty('sized', true);
  });
});
