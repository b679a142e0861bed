import { describe, expect, it } from 'vitest';
import { chooseSizeMessage, priceBeforeChoice, sizeFromSearch, urlWithSize } from './size-choice';

describe('size choice', () => {
  it('asks for the kind of size the piece has', () => {
    expect(chooseSizeMessage('Ring size')).toBe('Choose a ring size');
    expect(chooseSizeMessage('Bangle size')).toBe('Choose a bangle size');
    expect(chooseSizeMessage('Length')).toBe('Choose a length');
    expect(chooseSizeMessage('  ')).toBe('Choose a size');
  });

  it('shows the lowest price of the sizes in stock, with From only when sizes differ in price', () => {
    const size = (value: string, price: number, stock: number, discountPrice: number | null = null) => ({
      value,
      price,
      discountPrice,
      stock,
    });
    expect(priceBeforeChoice([size('12', 1200, 2), size('14', 1200, 1)])).toEqual({ price: 1200, discountPrice: null, from: false });
    expect(priceBeforeChoice([size('12', 900, 0), size('14', 1400, 1, 1300), size('16', 1500, 3)])).toEqual({
      price: 1400,
      discountPrice: 1300,
      from: true,
    });
    // Everything sold out: still a price to show.
    expect(priceBeforeChoice([size('12', 900, 0), size('14', 1400, 0)])).toMatchObject({ price: 900, from: true });
    expect(priceBeforeChoice([])).toBeNull();
  });

  it('keeps the chosen size in the address with everything else, and reads it back', () => {
    const page = 'https://shop.test/collections/products/detail/lotus-ring?ref=wa#details';
    const chosen = urlWithSize(page, '2.10');
    expect(chosen).toBe('https://shop.test/collections/products/detail/lotus-ring?ref=wa&size=2.10#details');
    expect(sizeFromSearch(new URL(chosen).search)).toBe('2.10');
    expect(urlWithSize(urlWithSize(page, '18 in'), null)).toBe(page);
    expect(sizeFromSearch(new URL(urlWithSize(page, '18 in')).search)).toBe('18 in');
    expect(sizeFromSearch('')).toBeNull();
  });
});
