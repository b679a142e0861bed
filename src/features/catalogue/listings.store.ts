/**
 * The back office's collections and subcategories: the list, and one at a time in its form (name, description,
 * picture) saved as a draft over the version loaded. A collection's pieces are put in or taken out one by one,
 * each saved in that piece's own draft at once. The server checks everything again; Publish puts it live.
 */
import { atom } from 'nanostores';
import {
  catalogueAdminApiPaths,
  type AdminListing,
  type AdminListingResponse,
  type AdminListingsResponse,
  type BannerPiece,
} from '@shared/api/catalogue-admin';
import { ListingSchema, type Listing, type ListingKind } from '@shared/schemas/listings';
import { callApi } from '../auth/api-client';
import { fetchInto, refusal, type Fetched } from '../shared/fetched';
import { loadPublish } from './publish.store';
import { uploadPhoto } from './photos.store';

/** Every collection and subcategory. */
export const $listings = atom<Fetched<Omit<AdminListingsResponse, 'success'>, true>>({ status: 'loading' });
/** The one being edited (null: none chosen), as loaded or last saved. */
export const $listing = atom<Fetched<{ listing: AdminListing }, true> | null>(null);
/** Its form as edited, and where its picture loads from. */
export const $listingForm = atom<Listing & { imageUrl: string | null }>({ name: '', description: '', image: '', imageUrl: null });
/** The form's messages by field. */
export const $listingErrors = atom<Record<string, string>>({});
/** The last save, picture upload or piece change: what happened, in words. */
export const $listingNotice = atom<{ status: 'idle' | 'working' | 'saved' | 'conflict' | 'error'; message: string | null }>({
  status: 'idle',
  message: null,
});

const pathOf = (kind: ListingKind, id: string) =>
  kind === 'collection' ? catalogueAdminApiPaths.adminCatalogueCollection(id) : catalogueAdminApiPaths.adminCatalogueSubcategory(id);

/** The one the address names ('?edit=collection:<id>'), or null. */
export function editedInAddress(search: string): { kind: ListingKind; id: string } | null {
  const m = /^(collection|subcategory):([0-9a-f]{24})$/.exec(new URLSearchParams(search).get('edit') ?? '');
  return m ? { kind: m[1] as ListingKind, id: m[2]! } : null;
}

/** Loads the list. */
export async function loadListings(fetchImpl?: typeof fetch): Promise<void> {
  await fetchInto(
    $listings,
    () => callApi<AdminListingsResponse>(catalogueAdminApiPaths.adminCatalogueListings, { auth: true }, fetchImpl),
    (d) => ({ collections: d.collections, subcategories: d.subcategories }),
    { fallback: 'The collections could not be loaded. Please try again.', forbidden: true, showLoading: 'unless-ready' },
  );
}

/** Shows a loaded or saved one in the form. */
function show(listing: AdminListing): void {
  $listing.set({ status: 'ready', listing });
  $listingForm.set({ ...listing.listing, imageUrl: listing.imageUrl });
}

/** Opens one in the form (and keeps it in the address, so a reload or a shared link opens it again). */
export async function openListing(kind: ListingKind, id: string, fetchImpl?: typeof fetch): Promise<void> {
  $listingErrors.set({});
  $listingNotice.set({ status: 'idle', message: null });
  $listing.set({ status: 'loading' });
  if (typeof history !== 'undefined') history.replaceState(null, '', `?edit=${kind}:${id}`);
  const r = await callApi<AdminListingResponse>(pathOf(kind, id), { auth: true }, fetchImpl);
  if (!r.ok) return $listing.set(refusal(r, { fallback: 'It could not be loaded. Please try again.', forbidden: true }));
  show(r.data.listing);
}

/** Changes a field of the form. */
export function setListingField(name: 'name' | 'description', value: string): void {
  $listingForm.set({ ...$listingForm.get(), [name]: value });
}

/** Uploads a new picture (prepared and checked as product photos are); saving the draft keeps it. */
export async function setListingPicture(file: File, fetchImpl?: typeof fetch): Promise<void> {
  $listingNotice.set({ status: 'working', message: `Adding ${file.name}…` });
  const r = await uploadPhoto(file, fetchImpl);
  if (!r.ok) return $listingNotice.set({ status: 'error', message: `${file.name}: ${r.message}` });
  $listingForm.set({ ...$listingForm.get(), image: r.data.path, imageUrl: r.data.url });
  $listingNotice.set({ status: 'idle', message: null });
}

/** Takes the picture off (the tiles then show none). */
export function removeListingPicture(): void {
  $listingForm.set({ ...$listingForm.get(), image: '', imageUrl: null });
}

/** Saves the form over the version loaded; a save someone made first is named, with Reload offered. */
export async function saveListing(fetchImpl?: typeof fetch): Promise<void> {
  const state = $listing.get();
  if (state?.status !== 'ready' || $listingNotice.get().status === 'working') return;
  const { imageUrl: _url, ...fields } = $listingForm.get();
  const checked = ListingSchema.safeParse(fields);
  if (!checked.success) {
    $listingErrors.set(Object.fromEntries(checked.error.issues.map((i) => [i.path.join('.'), i.message])));
    return $listingNotice.set({ status: 'error', message: 'Some fields need a change before it can be saved.' });
  }
  $listingErrors.set({});
  $listingNotice.set({ status: 'working', message: null });
  const { kind, id, version } = state.listing;
  const r = await callApi<AdminListingResponse>(
    pathOf(kind, id),
    { method: 'PUT', auth: true, body: { version, listing: checked.data } },
    fetchImpl,
  );
  if (!r.ok)
    return $listingNotice.set({
      status: r.status === 409 ? 'conflict' : 'error',
      message: r.message ?? 'It could not be saved. Please try again.',
    });
  show(r.data.listing);
  $listingNotice.set({ status: 'saved', message: `${r.data.message} The live shop is unchanged until it is published.` });
  await Promise.all([loadListings(fetchImpl), loadPublish(fetchImpl)]);
}

/** Puts a piece in the open collection, or takes it out: saved at once in the piece's own draft. */
export async function setCollectionPiece(piece: Pick<BannerPiece, 'id'>, add: boolean, fetchImpl?: typeof fetch): Promise<void> {
  const state = $listing.get();
  if (state?.status !== 'ready' || state.listing.kind !== 'collection' || $listingNotice.get().status === 'working') return;
  $listingNotice.set({ status: 'working', message: null });
  const r = await callApi<AdminListingResponse>(
    catalogueAdminApiPaths.adminCatalogueCollectionPieces(state.listing.id),
    { auth: true, body: { productId: piece.id, add } },
    fetchImpl,
  );
  if (!r.ok) return $listingNotice.set({ status: 'error', message: r.message ?? 'The piece could not be changed. Please try again.' });
  // The form's typed fields stay as they are; only the pieces come from the answer.
  $listing.set({ status: 'ready', listing: { ...state.listing, pieces: r.data.listing.pieces } });
  $listingNotice.set({ status: 'saved', message: r.data.message });
  await loadPublish(fetchImpl);
}
