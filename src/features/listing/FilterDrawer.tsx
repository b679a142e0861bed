/**
 * The filter drawer: price, tags, each attribute and each dynamic field, in
 * sections that expand and collapse; Reset All and Close. A native modal <dialog>: the page behind
 * is inert, Escape closes, and focus returns to the Filters button; Tab is also wrapped by hand so
 * focus never leaves the drawer for the browser chrome.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Disclosure } from '../../components/ui/Disclosure';
import { formatINR } from '../../shared/money';
import { filterGroups, parsePriceInput, PRICE_GAP, PRICE_MAX, PRICE_MIN, selectedIn } from './filters';
import type { Facet, FilterGroup } from './filters';
import type { ListingStore } from './listing.store';

/** Props of FilterDrawer. */
export interface FilterDrawerProps {
  store: ListingStore;
  facets: readonly Facet[];
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

function groupTitle(group: FilterGroup): string {
  return group.kind === 'tag' ? 'Tags' : group.name;
}

/** Turns a tag like "daily-wear" into "Daily wear" for display (the value itself is unchanged). */
function tagLabel(tag: string): string {
  const spaced = tag.replace(/[-_]+/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Min/max inputs and two range sliders. Typed values are applied on blur or Enter (whole numbers only). */
function PriceFilter({ store }: { store: ListingStore }) {
  const { min, max } = useStore(store.$state);
  // What the shopper is typing; null shows the applied value (so a corrected value always shows).
  const [minDraft, setMinDraft] = useState<string | null>(null);
  const [maxDraft, setMaxDraft] = useState<string | null>(null);
  const minText = minDraft ?? String(min);
  const maxText = maxDraft ?? String(max);

  const commitMin = () => {
    store.setPriceRange(parsePriceInput(minText, 'min'), max, 'min');
    setMinDraft(null);
  };
  const commitMax = () => {
    store.setPriceRange(min, parsePriceInput(maxText, 'max'), 'max');
    setMaxDraft(null);
  };
  const onEnter = (commit: () => void) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    }
  };
  const pct = (v: number) => `${((v - PRICE_MIN) / (PRICE_MAX - PRICE_MIN)) * 100}%`;

  return (
    <div className="pricef">
      <div className="pricef__inputs">
        <label className="pricef__field">
          <span>Minimum price (₹)</span>
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={minText}
            onChange={(e) => setMinDraft(e.target.value)}
            onBlur={commitMin}
            onKeyDown={onEnter(commitMin)}
          />
        </label>
        <span className="pricef__dash" aria-hidden="true">
          –
        </span>
        <label className="pricef__field">
          <span>Maximum price (₹)</span>
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={maxText}
            onChange={(e) => setMaxDraft(e.target.value)}
            onBlur={commitMax}
            onKeyDown={onEnter(commitMax)}
          />
        </label>
      </div>
      <div className="pricef__range" style={{ '--lo': pct(min), '--hi': pct(max) } as React.CSSProperties}>
        <input
          type="range"
          min={PRICE_MIN}
          max={PRICE_MAX}
          step={PRICE_GAP}
          value={min}
          aria-label="Minimum price slider"
          aria-valuetext={formatINR(min)}
          onChange={(e) => store.setPriceRange(Number(e.target.value), max, 'min')}
        />
        <input
          type="range"
          min={PRICE_MIN}
          max={PRICE_MAX}
          step={PRICE_GAP}
          value={max}
          aria-label="Maximum price slider"
          aria-valuetext={max >= PRICE_MAX ? `${formatINR(max)} and above` : formatINR(max)}
          onChange={(e) => store.setPriceRange(min, Number(e.target.value), 'max')}
        />
      </div>
      <p className="pricef__summary">
        {formatINR(min)} – {formatINR(max)}
        {max >= PRICE_MAX ? '+' : ''}
      </p>
    </div>
  );
}

/** Checkboxes for one group (tags, an attribute, or a dynamic field). */
function ValueGroup({ store, group }: { store: ListingStore; group: FilterGroup }) {
  const state = useStore(store.$state);
  const selected = selectedIn(state, group.kind, group.name);
  return (
    // Tags are many and short: shown as pills that wrap. Attribute and field values read better as a list.
    <fieldset className={group.kind === 'tag' ? 'fvalues fvalues--pills' : 'fvalues'}>
      <legend className="visually-hidden">{groupTitle(group)}</legend>
      {group.values.map((value) => (
        <label key={value} className="fvalue">
          <input type="checkbox" checked={selected.includes(value)} onChange={() => store.toggle(group.kind, group.name, value)} />
          <span>{group.kind === 'tag' ? tagLabel(value) : value}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Renders the drawer; opening and closing follow store.$drawerOpen. */
export function FilterDrawer({ store, facets }: FilterDrawerProps) {
  const open = useStore(store.$drawerOpen);
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
            <PriceFilter store={store} />
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
