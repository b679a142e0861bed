import { describe, expect, it } from 'vitest';
import {
  bucketEdges,
  bucketKey,
  bucketLabel,
  isShortLabel,
  itemSizes,
  listingFacets,
  optionLabel,
  parseMeasure,
  priceBounds,
  productPrices,
} from './listing-filters';
import type { FilterableProduct } from './listing-filters';

function piece(over: Partial<FilterableProduct> & { weight?: string } = {}): FilterableProduct {
  const { weight, ...rest } = over;
  return {
    price: 1000,
    discountPrice: null,
    tags: [],
    attributes: {},
    dynamicFields: weight ? [{ fieldName: 'Weight', value: weight }] : [],
    sizes: null,
    ...rest,
  };
}

const size = (value: string, stock: number, price = 1000, discountPrice: number | null = null) => ({ value, stock, price, discountPrice });

describe('price slider span', () => {
  it('rounds the lowest price down and the highest up to ₹100', () => {
    expect(priceBounds([449, 9450, 1200])).toEqual({ floor: 400, ceil: 9500 });
    expect(priceBounds([400, 9500])).toEqual({ floor: 400, ceil: 9500 });
  });

  it('is at least ₹100 wide, so the two handles can stay ₹100 apart', () => {
    expect(priceBounds([500])).toEqual({ floor: 500, ceil: 600 });
    expect(priceBounds([520, 560])).toEqual({ floor: 500, ceil: 600 });
    expect(priceBounds([])).toEqual({ floor: 0, ceil: 100 });
  });

  it("uses the price paid, and a sized piece's sizes' prices", () => {
    expect(productPrices(piece({ price: 2000, discountPrice: 1499 }))).toEqual([1499]);
    const ring = piece({ price: 1000, sizes: { name: 'Ring size', values: [size('8', 1, 1000), size('20', 1, 1400, 1300)] } });
    expect(productPrices(ring)).toEqual([1000, 1300]);
  });
});

describe('option labels', () => {
  it('keeps short values and leaves out sentences and long descriptions', () => {
    expect(isShortLabel('Rhodium')).toBe(true);
    expect(isShortLabel('92.5% Sterling Silver')).toBe(true);
    expect(isShortLabel('4.1 g')).toBe(true);
    expect(isShortLabel('Adjustable, fits Indian ring sizes 10 to 16')).toBe(false);
    expect(isShortLabel('Push back; 4 cm drop')).toBe(false);
    expect(isShortLabel('Store in the zip pouch. Wipe dry')).toBe(false);
    expect(isShortLabel('x'.repeat(31))).toBe(false);
  });
});

describe('numeric ranges', () => {
  it('reads measured values', () => {
    expect(parseMeasure('4.1 g')).toEqual({ n: 4.1, unit: 'g' });
    expect(parseMeasure('18in')).toEqual({ n: 18, unit: 'in' });
    expect(parseMeasure('about 4 g')).toBeNull();
  });

  it('puts edges at round figures that split the values', () => {
    expect(bucketEdges([1.8, 2.5, 3.6, 4.1, 4.4, 6, 9.9, 12.5])).toEqual([3, 5, 10]);
    expect(bucketEdges([21, 24, 30, 32, 48, 55, 61, 90])).toEqual([30, 50]);
    expect(bucketEdges([4.1, 4.3])).toEqual([]);
  });

  it('keys and labels ranges: under, between, and over', () => {
    expect(bucketKey(2, [3, 5, 10])).toBe('-3');
    expect(bucketKey(3, [3, 5, 10])).toBe('3-5');
    expect(bucketKey(7.5, [3, 5, 10])).toBe('5-10');
    expect(bucketKey(10, [3, 5, 10])).toBe('10-');
    expect(bucketLabel('-3', 'g')).toBe('Under 3 g');
    expect(bucketLabel('3-5', 'g')).toBe('3–5 g');
    expect(bucketLabel('10-', 'g')).toBe('10 g and over');
  });
});

describe('listing facets', () => {
  it('offers weight as ranges that hold products, in order, and gives each piece its range', () => {
    const weights = ['1.8 g', '2.5 g', '3.6 g', '4.1 g', '4.4 g', '6 g', '9.9 g', '12.5 g'];
    const { facets, productFacets } = listingFacets(weights.map((weight) => piece({ weight })));
    expect(facets).toEqual([
      ['field', 'Weight', '-3', 'Under 3 g'],
      ['field', 'Weight', '3-5', '3–5 g'],
      ['field', 'Weight', '5-10', '5–10 g'],
      ['field', 'Weight', '10-', '10 g and over'],
    ]);
    expect(productFacets).toEqual([[0], [0], [1], [1], [1], [2], [2], [3]]);
  });

  it('reads weights the catalogue wrote as gm, Gms or grams as g, so they still make ranges in g', () => {
    const weights = ['1.8 gm', '2.5 Gms', '3.6 g', '4.1g', '4.4 grams', '6 gm', '9.9 g', '12.5 GM'];
    const { facets } = listingFacets(weights.map((weight) => piece({ weight })));
    expect(facets.map((f) => f[3])).toEqual(['Under 3 g', '3–5 g', '5–10 g', '10 g and over']);
  });

  it('names groups and labels values in sentence case, as a shopper writes them, keeping the values', () => {
    const products = [
      piece({ attributes: { 'Stone Colour': 'Ruby Red' }, dynamicFields: [{ fieldName: 'Hallmark', value: 'BIS Hallmarked' }] }),
      piece({ attributes: { 'Stone Colour': 'White' }, dynamicFields: [{ fieldName: 'Hallmark', value: '925 Purity Stamp' }] }),
    ];
    expect(listingFacets(products).facets).toEqual([
      ['attr', 'Stone colour', 'Ruby Red', 'Ruby red'],
      ['attr', 'Stone colour', 'White'],
      ['field', 'Hallmark', '925 Purity Stamp', '925 purity stamp'],
      ['field', 'Hallmark', 'BIS Hallmarked', 'BIS hallmarked'],
    ]);
    expect(optionLabel('tag', 'daily-wear')).toBe('Daily wear');
    expect(optionLabel('size', '2.10')).toBe('2.10');
  });

  it('hides a group whose values are all the same, and one made only of long values', () => {
    const products = [
      piece({ attributes: { Metal: 'Silver' }, dynamicFields: [{ fieldName: 'Care', value: 'Store dry; wipe with a cloth' }] }),
      piece({ attributes: { Metal: 'Silver' }, dynamicFields: [{ fieldName: 'Care', value: 'Keep away from perfume; store dry' }] }),
    ];
    expect(listingFacets(products).facets).toEqual([]);
  });

  it('leaves out a free-text group whose values are mostly long, short strays included', () => {
    const fit = (value: string) => piece({ dynamicFields: [{ fieldName: 'Size', value }] });
    const products = [fit('Adjustable, fits sizes 10 to 16'), fit('Adjustable, fits sizes 12 to 20'), fit('Free size')];
    expect(listingFacets(products).facets).toEqual([]);
    const mostlyShort = [fit('Free size'), fit('Kids'), fit('Adjustable, fits sizes 12 to 20')];
    expect(listingFacets(mostlyShort).facets).toEqual([
      ['field', 'Size', 'Free size'],
      ['field', 'Size', 'Kids'],
    ]);
  });

  it('keeps a single value that only some pieces have (ticking it narrows the grid)', () => {
    const { facets } = listingFacets([piece({ tags: ['gift'] }), piece()]);
    expect(facets).toEqual([['tag', '', 'gift', 'Gift']]);
  });

  it('offers sizes per option name, ordered as numbers (2.8 before 2.10, 9 before 12)', () => {
    const ring = piece({ sizes: { name: 'Ring size', values: [size('12', 1), size('9', 0)] } });
    const bangle = piece({ sizes: { name: 'Bangle size', values: [size('2.10', 1), size('2.8', 2), size('2.4', 0)] } });
    const { facets, productFacets } = listingFacets([ring, bangle, piece()]);
    expect(facets).toEqual([
      ['size', 'Ring size', '9'],
      ['size', 'Ring size', '12'],
      ['size', 'Bangle size', '2.4'],
      ['size', 'Bangle size', '2.8'],
      ['size', 'Bangle size', '2.10'],
    ]);
    expect(productFacets).toEqual([[0, 1], [2, 3, 4], []]);
    expect(itemSizes(ring)).toEqual([
      ['12', 1, 1000],
      ['9', 0, 1000],
    ]);
    expect(itemSizes(piece())).toBeUndefined();
  });
});
