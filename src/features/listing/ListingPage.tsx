/**
 * The listing island: filter bar (Filters button, result
 * count, sort), the product grid with "Show more", and the filter drawer. The static HTML renders the
 * first page of cards; after hydration the store takes over (URL filters, session restore).
 */
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { formatINR } from '../../shared/money';
import { activeFilterCount, facetLabel, isSortKey, PRICE_MAX, PRICE_MIN, priceView, SORT_OPTIONS } from './filters';
import type { Facet, FacetKind, ListingData, PriceBounds } from './filters';
import { FilterDrawer } from './FilterDrawer';
import { createListingStore } from './listing.store';
import type { ListingEnv, ListingStore } from './listing.store';
import { ProductCard } from '../product-card/ProductCard';
import './listing.css';

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

/** Buttons for the active filters, each removing itself. */
function ActiveFilters({ store, facets, bounds }: { store: ListingStore; facets: readonly Facet[]; bounds: PriceBounds }) {
  const state = useStore(store.$state);
  const chips: { key: string; label: string; remove: () => void }[] = [];
  if (state.min !== PRICE_MIN || state.max !== PRICE_MAX) {
    const { lo, hi } = priceView(state, bounds);
    chips.push({
      key: 'price',
      label:
        state.max === PRICE_MAX
          ? `${formatINR(lo)} and above`
          : state.min === PRICE_MIN
            ? `Up to ${formatINR(hi)}`
            : `${formatINR(lo)} – ${formatINR(hi)}`,
      remove: () => store.setPriceRange(PRICE_MIN, PRICE_MAX, 'max'),
    });
  }
  if (state.inStock) chips.push({ key: 'stock', label: 'In stock only', remove: () => store.toggleInStock() });
  state.tags.forEach((t) =>
    chips.push({ key: `t:${t}`, label: facetLabel(facets, 'tag', '', t), remove: () => store.toggle('tag', '', t) }),
  );
  const named = (kind: FacetKind, groups: Record<string, string[]>) =>
    Object.entries(groups).forEach(([name, values]) =>
      values.forEach((v) =>
        chips.push({
          key: `${kind}:${name}:${v}`,
          label: `${name}: ${facetLabel(facets, kind, name, v)}`,
          remove: () => store.toggle(kind, name, v),
        }),
      ),
    );
  named('size', state.sizes);
  named('attr', state.attributes);
  named('field', state.dynamicFields);
  if (!chips.length) return null;
  return (
    <ul className="chips" aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button type="button" className="chip" onClick={chip.remove} aria-label={`Remove filter ${chip.label}`}>
            {chip.label}
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Renders the listing. */
export function ListingPage({ slug, initial, total, bounds, dataUrl }: ListingPageProps) {
  const [store] = useState(() => createListingStore({ slug, initial, total, bounds, dataUrl }));
  const state = useStore(store.$state);
  const status = useStore(store.$status);
  const results = useStore(store.$results);
  const shown = useStore(store.$shown);
  const count = useStore(store.$count);
  const hasMore = useStore(store.$hasMore);
  const restoreScroll = useStore(store.$restoreScroll);
  const drawerOpen = useStore(store.$drawerOpen);
  const filtersActive = useMemo(() => activeFilterCount(state), [state]);
  const [moreRef, setMoreRef] = useState<HTMLElement | null>(null);

  useEffect(() => store.start(browserEnv()), [store]);

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

  const countText = count === null ? 'Loading...' : `${count} ${count === 1 ? 'product' : 'products'}`;

  return (
    <div className="listing">
      <div className="lbar">
        <button
          type="button"
          className="lbar__filters"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={() => store.openDrawer()}
        >
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

      <ActiveFilters store={store} facets={initial.facets} bounds={bounds} />

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

      <FilterDrawer store={store} facets={initial.facets} bounds={bounds} />
    </div>
  );
}

export default ListingPage;
