/**
 * Product photos uploaded from the back office: what the bytes are decides (not the name or declared type),
 * each photo is turned upright and stripped of its metadata (a phone photo carries where it was taken) before
 * it is stored in Netlify Blobs (Netlify's own emulation here), the shop serves it for ever under its hash, and
 * a product goes active only with every photo described; photos nothing uses are swept after a week.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { crc32, deflateSync } from 'node:zlib';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { makeCatalogue, makeProduct } from '../fixtures/catalogue';
import { makeShopper } from '../fixtures/shoppers';
import { makeStaff } from '../fixtures/staff';
import { startLocalBlobs } from '../../scripts/lib/local-blobs';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { stableId } from '@server/services/catalogue-ids';
import { PHOTO_MESSAGES } from '@shared/schemas/photos';
import { sweepUnusedPhotos } from '@server/services/photo-sweep.service';
import upload from '@functions/admin_catalogue_photos';
import getPhoto from '@functions/get_photo';
import product from '@functions/admin_catalogue_product';
import preview from '@functions/admin_catalogue_product_preview';

setupTestDatabase();
let editor: Awaited<ReturnType<typeof makeStaff>>;

const send = (bytes: Uint8Array | string, token: string | undefined = editor.token, type = 'image/jpeg') =>
  call(upload, '/api/admin/catalogue/photos', {
    method: 'POST',
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof bytes === 'string' ? bytes : Buffer.from(bytes),
  });

/** A photo as a phone takes it: landscape pixels with "turn 90°" in its EXIF, the phone's make and where it was. */
const phonePhoto = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#b8bcc4' } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Pixelphone', Model: 'P9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 20/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 40/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** A PNG of a few bytes whose header claims these dimensions (8-bit RGB): its IHDR, a token IDAT and IEND. */
function pngClaiming(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'photos-blobs-'));
  const blobs = await startLocalBlobs(dir);
  const rows = [makeProduct({ slug: 'lotus-ring', name: 'Lotus Ring' }), makeProduct({ slug: 'temple-jhumka', subcategory: 'jhumkas' })];
  expect(await importCatalogue(makeCatalogue(rows), { overwriteStock: true })).toMatchObject({ ok: true });
  editor = await makeStaff('editor', 'Asha');
  return async () => {
    await blobs.stop();
    rmSync(dir, { recursive: true, force: true });
  };
});

describe('uploading a photo', () => {
  it('turns a phone photo upright, strips where it was taken, and serves it for ever under its hash', async () => {
    const original = await phonePhoto();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();

    const r = await send(original);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ success: true, message: 'Photo uploaded', width: 1200, height: 1600 });
    expect(r.body.path).toMatch(/^photos\/[0-9a-f]{32}\.jpg$/);
    expect(r.body.url).toBe(`/api/photos/${r.body.path.slice('photos/'.length)}`);

    const served = await call(getPhoto, r.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const res = await getPhoto(new Request(`http://localhost:8888${r.body.url}`));
    const stored = Buffer.from(await res.arrayBuffer());
    expect(stored.byteLength).toBe(r.body.bytes);
    const after = await sharp(stored).metadata();
    expect({ width: after.width, height: after.height }).toEqual({ width: 1200, height: 1600 });
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    // No trace of the phone or the place in the bytes either.
    expect(stored.includes(Buffer.from('Pixelphone'))).toBe(false);

    // The same photo again is the same file.
    expect((await send(original)).body.path).toBe(r.body.path);
  });

  it('keeps PNG and WebP as they are, and shrinks one over 3000 px to fit', async () => {
    const png = await sharp({ create: { width: 800, height: 1000, channels: 4, background: '#ffffff00' } })
      .png()
      .toBuffer();
    const p = await send(png, editor.token, 'application/octet-stream');
    expect(p.status).toBe(201);
    expect(p.body.path).toMatch(/\.png$/);
    const webp = await sharp({ create: { width: 4000, height: 5000, channels: 3, background: '#dddddd' } })
      .webp()
      .toBuffer();
    const w = await send(webp, editor.token, 'image/webp');
    expect(w.status).toBe(201);
    expect(w.body).toMatchObject({ width: 2400, height: 3000 });
    expect(w.body.path).toMatch(/\.webp$/);
  });

  it('refuses what is not a picture whatever it is called, a broken one, a tiny one, one of 100 megapixels and one over 6 MB', async () => {
    const text = await send('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(text).toMatchObject({ status: 415, body: { success: false, message: PHOTO_MESSAGES.notImage } });
    const jpeg = await phonePhoto();
    const broken = await send(jpeg.subarray(0, 200));
    expect(broken).toMatchObject({ status: 415, body: { message: PHOTO_MESSAGES.notImage } });
    const tiny = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#999999' } })
      .jpeg()
      .toBuffer();
    expect(await send(tiny)).toMatchObject({ status: 422, body: { message: PHOTO_MESSAGES.tooSmall } });
    // A PNG whose header claims 10,000 × 10,000 pixels (400 MB decoded, from a few bytes) is refused unread.
    expect(await send(pngClaiming(10_000, 10_000), editor.token, 'image/png')).toMatchObject({
      status: 413,
      body: { message: PHOTO_MESSAGES.tooManyPixels },
    });
    const huge = new Uint8Array(6 * 1024 * 1024 + 1);
    huge.set([0xff, 0xd8, 0xff]);
    expect(await send(huge)).toMatchObject({ status: 413, body: { message: PHOTO_MESSAGES.tooLarge } });
  });

  it('is for editors and admins: a shopper gets 403, a signed-out caller 401', async () => {
    const shopper = await makeShopper();
    const jpeg = await phonePhoto();
    expect((await send(jpeg, shopper.token)).status).toBe(403);
    expect((await send(jpeg, '')).status).toBe(401);
  });

  it('answers 404 for a photo that is not there or a name that is not a photo’s', async () => {
    expect((await call(getPhoto, `/api/photos/${'0'.repeat(32)}.jpg`)).status).toBe(404);
    expect((await call(getPhoto, '/api/photos/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });
});

describe('photos on a product', () => {
  const id = stableId('products', 'lotus-ring').toHexString();
  const path = `/api/admin/catalogue/products/${id}`;
  const save = (version: number, body: unknown) =>
    call(product, path, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${editor.token}` },
      body: JSON.stringify({ version, product: body }),
    });

  it('are described before the piece is active, and go live with their alt text', async () => {
    const uploaded = (await send(await phonePhoto())).body;
    const opened = (await call(product, path, { headers: { authorization: `Bearer ${editor.token}` } })).body.draft;
    const draft = { ...opened.product, status: 'active', image: [uploaded.path, ...opened.product.image], imageAlt: [] };

    const refused = await save(opened.version, draft);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('Write the alt text of photo 1 before making the piece active: say what it shows');

    const alt = draft.image.map((_: string, i: number) =>
      i === 0 ? 'Lotus ring on a hand, seen from above' : `Lotus ring, view ${i + 1}`,
    );
    const saved = await save(opened.version, { ...draft, imageAlt: alt });
    expect(saved.status).toBe(200);
    expect(saved.body.draft.imageUrls[0]).toBe(uploaded.url);
    expect(saved.body.draft.product.imageAlt).toEqual(alt);

    // As shoppers will see it once published: the photo from the shop's own photo route, with its words.
    const shown = await call(preview, `${path}/preview`, { headers: { authorization: `Bearer ${editor.token}` } });
    expect(shown.body.product.image[0]).toBe(uploaded.url);
    expect(shown.body.product.imageAlt).toEqual(alt);
  });
});

describe('unused photos', () => {
  it('are deleted a week after upload when no product, draft or version uses them; used and recent ones stay', async () => {
    const id = stableId('products', 'temple-jhumka').toHexString();
    const path = `/api/admin/catalogue/products/${id}`;
    const used = (await send(await phonePhoto())).body;
    const dropped = (
      await send(
        await sharp({ create: { width: 900, height: 900, channels: 3, background: '#8a8f99' } })
          .png()
          .toBuffer(),
        editor.token,
        'image/png',
      )
    ).body;
    const opened = (await call(product, path, { headers: { authorization: `Bearer ${editor.token}` } })).body.draft;
    const saved = await call(product, path, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${editor.token}` },
      body: JSON.stringify({ version: opened.version, product: { ...opened.product, status: 'draft', image: [used.path], imageAlt: [] } }),
    });
    expect(saved.status).toBe(200);

    // Today nothing goes: an editor may still save the draft that uses it.
    expect((await sweepUnusedPhotos()).deleted).not.toContain(dropped.path.slice('photos/'.length));
    // Eight days on, the unused one goes and the one a draft uses stays.
    const later = await sweepUnusedPhotos(new Date(Date.now() + 8 * 86_400_000));
    expect(later.deleted).toContain(dropped.path.slice('photos/'.length));
    expect(later.deleted).not.toContain(used.path.slice('photos/'.length));
    expect((await call(getPhoto, dropped.url)).status).toBe(404);
    expect((await call(getPhoto, used.url)).status).toBe(200);
  });
});
