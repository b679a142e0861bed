/**
 * Listing rules in the browser: sort options, the price filter's bounds and gap, tag, attribute,
 * dynamic-field and size filters, In stock only, and the URL query that carries them so a filtered view
 * survives a reload and can be shared. The groups themselves are derived at build time
 * (shared/listing-filters.ts). Pure: no DOM, no storage, no network.
 */
import { unitPrice } from '@shared/price';
import type { Facet, FacetKind, ItemSize, PriceBounds } from '@shared/listing-filters';
import type { ProductAvailability } from '@shared/types';
import type { CardProduct } from '../product-card/card';

export type { Facet, FacetKind, PriceBounds } from '@shared/listing-filters';

/** Lowest price the filter accepts. */
export const PRICE_MIN = 0;
/** Highest price the filter accepts; at this value the upper bound is open. */
export const PRICE_MAX = 100000;
/** Smallest distance kept between the minimum and the maximum. */
export const PRICE_GAP = 100;
/** Cards shown at first and added by each "Show more". */
export const PAGE_SIZE = 24;

/** The three sort orders, by their URL value. */
export const SORT_OPTIONS = [
  { value: 'latest', label: 'Latest' },
  { value: 'price-asc', label: 'Price Low To High' },
  { value: 'price-desc', label: 'Price High To Low' },
] as const;

/** One sort order's URL value. */
export type SortKey = (typeof SORT_OPTIONS)[number]['value'];

/** The default sort. */
export const DEFAULT_SORT: SortKey = 'latest';

/** A product on a listing: the card fields plus what sorting and filtering need. */
export interface ListingItem extends CardProduct {
  /** Creation time in ms since epoch, for the Latest order. */
  createdAt: number;
  /** Indexes into the listing's facet list. */
  facets: number[];
  /** Each size's value, stock and price, for a product sold in sizes. */
  sizes?: ItemSize[];
}

/** Everything the listing island filters and sorts in the browser. */
export interface ListingData {
  items: ListingItem[];
  facets: Facet[];
}

/**
 * What the shopper chose: sort, price range (0 and 100000 mean no limit at that end), In stock only, and the
 * ticked values of each filter group.
 */
export interface ListingState {
  sort: SortKey;
  min: number;
  max: number;
  inStock: boolean;
  tags: string[];
  attributes: Record<string, string[]>;
  dynamicFields: Record<string, string[]>;
  sizes: Record<string, string[]>;
}

/** No price limit, nothing ticked, Latest: what Reset All restores. */
export const DEFAULT_STATE: ListingState = Object.freeze({
  sort: DEFAULT_SORT,
  min: PRICE_MIN,
  max: PRICE_MAX,
  inStock: false,
  tags: [],
  attributes: {},
  dynamicFields: {},
  sizes: {},
}) as ListingState;

/** Shown instead of silently moving a typed price: min and max stay at least ₹100 apart. */
export const PRICE_ORDER_MESSAGE = 'Max price must be at least ₹100 more than min price';

/** Whether a string is one of the sort values. */
export function isSortKey(value: unknown): value is SortKey {
  return SORT_OPTIONS.some((o) => o.value === value);
}

function clampPrice(n: number): number {
  return Math.min(PRICE_MAX, Math.max(PRICE_MIN, n));
}

/**
 * Reads a price typed by the shopper. Whole numbers only (digit-grouping commas and spaces, as in
 * "1,00,000", are allowed); anything else becomes 0 for the minimum and 100000 for the maximum.
 * The result is clamped to 0..100000.
 */
export function parsePriceInput(raw: string, bound: 'min' | 'max'): number {
  const digits = raw.trim().replace(/[,\s]/g, '');
  if (!/^\d+$/.test(digits)) return bound === 'min' ? PRICE_MIN : PRICE_MAX;
  return clampPrice(Number(digits));
}

/**
 * Keeps min and max within 0..100000 and at least 100 apart. The bound the shopper just moved
 * (`changed`) gives way, so the other one stays where they put it.
 */
export function withPriceGap(min: number, max: number, changed: 'min' | 'max'): { min: number; max: number } {
  let lo = clampPrice(Math.floor(min));
  let hi = clampPrice(Math.floor(max));
  if (hi - lo >= PRICE_GAP) return { min: lo, max: hi };
  if (changed === 'min') {
    lo = hi - PRICE_GAP;
    if (lo < PRICE_MIN) [lo, hi] = [PRICE_MIN, PRICE_MIN + PRICE_GAP];
  } else {
    hi = lo + PRICE_GAP;
    if (hi > PRICE_MAX) [lo, hi] = [PRICE_MAX - PRICE_GAP, PRICE_MAX];
  }
  return { min: lo, max: hi };
}

/** The range the slider shows: the chosen limits kept within the listing's span (an open end shows the span's end). */
export function priceView(state: Pick<ListingState, 'min' | 'max'>, bounds: PriceBounds): { lo: number; hi: number } {
  const clamp = (n: number) => Math.min(bounds.ceil, Math.max(bounds.floor, n));
  return { lo: clamp(state.min), hi: clamp(state.max) };
}

/** A range with an end at or past the listing's span made open (no limit), so the URL and badge stay clean. */
export function openEnds(range: { min: number; max: number }, bounds: PriceBounds): { min: number; max: number } {
  return { min: range.min <= bounds.floor ? PRICE_MIN : range.min, max: range.max >= bounds.ceil ? PRICE_MAX : range.max };
}

/**
 * Applies a typed price to one end: whole numbers per parsePriceInput, and an end at or past the span's edge is
 * open (as from the slider). The 100 gap is checked only when both ends are limits the shopper set: an open end
 * is shown at the span's edge, but the shopper never chose that edge, so a min typed near it must not be refused
 * with a message about a max they do not have. When the gap is too small the range is left as it was and the
 * message says why.
 */
export function typedRange(
  state: Pick<ListingState, 'min' | 'max'>,
  bounds: PriceBounds,
  bound: 'min' | 'max',
  raw: string,
): { min: number; max: number } | { error: string } {
  const value = parsePriceInput(raw, bound);
  const range = openEnds({ min: bound === 'min' ? value : state.min, max: bound === 'max' ? value : state.max }, bounds);
  const bothSet = range.min !== PRICE_MIN && range.max !== PRICE_MAX;
  if (bothSet && range.max - range.min < PRICE_GAP) return { error: PRICE_ORDER_MESSAGE };
  return range;
}

const facetKey = (kind: FacetKind, name: string, value: string) => `${kind}\u0000${name}\u0000${value}`;

/** Map from facet to its index, for matching selections. */
export function facetIndex(facets: readonly Facet[]): Map<string, number> {
  return new Map(facets.map(([kind, name, value], i) => [facetKey(kind, name, value), i]));
}

/** Filter groups as the drawer shows them, in the listing's order (sizes, tags, attributes, fields). */
export interface FilterGroup {
  kind: FacetKind;
  /** Attribute, field or size option name; '' for tags. */
  name: string;
  options: { value: string; label: string }[];
}

/** Groups the facet list for the drawer, keeping the listing's order. */
export function filterGroups(facets: readonly Facet[]): FilterGroup[] {
  const groups = new Map<string, FilterGroup>();
  for (const [kind, name, value, label] of facets) {
    const key = `${kind}\u0000${name}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { kind, name, options: [] }));
    group.options.push({ value, label: label ?? value });
  }
  return [...groups.values()];
}

/** How a ticked value reads: its label from the build ('3–5 g', 'Daily wear', 'Rose gold plated'), else the value itself. */
export function facetLabel(facets: readonly Facet[], kind: FacetKind, name: string, value: string): string {
  return facets.find((f) => f[0] === kind && f[1] === name && f[2] === value)?.[3] ?? value;
}

const groupKey = { attr: 'attributes', field: 'dynamicFields', size: 'sizes' } as const;

/** The values ticked in one group. */
export function selectedIn(state: ListingState, kind: FacetKind, name: string): string[] {
  if (kind === 'tag') return state.tags;
  return state[groupKey[kind]][name] ?? [];
}

/** Ticks or unticks one value, returning a new state (empty groups are dropped). */
export function toggleValue(state: ListingState, kind: FacetKind, name: string, value: string): ListingState {
  const current = selectedIn(state, kind, name);
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  if (kind === 'tag') return { ...state, tags: next };
  const key = groupKey[kind];
  const groups = { ...state[key] };
  if (next.length) groups[name] = next;
  else delete groups[name];
  return { ...state, [key]: groups };
}

/** Whether anything differs from the default view (then the full product list is needed). */
export function isDefaultState(state: ListingState): boolean {
  return (
    state.sort === DEFAULT_SORT &&
    state.min === PRICE_MIN &&
    state.max === PRICE_MAX &&
    !state.inStock &&
    state.tags.length === 0 &&
    Object.keys(state.attributes).length === 0 &&
    Object.keys(state.dynamicFields).length === 0 &&
    Object.keys(state.sizes).length === 0
  );
}

/** Number of ticked values plus one each for a narrowed price range and In stock only (for the Filters button badge). */
export function activeFilterCount(state: ListingState): number {
  const ticked = (groups: Record<string, string[]>) => Object.values(groups).reduce((n, v) => n + v.length, 0);
  const price = state.min !== PRICE_MIN || state.max !== PRICE_MAX ? 1 : 0;
  return state.tags.length + ticked(state.attributes) + ticked(state.dynamicFields) + ticked(state.sizes) + price + Number(state.inStock);
}

/** Drops ticked values this listing does not offer (an old or hand-edited link), so they cannot empty the grid. */
export function sanitizeState(state: ListingState, facets: readonly Facet[]): ListingState {
  const index = facetIndex(facets);
  const keep = (kind: FacetKind, groups: Record<string, string[]>) =>
    Object.fromEntries(
      Object.entries(groups)
        .map(([name, values]) => [name, values.filter((v) => index.has(facetKey(kind, name, v)))] as const)
        .filter(([, values]) => values.length > 0),
    );
  return {
    ...state,
    tags: state.tags.filter((t) => index.has(facetKey('tag', '', t))),
    attributes: keep('attr', state.attributes),
    dynamicFields: keep('field', state.dynamicFields),
    sizes: keep('size', state.sizes),
  };
}

/** Live facts when the page has them (an order after the build moved stock), else the item's own. */
function stockFacts(item: ListingItem, live: ProductAvailability | undefined): { stock: number; sizes: ItemSize[] | undefined } {
  if (!live) return { stock: item.stock, sizes: item.sizes };
  return { stock: live.stock, sizes: live.sizes?.map((s): ItemSize => [s.value, s.stock, unitPrice(s)]) ?? item.sizes };
}

/**
 * The sizes of a sized piece that fit the state: the ticked ones (matched by the piece's own size facets, so a
 * ring's '12' is not a chain length's '12'), only those in stock with In stock only on, and only those priced
 * within the range. Price, stock and size are all checked on the same size: a ring sold out in 8 at ₹1,000 and in
 * stock in 12 at ₹1,400 is not 'in stock up to ₹1,000'.
 */
function usableSizes(
  item: ListingItem,
  sizes: readonly ItemSize[],
  state: ListingState,
  tickedSizes: ReadonlySet<number>,
  facets: readonly Facet[],
  upper: number,
): ItemSize[] {
  let usable = [...sizes];
  if (tickedSizes.size) {
    const values = new Set(item.facets.filter((f) => tickedSizes.has(f)).map((f) => facets[f]![2]));
    usable = usable.filter(([value]) => values.has(value));
  }
  if (state.inStock) usable = usable.filter(([, left]) => left > 0);
  return usable.filter(([, , price]) => price >= state.min && price <= upper);
}

/**
 * The items matching the state, in the chosen order. Within a group any ticked value matches; groups combine
 * with AND. Sizes from every size group (Ring size, Bangle size, Length) form one group, since a piece has only
 * one kind of size: ticking ring 12 and bangle 2.4 shows both rings and bangles. A sized piece is first narrowed
 * to its usable sizes (ticked, in stock with In stock only, priced within the range) and matches when one is left.
 * In stock only keeps pieces with stock. `live` (by _id) overrides build-time stock.
 */
export function applyListing(data: ListingData, state: ListingState, live: Record<string, ProductAvailability> = {}): ListingItem[] {
  const index = facetIndex(data.facets);
  const groups: Set<number>[] = [];
  const addGroup = (kind: FacetKind, name: string, values: readonly string[]) => {
    if (!values.length) return;
    groups.push(new Set(values.map((v) => index.get(facetKey(kind, name, v)) ?? -1)));
  };
  addGroup('tag', '', state.tags);
  Object.entries(state.attributes).forEach(([name, values]) => addGroup('attr', name, values));
  Object.entries(state.dynamicFields).forEach(([name, values]) => addGroup('field', name, values));
  // (name, value) pairs as facet indexes: the group name stays part of what is matched.
  const tickedSizes = new Set(
    Object.entries(state.sizes).flatMap(([name, values]) => values.map((v) => index.get(facetKey('size', name, v)) ?? -1)),
  );
  if (tickedSizes.size) groups.push(tickedSizes);
  // At the top of the range the bound is open: pieces above ₹1,00,000 are not silently hidden.
  const upper = state.max >= PRICE_MAX ? Infinity : state.max;
  const sortPrice = new Map<ListingItem, number>();

  const matching = data.items.filter((item) => {
    if (!groups.every((group) => item.facets.some((f) => group.has(f)))) return false;
    const { stock, sizes } = stockFacts(item, live[item._id]);
    if (state.inStock && stock <= 0) return false;
    if (!sizes?.length) {
      const price = unitPrice(item);
      return price >= state.min && price <= upper;
    }
    const usable = usableSizes(item, sizes, state, tickedSizes, data.facets, upper);
    if (!usable.length) return false;
    sortPrice.set(item, Math.min(...usable.map(([, , price]) => price)));
    return true;
  });
  return sortItems(matching, state.sort, (item) => sortPrice.get(item) ?? unitPrice(item));
}

/**
 * Sorts a copy: Latest is newest first; price orders use the price paid (discount price when set), or `priceOf`.
 * Ties keep listing order.
 */
export function sortItems<T extends ListingItem>(items: readonly T[], sort: SortKey, priceOf: (item: T) => number = unitPrice): T[] {
  const copy = [...items];
  if (sort === 'latest') return copy.sort((a, b) => b.createdAt - a.createdAt);
  const dir = sort === 'price-asc' ? 1 : -1;
  // A sized piece sorts by its cheapest usable size (see applyListing) in both orders: one figure per piece, the
  // lowest the shopper can pay for what they asked, so High To Low is Low To High reversed (ties aside).
  return copy.sort((a, b) => dir * (priceOf(a) - priceOf(b)));
}

// ---- URL query ---------------------------------------------------------------------------------
// ?sort=price-asc&min=500&max=5000&instock=1&tags=gift,minimal&attr.Plating=Rhodium&field.Weight=3-5&size.Ring%20size=12...
// Values are percent-encoded one by one and joined by literal commas, so a value may itself contain a comma.

const ATTR_PREFIX = 'attr.';
const FIELD_PREFIX = 'field.';
const SIZE_PREFIX = 'size.';

/** The query keys' prefixes of attribute, data-field and size filters (linked-view-script.ts recognises filters by them). */
export const FILTER_KEY_PREFIXES = [ATTR_PREFIX, FIELD_PREFIX, SIZE_PREFIX] as const;

const encodeList = (values: readonly string[]) => values.map(encodeURIComponent).join(',');

function decodePart(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return null; // A malformed escape in a hand-edited link: ignore that value.
  }
}

function decodeList(raw: string): string[] {
  return [
    ...new Set(
      raw
        .split(',')
        .map(decodePart)
        .filter((v): v is string => v !== null && v !== ''),
    ),
  ];
}

/** The query string (with '?', or '' for the default view) that reproduces a state. Defaults are left out. */
export function stateToQuery(state: ListingState): string {
  const parts: string[] = [];
  if (state.sort !== DEFAULT_SORT) parts.push(`sort=${state.sort}`);
  if (state.min !== PRICE_MIN) parts.push(`min=${state.min}`);
  if (state.max !== PRICE_MAX) parts.push(`max=${state.max}`);
  if (state.inStock) parts.push('instock=1');
  if (state.tags.length) parts.push(`tags=${encodeList(state.tags)}`);
  const group = (prefix: string, groups: Record<string, string[]>) => {
    for (const [name, values] of Object.entries(groups)) {
      if (values.length) parts.push(`${encodeURIComponent(prefix + name)}=${encodeList(values)}`);
    }
  };
  group(ATTR_PREFIX, state.attributes);
  group(FIELD_PREFIX, state.dynamicFields);
  group(SIZE_PREFIX, state.sizes);
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * Reads a state from a query string ('?a=b' or 'a=b'). Unknown or malformed parts fall back to defaults. With the
 * listing's `bounds`, a price at or past the span's ends is no limit, as from the slider, so a link's max=20000 on a
 * ₹9,500 listing neither stays in the URL nor counts as a filter.
 */
export function queryToState(search: string, bounds?: PriceBounds): ListingState {
  const state: ListingState = { ...DEFAULT_STATE, tags: [], attributes: {}, dynamicFields: {}, sizes: {} };
  let min: number = PRICE_MIN;
  let max: number = PRICE_MAX;
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decodePart(eq === -1 ? pair : pair.slice(0, eq));
    const raw = eq === -1 ? '' : pair.slice(eq + 1);
    if (key === null) continue;
    if (key === 'sort') {
      const value = decodePart(raw);
      if (isSortKey(value)) state.sort = value;
    } else if (key === 'min') {
      min = parsePriceInput(decodePart(raw) ?? '', 'min');
    } else if (key === 'max') {
      max = parsePriceInput(decodePart(raw) ?? '', 'max');
    } else if (key === 'instock') {
      state.inStock = raw === '1';
    } else if (key === 'tags') {
      state.tags = decodeList(raw);
    } else if (key.endsWith('__proto__')) {
      // Never let a link write to an object's prototype.
      continue;
    } else if (key.startsWith(ATTR_PREFIX) && key.length > ATTR_PREFIX.length) {
      const values = decodeList(raw);
      if (values.length) state.attributes[key.slice(ATTR_PREFIX.length)] = values;
    } else if (key.startsWith(FIELD_PREFIX) && key.length > FIELD_PREFIX.length) {
      const values = decodeList(raw);
      if (values.length) state.dynamicFields[key.slice(FIELD_PREFIX.length)] = values;
    } else if (key.startsWith(SIZE_PREFIX) && key.length > SIZE_PREFIX.length) {
      const values = decodeList(raw);
      if (values.length) state.sizes[key.slice(SIZE_PREFIX.length)] = values;
    }
  }
  const opened = bounds ? openEnds({ min, max }, bounds) : { min, max };
  // As for a typed price, the 100 gap applies only between two limits that are both set.
  const range = opened.min === PRICE_MIN || opened.max === PRICE_MAX ? opened : withPriceGap(opened.min, opened.max, 'min');
  return { ...state, min: range.min, max: range.max };
}
