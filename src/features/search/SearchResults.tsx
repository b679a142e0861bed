/**
 * The /search page's results: reads ?q=, searches the build-time index, and lists matching products as
 * the shop's product cards (price, sold-out state, wishlist and Add to Cart as on a listing), each with
 * a clean excerpt of its description and the searched words marked.
 */
import { useEffect, useId, useMemo } from 'react';
import type { SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Icon } from '../../components/ui/Icon';
import { searchIcon } from '../../components/ui/icons/search';
import { ProductCard } from '../product-card/ProductCard';
import { descriptionExcerpt, markTerms, queryTerms } from './excerpt';
import type { ExcerptRun } from './excerpt';
import { createProductSearch } from './search.store';
import { toHit } from './search-hit';
import type { SearchHit } from './search-hit';
import './search.css';

/** At most this many results are listed; more than this means the query is too broad to browse anyway. */
const PAGE_RESULTS = 48;

/** Picture widths of the results grid: 2 per row on phones, 4 from 768 px (the listing grid). */
const SIZES = '(min-width: 1280px) 300px, (min-width: 768px) 24vw, 48vw';

/** Text runs with the searched words in <mark>. */
const marked = (runs: ExcerptRun[]) =>
  runs.map((run, i) => (run.marked ? <mark key={i}>{run.text}</mark> : <span key={i}>{run.text}</span>));

/** One result: the product card, or (an index without card facts) a plain link. */
function Result({ hit, query }: { hit: SearchHit; query: string }) {
  if (hit.product) {
    const excerpt = descriptionExcerpt(hit.description, query);
    const details = excerpt.length > 0 ? <p className="search-excerpt">{marked(excerpt)}</p> : null;
    // guardStock as on listings: a sold-out piece says so on its button and refuses the add.
    return (
      <ProductCard
        product={hit.product}
        headingLevel={2}
        sizes={SIZES}
        guardStock
        nameContent={marked(markTerms(hit.product.name, queryTerms(query)))}
        details={details}
      />
    );
  }
  return (
    <a className="search-card" href={hit.url}>
      <span className="search-card__media">
        {hit.image && <img src={hit.image} width={480} height={600} alt="" loading="lazy" decoding="async" />}
      </span>
      <span className="search-card__title">{hit.title}</span>
      {hit.price && <span className="search-card__price">{hit.price}</span>}
    </a>
  );
}

function SearchResultsInner() {
  const search = useMemo(() => createProductSearch(PAGE_RESULTS, { debounceMs: 120, imageWidth: 480, toHit }), []);
  const query = useStore(search.$query);
  const hits = useStore(search.$hits);
  const total = useStore(search.$total);
  const status = useStore(search.$status);
  const id = useId();

  // The query arrives in the URL (header form or a shared link).
  useEffect(() => {
    const q = new URLSearchParams(window.location.search).get('q') ?? '';
    if (q) void search.search(q);
    else search.prepare();
  }, [search]);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const url = new URL(window.location.href);
    url.searchParams.set('q', query.trim());
    window.history.replaceState(null, '', url);
  };

  const trimmed = query.trim();
  const message =
    trimmed.length < 2
      ? 'Type at least two letters to search our silver collection.'
      : status === 'loading'
        ? 'Searching…'
        : status === 'unavailable'
          ? 'Search is not available right now. Please browse the collections instead.'
          : status === 'done' && total === 0
            ? `No products match “${trimmed}”. Try a simpler word, like “ring” or “jhumka”.`
            : status === 'done'
              ? `${total} ${total === 1 ? 'product' : 'products'} for “${trimmed}”${total > PAGE_RESULTS ? ` (showing the first ${PAGE_RESULTS})` : ''}`
              : '';

  return (
    <div className="search-page">
      <form className="search-page__form" role="search" aria-label="Search results" onSubmit={onSubmit}>
        <label htmlFor={`${id}-q`} className="visually-hidden">
          Search jewellery
        </label>
        <input
          id={`${id}-q`}
          className="input"
          type="search"
          name="q"
          placeholder="Search rings, jhumkas, payal…"
          autoComplete="off"
          value={query}
          onChange={(event) => void search.search(event.target.value)}
        />
        <button type="submit" className="btn">
          <Icon icon={searchIcon} size={18} />
          <span>Search</span>
        </button>
      </form>
      <p className="search-page__status" role="status">
        {message}
      </p>
      {hits.length > 0 && (
        <ul className="lgrid search-page__grid" aria-label="Products found">
          {hits.map((hit) => (
            <li key={hit.url}>
              <Result hit={hit} query={trimmed} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The results island inside an error boundary. */
export function SearchResults() {
  return (
    <ErrorBoundary>
      <SearchResultsInner />
    </ErrorBoundary>
  );
}

export default SearchResults;
