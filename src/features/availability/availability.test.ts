import { describe, expect, it } from 'vitest';
import { parseAvailability } from './availability';

const id = 'a'.repeat(24);

describe('parseAvailability', () => {
  it('returns the live price and stock of each product', () => {
    expect(
      parseAvailability({ success: true, products: [{ _id: id, price: 1500, discountPrice: null, stock: 0, name: 'ignored' }] }),
    ).toEqual([{ _id: id, price: 1500, discountPrice: null, stock: 0, sizes: null }]);
  });

  it("returns each size's live price and stock for a product sold in sizes", () => {
    const sizes = [
      { value: '12', price: 1500, discountPrice: null, stock: 0 },
      { value: '14', price: 1600, discountPrice: 1400, stock: 3 },
    ];
    expect(parseAvailability({ success: true, products: [{ _id: id, price: 1500, discountPrice: null, stock: 3, sizes }] })).toEqual([
      { _id: id, price: 1500, discountPrice: null, stock: 3, sizes },
    ]);
    expect(() =>
      parseAvailability({ success: true, products: [{ _id: id, price: 1500, discountPrice: null, stock: 3, sizes: [{ value: 12 }] }] }),
    ).toThrow(/unexpected size entry/);
  });

  it('refuses an error answer or a malformed entry, so the caller keeps what it had', () => {
    expect(() => parseAvailability({ success: false, message: 'Database unreachable' })).toThrow(/unexpected shape/);
    expect(() => parseAvailability(null)).toThrow(/unexpected shape/);
    expect(() => parseAvailability({ success: true, products: [{ _id: id, price: '1500', discountPrice: null, stock: 1 }] })).toThrow(
      /unexpected product entry/,
    );
    expect(() => parseAvailability({ success: true, products: [{ _id: id, price: 1500, discountPrice: null, stock: 1.5 }] })).toThrow();
    expect(() => parseAvailability({ success: true, products: [null] })).toThrow();
  });
});
