/**
 * /admin/collections (editors and admins): every collection and subcategory, and one at a time in its form: the
 * name shoppers see, a collection's description, the picture its tile shows, and a collection's pieces (each put
 * in or taken out at once, in that piece's own draft). "Save draft" keeps the rest for Publish.
 */
import { useCallback, useEffect, useId } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import type { AdminListing, AdminListingRow } from '@shared/api/catalogue-admin';
import { formatIndiaDateTime } from '@shared/india-time';
import { routes } from '@shared/routes';
import { useAdminPage } from '../back-office/AdminGate';
import { catalogueRoutes } from '../back-office/catalogue-routes';
import { PieceSearch } from './PieceSearch';
import { SaveDraftBar } from './SaveDraftBar';
import { PublishPanel } from './PublishPanel';
import { StaffOnly } from './StaffOnly';
import {
  $listing,
  $listingErrors,
  $listingForm,
  $listingNotice,
  $listings,
  editedInAddress,
  loadListings,
  openListing,
  removeListingPicture,
  saveListing,
  setCollectionPiece,
  setListingField,
  setListingPicture,
} from './listings.store';
import './catalogue.css';

/** One table of collections or subcategories, each with its Edit button. */
function ListingTable({ caption, rows }: { caption: string; rows: AdminListingRow[] }) {
  return (
    <table className="catalogue__table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Live pieces</th>
          <th scope="col">
            <span className="visually-hidden">Change</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <th scope="row">
              {r.name}
              {r.waiting && <span className="catalogue__badge"> Not published</span>}
            </th>
            <td>{r.pieces}</td>
            <td>
              <button type="button" className="btn btn--outline btn--sm" onClick={() => void openListing(r.kind, r.id)}>
                Edit {r.name}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A collection's pieces: each with Remove, and a search to add more. */
function CollectionPieces({ listing }: { listing: AdminListing }) {
  const notice = useStore($listingNotice);
  return (
    <fieldset className="catalogue__section">
      <legend>Pieces in {listing.listing.name}</legend>
      <p className="catalogue__hint">
        Each change is saved at once in the piece’s own draft (its Collections), and goes live with the next Publish. The listing shows them
        as the shopper sorts them.
      </p>
      {listing.pieces.length === 0 && <p className="catalogue__hint">No pieces yet.</p>}
      <ul className="catalogue__pieces" aria-label={`Pieces in ${listing.listing.name}`}>
        {listing.pieces.map((p) => (
          <li key={p.slug}>
            <span>
              {p.name}
              {!p.onSale && <span className="catalogue__optional"> (not on sale)</span>}
            </span>
            <button
              type="button"
              className="btn btn--outline btn--sm"
              aria-label={`Remove ${p.name}`}
              disabled={notice.status === 'working'}
              onClick={() => void setCollectionPiece(p, false)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <PieceSearch
        searchKey={`collection:${listing.id}`}
        label={`Add a piece to ${listing.listing.name}`}
        chosen={listing.pieces.map((p) => p.slug)}
        busy={notice.status === 'working'}
        onAdd={(p) => void setCollectionPiece(p, true)}
      />
    </fieldset>
  );
}

/** The open collection's or subcategory's form. */
function ListingForm() {
  const state = useStore($listing);
  const form = useStore($listingForm);
  const errors = useStore($listingErrors);
  const notice = useStore($listingNotice);
  const ids = useId();
  if (!state) return null;
  if (state.status === 'loading') return <p role="status">Loading…</p>;
  if (state.status !== 'ready') return <Notice kind="error" text={state.status === 'error' ? state.message : 'It could not be loaded.'} />;
  const { listing } = state;
  const what = listing.kind === 'collection' ? 'Collection' : 'Subcategory';
  return (
    <section className="catalogue__editing" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>
        {what}: {listing.listing.name}
      </h2>
      <p className="catalogue__sub">
        Web address {routes.collection(listing.slug)}
        {listing.updatedAt
          ? ` · draft version ${listing.version}, saved by ${listing.updatedBy} at ${formatIndiaDateTime(new Date(listing.updatedAt))}${listing.waiting ? ': not live yet' : ''}`
          : ''}
      </p>
      <form
        className="catalogue__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void saveListing();
        }}
      >
        <fieldset className="catalogue__section">
          <legend>{what}</legend>
          <div className="catalogue__field">
            <label htmlFor={`${ids}-name`}>Name</label>
            <input
              id={`${ids}-name`}
              type="text"
              value={form.name}
              aria-invalid={errors['name'] ? true : undefined}
              aria-describedby={errors['name'] ? `${ids}-name-error` : undefined}
              onChange={(e) => setListingField('name', e.target.value)}
            />
            {errors['name'] && (
              <p id={`${ids}-name-error`} className="catalogue__error">
                {errors['name']}
              </p>
            )}
          </div>
          {listing.kind === 'collection' && (
            <div className="catalogue__field">
              <label htmlFor={`${ids}-description`}>Description (optional)</label>
              <textarea
                id={`${ids}-description`}
                rows={4}
                value={form.description}
                aria-invalid={errors['description'] ? true : undefined}
                onChange={(e) => setListingField('description', e.target.value)}
              />
              {errors['description'] && <p className="catalogue__error">{errors['description']}</p>}
            </div>
          )}
          <div className="catalogue__field">
            <p className="catalogue__label">Picture</p>
            {form.imageUrl ? (
              <img className="catalogue__banner-image" src={form.imageUrl} alt="" width={240} height={240} />
            ) : (
              <p className="catalogue__hint">No picture: its tile shows the name only.</p>
            )}
            <span className="catalogue__row-actions">
              <label className="btn btn--outline btn--sm catalogue__file">
                {form.image ? 'Change the picture' : 'Add a picture'}
                <span className="visually-hidden"> of {listing.listing.name}</span>
                <input
                  type="file"
                  accept="image/jpeg,image/png,image/webp,image/*"
                  className="visually-hidden"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (file) void setListingPicture(file);
                  }}
                />
              </label>
              {form.image && (
                <button type="button" className="btn btn--outline btn--sm" onClick={removeListingPicture}>
                  Remove the picture
                </button>
              )}
            </span>
          </div>
        </fieldset>
        <SaveDraftBar
          save={notice}
          reloadLabel={`Reload ${listing.listing.name}`}
          onReload={() => void openListing(listing.kind, listing.id)}
        />
      </form>
      {listing.kind === 'collection' && <CollectionPieces listing={listing} />}
      {listing.kind === 'subcategory' && (
        <p>
          Pieces move between subcategories from their own form:{' '}
          <a href={catalogueRoutes.products(`?subcategory=${encodeURIComponent(listing.slug)}`)}>the products in {listing.listing.name}</a>.
        </p>
      )}
    </section>
  );
}

/** Nothing to reload when a publish ends: the list marks what waits on its next load. */
const nothing = () => {};

function ListingsInner() {
  const view = useStore($listings);
  const load = useCallback(() => loadListings(), []);
  useAdminPage(catalogueRoutes.listings, load, view.status);
  useEffect(() => {
    const chosen = editedInAddress(location.search);
    if (chosen) void openListing(chosen.kind, chosen.id);
  }, []);
  if (view.status === 'forbidden') return <StaffOnly />;
  if (view.status === 'loading' || view.status === 'signed-out') return <p role="status">Loading the collections…</p>;
  if (view.status === 'error') return <Notice kind="error" text={view.message} />;
  return (
    <div className="catalogue">
      <h1>Collections and subcategories</h1>
      <ListingForm />
      <ListingTable caption="Collections" rows={view.collections} />
      <ListingTable caption="Subcategories" rows={view.subcategories} />
      <PublishPanel onPublished={nothing} />
    </div>
  );
}

/** The collections and subcategories island. */
export default function ListingsPage() {
  return (
    <ErrorBoundary>
      <ListingsInner />
    </ErrorBoundary>
  );
}
