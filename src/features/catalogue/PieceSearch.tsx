/** A search box that finds pieces by name, web address or SKU, each found piece with its Add button. */
import { useId } from 'react';
import { useStore } from '@nanostores/react';
import type { BannerPiece } from '@shared/api/catalogue-admin';
import { $pieceSearch, searchPieces } from './piece-search.store';

/** The search for the list `searchKey`; `chosen` are the web addresses already in it. */
export function PieceSearch(props: {
  searchKey: string;
  label: string;
  chosen: readonly string[];
  busy?: boolean;
  onAdd: (piece: BannerPiece) => void;
}) {
  const search = useStore($pieceSearch);
  const ids = useId();
  const mine = search?.key === props.searchKey ? search : null;
  return (
    <>
      <div className="catalogue__field">
        <label htmlFor={`${ids}-search`}>{props.label}</label>
        <input
          id={`${ids}-search`}
          type="search"
          placeholder="Name, web address or SKU"
          value={mine?.query ?? ''}
          onChange={(e) => void searchPieces(props.searchKey, e.target.value)}
        />
      </div>
      {mine?.message && (
        <p className="catalogue__hint" role="status">
          {mine.message}
        </p>
      )}
      {mine && mine.results.length > 0 && (
        <ul className="catalogue__pieces" aria-label="Pieces found">
          {mine.results.map((p) => {
            const chosen = props.chosen.includes(p.slug);
            return (
              <li key={p.slug}>
                <span>
                  {p.name}
                  {!p.onSale && <span className="catalogue__optional"> (not on sale)</span>}
                </span>
                <button type="button" className="btn btn--sm" disabled={chosen || props.busy} onClick={() => props.onAdd(p)}>
                  {chosen ? `${p.name} is on it` : `Add ${p.name}`}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
