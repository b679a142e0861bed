import type { Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './test';
import { allProducts, type ListedProduct } from './catalogue';
import { expectNoAxeViolations, shot } from './shopper';
import { signInAsStaff } from './orders';

/** Pieces no other journey acts on: from the end of the catalogue, sold as one piece, apart per project. */
async function quietPieces(page: Page, info: TestInfo, n: number): Promise<ListedProduct[]> {
  const pieces = (await allProducts(page.request)).filter((p) => !p.sizes && p.stock > 0).reverse();
  const start = info.project.name === 'phone' ? n : 0;
  return pieces.slice(start, start + n);
}

/** A product's draft as the editor's API gives it. */
type DraftProduct = Record<string, unknown> & { image: string[]; imageAlt: string[] };

/** Saves a live product's draft with `change` applied (or made from the draft), through the editor's own API calls. */
async function saveDraft(
  page: Page,
  token: string,
  id: string,
  change: Record<string, unknown> | ((product: DraftProduct) => Record<string, unknown>),
): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const opened = (await (await page.request.get(`/api/admin/catalogue/products/${id}`, { headers })).json()) as {
    draft: { version: number; product: DraftProduct };
  };
  const changed = typeof change === 'function' ? change(opened.draft.product) : change;
  const saved = await page.request.put(`/api/admin/catalogue/products/${id}`, {
    headers,
    data: { version: opened.draft.version, product: { ...opened.draft.product, ...changed } },
  });
  expect(saved.status()).toBe(200);
}

test.describe('publishing the catalogue from the back office', () => {
  // One real rebuild of the worker's own site per run: two Astro builds at once would share Astro's cache folder.
  test('an editor publishes a new price and first photo, an archived piece and a new web address, and the shop shows each @desktop-only', async ({
    page,
  }, info) => {
    // A real Astro rebuild under four workers on two cores, then the preview, home page and product checks: CI took
    // over 240 s once the journey also previewed and published the home page.
    test.setTimeout(420_000);
    const token = await signInAsStaff(page, info, 'editor', 'Asha');
    const [repriced, archived, moved] = await quietPieces(page, info, 3);
    const newPrice = repriced!.price + 111;
    // A new first photo, uploaded as the editor's page uploads it, with its alt text.
    const studio = await sharp({ create: { width: 1500, height: 1875, channels: 3, background: '#c9ccd1' } })
      .jpeg()
      .toBuffer();
    const upload = await page.request.post('/api/admin/catalogue/photos', {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
      data: studio,
    });
    expect(upload.status()).toBe(201);
    const photo = (await upload.json()) as { path: string; url: string };
    const newAlt = `${repriced!.name} on grey silk`;
    // Its description formatted as the form's Bold and List buttons write it.
    const description = `${repriced!.name}, polished by **hand** in Jaipur.\n\n- Rhodium plated\n- Gift-boxed`;
    await saveDraft(page, token, repriced!._id, (p) => ({
      price: newPrice,
      discountPrice: null,
      image: [photo.path, ...p.image],
      imageAlt: [newAlt, ...p.imageAlt],
      description,
    }));
    await saveDraft(page, token, archived!._id, { status: 'archived' });
    await saveDraft(page, token, moved!._id, { slug: `${moved!.slug}-classic` });
    // The home page too: a message first in the announcement bar and a line of the feature strip.
    const headers = { authorization: `Bearer ${token}` };
    const home = (await (await page.request.get('/api/admin/catalogue/home', { headers })).json()) as {
      page: { version: number; home: { announcements: { message: string; isVisible: boolean }[]; features: string[] } };
    };
    const message = 'Published from the back office: free gift box this week';
    const savedHome = await page.request.put('/api/admin/catalogue/home', {
      headers,
      data: {
        version: home.page.version,
        home: {
          ...home.page.home,
          announcements: [{ message, isVisible: true }, ...home.page.home.announcements],
          features: home.page.home.features.map((f, i) => (i === 2 ? 'Making charges shown on every piece' : f)),
        },
      },
    });
    expect(savedHome.status()).toBe(200);

    // Preview, from the form: the storefront's own product view of the saved draft, its new price and first photo.
    await page.goto(`/admin/products/${repriced!._id}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('link', { name: 'Preview' }).click();
    await expect(page.getByText(/^Preview of the saved draft \(version \d+\), as shoppers will see it once published\./)).toBeVisible();
    await expect(page.getByRole('heading', { name: repriced!.name, level: 1 })).toBeVisible();
    await expect(page.locator('main')).toContainText(`₹${newPrice.toLocaleString('en-IN')}`);
    await expect(page.getByRole('img', { name: newAlt })).toBeVisible();
    await expect(page.getByRole('button', { name: /Add to cart/i })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, info, 'preview');
    // The live page still shows the live price.
    expect((await (await page.request.get(`/api/getProducts/${repriced!.slug}`)).json()).products.price).toBe(repriced!.price);

    await page.goto('/admin/products', { waitUntil: 'domcontentloaded' });
    const panel = page.getByRole('region', { name: 'Publish' });
    await expect(panel.getByText(/^Saved changes not live yet:/)).toContainText(`${archived!.name} (changed)`);
    await expectNoAxeViolations(page);
    await shot(page, info, 'publish-waiting');

    await panel.getByRole('button', { name: /^Publish \d+ products.* and the home page$/ }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: /^Publish \d+ products.* and the home page\?$/ })).toBeVisible();
    await expect(dialog.getByRole('listitem').filter({ hasText: 'The home page' })).toHaveText(
      /^The home page: \d+ banners, the announcement bar and the feature strip$/,
    );
    await expect(dialog.getByRole('listitem').filter({ hasText: repriced!.name })).toHaveText(`${repriced!.name} (changed)`);
    await expectNoAxeViolations(page);
    await shot(page, info, 'publish-confirm');
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(panel.getByRole('status').first()).toContainText(
      /Publishing \d+ products.* and the home page \(.+\): building the shop's pages…/,
    );
    await shot(page, info, 'publish-running');
    // The worker's own site is rebuilt from its database (tens of seconds on two busy cores), then swapped in.
    await expect(panel.getByText(/^Published: \d+ products.* and the home page live\. Live on this local shop\.$/)).toBeVisible({
      timeout: 200_000,
    });
    await expect(panel.getByText('Everything saved is live.')).toBeVisible();
    await panel.getByText('Publish log').click();
    await expect(panel.getByRole('row').nth(1)).toContainText(/Asha Shah.*Live/);
    await expectNoAxeViolations(page);
    await shot(page, info, 'publish-done');

    // The home page is rebuilt with the new message first and the strip's new line.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('region', { name: 'Announcements' }).getByRole('listitem').first()).toHaveText(message);
    await expect(page.getByRole('region', { name: 'Why shop with us' })).toContainText('Making charges shown on every piece');

    // The product page is rebuilt with the new price.
    await page.goto(`/collections/products/detail/${repriced!.slug}`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: repriced!.name, level: 1 })).toBeVisible();
    await expect(page.locator('main')).toContainText(`₹${newPrice.toLocaleString('en-IN')}`);
    const information = page.locator('.pd-info');
    await expect(information.locator('strong')).toHaveText('hand');
    await expect(information.getByRole('listitem')).toHaveText(['Rhodium plated', 'Gift-boxed']);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /polished by hand in Jaipur\./);
    // Its new first photo, from Netlify Blobs through the Image CDN like every other, read by its alt text.
    const lead = page.getByRole('img', { name: newAlt });
    await expect(lead).toBeVisible();
    await expect(lead).toHaveAttribute('src', new RegExp(`url=${encodeURIComponent(photo.url)}`));
    await expect.poll(() => lead.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // The archived piece's page says so and offers similar pieces; its listing no longer shows it.
    await page.goto(`/collections/products/detail/${archived!.slug}`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: archived!.name, level: 1 })).toBeVisible();
    await expect(page.getByText('This piece is no longer available.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Similar pieces' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
    await expectNoAxeViolations(page);
    await shot(page, info, 'archived-page');
    expect((await page.request.get(`/api/getProducts/${archived!.slug}`)).status()).toBe(404);

    // The old web address leads to the new one.
    await page.goto(`/collections/products/detail/${moved!.slug}`, { waitUntil: 'domcontentloaded' });
    await page.waitForURL(`**/collections/products/detail/${moved!.slug}-classic`);
    await expect(page.getByRole('heading', { name: moved!.name, level: 1 })).toBeVisible();
  });

  test('on a phone, the Publish panel lists what waits and asks before publishing', async ({ page }, info) => {
    const token = await signInAsStaff(page, info, 'editor', 'Asha');
    const [piece] = await quietPieces(page, info, 1);
    await saveDraft(page, token, piece!._id, { description: `${piece!.name}, now with a longer description for the shop.` });
    await page.goto('/admin/products', { waitUntil: 'domcontentloaded' });
    const panel = page.getByRole('region', { name: 'Publish' });
    await expect(panel).toContainText(`${piece!.name} (changed)`);
    await panel.getByRole('button', { name: /^Publish \d+ products?(,| and|$)/ }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('These go live in the shop, and its pages are rebuilt (a few minutes):');
    await expectNoAxeViolations(page);
    await shot(page, info, 'publish-confirm');
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByRole('button', { name: /^Publish \d+ products?(,| and|$)/ })).toBeFocused();
    // The preview shows the saved description, in the storefront's own layout.
    await page.goto(`/admin/products/preview?id=${piece!._id}`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByText('now with a longer description for the shop.')).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, info, 'preview');
    // Nothing went live: the shop still shows the description it had.
    const live = (await (await page.request.get(`/api/getProducts/${piece!.slug}`)).json()) as { products: { description: string } };
    expect(live.products.description).not.toContain('now with a longer description');
  });
});
