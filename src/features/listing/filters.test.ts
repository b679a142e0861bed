import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  applyListing,
  DEFAULT_STATE,
  facetIndex,
  facetsFromFilters,
  filterGroups,
  isDefaultState,
  parsePriceInput,
  PRICE_GAP,
  PRICE_MAX,
  productFacets,
  queryToState,
  sanitizeState,
  sortItems,
  stateToQuery,
  toggleValue,
  withPriceGap,
} from './filters';
import type { ListingData, ListingItem, ListingState } from './filters';

const filters = {
  tags: ['daily-wear', 'gift', 'minimal'],
  attributes: {
    Plating: {
      options: [
        { value: 'Oxidised', label: 'Oxidised' },
        { value: 'Rhodium', label: 'Rhodium' },
      ],
    },
    'Stone Colour': {
      options: [
        { value: 'Green, Red', label: 'Green, Red' },
        { value: 'White', label: 'White' },
      ],
    },
  },
  dynamicFields: { Purity: ['92.5% Sterling Silver'] },
};
const facets = facetsFromFilters(filters);
const index = facetIndex(facets);

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

  it('groups facets for the drawer: tags, then each attribute, then each field', () => {
    expect(filterGroups(facets).map((g) => `${g.kind}:${g.name}:${g.values.length}`)).toEqual([
      'tag::3',
      'attr:Plating:2',
      'attr:Stone Colour:2',
      'field:Purity:1',
    ]);
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
      tags: ['gift', 'daily-wear'],
      attributes: { Plating: ['Rhodium', 'Oxidised'], 'Stone Colour': ['Green, Red'] },
      dynamicFields: { Purity: ['92.5% Sterling Silver'] },
    };
    const query = stateToQuery(state);
    expect(query).toBe(
      '?sort=price-asc&min=500&max=5000&tags=gift,daily-wear&attr.Plating=Rhodium,Oxidised&attr.Stone%20Colour=Green%2C%20Red&field.Purity=92.5%25%20Sterling%20Silver',
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

  it('refuses keys that would reach an object prototype', () => {
    const state = queryToState('?attr.__proto__=polluted');
    expect(state.attributes).toEqual({});
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
