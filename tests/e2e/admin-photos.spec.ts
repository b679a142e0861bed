import sharp from 'sharp';
import { expect, test } from './test';
import { pickProduct } from './catalogue';
import { hydrated } from './hydration';
import { expectNoAxeViolations, shot } from './shopper';
import { signInAsStaff } from './orders';

/**
 * A photo as a phone camera saves it: 12 megapixels of fine detail at full quality (over 6 MB, more than a
 * function takes), held turned (EXIF orientation 6), with the phone's make in its metadata.
 */
const phonePhoto = () =>
  sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#9aa0a8', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 100 })
    .withExif({ IFD0: { Make: 'Pixelphone', Model: 'P9' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

test.describe('photos in the back office', () => {
  test('an editor adds a large phone photo, is told a file is not a picture, describes the photo, puts it first and saves', async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    const piece = await pickProduct(page.request, info.project.name, (p) => p.stock > 0, 20);
    const token = await signInAsStaff(page, info, 'editor', 'Asha');
    const camera = await phonePhoto();
    expect(camera.byteLength).toBeGreaterThan(6 * 1024 * 1024);

    await page.goto(`/admin/products/${piece._id}`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: piece.name, level: 1 })).toBeVisible();
    const photos = page.getByRole('group', { name: 'Photos' });
    await hydrated(photos.getByRole('button', { name: 'Add photos' }));
    const rows = photos.getByRole('listitem');
    const before = await rows.count();
    expect(before).toBeGreaterThan(0);
    // The sample catalogue's photos come described.
    await expect(photos.getByLabel('Alt text of photo 1')).toHaveValue(`${piece.name}, studio photo on a plain background`);

    await page.locator('input[type="file"]').setInputFiles([
      { name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: camera },
      { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Remember: silver polish, boxes, tape') },
    ]);
    const n = before + 1;
    const added = photos.getByRole('listitem', { name: `Photo ${n}` });
    await expect(added).toBeVisible({ timeout: 30_000 });
    await expect(photos.getByRole('alert')).toHaveText(
      /^notes\.jpg: That file is not a photo we can use: send a JPEG, PNG or WebP picture\.\s*Dismiss$/,
    );
    // Its thumbnail comes through the Image CDN, upright: taller than wide, as the phone was held.
    const thumb = added.locator('img');
    await thumb.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        thumb.evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? img.naturalHeight > img.naturalWidth : null)),
      )
      .toBe(true);

    // An active piece needs every photo described.
    await page.getByRole('button', { name: 'Save draft' }).click();
    const alt = added.getByLabel(`Alt text of photo ${n}`);
    await expect(added.getByText(`Write the alt text of photo ${n} before making the piece active: say what it shows`)).toBeVisible();
    await expect(alt).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await shot(page, info, 'photos-alt-needed');

    await alt.fill(`${piece.name} worn on a hand`);
    await photos.getByRole('button', { name: `Make photo ${n} first` }).click();
    const first = photos.getByRole('listitem', { name: 'Photo 1, the first photo' });
    await expect(first.getByLabel('Alt text of photo 1')).toHaveValue(`${piece.name} worn on a hand`);
    await photos.getByRole('button', { name: 'Dismiss' }).click();
    await expect(photos.getByRole('alert')).toHaveCount(0);
    await photos.getByRole('button', { name: `Remove photo ${n}` }).click();
    await expect(rows).toHaveCount(before);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText(/^Draft saved \(version \d+\)\./)).toBeVisible();
    await shot(page, info, 'photos-saved');

    // Kept as saved: the new photo first with its words, stored without the phone's metadata, small enough.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('group', { name: 'Photos' }).getByLabel('Alt text of photo 1')).toHaveValue(`${piece.name} worn on a hand`);
    const saved = (await (
      await page.request.get(`/api/admin/catalogue/products/${piece._id}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { draft: { imageUrls: string[] } };
    const url = saved.draft.imageUrls[0]!;
    expect(url).toMatch(/^\/api\/photos\/[0-9a-f]{32}\.jpg$/);
    const file = await page.request.get(url);
    expect(file.headers()['content-type']).toBe('image/jpeg');
    const bytes = await file.body();
    expect(bytes.byteLength).toBeLessThanOrEqual(4 * 1024 * 1024);
    const meta = await sharp(bytes).metadata();
    expect(meta.height).toBeGreaterThan(meta.width);
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('Pixelphone'))).toBe(false);
  });

  test('the product page reads each photo’s alt text as the content team wrote it', async ({ page }, info) => {
    const piece = await pickProduct(page.request, info.project.name, (p) => p.stock > 0, 21);
    await page.goto(`/collections/products/detail/${piece.slug}`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('img', { name: `${piece.name}, studio photo on a plain background` })).toBeVisible();
  });
});
