/**
 * Listing rules: sort options, the price filter's bounds and gap, tag,
 * attribute and dynamic-field filters, and the URL query that carries them so a filtered view
 * survives a reload and can be shared. Pure: no DOM, no storage, no network.
 */
import { unitPrice } from '../../shared/price';
import type { ListingFilters } from '../../shared/types';
import type { CardProduct } from '../product-card/card';

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

/** Kind of a filter value: a tag, an attribute value, or a dynamic-field value. */
export type FacetKind = 'tag' | 'attr' | 'field';

/** One filterable value: [kind, group name ('' for tags), value]. Products refer to facets by index. */
export type Facet = [kind: FacetKind, name: string, value: string];

/** A product on a listing: the card fields plus what sorting and filtering need. */
export interface ListingItem extends CardProduct {
  /** Creation time in ms since epoch, for the Latest order. */
  createdAt: number;
  /** Indexes into the listing's facet list. */
  facets: number[];
}

/** Everything the listing island filters and sorts in the browser. */
export interface ListingData {
  items: ListingItem[];
  facets: Facet[];
}

/** What the shopper chose: sort, price range and the ticked values of each filter group. */
export interface ListingState {
  sort: SortKey;
  min: number;
  max: number;
  tags: string[];
  attributes: Record<string, string[]>;
  dynamicFields: Record<string, string[]>;
}

/** Price 0–100000, nothing ticked, Latest: what Reset All restores. */
export const DEFAULT_STATE: ListingState = Object.freeze({
  sort: DEFAULT_SORT,
  min: PRICE_MIN,
  max: PRICE_MAX,
  tags: [],
  attributes: {},
  dynamicFields: {},
}) as ListingState;

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

/** Turns the filters of a listing (tags, attributes, dynamic fields) into the flat facet list. */
export function facetsFromFilters(filters: Pick<ListingFilters, 'tags' | 'attributes' | 'dynamicFields'>): Facet[] {
  return [
    ...filters.tags.map((t): Facet => ['tag', '', t]),
    ...Object.entries(filters.attributes).flatMap(([name, { options }]) => options.map((o): Facet => ['attr', name, o.value])),
    ...Object.entries(filters.dynamicFields).flatMap(([name, values]) => values.map((v): Facet => ['field', name, v])),
  ];
}

const facetKey = (kind: FacetKind, name: string, value: string) => `${kind}\u0000${name}\u0000${value}`;

/** Map from facet to its index, for building items and matching selections. */
export function facetIndex(facets: readonly Facet[]): Map<string, number> {
  return new Map(facets.map(([kind, name, value], i) => [facetKey(kind, name, value), i]));
}

/** The facet indexes one product carries (its tags, attribute values and filterable field values). */
export function productFacets(
  product: { tags: readonly string[]; attributes: Record<string, string>; dynamicFields: readonly { fieldName: string; value: string }[] },
  index: Map<string, number>,
): number[] {
  const found = new Set<number>();
  const add = (key: string) => {
    const i = index.get(key);
    if (i !== undefined) found.add(i);
  };
  product.tags.forEach((t) => add(facetKey('tag', '', t)));
  Object.entries(product.attributes).forEach(([name, value]) => add(facetKey('attr', name, value)));
  product.dynamicFields.forEach((f) => add(facetKey('field', f.fieldName, f.value)));
  return [...found].sort((a, b) => a - b);
}

/** Filter groups as the drawer shows them: Tags, then each attribute, then each dynamic field. */
export interface FilterGroup {
  kind: FacetKind;
  /** Attribute or field name; '' for tags. */
  name: string;
  values: string[];
}

/** Groups the facet list for the drawer, keeping the listing's order. */
export function filterGroups(facets: readonly Facet[]): FilterGroup[] {
  const groups = new Map<string, FilterGroup>();
  for (const [kind, name, value] of facets) {
    const key = `${kind}\u0000${name}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { kind, name, values: [] }));
    group.values.push(value);
  }
  return [...groups.values()];
}

/** The values ticked in one group. */
export function selectedIn(state: ListingState, kind: FacetKind, name: string): string[] {
  if (kind === 'tag') return state.tags;
  return (kind === 'attr' ? state.attributes : state.dynamicFields)[name] ?? [];
}

/** Ticks or unticks one value, returning a new state (empty groups are dropped). */
export function toggleValue(state: ListingState, kind: FacetKind, name: string, value: string): ListingState {
  const current = selectedIn(state, kind, name);
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  if (kind === 'tag') return { ...state, tags: next };
  const key = kind === 'attr' ? 'attributes' : 'dynamicFields';
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
    state.tags.length === 0 &&
    Object.keys(state.attributes).length === 0 &&
    Object.keys(state.dynamicFields).length === 0
  );
}

/** Number of ticked values plus one for a narrowed price range (for the Filters button badge). */
export function activeFilterCount(state: ListingState): number {
  const ticked = (groups: Record<string, string[]>) => Object.values(groups).reduce((n, v) => n + v.length, 0);
  const price = state.min !== PRICE_MIN || state.max !== PRICE_MAX ? 1 : 0;
  return state.tags.length + ticked(state.attributes) + ticked(state.dynamicFields) + price;
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
  };
}

/** The items matching the state, in the chosen order. Within a group any ticked value matches; groups combine with AND. */
export function applyListing(data: ListingData, state: ListingState): ListingItem[] {
  const index = facetIndex(data.facets);
  const groups: Set<number>[] = [];
  const addGroup = (kind: FacetKind, name: string, values: readonly string[]) => {
    if (!values.length) return;
    groups.push(new Set(values.map((v) => index.get(facetKey(kind, name, v)) ?? -1)));
  };
  addGroup('tag', '', state.tags);
  Object.entries(state.attributes).forEach(([name, values]) => addGroup('attr', name, values));
  Object.entries(state.dynamicFields).forEach(([name, values]) => addGroup('field', name, values));
  // At the top of the range the bound is open: pieces above ₹1,00,000 are not silently hidden.
  const upper = state.max >= PRICE_MAX ? Infinity : state.max;

  const matching = data.items.filter((item) => {
    const price = unitPrice(item);
    if (price < state.min || price > upper) return false;
    return groups.every((group) => item.facets.some((f) => group.has(f)));
  });
  return sortItems(matching, state.sort);
}

/** Sorts a copy: Latest is newest first; price orders use the price paid (discount price when set). Ties keep listing order. */
export function sortItems<T extends ListingItem>(items: readonly T[], sort: SortKey): T[] {
  const copy = [...items];
  if (sort === 'latest') return copy.sort((a, b) => b.createdAt - a.createdAt);
  const dir = sort === 'price-asc' ? 1 : -1;
  return copy.sort((a, b) => dir * (unitPrice(a) - unitPrice(b)));
}

// ---- URL query ---------------------------------------------------------------------------------
// ?sort=price-asc&min=500&max=5000&tags=gift,minimal&attr.Plating=Rhodium&field.Purity=92.5%25...
// Values are percent-encoded one by one and joined by literal commas, so a value may itself contain a comma.

const ATTR_PREFIX = 'attr.';
const FIELD_PREFIX = 'field.';

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
  if (state.tags.length) parts.push(`tags=${encodeList(state.tags)}`);
  for (const [name, values] of Object.entries(state.attributes)) {
    if (values.length) parts.push(`${encodeURIComponent(ATTR_PREFIX + name)}=${encodeList(values)}`);
  }
  for (const [name, values] of Object.entries(state.dynamicFields)) {
    if (values.length) parts.push(`${encodeURIComponent(FIELD_PREFIX + name)}=${encodeList(values)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Reads a state from a query string ('?a=b' or 'a=b'). Unknown or malformed parts fall back to defaults. */
export function queryToState(search: string): ListingState {
  const state: ListingState = { ...DEFAULT_STATE, tags: [], attributes: {}, dynamicFields: {} };
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
    }
  }
  const range = withPriceGap(min, max, 'min');
  return { ...state, min: range.min, max: range.max };
}
