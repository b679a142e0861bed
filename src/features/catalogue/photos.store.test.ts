import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_MESSAGES } from '@shared/schemas/photos';
import { $photoUploads, addPhotos, dismissPhotoUpload, movePhoto, removePhoto, setPhotoAlt } from './photos.store';
import { $productErrors, $productForm } from './product-editor.store';
import { emptyForm } from './product-form';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** A file whose bytes begin as a JPEG's do (what the browser sends as it is when small). */
const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70])], name, { type: 'image/jpeg' });
const stored = (hash: string) => ({
  success: true,
  message: 'Photo uploaded',
  path: `photos/${hash}.jpg`,
  url: `/api/photos/${hash}.jpg`,
  width: 1200,
  height: 1500,
  bytes: 10,
});

beforeEach(() => {
  $productForm.set(emptyForm());
  $productErrors.set({});
  $photoUploads.set([]);
});
afterEach(() => vi.restoreAllMocks());

describe('adding photos', () => {
  it('uploads each file in turn as its own bytes and adds it to the end of the list, alt text to write', async () => {
    const sent: { type: string | null; size: number }[] = [];
    const fetchImpl = vi.fn(async (_url: string, init: RequestInit) => {
      sent.push({ type: new Headers(init.headers).get('content-type'), size: (init.body as Blob).size });
      return json(stored(sent.length === 1 ? 'a'.repeat(32) : 'b'.repeat(32)), 201);
    });
    await addPhotos([jpeg('front.jpg'), jpeg('side.jpg')], fetchImpl as unknown as typeof fetch);
    expect(fetchImpl.mock.calls.map(([url]) => url)).toEqual(['/api/admin/catalogue/photos', '/api/admin/catalogue/photos']);
    expect(sent).toEqual([
      { type: 'image/jpeg', size: 10 },
      { type: 'image/jpeg', size: 10 },
    ]);
    expect($productForm.get().photos).toEqual([
      { path: `photos/${'a'.repeat(32)}.jpg`, url: `/api/photos/${'a'.repeat(32)}.jpg`, alt: '' },
      { path: `photos/${'b'.repeat(32)}.jpg`, url: `/api/photos/${'b'.repeat(32)}.jpg`, alt: '' },
    ]);
    expect($photoUploads.get()).toEqual([]);
  });

  it('says why a file was refused, by name, until dismissed; what is not a picture is never sent', async () => {
    const fetchImpl = vi.fn(async () => json({ success: false, message: PHOTO_MESSAGES.tooSmall }, 422));
    const notes = new File(['shopping list'], 'notes.jpg', { type: 'image/jpeg' });
    await addPhotos([notes, jpeg('tiny.jpg')], fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const refused = $photoUploads.get();
    expect(refused.map((u) => [u.state, u.message])).toEqual([
      ['refused', `notes.jpg: ${PHOTO_MESSAGES.notImage}`],
      ['refused', `tiny.jpg: ${PHOTO_MESSAGES.tooSmall}`],
    ]);
    dismissPhotoUpload(refused[0]!.id);
    expect($photoUploads.get().map((u) => u.message)).toEqual([`tiny.jpg: ${PHOTO_MESSAGES.tooSmall}`]);
    expect($productForm.get().photos).toEqual([]);
  });

  it('shows the same picture once, and stops at 12 photos', async () => {
    const fetchImpl = vi.fn(async () => json(stored('c'.repeat(32)), 201));
    await addPhotos([jpeg('a.jpg'), jpeg('a-copy.jpg')], fetchImpl as unknown as typeof fetch);
    expect($productForm.get().photos).toHaveLength(1);
    expect($photoUploads.get().map((u) => u.message)).toEqual(['a-copy.jpg: this photo is already one of the product’s photos.']);
    $productForm.set({
      ...$productForm.get(),
      photos: Array.from({ length: 12 }, (_, i) => ({ path: `products/p-${i}.jpg`, url: '', alt: '' })),
    });
    fetchImpl.mockClear();
    await addPhotos([jpeg('thirteenth.jpg')], fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect($photoUploads.get().at(-1)?.message).toBe(`thirteenth.jpg: ${PHOTO_MESSAGES.tooMany}`);
  });
});

describe('the list of photos', () => {
  const photo = (n: number) => ({ path: `products/p-${n}.jpg`, url: `/uploads/products/p-${n}.jpg`, alt: `Photo ${n}` });

  it('moves, makes first and removes photos, with their alt text, and drops messages tied to a place', () => {
    $productForm.set({ ...$productForm.get(), photos: [photo(1), photo(2), photo(3)] });
    $productErrors.set({
      'photos.2.alt': 'Write the alt text of photo 3 before making the piece active: say what it shows',
      name: 'Give the piece a name',
    });
    movePhoto(2, 0);
    expect($productForm.get().photos.map((p) => p.path)).toEqual(['products/p-3.jpg', 'products/p-1.jpg', 'products/p-2.jpg']);
    expect($productErrors.get()).toEqual({ name: 'Give the piece a name' });
    movePhoto(0, 1);
    movePhoto(2, 3);
    expect($productForm.get().photos.map((p) => p.alt)).toEqual(['Photo 1', 'Photo 3', 'Photo 2']);
    setPhotoAlt(1, 'Lotus ring on a hand');
    removePhoto(0);
    expect($productForm.get().photos).toEqual([{ ...photo(3), alt: 'Lotus ring on a hand' }, photo(2)]);
  });
});
