/**
 * The filter drawer: price (a slider over the listing's own prices), In stock only, sizes, tags, each
 * attribute and each dynamic field, in sections that expand and collapse; Reset All and Close. A native modal <dialog>: the page behind
 * is inert, Escape closes, and focus returns to the Filters button; Tab is also wrapped by hand so
 * focus never leaves the drawer for the browser chrome.
 */
import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Disclosure } from '../../components/ui/Disclosure';
import { formatINR } from '@shared/money';
import { filterGroups, PRICE_GAP, priceView, selectedIn } from './filters';
import type { Facet, FilterGroup, PriceBounds } from './filters';
import type { ListingStore } from './listing.store';

/** Props of FilterDrawer. */
export interface FilterDrawerProps {
  store: ListingStore;
  facets: readonly Facet[];
  bounds: PriceBounds;
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

function groupTitle(group: FilterGroup): string {
  return group.kind === 'tag' ? 'Tags' : group.name;
}

/**
 * Min/max inputs and two range sliders over the listing's own span (every position is a price someone pays).
 * Typed values are applied on blur or Enter (whole numbers only); a max under min + 100 is refused with a message.
 * The typed text and the message live in the store, so Reset All or any other change of the filters clears them.
 */
function PriceFilter({ store, bounds }: { store: ListingStore; bounds: PriceBounds }) {
  const state = useStore(store.$state);
  const { lo, hi } = priceView(state, bounds);
  const drafts = useStore(store.$priceDrafts);
  const error = useStore(store.$priceMessage);
  const errorId = useId();

  const commit = (bound: 'min' | 'max') => {
    const raw = drafts[bound];
    // A refused value stays in the box (the store keeps it as a draft), beside the message, to be corrected.
    if (raw !== null) store.typePrice(bound, raw);
  };
  const field = (bound: 'min' | 'max', label: string, value: number) => (
    <label className="pricef__field">
      <span>{label}</span>
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={drafts[bound] ?? String(value)}
        aria-invalid={error !== null && drafts[bound] !== null}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => store.editPrice(bound, e.target.value)}
        onBlur={() => commit(bound)}
        onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit(bound);
          }
        }}
      />
    </label>
  );
  const slide = (min: number, max: number, changed: 'min' | 'max') => store.setPriceRange(min, max, changed);
  const pct = (v: number) => `${((v - bounds.floor) / (bounds.ceil - bounds.floor)) * 100}%`;

  return (
    <div className="pricef">
      <div className="pricef__inputs">
        {field('min', 'Minimum price (₹)', lo)}
        <span className="pricef__dash" aria-hidden="true">
          –
        </span>
        {field('max', 'Maximum price (₹)', hi)}
      </div>
      <p id={errorId} className="pricef__error" role="alert">
        {error}
      </p>
      <div className="pricef__range" style={{ '--lo': pct(lo), '--hi': pct(hi) } as React.CSSProperties}>
        <input
          type="range"
          min={bounds.floor}
          max={bounds.ceil}
          step={PRICE_GAP}
          value={lo}
          aria-label="Minimum price slider"
          aria-valuetext={formatINR(lo)}
          onChange={(e) => slide(Number(e.target.value), hi, 'min')}
        />
        <input
          type="range"
          min={bounds.floor}
          max={bounds.ceil}
          step={PRICE_GAP}
          value={hi}
          aria-label="Maximum price slider"
          aria-valuetext={formatINR(hi)}
          onChange={(e) => slide(lo, Number(e.target.value), 'max')}
        />
      </div>
      <p className="pricef__summary">
        {formatINR(lo)} – {formatINR(hi)}
      </p>
    </div>
  );
}

/** Checkboxes for one group (tags, an attribute, or a dynamic field). */
function ValueGroup({ store, group }: { store: ListingStore; group: FilterGroup }) {
  const state = useStore(store.$state);
  const selected = selectedIn(state, group.kind, group.name);
  return (
    // Tags and sizes are many and short: shown as pills that wrap. Attribute and field values read better as a list.
    <fieldset className={group.kind === 'tag' || group.kind === 'size' ? 'fvalues fvalues--pills' : 'fvalues'}>
      <legend className="visually-hidden">{groupTitle(group)}</legend>
      {group.options.map(({ value, label }) => (
        <label key={value} className="fvalue">
          <input type="checkbox" checked={selected.includes(value)} onChange={() => store.toggle(group.kind, group.name, value)} />
          {/* In sentence case from the build ('Daily wear', 'Rose gold plated': shared/listing-filters.ts). */}
          <span>{label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Renders the drawer; opening and closing follow store.$drawerOpen. */
export function FilterDrawer({ store, facets, bounds }: FilterDrawerProps) {
  const open = useStore(store.$drawerOpen);
  const { inStock } = useStore(store.$state);
  const count = useStore(store.$count);
  const status = useStore(store.$status);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const groups = filterGroups(facets);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab') return;
    const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className="fdrawer"
      aria-labelledby={titleId}
      onCancel={(e) => {
        // Escape: let the store decide, so its state and the dialog never disagree.
        e.preventDefault();
        store.closeDrawer();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) store.closeDrawer(); // a click on the backdrop
      }}
      onKeyDown={onKeyDown}
    >
      <div className="fdrawer__panel">
        <header className="fdrawer__head">
          <h2 id={titleId} className="fdrawer__title">
            Filters
          </h2>
          <button type="button" className="fdrawer__close" onClick={() => store.closeDrawer()}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
            Close
          </button>
        </header>
        <div className="fdrawer__body">
          <Disclosure title="Price" defaultOpen>
            <PriceFilter store={store} bounds={bounds} />
          </Disclosure>
          <Disclosure title="Availability" defaultOpen>
            <label className="fvalue">
              <input type="checkbox" checked={inStock} onChange={() => store.toggleInStock()} />
              <span>In stock only</span>
            </label>
          </Disclosure>
          {groups.map((group, i) => (
            <Disclosure key={`${group.kind}:${group.name}`} title={groupTitle(group)} defaultOpen={i === 0}>
              <ValueGroup store={store} group={group} />
            </Disclosure>
          ))}
        </div>
        <footer className="fdrawer__foot">
          <button type="button" className="btn btn--outline" onClick={() => store.resetAll()}>
            Reset All
          </button>
          <button type="button" className="btn" onClick={() => store.closeDrawer()}>
            {status === 'loading' || count === null ? 'Show results' : `Show ${count} ${count === 1 ? 'product' : 'products'}`}
          </button>
        </footer>
      </div>
    </dialog>
  );
}
