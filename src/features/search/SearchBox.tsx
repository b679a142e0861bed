/**
 * The header search box with instant product results from the build-time Pagefind index. Without
 * JS (policy pages render it unhydrated) it is a plain GET form to /search, which still works.
 * Results are links: ArrowDown moves from the field into them, Escape closes the panel. It hydrates when the
 * shopper engages with the page (client:engaged), so words typed before then are picked up on hydration.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { SubmitEvent, KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Icon } from '../../components/ui/Icon';
import { arrowRightIcon } from '../../components/ui/icons/arrow-right';
import { searchIcon } from '../../components/ui/icons/search';
import { createProductSearch } from './search.store';
import type { InstantHit } from './search.store';
import { routes } from '@shared/routes';
import './search.css';

/** How many instant results the panel shows. */
const INSTANT_RESULTS = 6;

/** One result row. */
function HitLink({ hit }: { hit: InstantHit }) {
  return (
    <a className="search-hit" href={hit.url}>
      {hit.image ? (
        <img className="search-hit__image" src={hit.image} width={48} height={60} alt="" loading="lazy" decoding="async" />
      ) : (
        <span className="search-hit__image" aria-hidden="true" />
      )}
      <span className="search-hit__text">
        <span className="search-hit__title">{hit.title}</span>
        {hit.price && <span className="search-hit__price">{hit.price}</span>}
      </span>
    </a>
  );
}

function SearchBoxInner() {
  const search = useMemo(() => createProductSearch(INSTANT_RESULTS), []);
  const query = useStore(search.$query);
  const hits = useStore(search.$hits);
  const total = useStore(search.$total);
  const status = useStore(search.$status);
  const [open, setOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const panelId = `${id}-results`;
  const showPanel = open && query.trim().length >= 2;

  // Words typed into the server-rendered field before hydration (React keeps the field's text): search them now.
  useEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (typed === '' || typed === search.$query.get()) return;
    if (document.activeElement === inputRef.current) {
      search.prepare();
      setOpen(true);
    }
    void search.search(typed);
  }, [search]);

  // A click outside the box closes the panel.
  useEffect(() => {
    if (!showPanel) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!formRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [showPanel]);

  const links = () => [...(formRef.current?.querySelectorAll<HTMLAnchorElement>('.search-box__panel a') ?? [])];

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape' && showPanel) {
      event.preventDefault();
      setOpen(false);
      inputRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const items = links();
    if (items.length === 0) return;
    const index = items.indexOf(document.activeElement as HTMLAnchorElement);
    event.preventDefault();
    if (event.key === 'ArrowDown') items[index < 0 ? 0 : Math.min(items.length - 1, index + 1)]?.focus();
    else if (index <= 0) inputRef.current?.focus();
    else items[index - 1]?.focus();
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    if (query.trim().length === 0) {
      event.preventDefault();
      inputRef.current?.focus();
    }
  };

  const announcement =
    !showPanel || status === 'loading' || status === 'idle'
      ? ''
      : status === 'unavailable'
        ? 'Search is not available right now.'
        : total === 0
          ? 'No products found.'
          : `${total} ${total === 1 ? 'product' : 'products'} found.`;

  return (
    <form
      ref={formRef}
      className="search-box"
      role="search"
      aria-label="Site search"
      action={routes.search()}
      method="get"
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={`${id}-q`} className="visually-hidden">
        Search jewellery
      </label>
      <Icon icon={searchIcon} size={18} className="search-box__icon" />
      <input
        ref={inputRef}
        id={`${id}-q`}
        className="search-box__input"
        type="search"
        name="q"
        placeholder="Search rings, jhumkas, payal…"
        autoComplete="off"
        enterKeyHint="search"
        aria-controls={showPanel ? panelId : undefined}
        value={query}
        onFocus={() => {
          search.prepare();
          setOpen(true);
        }}
        onChange={(event) => {
          setOpen(true);
          void search.search(event.target.value);
        }}
      />
      <button type="submit" className="search-box__submit">
        Search
      </button>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {showPanel && (
        <div id={panelId} className="search-box__panel">
          {status === 'loading' && hits.length === 0 && <p className="search-box__note">Searching…</p>}
          {status === 'unavailable' && (
            <p className="search-box__note">Search is not available right now. Please browse the collections.</p>
          )}
          {status === 'done' && hits.length === 0 && <p className="search-box__note">No products match “{query.trim()}”.</p>}
          {hits.length > 0 && (
            <ul className="search-box__hits" role="list" aria-label="Products">
              {hits.map((hit) => (
                <li key={hit.url}>
                  <HitLink hit={hit} />
                </li>
              ))}
            </ul>
          )}
          {status === 'done' && total > 0 && (
            <a className="search-box__all" href={routes.search(query)}>
              See all {total} {total === 1 ? 'result' : 'results'}
              <Icon icon={arrowRightIcon} size={16} />
            </a>
          )}
        </div>
      )}
    </form>
  );
}

/** The search box inside an error boundary. */
export function SearchBox() {
  return (
    <ErrorBoundary compact>
      <SearchBoxInner />
    </ErrorBoundary>
  );
}

export default SearchBox;
