/**
 * The listing island: filter bar (Filters button, result
 * count, sort), the product grid with "Show more", and the filter drawer. The static HTML renders the
 * first page of cards; after hydration the store takes over (URL filters, session restore).
 */
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { activeFilterCount, isSortKey, SORT_OPTIONS } from './filters';
import type { ListingData, PriceBounds } from './filters';
import { lazyPart } from '../../components/ui/lazy-part';
import { createListingStore } from './listing.store';
import { VIEW_PENDING_ATTRIBUTE } from '@shared/view-pending';
import type { ListingEnv, ListingStore } from './listing.store';
import type { FilterDrawerProps } from './FilterDrawer';
import type { ActiveFiltersProps } from './ActiveFilters';
import { ProductCard } from '../product-card/ProductCard';
import './listing.css';
// The filter drawer's sections; the drawer's code is fetched apart, its styles are the page's (astro.config.mjs).
import '../../components/ui/disclosure.css';

/** Props of ListingPage (all serialisable: the page passes them at build time). */
export interface ListingPageProps {
  slug: string;
  /** First page of items and every facet. */
  initial: ListingData;
  total: number;
  /** The price slider's span over the listing's prices. */
  bounds: PriceBounds;
  /** Static JSON with every item, or null when `initial` holds them all. */
  dataUrl: string | null;
}

/** The filter drawer's code (a fifth of the listing's) is fetched apart: nobody sees it before tapping Filters. */
const filterDrawer = lazyPart<FilterDrawerProps>(() => import('./FilterDrawer').then((m) => m.FilterDrawer));

/** The active filters' buttons are fetched apart too: a listing opened without filters never shows them. */
const activeFilters = lazyPart<ActiveFiltersProps>(() => import('./ActiveFilters').then((m) => m.ActiveFilters));

/** sessionStorage, or null where the browser blocks it (touching it then throws). */
function openSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Wires the store to this browser tab: URL, sessionStorage, fetch, timers, scroll and pagehide. */
function browserEnv(): ListingEnv {
  let pendingQuery: ReturnType<typeof setTimeout> | undefined;
  return {
    search: window.location.search,
    session: openSessionStorage(),
    fetchData: async (url) => {
      const response = await fetch(url, { headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.json() as Promise<unknown>;
    },
    // Debounced: dragging a price slider would otherwise rewrite the URL dozens of times a second.
    replaceQuery: (query) => {
      clearTimeout(pendingQuery);
      pendingQuery = setTimeout(() => {
        const url = `${window.location.pathname}${query}${window.location.hash}`;
        window.history.replaceState(window.history.state, '', url);
      }, 200);
    },
    schedule: (fn, ms) => {
      const id = setTimeout(fn, ms);
      return () => clearTimeout(id);
    },
    scrollY: () => window.scrollY,
    onLeave: (fn) => {
      window.addEventListener('pagehide', fn);
      return () => window.removeEventListener('pagehide', fn);
    },
  };
}

/**
 * The bar over the grid: Filters (with how many are on), the result count and Sort by. A component of its own, so
 * opening the drawer or typing a price re-renders the bar, not the grid of cards (a tap's answer on a slow phone).
 */
function FilterBar({ store }: { store: ListingStore }) {
  const state = useStore(store.$state);
  const drawerOpen = useStore(store.$drawerOpen);
  const count = useStore(store.$count);
  const filtersActive = useMemo(() => activeFilterCount(state), [state]);
  const countText = count === null ? 'Loading...' : `${count} ${count === 1 ? 'product' : 'products'}`;
  return (
    <div className="lbar">
      <button type="button" className="lbar__filters" aria-haspopup="dialog" aria-expanded={drawerOpen} onClick={() => store.openDrawer()}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
          <circle cx="16" cy="6" r="2" />
          <circle cx="10" cy="12" r="2" />
          <circle cx="18" cy="18" r="2" />
        </svg>
        Filters
        {filtersActive > 0 && (
          <span className="lbar__badge">
            {filtersActive}
            <span className="visually-hidden"> active</span>
          </span>
        )}
      </button>
      <p className="lbar__count" role="status">
        {countText}
      </p>
      <label className="lbar__sort">
        <span className="lbar__sort-label">Sort by</span>
        <select
          value={state.sort}
          onChange={(e) => {
            if (isSortKey(e.target.value)) store.setSort(e.target.value);
          }}
        >
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** The filter drawer, once its code is here (fetched on engagement, or when Filters is tapped). */
function FilterDrawerSlot(props: FilterDrawerProps) {
  filterDrawer.useLoaded(useStore(props.store.$drawerOpen));
  return <filterDrawer.Part {...props} />;
}

/** The active filters' buttons, once their code is here (fetched when a filter is first on). */
function ActiveFiltersSlot(props: ActiveFiltersProps) {
  const state = useStore(props.store.$state);
  activeFilters.useLoaded(activeFilterCount(state) > 0);
  return <activeFilters.Part {...props} />;
}

/** Renders the listing. */
export function ListingPage({ slug, initial, total, bounds, dataUrl }: ListingPageProps) {
  const [store] = useState(() => createListingStore({ slug, initial, total, bounds, dataUrl }));
  const status = useStore(store.$status);
  const results = useStore(store.$results);
  const shown = useStore(store.$shown);
  const count = useStore(store.$count);
  const hasMore = useStore(store.$hasMore);
  const restoreScroll = useStore(store.$restoreScroll);
  const [moreRef, setMoreRef] = useState<HTMLElement | null>(null);

  useEffect(() => {
    const stop = store.start(browserEnv());
    // The view the address asks for is rendered now (or Loading... while its list is fetched), so the static cards'
    // stand-in ends (linked-view-script.ts): React flushes the store's change in this same task, before a paint.
    document.documentElement.removeAttribute(VIEW_PENDING_ATTRIBUTE);
    return stop;
  }, [store]);

  // Restore the saved scroll position once the cards it refers to are on the page.
  useEffect(() => {
    if (restoreScroll === null || results === null) return;
    const frame = requestAnimationFrame(() => {
      window.scrollTo({ top: restoreScroll, behavior: 'instant' });
      store.scrollRestored();
    });
    return () => cancelAnimationFrame(frame);
  }, [restoreScroll, results, store]);

  // Fetch the rest of the list a little before the shopper reaches "Show more", so it opens instantly.
  useEffect(() => {
    if (!moreRef || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void store.prefetch(), {
      rootMargin: '800px 0px',
    });
    observer.observe(moreRef);
    return () => observer.disconnect();
  }, [moreRef, store]);

  return (
    <div className="listing">
      <FilterBar store={store} />

      <ActiveFiltersSlot store={store} facets={initial.facets} bounds={bounds} />

      {results === null ? (
        <p className="listing__loading">Loading...</p>
      ) : results.length === 0 ? (
        <div className="listing__empty">
          <p>No products match these filters.</p>
          <button type="button" className="btn btn--outline" onClick={() => store.resetAll()}>
            Reset All
          </button>
        </div>
      ) : (
        <ul className="lgrid" aria-label="Products" onClickCapture={() => store.saveForReturn()}>
          {shown.map((product, i) => (
            <li key={product._id} className="lgrid__item">
              <ProductCard product={product} guardStock priority={i < 2} eager={i < 4} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}

      {results !== null && (hasMore || status === 'loading') && (
        <div className="listing__more" ref={setMoreRef}>
          {count !== null && (
            <p className="listing__progress">
              Showing {shown.length} of {count}
            </p>
          )}
          {status === 'loading' ? (
            <p className="listing__loading">Loading...</p>
          ) : (
            <button type="button" className="btn btn--outline" onClick={() => void store.showMore()}>
              Show more
            </button>
          )}
        </div>
      )}

      <FilterDrawerSlot store={store} facets={initial.facets} bounds={bounds} />
    </div>
  );
}

export default ListingPage;
