/**
 * State of one listing page: the products known so far, the shopper's
 * sort and filters (mirrored in the URL query), "Show more" paging, the filter drawer, and the
 * session cache and scroll position per slug that are cleared 5 seconds after the page opens.
 *
 * The static page carries only the first page of cards; the full compact list is a static JSON file
 * fetched when the shopper needs it (filters, another sort, "Show more"), so a 10,000-product
 * listing stays a small page. One store per island (createListingStore), never a module singleton:
 * the build renders many listings in one process.
 */
import { atom, computed } from 'nanostores';
import type { ReadableAtom, WritableAtom } from 'nanostores';
import { $liveAvailability, requestAvailability } from '../availability/availability.store';
import {
  applyListing,
  DEFAULT_STATE,
  isDefaultState,
  openEnds,
  PAGE_SIZE,
  queryToState,
  sanitizeState,
  stateToQuery,
  toggleValue,
  typedRange,
  withPriceGap,
} from './filters';
import type { FacetKind, ListingData, ListingItem, ListingState, PriceBounds, SortKey } from './filters';

/** Delay after opening the page before the slug's cached data and saved scroll position are cleared. */
export const SESSION_CLEAR_MS = 5000;

/** Largest cached list kept in sessionStorage (characters); bigger lists are simply fetched again. */
export const MAX_CACHE_CHARS = 1_500_000;

/** sessionStorage key of a listing's cached product data. */
export const cacheKey = (slug: string) => `listing-cache:${slug}`;
/** sessionStorage key of a listing's saved scroll position (and how many cards were shown). */
export const scrollKey = (slug: string) => `listing-scroll:${slug}`;

/** What the page hands the island at build time. */
export interface ListingInit {
  slug: string;
  /** The first page of items (Latest order) and every facet of the listing. */
  initial: ListingData;
  /** Number of products on the listing. */
  total: number;
  /** The price slider's span: the listing's prices rounded out to ₹100 (computed at build time). */
  bounds: PriceBounds;
  /** Static JSON with every item of the listing; null when `initial` already holds them all. */
  dataUrl: string | null;
  pageSize?: number;
}

/** Loading while the full list is being fetched; loaded otherwise. */
export type ListingStatus = 'loading' | 'loaded';

/** Per price end: what the shopper is typing; null shows the applied value (so a corrected value always shows). */
export interface PriceDrafts {
  min: string | null;
  max: string | null;
}

const NO_DRAFTS: PriceDrafts = Object.freeze({ min: null, max: null }) as PriceDrafts;

/** What the store needs from the browser (fakes in tests). */
export interface ListingEnv {
  /** location.search at start. */
  search: string;
  session: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  fetchData(url: string): Promise<unknown>;
  /** Writes the query (with '?', or '') into the address bar without navigating. */
  replaceQuery(query: string): void;
  schedule(fn: () => void, ms: number): () => void;
  scrollY(): number;
  /** Registers a callback for when the page is left (pagehide); returns an unsubscribe. */
  onLeave(fn: () => void): () => void;
}

interface SavedScroll {
  y: number;
  visible: number;
}

/** Checks fetched or cached data before trusting it. */
export function isListingData(value: unknown): value is ListingData {
  if (typeof value !== 'object' || value === null) return false;
  const { items, facets } = value as Partial<ListingData>;
  return (
    Array.isArray(items) &&
    Array.isArray(facets) &&
    items.every((i: Partial<ListingItem>) => typeof i?._id === 'string' && typeof i.price === 'number' && Array.isArray(i.facets))
  );
}

function readJson(session: ListingEnv['session'], key: string): unknown {
  try {
    const raw = session?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function writeRaw(session: ListingEnv['session'], key: string, value: string): void {
  try {
    session?.setItem(key, value);
  } catch {
    // Quota exceeded or storage blocked: the cache is an optimisation only.
  }
}

function remove(session: ListingEnv['session'], key: string): void {
  try {
    session?.removeItem(key);
  } catch {
    // Blocked storage: nothing was saved either.
  }
}

/** The listing's stores and actions. */
export interface ListingStore {
  $state: ReadableAtom<ListingState>;
  $status: ReadableAtom<ListingStatus>;
  /** Items matching the state in order; null while the full list is needed but not here yet. */
  $results: ReadableAtom<ListingItem[] | null>;
  /** The cards to render now. */
  $shown: ReadableAtom<ListingItem[]>;
  /** Number of matching products; null while unknown. */
  $count: ReadableAtom<number | null>;
  $hasMore: ReadableAtom<boolean>;
  $drawerOpen: ReadableAtom<boolean>;
  /** A scroll position to restore once the cards are rendered; null when none. */
  $restoreScroll: ReadableAtom<number | null>;
  /** Why the last typed price was refused; null when none. Cleared by any change of the filters. */
  $priceMessage: ReadableAtom<string | null>;
  /** The price boxes' text while typed (a refused value stays, beside the message); cleared with the message. */
  $priceDrafts: ReadableAtom<PriceDrafts>;
  setSort(sort: SortKey): void;
  /** Sets the range from the slider (the moved end gives way to keep 100 apart); an end at the span's edge is open. */
  setPriceRange(min: number, max: number, changed: 'min' | 'max'): void;
  /** Records what the shopper is typing in one price box (applied later by typePrice). */
  editPrice(bound: 'min' | 'max', raw: string): void;
  /**
   * Applies a typed price; when min and max would be under 100 apart the range is unchanged, the value stays as a
   * draft and the message is set in $priceMessage (and returned).
   */
  typePrice(bound: 'min' | 'max', raw: string): string | null;
  toggle(kind: FacetKind, name: string, value: string): void;
  /** Turns In stock only on or off. */
  toggleInStock(): void;
  /** No price limit, nothing ticked, Latest, and the drawer closed. */
  resetAll(): void;
  openDrawer(): void;
  /** Only closes the drawer; filters stay as they are. */
  closeDrawer(): void;
  showMore(): Promise<void>;
  /** Fetches the full list now (e.g. when "Show more" comes near); safe to call repeatedly. */
  prefetch(): Promise<void>;
  /** Saves scroll position and data for a return visit (on leaving and on card clicks). */
  saveForReturn(): void;
  scrollRestored(): void;
  /** Starts browser behaviour: URL state, session restore, 5 s clearing timer. Returns a cleanup. */
  start(env: ListingEnv): () => void;
}

/** Creates the store for one listing island. */
export function createListingStore(init: ListingInit): ListingStore {
  const pageSize = init.pageSize ?? PAGE_SIZE;
  const $data = atom<ListingData>(init.initial);
  const $complete = atom(init.dataUrl === null || init.initial.items.length >= init.total);
  const $state: WritableAtom<ListingState> = atom(DEFAULT_STATE);
  const $status = atom<ListingStatus>('loaded');
  const $visible = atom(pageSize);
  const $drawerOpen = atom(false);
  const $restoreScroll = atom<number | null>(null);
  // In the store, not the drawer's component state: Reset All, a removed chip or any other change must clear a
  // refused value and its message, or the drawer reopens showing a price and a warning that no longer apply.
  const $priceMessage = atom<string | null>(null);
  const $priceDrafts = atom<PriceDrafts>(NO_DRAFTS);
  let env: ListingEnv | null = null;
  let loading: Promise<void> | null = null;

  // Live stock matters only to In stock only; null otherwise, so cards' own refreshes do not re-filter the grid.
  const $live = computed([$state, $liveAvailability], (state, live) => (state.inStock ? live : null));
  const $results = computed([$data, $complete, $state, $live], (data, complete, state, live) =>
    // Without the full list only the default view (first page, Latest) can be shown truthfully.
    complete || isDefaultState(state) ? applyListing(data, state, live ?? {}) : null,
  );
  const $count = computed([$results, $complete, $state], (results, complete, state) =>
    complete ? (results?.length ?? null) : isDefaultState(state) ? init.total : null,
  );
  const $shown = computed([$results, $visible], (results, visible) => (results ?? []).slice(0, visible));
  const $hasMore = computed([$count, $visible], (count, visible) => count !== null && visible < count);

  const adoptData = (data: ListingData) => {
    $data.set(data);
    $complete.set(true);
  };

  const prefetch = (): Promise<void> => {
    if ($complete.get() || !init.dataUrl || !env) return Promise.resolve();
    if (loading) return loading;
    const current = env;
    $status.set('loading');
    loading = current
      .fetchData(init.dataUrl)
      .then((data) => {
        if (!isListingData(data)) throw new Error('unexpected listing data');
        adoptData(data);
        const json = JSON.stringify(data);
        if (json.length <= MAX_CACHE_CHARS) writeRaw(current.session, cacheKey(init.slug), json);
      })
      .catch((error: unknown) => {
        // A failed product fetch is only logged, never shown; the first page stays usable.
        console.warn('[listing] Could not load the product list.', error);
      })
      .finally(() => {
        $status.set('loaded');
        loading = null;
      });
    return loading;
  };

  const saveForReturn = () => {
    if (!env) return;
    writeRaw(
      env.session,
      scrollKey(init.slug),
      JSON.stringify({ y: Math.round(env.scrollY()), visible: $visible.get() } satisfies SavedScroll),
    );
    if ($complete.get() && init.dataUrl) {
      const json = JSON.stringify($data.get());
      if (json.length <= MAX_CACHE_CHARS) writeRaw(env.session, cacheKey(init.slug), json);
    }
  };

  // In stock only asks for the live stock of every piece on the listing (the page was built before the latest
  // orders); cards ask only for their own. Requests are deduplicated and batched by the availability store.
  const wantLiveStock = () => {
    if (!$state.get().inStock) return;
    void prefetch().then(() => requestAvailability($data.get().items.map((i) => i._id)));
  };

  const clearPriceInput = () => {
    $priceMessage.set(null);
    $priceDrafts.set(NO_DRAFTS);
  };

  const setState = (next: ListingState) => {
    clearPriceInput();
    $state.set(next);
    $visible.set(pageSize);
    env?.replaceQuery(stateToQuery(next));
    if (!isDefaultState(next)) void prefetch();
    wantLiveStock();
  };

  return {
    $state,
    $status,
    $results,
    $shown,
    $count,
    $hasMore,
    $drawerOpen,
    $restoreScroll,
    $priceMessage,
    $priceDrafts,
    setSort: (sort) => setState({ ...$state.get(), sort }),
    setPriceRange: (min, max, changed) => setState({ ...$state.get(), ...openEnds(withPriceGap(min, max, changed), init.bounds) }),
    editPrice: (bound, raw) => $priceDrafts.set({ ...$priceDrafts.get(), [bound]: raw }),
    typePrice(bound, raw) {
      const range = typedRange($state.get(), init.bounds, bound, raw);
      if ('error' in range) {
        $priceDrafts.set({ ...$priceDrafts.get(), [bound]: raw });
        $priceMessage.set(range.error);
        return range.error;
      }
      setState({ ...$state.get(), ...range });
      return null;
    },
    toggle: (kind, name, value) => setState(toggleValue($state.get(), kind, name, value)),
    toggleInStock: () => setState({ ...$state.get(), inStock: !$state.get().inStock }),
    resetAll() {
      setState(DEFAULT_STATE);
      $drawerOpen.set(false);
    },
    openDrawer() {
      $drawerOpen.set(true);
      void prefetch(); // The shopper is about to filter: start fetching the full list now.
    },
    closeDrawer: () => $drawerOpen.set(false),
    async showMore() {
      const wanted = $visible.get() + pageSize;
      if (!$complete.get() && wanted > ($results.get()?.length ?? 0)) await prefetch();
      $visible.set(wanted);
    },
    prefetch,
    saveForReturn,
    scrollRestored: () => $restoreScroll.set(null),
    start(browser) {
      env = browser;
      const cached = readJson(browser.session, cacheKey(init.slug));
      if (!$complete.get() && isListingData(cached) && cached.items.length === init.total) adoptData(cached);
      const saved = readJson(browser.session, scrollKey(init.slug)) as Partial<SavedScroll> | null;

      // 5 s after opening, this slug's cached list and saved scroll position (read above) are removed;
      // leaving the page saves them afresh, so only a return from this visit restores them.
      const cancelClear = browser.schedule(() => {
        remove(browser.session, cacheKey(init.slug));
        remove(browser.session, scrollKey(init.slug));
      }, SESSION_CLEAR_MS);

      const asLinked = queryToState(browser.search);
      // Prices at or past the span's ends read as no limit, as the slider sets them, so ?max=20000 on a ₹9,500
      // listing is not a filter (no badge count, no 'Up to ₹9,500' chip).
      const fromUrl = sanitizeState(queryToState(browser.search, init.bounds), $data.get().facets);
      if (!isDefaultState(fromUrl)) {
        clearPriceInput();
        $state.set(fromUrl);
      }
      // Rewrite a hand-edited link in canonical form (stale values dropped, open ends left out), including one that
      // turns out to ask for nothing.
      if (!isDefaultState(asLinked)) browser.replaceQuery(stateToQuery(fromUrl));
      wantLiveStock();
      const wantsAll = !isDefaultState(fromUrl) || (typeof saved?.visible === 'number' && saved.visible > pageSize);
      const ready = wantsAll ? prefetch() : Promise.resolve();
      if (saved && typeof saved.y === 'number' && Number.isFinite(saved.y)) {
        const { y } = saved;
        const visible = typeof saved.visible === 'number' && saved.visible > 0 ? Math.floor(saved.visible) : pageSize;
        void ready.then(() => {
          $visible.set(Math.max(pageSize, visible));
          $restoreScroll.set(y);
        });
      }
      const offLeave = browser.onLeave(saveForReturn);
      return () => {
        cancelClear();
        offLeave();
        env = null;
      };
    },
  };
}
