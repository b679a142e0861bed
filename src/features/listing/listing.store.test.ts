import { describe, expect, it, vi } from 'vitest';
import { $liveAvailability } from '../availability/availability.store';
import { DEFAULT_STATE, PRICE_MAX, PRICE_MIN, PRICE_ORDER_MESSAGE } from './filters';
import type { Facet, ListingData, ListingItem } from './filters';
import { cacheKey, createListingStore, scrollKey, SESSION_CLEAR_MS } from './listing.store';
import type { ListingEnv } from './listing.store';

const facets: Facet[] = [
  ['tag', '', 'gift'],
  ['attr', 'Plating', 'Rhodium'],
];

function makeItems(n: number): ListingItem[] {
  return Array.from({ length: n }, (_, i) => ({
    _id: (i + 1).toString(16).padStart(24, '0'),
    slug: `p-${i}`,
    name: `P ${i}`,
    price: 500 + i * 100,
    discountPrice: null,
    thumbnail: '',
    stock: 3,
    createdAt: 10_000 - i, // already Latest order
    facets: i % 2 === 0 ? [0] : [1],
  }));
}

const all: ListingData = { items: makeItems(60), facets };

function setup(opts: { search?: string; session?: Record<string, string>; pageSize?: number; fetchFails?: boolean } = {}) {
  const data = new Map(Object.entries(opts.session ?? {}));
  const timers: { fn: () => void; ms: number }[] = [];
  const queries: string[] = [];
  const leave: (() => void)[] = [];
  const fetchData = vi.fn(async () => {
    if (opts.fetchFails) throw new Error('offline');
    return structuredClone(all);
  });
  const env: ListingEnv = {
    search: opts.search ?? '',
    session: { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) },
    fetchData,
    replaceQuery: (q) => void queries.push(q),
    schedule: (fn, ms) => {
      timers.push({ fn, ms });
      return () => {};
    },
    scrollY: () => 1234,
    onLeave: (fn) => (leave.push(fn), () => {}),
  };
  const store = createListingStore({
    slug: 'bridal-edit',
    initial: { items: all.items.slice(0, 24), facets },
    total: all.items.length,
    bounds: { floor: 500, ceil: 6400 },
    dataUrl: '/collections/bridal-edit.json',
    ...(opts.pageSize ? { pageSize: opts.pageSize } : {}),
  });
  return { store, env, data, timers, queries, leave, fetchData };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('listing store', () => {
  it('shows the first page from the static HTML without fetching, counting every product', () => {
    const { store, env, fetchData } = setup();
    store.start(env);
    expect(store.$shown.get()).toHaveLength(24);
    expect(store.$count.get()).toBe(60);
    expect(store.$hasMore.get()).toBe(true);
    expect(fetchData).not.toHaveBeenCalled();
  });

  it('loads the full list when a filter needs it, showing Loading meanwhile', async () => {
    const { store, env, fetchData, queries } = setup();
    store.start(env);
    store.setSort('price-desc');
    expect(store.$status.get()).toBe('loading');
    expect(store.$results.get()).toBeNull();
    await flush();
    expect(fetchData).toHaveBeenCalledOnce();
    expect(store.$status.get()).toBe('loaded');
    expect(store.$shown.get()[0]!.price).toBe(500 + 59 * 100);
    expect(queries.at(-1)).toBe('?sort=price-desc');
  });

  it('restores filters and sort from the URL', async () => {
    const { store, env } = setup({ search: '?tags=gift&sort=price-asc&unknown=1' });
    store.start(env);
    expect(store.$state.get()).toMatchObject({ sort: 'price-asc', tags: ['gift'] });
    await flush();
    expect(store.$count.get()).toBe(30);
    expect(store.$shown.get().every((p) => p.facets.includes(0))).toBe(true);
  });

  it('Reset All restores price 0–100000, no filters, Latest, and closes the drawer; Close only closes', async () => {
    const { store, env, queries } = setup();
    store.start(env);
    store.openDrawer();
    store.toggle('tag', '', 'gift');
    store.setPriceRange(1000, 3000, 'max');
    store.closeDrawer();
    expect(store.$drawerOpen.get()).toBe(false);
    expect(store.$state.get()).toMatchObject({ min: 1000, max: 3000, tags: ['gift'] });
    store.openDrawer();
    store.resetAll();
    expect(store.$drawerOpen.get()).toBe(false);
    expect(store.$state.get()).toEqual(DEFAULT_STATE);
    expect(store.$state.get().max).toBe(PRICE_MAX);
    expect(queries.at(-1)).toBe('');
  });

  it('keeps the price gap when a bound is moved too close', () => {
    const { store, env } = setup();
    store.start(env);
    store.setPriceRange(2950, 3000, 'min');
    expect(store.$state.get()).toMatchObject({ min: 2900, max: 3000 });
  });

  it('"Show more" adds a page, fetching the rest of the list when needed', async () => {
    const { store, env } = setup();
    store.start(env);
    await store.showMore();
    expect(store.$shown.get()).toHaveLength(48);
    await store.showMore();
    expect(store.$shown.get()).toHaveLength(60);
    expect(store.$hasMore.get()).toBe(false);
  });

  it('keeps the first page usable when the list cannot be fetched', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { store, env } = setup({ fetchFails: true });
    store.start(env);
    await store.showMore();
    expect(store.$shown.get()).toHaveLength(24);
    expect(store.$status.get()).toBe('loaded');
    expect(warn).toHaveBeenCalled();
  });

  it('saves scroll and data on leaving, restores them on return, and clears both 5 s after opening', async () => {
    const first = setup();
    first.store.start(first.env);
    await first.store.showMore();
    first.leave.forEach((fn) => fn());
    expect(JSON.parse(first.data.get(scrollKey('bridal-edit'))!)).toEqual({ y: 1234, visible: 48 });
    expect(first.data.has(cacheKey('bridal-edit'))).toBe(true);

    const again = setup({ session: Object.fromEntries(first.data) });
    again.store.start(again.env);
    await flush();
    expect(again.fetchData).not.toHaveBeenCalled(); // served from the session cache
    expect(again.store.$shown.get()).toHaveLength(48);
    expect(again.store.$restoreScroll.get()).toBe(1234);
    again.store.scrollRestored();
    expect(again.store.$restoreScroll.get()).toBeNull();

    const clear = again.timers.find((t) => t.ms === SESSION_CLEAR_MS);
    expect(clear).toBeDefined();
    clear!.fn();
    expect(again.data.has(cacheKey('bridal-edit'))).toBe(false);
    expect(again.data.has(scrollKey('bridal-edit'))).toBe(false);
  });

  it('ignores a cache that no longer matches the listing', async () => {
    const stale = JSON.stringify({ items: all.items.slice(0, 10), facets });
    const { store, env, fetchData } = setup({
      session: { [cacheKey('bridal-edit')]: stale, [scrollKey('bridal-edit')]: '{"y":50,"visible":24}' },
    });
    store.start(env);
    await flush();
    expect(fetchData).not.toHaveBeenCalled();
    expect(store.$count.get()).toBe(60);
    expect(store.$restoreScroll.get()).toBe(50);
  });

  it('a typed max below min is refused with the message and changes neither the range nor the results', async () => {
    const { store, env } = setup();
    store.start(env);
    expect(store.typePrice('min', '2000')).toBeNull();
    await flush();
    const before = store.$results.get();
    expect(store.typePrice('max', '1500')).toBe(PRICE_ORDER_MESSAGE);
    expect(store.$state.get()).toMatchObject({ min: 2000, max: PRICE_MAX });
    expect(store.$results.get()).toBe(before);
  });

  it('keeps a refused price and its message in the store until the filters change: Reset All clears both', async () => {
    const { store, env } = setup();
    store.start(env);
    store.openDrawer();
    store.typePrice('min', '2000');
    store.editPrice('max', '1500');
    expect(store.$priceDrafts.get()).toEqual({ min: null, max: '1500' });
    expect(store.typePrice('max', '1500')).toBe(PRICE_ORDER_MESSAGE);
    expect(store.$priceMessage.get()).toBe(PRICE_ORDER_MESSAGE);
    expect(store.$priceDrafts.get()).toEqual({ min: null, max: '1500' });
    store.resetAll();
    store.openDrawer();
    expect(store.$priceMessage.get()).toBeNull();
    expect(store.$priceDrafts.get()).toEqual({ min: null, max: null });
  });

  it('clears a refused price and its message when the price chip is removed or another filter changes', () => {
    const { store, env } = setup();
    store.start(env);
    store.typePrice('min', '2000');
    store.typePrice('max', '1500');
    store.setPriceRange(PRICE_MIN, PRICE_MAX, 'max'); // the chip's remove
    expect(store.$priceMessage.get()).toBeNull();
    expect(store.$priceDrafts.get()).toEqual({ min: null, max: null });
    store.typePrice('min', '2000');
    store.typePrice('max', '1500');
    store.toggle('tag', '', 'gift');
    expect(store.$priceMessage.get()).toBeNull();
  });

  it('accepts a typed min near the top of the span when no max is set', () => {
    const { store, env, queries } = setup();
    store.start(env);
    // The span is ₹500–₹6,400 and the max is open: 6350 is not "too close" to a max the shopper never set.
    expect(store.typePrice('min', '6350')).toBeNull();
    expect(store.$priceMessage.get()).toBeNull();
    expect(store.$state.get()).toMatchObject({ min: 6350, max: PRICE_MAX });
    expect(queries.at(-1)).toBe('?min=6350');
  });

  it("reads a link's max beyond the span as no limit and cleans it out of the URL", () => {
    const { store, env, queries } = setup({ search: '?max=20000' });
    store.start(env);
    expect(store.$state.get()).toEqual(DEFAULT_STATE);
    expect(queries.at(-1)).toBe('');
    const other = setup({ search: '?tags=gift&max=20000' });
    other.store.start(other.env);
    expect(other.store.$state.get()).toMatchObject({ tags: ['gift'], max: PRICE_MAX });
    expect(other.queries.at(-1)).toBe('?tags=gift');
  });

  it('a slider handle at the end of the span means no limit there', () => {
    const { store, env, queries } = setup();
    store.start(env);
    store.setPriceRange(500, 3000, 'max');
    expect(store.$state.get()).toMatchObject({ min: PRICE_MIN, max: 3000 });
    store.setPriceRange(1000, 6400, 'min');
    expect(store.$state.get()).toMatchObject({ min: 1000, max: PRICE_MAX });
    expect(queries.at(-1)).toBe('?min=1000');
  });

  it('In stock only lives in the URL and follows live stock', async () => {
    const { store, env, queries } = setup();
    store.start(env);
    store.toggleInStock();
    await flush();
    expect(queries.at(-1)).toBe('?instock=1');
    expect(store.$count.get()).toBe(60);
    const first = all.items[0]!;
    $liveAvailability.setKey(first._id, { _id: first._id, price: first.price, discountPrice: null, stock: 0, sizes: null });
    expect(store.$count.get()).toBe(59);
    store.toggleInStock();
    expect(store.$count.get()).toBe(60);
  });
});
