/**
 * The product form's photos: adding them (each prepared in the browser, then uploaded one at a time, so a phone
 * never holds several large pictures at once), their order, their alt text, and removing them. An uploaded
 * photo joins the form's list; saving the draft is what puts it on the product.
 */
import { atom } from 'nanostores';
import { catalogueAdminApiPaths } from '@shared/api/catalogue-admin';
import { PHOTO_MAX_COUNT, PHOTO_MESSAGES, type PhotoUploadResponse } from '@shared/schemas/photos';
import { callApi } from '../auth/api-client';
import { prepareAsPhoto } from './photo-shrink';
import { moved } from './list-order';
import { $productErrors, $productForm, setField } from './product-editor.store';
import type { PhotoRow } from './product-form';

/** A photo being added, or one that was refused and why (shown until dismissed). */
export interface PhotoUpload {
  id: number;
  name: string;
  state: 'working' | 'refused';
  message: string;
}

/** The photos being added and the refusals not dismissed yet. */
export const $photoUploads = atom<PhotoUpload[]>([]);

let nextUploadId = 1;

const updateUpload = (id: number, patch: Partial<PhotoUpload> | null) =>
  $photoUploads.set(
    patch === null
      ? $photoUploads.get().filter((u) => u.id !== id)
      : $photoUploads.get().map((u) => (u.id === id ? { ...u, ...patch } : u)),
  );

/**
 * Prepares one picture in the browser (shrunk when large) and stores it: its path and URL, or why it was refused
 * (the server's words, or the browser's when it could not be prepared or sent).
 */
export async function uploadPhoto(
  file: File,
  fetchImpl?: typeof fetch,
): Promise<{ ok: true; data: PhotoUploadResponse } | { ok: false; message: string }> {
  const prepared = await prepareAsPhoto(file);
  if (!prepared.ok) return prepared;
  const r = await callApi<PhotoUploadResponse>(
    catalogueAdminApiPaths.adminCataloguePhotos,
    { auth: true, bytes: prepared.photo },
    fetchImpl,
  );
  if (r.ok) return r;
  const why =
    r.message ??
    (r.status === 0 ? 'The shop could not be reached. Check the connection and try again.' : 'It could not be uploaded. Please try again.');
  return { ok: false, message: why };
}

/** Prepares and uploads the files in turn, adding each stored photo to the end of the form's list. */
export async function addPhotos(files: readonly File[], fetchImpl?: typeof fetch): Promise<void> {
  const queued = files.map((file) => ({ file, id: nextUploadId++ }));
  $photoUploads.set([
    ...$photoUploads.get(),
    ...queued.map(({ file, id }) => ({ id, name: file.name, state: 'working' as const, message: `Waiting to add ${file.name}…` })),
  ]);
  for (const { file, id } of queued) {
    if ($productForm.get().photos.length >= PHOTO_MAX_COUNT) {
      updateUpload(id, { state: 'refused', message: `${file.name}: ${PHOTO_MESSAGES.tooMany}` });
      continue;
    }
    updateUpload(id, { message: `Adding ${file.name}…` });
    const r = await uploadPhoto(file, fetchImpl);
    if (!r.ok) {
      updateUpload(id, { state: 'refused', message: `${file.name}: ${r.message}` });
      continue;
    }
    const photos = $productForm.get().photos;
    // The same picture twice is one stored file: it is shown once.
    if (photos.some((p) => p.path === r.data.path)) {
      updateUpload(id, { state: 'refused', message: `${file.name}: this photo is already one of the product’s photos.` });
      continue;
    }
    updateUpload(id, null);
    setField('photos', [...photos, { path: r.data.path, url: r.data.url, alt: '' }]);
  }
}

/** Hides a refusal the editor has read. */
export function dismissPhotoUpload(id: number): void {
  updateUpload(id, null);
}

/** New photos for the form; a photo's message ('photos.2.alt') goes too, since the photos may have moved. */
function setPhotos(photos: PhotoRow[]): void {
  setField('photos', photos);
  $productErrors.set(Object.fromEntries(Object.entries($productErrors.get()).filter(([key]) => !key.startsWith('photos.'))));
}

/** Changes a photo's alt text (its message goes with it). */
export function setPhotoAlt(index: number, alt: string): void {
  setPhotos($productForm.get().photos.map((p, i) => (i === index ? { ...p, alt } : p)));
}

/** Moves a photo to another place in the list (0: the first photo, the one lists show). */
export function movePhoto(from: number, to: number): void {
  const photos = $productForm.get().photos;
  if (to < 0 || to >= photos.length || from === to) return;
  setPhotos(moved(photos, from, to));
}

/** Takes a photo off the product (the stored file stays: a live product may still show it until published). */
export function removePhoto(index: number): void {
  setPhotos($productForm.get().photos.filter((_, i) => i !== index));
}
