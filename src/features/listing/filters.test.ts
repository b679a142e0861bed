import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  applyListing,
  DEFAULT_STATE,
  facetIndex,
  facetLabel,
  filterGroups,
  isDefaultState,
  openEnds,
  parsePriceInput,
  PRICE_GAP,
  PRICE_MAX,
  PRICE_MIN,
  PRICE_ORDER_MESSAGE,
  priceView,
  queryToState,
  sanitizeState,
  sortItems,
  stateToQuery,
  toggleValue,
  typedRange,
  withPriceGap,
} from './filters';
import type { Facet, ListingData, ListingItem, ListingState } from './filters';

const facets: Facet[] = [
  ['size', 'Ring size', '8'],
  ['size', 'Ring size', '12'],
  ['tag', '', 'daily-wear'],
  ['tag', '', 'gift'],
  ['tag', '', 'minimal'],
  ['attr', 'Plating', 'Oxidised'],
  ['attr', 'Plating', 'Rhodium'],
  ['attr', 'Stone Colour', 'Green, Red'],
  ['attr', 'Stone Colour', 'White'],
  ['field', 'Purity', '92.5% Sterling Silver'],
  ['field', 'Weight', '-3', 'Under 3 g'],
  ['field', 'Weight', '3-5', '3–5 g'],
];
const index = facetIndex(facets);

/** The facet indexes a test piece carries, as the build assigns them. */
function productFacets(
  p: { tags: string[]; attributes: Record<string, string>; dynamicFields: { fieldName: string; value: string }[] },
  idx: Map<string, number>,
): number[] {
  const keys = [
    ...p.tags.map((t) => `tag\u0000\u0000${t}`),
    ...Object.entries(p.attributes).map(([n, v]) => `attr\u0000${n}\u0000${v}`),
    ...p.dynamicFields.map((f) => `field\u0000${f.fieldName}\u0000${f.value}`),
  ];
  return keys.map((k) => idx.get(k)).filter((i): i is number => i !== undefined);
}

let seq = 0;
function item(over: Partial<ListingItem> & { tags?: string[]; attributes?: Record<string, string>; purity?: boolean } = {}): ListingItem {
  seq += 1;
  const { tags = [], attributes = {}, purity = false, ...rest } = over;
  return {
    _id: seq.toString(16).padStart(24, '0'),
    slug: `piece-${seq}`,
    name: `Piece ${seq}`,
    price: 1000,
    discountPrice: null,
    thumbnail: '',
    stock: 5,
    createdAt: seq * 1000,
    facets: productFacets(
      { tags, attributes, dynamicFields: purity ? [{ fieldName: 'Purity', value: '92.5% Sterling Silver' }] : [] },
      index,
    ),
    ...rest,
  };
}

describe('price input', () => {
  it('accepts whole numbers and Indian digit grouping', () => {
    expect(parsePriceInput('2500', 'min')).toBe(2500);
    expect(parsePriceInput(' 1,00,000 ', 'max')).toBe(100000);
  });

  it('turns invalid input into 0 for the minimum and the upper bound for the maximum', () => {
    for (const bad of ['', 'abc', '12.5', '-5', '1e3', '₹500']) {
      expect(parsePriceInput(bad, 'min')).toBe(0);
      expect(parsePriceInput(bad, 'max')).toBe(PRICE_MAX);
    }
  });

  it('clamps to 0..100000', () => {
    expect(parsePriceInput('250000', 'max')).toBe(PRICE_MAX);
    expect(parsePriceInput('250000', 'min')).toBe(PRICE_MAX);
  });

  it('keeps min and max at least 100 apart, moving the bound that was changed', () => {
    expect(withPriceGap(500, 550, 'min')).toEqual({ min: 450, max: 550 });
    expect(withPriceGap(500, 550, 'max')).toEqual({ min: 500, max: 600 });
    expect(withPriceGap(30, 50, 'min')).toEqual({ min: 0, max: PRICE_GAP });
    expect(withPriceGap(99990, 100000, 'max')).toEqual({ min: PRICE_MAX - PRICE_GAP, max: PRICE_MAX });
    expect(withPriceGap(-10, 200000, 'min')).toEqual({ min: 0, max: PRICE_MAX });
    expect(withPriceGap(100, 200, 'min')).toEqual({ min: 100, max: 200 });
  });
});

describe('sort', () => {
  const old = item({ price: 3000, createdAt: 1 });
  const fresh = item({ price: 2000, discountPrice: 900, createdAt: 3 });
  const middle = item({ price: 1500, createdAt: 2 });

  it('defaults to Latest, newest first', () => {
    expect(DEFAULT_STATE.sort).toBe('latest');
    expect(sortItems([old, fresh, middle], 'latest')).toEqual([fresh, middle, old]);
  });

  it('orders by the price paid, using the discount price when set', () => {
    expect(sortItems([old, fresh, middle], 'price-asc')).toEqual([fresh, middle, old]);
    expect(sortItems([old, fresh, middle], 'price-desc')).toEqual([old, middle, fresh]);
  });
});

describe('filtering', () => {
  const gift = item({ tags: ['gift'], attributes: { Plating: 'Rhodium' }, price: 800 });
  const minimal = item({ tags: ['minimal'], attributes: { Plating: 'Oxidised', 'Stone Colour': 'Green, Red' }, price: 5000, purity: true });
  const both = item({ tags: ['gift', 'minimal'], attributes: { Plating: 'Oxidised' }, price: 120000 });
  const data: ListingData = { items: [gift, minimal, both], facets };
  const ids = (state: ListingState) =>
    applyListing(data, state)
      .map((p) => p._id)
      .sort();

  it('shows everything by default, including pieces above the top of the price range', () => {
    expect(ids(DEFAULT_STATE)).toEqual([gift, minimal, both].map((p) => p._id).sort());
  });

  it('matches any ticked value within a group and all groups together', () => {
    const tagged = toggleValue(toggleValue(DEFAULT_STATE, 'tag', '', 'gift'), 'tag', '', 'minimal');
    expect(ids(tagged)).toHaveLength(3);
    const oxidisedGifts = toggleValue(toggleValue(DEFAULT_STATE, 'tag', '', 'gift'), 'attr', 'Plating', 'Oxidised');
    expect(ids(oxidisedGifts)).toEqual([both._id]);
    const withPurity = toggleValue(DEFAULT_STATE, 'field', 'Purity', '92.5% Sterling Silver');
    expect(ids(withPurity)).toEqual([minimal._id]);
  });

  it('filters by the price paid within the range', () => {
    expect(ids({ ...DEFAULT_STATE, min: 1000, max: 6000 })).toEqual([minimal._id]);
    expect(ids({ ...DEFAULT_STATE, min: 1000 })).toEqual([minimal._id, both._id].sort());
  });

  it('unticks a value and drops the emptied group', () => {
    const on = toggleValue(DEFAULT_STATE, 'attr', 'Plating', 'Rhodium');
    expect(on.attributes).toEqual({ Plating: ['Rhodium'] });
    expect(toggleValue(on, 'attr', 'Plating', 'Rhodium').attributes).toEqual({});
    expect(isDefaultState(toggleValue(on, 'attr', 'Plating', 'Rhodium'))).toBe(true);
  });

  it('counts active filters for the Filters button', () => {
    const state = toggleValue(toggleValue({ ...DEFAULT_STATE, max: 5000 }, 'tag', '', 'gift'), 'attr', 'Plating', 'Rhodium');
    expect(activeFilterCount(state)).toBe(3);
    expect(activeFilterCount(DEFAULT_STATE)).toBe(0);
  });

  it('ignores ticked values the listing does not offer', () => {
    const stale = { ...DEFAULT_STATE, tags: ['gift', 'retired'], attributes: { Plating: ['Gold'], Metal: ['Silver'] } };
    expect(sanitizeState(stale, facets)).toEqual({ ...DEFAULT_STATE, tags: ['gift'] });
  });

  it('groups facets for the drawer in the listing order, with range labels', () => {
    expect(filterGroups(facets).map((g) => `${g.kind}:${g.name}:${g.options.length}`)).toEqual([
      'size:Ring size:2',
      'tag::3',
      'attr:Plating:2',
      'attr:Stone Colour:2',
      'field:Purity:1',
      'field:Weight:2',
    ]);
    expect(filterGroups(facets).at(-1)!.options).toEqual([
      { value: '-3', label: 'Under 3 g' },
      { value: '3-5', label: '3–5 g' },
    ]);
    expect(facetLabel(facets, 'field', 'Weight', '3-5')).toBe('3–5 g');
    expect(facetLabel(facets, 'attr', 'Plating', 'Rhodium')).toBe('Rhodium');
    // The build's label is what the drawer and the chips show ('Daily wear' for daily-wear: listing-filters.ts).
    expect(facetLabel([['tag', '', 'daily-wear', 'Daily wear']], 'tag', '', 'daily-wear')).toBe('Daily wear');
  });
});

describe('price slider over the listing span', () => {
  const bounds = { floor: 400, ceil: 9500 };

  it('shows an open end at the span edge and keeps chosen limits within the span', () => {
    expect(priceView(DEFAULT_STATE, bounds)).toEqual({ lo: 400, hi: 9500 });
    expect(priceView({ min: 1200, max: 3000 }, bounds)).toEqual({ lo: 1200, hi: 3000 });
    expect(priceView({ min: 0, max: 50000 }, bounds)).toEqual({ lo: 400, hi: 9500 });
  });

  it('turns a handle at the span edge into no limit, so Reset-like positions leave the URL clean', () => {
    expect(openEnds({ min: 400, max: 9500 }, bounds)).toEqual({ min: PRICE_MIN, max: PRICE_MAX });
    expect(openEnds({ min: 500, max: 9400 }, bounds)).toEqual({ min: 500, max: 9400 });
  });

  it('refuses a typed max under min + 100 with the message and no change', () => {
    expect(typedRange({ min: 2000, max: PRICE_MAX }, bounds, 'max', '1500')).toEqual({ error: PRICE_ORDER_MESSAGE });
    expect(typedRange({ min: 2000, max: PRICE_MAX }, bounds, 'max', '2050')).toEqual({ error: PRICE_ORDER_MESSAGE });
    expect(typedRange({ min: PRICE_MIN, max: 3000 }, bounds, 'min', '2950')).toEqual({ error: PRICE_ORDER_MESSAGE });
    expect(PRICE_ORDER_MESSAGE).toBe('Max price must be at least ₹100 more than min price');
  });

  it('applies valid typed values and leaves an invalid or out-of-span end open', () => {
    expect(typedRange(DEFAULT_STATE, bounds, 'max', '3,000')).toEqual({ min: PRICE_MIN, max: 3000 });
    expect(typedRange({ min: 1000, max: 3000 }, bounds, 'min', 'abc')).toEqual({ min: PRICE_MIN, max: 3000 });
    expect(typedRange({ min: 1000, max: 3000 }, bounds, 'max', '')).toEqual({ min: 1000, max: PRICE_MAX });
    expect(typedRange({ min: 1000, max: 3000 }, bounds, 'max', '20000')).toEqual({ min: 1000, max: PRICE_MAX });
  });

  it('checks the gap only against a limit the shopper set, not the open end shown at the span edge', () => {
    // No max: the slider shows 9500, but the shopper never chose it, so 9450 is a valid minimum.
    expect(typedRange(DEFAULT_STATE, bounds, 'min', '9450')).toEqual({ min: 9450, max: PRICE_MAX });
    // No min: the slider shows 400, but a max of 450 is still a valid limit.
    expect(typedRange(DEFAULT_STATE, bounds, 'max', '450')).toEqual({ min: PRICE_MIN, max: 450 });
    // A typed end at the span's edge is open, as from the slider, so it cannot be too close to the other.
    expect(typedRange({ min: 9450, max: PRICE_MAX }, bounds, 'max', '9500')).toEqual({ min: 9450, max: PRICE_MAX });
    // Both set: the ₹100 gap still holds.
    expect(typedRange({ min: PRICE_MIN, max: 5000 }, bounds, 'min', '4950')).toEqual({ error: PRICE_ORDER_MESSAGE });
  });
});

describe('sizes of several kinds, with price and In stock only', () => {
  const sizeFacets: Facet[] = [
    ['size', 'Bangle size', '2.4'],
    ['size', 'Bangle size', '2.6'],
    ['size', 'Length', '12'],
    ['size', 'Length', '18'],
    ['size', 'Ring size', '8'],
    ['size', 'Ring size', '12'],
  ];
  const at = (name: string, value: string) => sizeFacets.findIndex((f) => f[1] === name && f[2] === value);
  const sized = (name: string, sizes: [string, number, number][]) => ({
    ...item({ price: Math.min(...sizes.map((s) => s[2])), stock: sizes.reduce((n, s) => n + s[1], 0) }),
    facets: sizes.map(([v]) => at(name, v)),
    sizes,
  });
  // Sold out in 8 at ₹1,000; in stock in 12 at ₹1,400.
  const ring = sized('Ring size', [
    ['8', 0, 1000],
    ['12', 2, 1400],
  ]);
  const bangle = sized('Bangle size', [
    ['2.4', 1, 2000],
    ['2.6', 1, 2200],
  ]);
  const chain = sized('Length', [
    ['12', 3, 900],
    ['18', 3, 1100],
  ]);
  const plain = item({ price: 1200, stock: 2 });
  const data: ListingData = { items: [ring, bangle, chain, plain], facets: sizeFacets };
  const ids = (state: ListingState) =>
    applyListing(data, state)
      .map((p) => p._id)
      .sort();
  const sorted = (...xs: ListingItem[]) => xs.map((x) => x._id).sort();
  const tick = (state: ListingState, name: string, value: string) => toggleValue(state, 'size', name, value);

  it('ticked sizes from two size groups show pieces in either, not none', () => {
    const state = tick(tick(DEFAULT_STATE, 'Ring size', '12'), 'Bangle size', '2.4');
    expect(ids(state)).toEqual(sorted(ring, bangle));
  });

  it("tells a ring's 12 from a chain length's 12", () => {
    expect(ids(tick(DEFAULT_STATE, 'Ring size', '12'))).toEqual(sorted(ring));
    expect(ids(tick(DEFAULT_STATE, 'Length', '12'))).toEqual(sorted(chain));
    expect(ids(tick(tick(DEFAULT_STATE, 'Length', '12'), 'Ring size', '8'))).toEqual(sorted(ring, chain));
  });

  it('checks the price on the ticked size, not on any size', () => {
    const size12 = tick(DEFAULT_STATE, 'Ring size', '12');
    expect(ids({ ...size12, max: 1000 })).toEqual([]);
    expect(ids({ ...size12, max: 1500 })).toEqual(sorted(ring));
    expect(ids({ ...tick(DEFAULT_STATE, 'Ring size', '8'), max: 1000 })).toEqual(sorted(ring));
  });

  it('checks the price on the sizes in stock with In stock only', () => {
    expect(ids({ ...DEFAULT_STATE, inStock: true, max: 1000 })).toEqual(sorted(chain));
    expect(ids({ ...DEFAULT_STATE, inStock: true, max: 1500 })).toEqual(sorted(ring, chain, plain));
    expect(ids({ ...tick(DEFAULT_STATE, 'Ring size', '8'), inStock: true })).toEqual([]);
  });

  it('sorts a sized piece by the lowest price among the sizes it matched with', () => {
    const inStockAsc = applyListing(data, { ...DEFAULT_STATE, inStock: true, sort: 'price-asc' });
    // The ring's only size in stock is ₹1,400, so it comes after the plain piece at ₹1,200.
    expect(inStockAsc.map((p) => p._id)).toEqual([chain, plain, ring, bangle].map((p) => p._id));
    const all = applyListing(data, { ...DEFAULT_STATE, sort: 'price-desc' });
    expect(all.map((p) => p._id)).toEqual([bangle, plain, ring, chain].map((p) => p._id));
  });
});

describe('stock and sizes', () => {
  const ring = (sizes: [string, number, number][], stock = sizes.reduce((n, s) => n + s[1], 0)) => ({
    ...item({ price: 1000, stock }),
    facets: sizes.map(([v]) => facets.findIndex((f) => f[0] === 'size' && f[2] === v)),
    sizes,
  });
  const soldOut = item({ stock: 0 });
  const inStock = item({ stock: 3 });
  const ring8Out = ring([
    ['8', 0, 1000],
    ['12', 2, 1200],
  ]);
  const ring12Out = ring([
    ['8', 1, 1000],
    ['12', 0, 1200],
  ]);
  const data: ListingData = { items: [soldOut, inStock, ring8Out, ring12Out], facets };
  const ids = (state: ListingState, live = {}) =>
    applyListing(data, state, live)
      .map((p) => p._id)
      .sort();
  const sorted = (...xs: ListingItem[]) => xs.map((x) => x._id).sort();

  it('In stock only hides sold-out pieces; a sized piece counts when any size is in stock', () => {
    expect(ids({ ...DEFAULT_STATE, inStock: true })).toEqual(sorted(inStock, ring8Out, ring12Out));
  });

  it('uses live stock when the page has it (an order after the build)', () => {
    const live = { [inStock._id]: { _id: inStock._id, price: 1000, discountPrice: null, stock: 0, sizes: null } };
    expect(ids({ ...DEFAULT_STATE, inStock: true }, live)).toEqual(sorted(ring8Out, ring12Out));
    // Without In stock only, live stock changes nothing.
    expect(ids(DEFAULT_STATE, live)).toHaveLength(4);
  });

  it('a ticked size matches pieces offered in it; with In stock only, pieces with that size in stock', () => {
    const size12 = toggleValue(DEFAULT_STATE, 'size', 'Ring size', '12');
    expect(size12.sizes).toEqual({ 'Ring size': ['12'] });
    expect(ids(size12)).toEqual(sorted(ring8Out, ring12Out));
    expect(ids({ ...size12, inStock: true })).toEqual(sorted(ring8Out));
  });

  it("matches a sized piece's price range by its sizes' prices", () => {
    expect(ids({ ...DEFAULT_STATE, min: 1100, max: 1300 })).toEqual(sorted(ring8Out, ring12Out));
  });

  it('counts and sanitises In stock only and sizes', () => {
    const state = { ...toggleValue(DEFAULT_STATE, 'size', 'Ring size', '8'), inStock: true };
    expect(activeFilterCount(state)).toBe(2);
    expect(isDefaultState(state)).toBe(false);
    expect(sanitizeState({ ...state, sizes: { 'Ring size': ['8', '30'], Length: ['18 in'] } }, facets).sizes).toEqual({
      'Ring size': ['8'],
    });
  });
});

describe('URL query', () => {
  it('leaves the default view out of the URL', () => {
    expect(stateToQuery(DEFAULT_STATE)).toBe('');
    expect(queryToState('')).toEqual(DEFAULT_STATE);
  });

  it('round-trips sort, price, tags, attributes and fields, including commas and spaces in values', () => {
    const state: ListingState = {
      sort: 'price-asc',
      min: 500,
      max: 5000,
      inStock: true,
      tags: ['gift', 'daily-wear'],
      attributes: { Plating: ['Rhodium', 'Oxidised'], 'Stone Colour': ['Green, Red'] },
      dynamicFields: { Purity: ['92.5% Sterling Silver'], Weight: ['3-5'] },
      sizes: { 'Ring size': ['12', '14'] },
    };
    const query = stateToQuery(state);
    expect(query).toBe(
      '?sort=price-asc&min=500&max=5000&instock=1&tags=gift,daily-wear&attr.Plating=Rhodium,Oxidised&attr.Stone%20Colour=Green%2C%20Red' +
        '&field.Purity=92.5%25%20Sterling%20Silver&field.Weight=3-5&size.Ring%20size=12,14',
    );
    expect(queryToState(query)).toEqual(state);
    // What URLSearchParams would write for a space must read the same.
    expect(queryToState('attr.Stone+Colour=White').attributes).toEqual({ 'Stone Colour': ['White'] });
  });

  it('falls back to defaults for malformed parts and keeps the price gap', () => {
    expect(queryToState('?sort=cheapest&min=abc&max=xyz')).toEqual(DEFAULT_STATE);
    expect(queryToState('?min=900&max=950')).toMatchObject({ min: 850, max: 950 });
    expect(queryToState('?tags=%E0%A4,gift&attr.=x&utm_source=ad')).toEqual({ ...DEFAULT_STATE, tags: ['gift'] });
  });

  it("with the listing's span, reads a price at or beyond its ends as no limit", () => {
    const bounds = { floor: 400, ceil: 9500 };
    expect(queryToState('?max=20000', bounds)).toEqual(DEFAULT_STATE);
    expect(queryToState('?min=100&max=9500', bounds)).toEqual(DEFAULT_STATE);
    expect(queryToState('?min=500&max=20000', bounds)).toMatchObject({ min: 500, max: PRICE_MAX });
    // The gap is kept only between two limits that stay set.
    expect(queryToState('?min=9450&max=9600', bounds)).toMatchObject({ min: 9450, max: PRICE_MAX });
    expect(queryToState('?min=900&max=950', bounds)).toMatchObject({ min: 850, max: 950 });
  });

  it('refuses keys that would reach an object prototype', () => {
    const state = queryToState('?attr.__proto__=polluted');
    expect(state.attributes).toEqual({});
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
