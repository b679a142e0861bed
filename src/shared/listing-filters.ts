/**
 * Filters from the data: which filter groups a listing offers and the span of its price slider, derived
 * from the products actually on it. Run at build time (listing-data.ts) so the browser receives finished
 * groups as props instead of the code that makes them; the facet shapes are shared with the listing island.
 * Pure: imports only other shared modules.
 */
import { gramsAsG, sentenceCase } from './labels';
import { unitPrice } from './price';

/** Kind of a filter value: a tag, an attribute value, a dynamic-field value, or a size. */
export type FacetKind = 'tag' | 'attr' | 'field' | 'size';

/**
 * One filterable value: [kind, group name ('' for tags), value, label when it differs from the value].
 * Products refer to facets by index. A numeric field's value is a range key ('3-5', '-3', '10-').
 */
export type Facet = [kind: FacetKind, name: string, value: string, label?: string];

/** The price slider's span: the listing's lowest price rounded down and highest rounded up to ₹100. */
export interface PriceBounds {
  floor: number;
  ceil: number;
}

/** What the slider steps by and what its ends are rounded to. */
const PRICE_STEP = 100;

/** Longest value offered as a filter option; longer ones are descriptions, not choices. */
const LABEL_MAX = 30;

/** A product as the filter derivation reads it (a catalogue Product fits). */
export interface FilterableProduct {
  price: number;
  discountPrice: number | null;
  tags: readonly string[];
  attributes: Record<string, string>;
  dynamicFields: readonly { fieldName: string; value: string }[];
  sizes: { name: string; values: readonly { value: string; price: number; discountPrice: number | null; stock: number }[] } | null;
}

/** One size of a listing item: [value, stock, price paid]. Kept as a tuple: a listing carries hundreds. */
export type ItemSize = [value: string, stock: number, price: number];

/** The prices a product can be bought at: each size's (discount price when set) or, without sizes, its own. */
export function productPrices(p: Pick<FilterableProduct, 'price' | 'discountPrice' | 'sizes'>): number[] {
  const sized = p.sizes?.values.map(unitPrice) ?? [];
  return sized.length ? sized : [unitPrice(p)];
}

/** The slider's span over these prices: floor rounded down, ceiling up, to ₹100, and at least ₹100 wide. */
export function priceBounds(prices: readonly number[]): PriceBounds {
  if (!prices.length) return { floor: 0, ceil: PRICE_STEP };
  const floor = Math.floor(Math.min(...prices) / PRICE_STEP) * PRICE_STEP;
  const ceil = Math.max(Math.ceil(Math.max(...prices) / PRICE_STEP) * PRICE_STEP, floor + PRICE_STEP);
  return { floor, ceil };
}

/** Whether a value reads as a choice: short, and not a sentence or a list of clauses ('Push back; 4 cm drop'). */
export function isShortLabel(value: string): boolean {
  return value.length > 0 && value.length <= LABEL_MAX && !/[;:!?]|[.,]\s/.test(value);
}

/** A measured value such as '4.1 g' or '18 in': its number and unit; null for anything else. */
export function parseMeasure(value: string): { n: number; unit: string } | null {
  const m = /^(\d+(?:\.\d+)?)\s*([a-zA-Z]{1,6})?$/.exec(value.trim());
  return m ? { n: Number(m[1]), unit: m[2] ?? '' } : null;
}

const NICE = [1, 2, 3, 5];

/** The 'nice' number (1, 2, 3 or 5 times a power of ten) closest to n on a log scale. */
function nice(n: number): number {
  const power = 10 ** Math.floor(Math.log10(n));
  const candidates = [...NICE.map((k) => k * power), 10 * power];
  return candidates.reduce((best, c) => (Math.abs(Math.log(c / n)) < Math.abs(Math.log(best / n)) ? c : best));
}

/**
 * Range edges for numeric values: the quartiles snapped to nice numbers, kept only where they split the values
 * (some below, some at or above), so every range holds products and shoppers read round figures (under 3 g, 3–5 g).
 */
export function bucketEdges(values: readonly number[]): number[] {
  const sorted = [...values].filter((v) => v > 0).sort((a, b) => a - b);
  if (sorted.length < 2) return [];
  const lo = sorted[0]!;
  const hi = sorted.at(-1)!;
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const edges = new Set([0.25, 0.5, 0.75].map((q) => nice(at(q))).filter((e) => e > lo && e <= hi));
  return [...edges].sort((a, b) => a - b);
}

/** The range key of a value between edges: '-3' (under 3), '3-5', '10-' (10 and over). */
export function bucketKey(n: number, edges: readonly number[]): string {
  const i = edges.findIndex((e) => n < e);
  if (i === 0) return `-${edges[0]}`;
  if (i === -1) return `${edges.at(-1)}-`;
  return `${edges[i - 1]}-${edges[i]}`;
}

/** How a range key reads: 'Under 3 g', '3–5 g', '10 g and over'. */
export function bucketLabel(key: string, unit: string): string {
  const [from, to] = key.split('-');
  const u = unit ? ` ${unit}` : '';
  if (!from) return `Under ${to}${u}`;
  if (!to) return `${from}${u} and over`;
  return `${from}–${to}${u}`;
}

/**
 * How a value reads in the filters, worked out here at build time so the browser only shows it: in sentence case,
 * as a shopper writes it ('Rose Gold Plated' -> 'Rose gold plated'), a tag spaced ('daily-wear' -> 'Daily wear');
 * sizes as they are.
 */
export function optionLabel(kind: FacetKind, value: string): string {
  if (kind === 'size') return value;
  return sentenceCase(kind === 'tag' ? value.replace(/[-_]+/g, ' ').trim() : value);
}

const byNumber = (a: string, b: string) => a.localeCompare(b, 'en-IN', { numeric: true });
const rangeStart = (key: string) => (key.startsWith('-') ? -Infinity : Number(key.split('-')[0]));

/** The facets a listing offers and, for each product (same order), the indexes of the facets it carries. */
interface ListingFacets {
  facets: Facet[];
  productFacets: number[][];
}

/**
 * Filter groups from the products on a listing: tags, attributes, fields and sizes (one group per size option's
 * name, values ordered as numbers so 2.8 comes before 2.10 and 9 before 12). Numeric fields such as weight become
 * ranges; long values are left out (the whole group when most of its values are long); a group is offered only
 * when ticking it can narrow the grid (two or more values, or one value that not every product has).
 */
export function listingFacets(products: readonly FilterableProduct[]): ListingFacets {
  // kind+name -> value -> the indexes of the products carrying it
  const groups = new Map<string, { kind: FacetKind; name: string; values: Map<string, Set<number>> }>();
  const add = (kind: FacetKind, name: string, value: string, i: number) => {
    const key = `${kind}\u0000${name}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { kind, name, values: new Map() }));
    let set = group.values.get(value);
    if (!set) group.values.set(value, (set = new Set()));
    set.add(i);
  };
  products.forEach((p, i) => {
    p.tags.forEach((t) => add('tag', '', t, i));
    // Groups named in sentence case ('Stone colour'): the name is what the drawer and chips show (and the URL's key).
    // '4 gm' and '4.2 g' are one unit: values as a shopper writes them, so weights still group into ranges.
    Object.entries(p.attributes).forEach(([name, value]) => add('attr', sentenceCase(name), gramsAsG(value), i));
    p.dynamicFields.forEach((f) => add('field', sentenceCase(f.fieldName), gramsAsG(f.value), i));
    p.sizes?.values.forEach((s) => add('size', p.sizes!.name || 'Size', s.value, i));
  });

  const facets: Facet[] = [];
  const productFacets: number[][] = products.map(() => []);
  const order: FacetKind[] = ['size', 'tag', 'attr', 'field'];
  const sortedGroups = [...groups.values()].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  for (const { kind, name, values } of sortedGroups) {
    let options: [value: string, label: string | undefined, products: Set<number>][];
    const measures = [...values.keys()].map(parseMeasure);
    const unit = measures[0]?.unit;
    const numeric = kind !== 'tag' && kind !== 'size' && values.size > 1 && measures.every((m) => m !== null && m.unit === unit);
    if (numeric) {
      const edges = bucketEdges([...values].flatMap(([v, set]) => Array<number>(set.size).fill(parseMeasure(v)!.n)));
      // Values too close to split at a round figure: one range would hold every product, so no group.
      if (!edges.length) continue;
      const buckets = new Map<string, Set<number>>();
      for (const [v, set] of values) {
        const key = bucketKey(parseMeasure(v)!.n, edges);
        buckets.set(key, new Set([...(buckets.get(key) ?? []), ...set]));
      }
      options = [...buckets]
        .sort(([a], [b]) => rangeStart(a) - rangeStart(b))
        .map(([key, set]) => [key, bucketLabel(key, unit ?? ''), set]);
    } else {
      const short = [...values.keys()].filter(isShortLabel).length;
      // Mostly long values: a free-text field (care notes, fit described in words); its few short values would
      // offer a partial, misleading choice, so the whole group is left out.
      if (kind !== 'size' && short * 2 < values.size) continue;
      options = [...values]
        .filter(([v]) => kind === 'size' || isShortLabel(v))
        .sort(([a], [b]) => byNumber(a, b))
        .map(([v, set]) => {
          const label = optionLabel(kind, v);
          return [v, label === v ? undefined : label, set];
        });
    }
    if (!options.length || (options.length === 1 && options[0]![2].size === products.length)) continue;
    for (const [value, label, set] of options) {
      const index = facets.push(label === undefined ? [kind, name, value] : [kind, name, value, label]) - 1;
      set.forEach((i) => productFacets[i]!.push(index));
    }
  }
  return { facets, productFacets };
}

/** A listing item's sizes as the browser filters them, or undefined for a product sold as one piece. */
export function itemSizes(p: Pick<FilterableProduct, 'sizes'>): ItemSize[] | undefined {
  return p.sizes?.values.map((s): ItemSize => [s.value, s.stock, unitPrice(s)]);
}
