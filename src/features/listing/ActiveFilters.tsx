/**
 * The listing's active filters as buttons under the filter bar ('Up to ₹2,000', 'Stone colour: Red'), each
 * removing its filter. Fetched apart from the listing (ListingPage.tsx): a listing opened without filters
 * never shows them.
 */
import { useStore } from '@nanostores/react';
import { formatINR } from '@shared/money';
import { facetLabel, PRICE_MAX, PRICE_MIN, priceView } from './filters';
import type { Facet, FacetKind, PriceBounds } from './filters';
import type { ListingStore } from './listing.store';

/** Props of ActiveFilters. */
export interface ActiveFiltersProps {
  store: ListingStore;
  facets: readonly Facet[];
  bounds: PriceBounds;
}

/** Buttons for the active filters, each removing itself; nothing when no filter is on. */
export function ActiveFilters({ store, facets, bounds }: ActiveFiltersProps) {
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
