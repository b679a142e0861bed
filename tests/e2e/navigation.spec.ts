import { expect, test } from './test';
import { type Page, type TestInfo } from '@playwright/test';
import { allProducts, pickProduct, storedProduct, type ListedProduct } from './catalogue';
import { hydrated } from './hydration';

// Each top-level category has its own listing, /collections/{category slug}, led from the desktop dropdown
// and the phone menu ('All Rings'); breadcrumbs run Home › Category › Subcategory › Product on listings and
// product pages alike; the wishlist's Add to Cart opens the cart drawer and stays on the wishlist.

/** With SHOTS set, a screenshot of what the shopper sees (the window, not the whole page) into that folder. */
async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  if (process.env['SHOTS']) await page.screenshot({ path: `${process.env['SHOTS']}/${info.project.name}-${name}.png` });
}

interface Category {
  _id: string;
  name: string;
  slug: string;
}
interface Subcategory {
  _id: string;
  name: string;
  slug: string;
  category: string;
}

/** The sample catalogue's Rings category, its subcategories and every piece in them, through the public API. */
async function rings(page: Page) {
  const get = async <T>(path: string): Promise<T> => (await (await page.request.get(path)).json()) as T;
  const { categories } = await get<{ categories: Category[] }>('/api/get_category');
  const category = categories.find((c) => c.slug === 'rings')!;
  const { subCategories } = await get<{ subCategories: Subcategory[] }>('/api/get_subcategory');
  const subs = subCategories.filter((s) => s.category === category._id);
  const products = (await allProducts(page.request)).filter((p) => subs.some((s) => s._id === p.subCategory));
  return { category, subs, products: products as (ListedProduct & { tags: string[] })[] };
}

const status = (page: Page) => page.getByRole('status').filter({ hasText: /products?$/ });
const countText = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;
const cardNames = (page: Page) => page.locator('[aria-label="Products"] > li h2').allInnerTexts();
const crumbTrail = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .locator('li')
    .evaluateAll((items) => items.map((li) => [li.textContent?.trim() ?? '', li.querySelector('a')?.getAttribute('href') ?? null]));
/** The page's schema.org BreadcrumbList as [name, path] pairs. */
const jsonLdTrail = (page: Page) =>
  page.locator('script[type="application/ld+json"]').evaluateAll((scripts) =>
    scripts
      .flatMap((s) => {
        const data = JSON.parse(s.textContent ?? 'null') as unknown;
        return Array.isArray(data) ? data : [data];
      })
      .filter((d): d is { '@type': string; itemListElement: { name: string; item?: string }[] } => d?.['@type'] === 'BreadcrumbList')
      .flatMap((d) => d.itemListElement.map((e) => [e.name, e.item ? new URL(e.item).pathname : null])),
  );

/** What the category listing must show: its title, a count of every ring, and rings of several subcategories. */
async function expectRingsListing(page: Page, ringsData: Awaited<ReturnType<typeof rings>>) {
  await expect(page).toHaveURL(/\/collections\/rings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rings' })).toBeVisible();
  await expect(status(page)).toHaveText(countText(ringsData.products.length));
  const shown = await cardNames(page);
  expect(shown.length).toBe(Math.min(ringsData.products.length, 24));
  const names = new Map(ringsData.products.map((p) => [p.name, p.subCategory]));
  for (const name of shown) expect(names.has(name.trim())).toBe(true);
  // The category holds all its subcategories, not one of them.
  expect(new Set(shown.map((n) => names.get(n.trim()))).size).toBeGreaterThanOrEqual(2);
}

test.describe('category listings', () => {
  test('the desktop dropdown leads with All Rings, a listing of every ring of every subcategory', async ({ page }, info) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const data = await rings(page);
    expect(data.subs.length).toBeGreaterThanOrEqual(2);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await (await hydrated(nav.locator('summary', { hasText: 'Rings' }).first())).click();
    const panel = nav.locator('details[open] .desktop-nav__panel');
    await expect(panel).toBeVisible();
    const links = panel.getByRole('link');
    await expect(links.first()).toHaveText('All Rings');
    await expect(links.first()).toHaveAttribute('href', '/collections/rings');
    // The subcategories follow, as before.
    await expect(links).toHaveText(['All Rings', ...data.subs.map((s) => s.name)]);
    await shot(page, info, 'desktop-dropdown');
    await links.first().click();
    await expectRingsListing(page, data);
    // On its own listing, the category is the current entry of the bar.
    await expect(nav.locator('summary', { hasText: 'Rings' }).first()).toHaveClass(/is-active/);
    await shot(page, info, 'category-listing-1440');
  });

  test('the phone menu fetches the subcategories and leads them with All Rings, which opens the listing', async ({ page }, info) => {
    await page.setViewportSize({ width: 412, height: 900 });
    const data = await rings(page);
    const fetched: string[] = [];
    page.on('request', (r) => r.url().includes('/api/get_category_details/') && fetched.push(r.url()));
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await (await hydrated(page.getByRole('button', { name: 'Open menu' }))).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('button', { name: 'Rings', exact: true }).click();
    const list = menu.locator('.mobile-menu__sublist');
    await expect(list.getByRole('link')).toHaveText(['All Rings', ...data.subs.map((s) => s.name)]);
    expect(fetched).toEqual([expect.stringContaining(`/api/get_category_details/${data.category._id}`)]);
    await shot(page, info, 'phone-menu');
    await list.getByRole('link', { name: 'All Rings' }).click();
    await expectRingsListing(page, data);
    await shot(page, info, 'category-listing-412');
  });

  test('the phone menu of a page without React has All Rings too', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 900 });
    await page.goto('/terms-of-service', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.locator('summary', { hasText: 'Rings' }).first().click();
    await menu.getByRole('link', { name: 'All Rings' }).click();
    await expect(page).toHaveURL(/\/collections\/rings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Rings' })).toBeVisible();
  });

  test('sort and a tag filter work on the category listing, over every ring', async ({ page }) => {
    const data = await rings(page);
    await page.goto('/collections/rings', { waitUntil: 'domcontentloaded' });
    const sort = await hydrated(page.getByLabel('Sort by'));
    await sort.selectOption({ label: 'Price Low To High' });
    await expect(page).toHaveURL(/sort=price-asc/);
    const prices = async () =>
      (await page.locator('[aria-label="Products"] .price__now').allInnerTexts()).map((t) => Number(t.replace(/[^\d.]/g, '')));
    await expect.poll(async () => (await prices()).every((x, i, all) => i === 0 || all[i - 1]! <= x)).toBe(true);

    await (await hydrated(page.getByRole('button', { name: /^Filters/ }))).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    const tags = drawer.getByRole('button', { name: 'Tags', exact: true });
    if ((await tags.getAttribute('aria-expanded')) === 'false') await tags.click();
    // A tag some rings carry and others do not, so checking it must narrow the grid.
    const tag = [...new Set(data.products.flatMap((p) => p.tags))].find((t) => {
      const n = data.products.filter((p) => p.tags.includes(t)).length;
      return n > 0 && n < data.products.length;
    })!;
    const tagged = data.products.filter((p) => p.tags.includes(tag));
    const label = tag.replace(/[-_]+/g, ' ').trim();
    await drawer
      .getByRole('group', { name: 'Tags' })
      .getByRole('checkbox', { name: label.charAt(0).toUpperCase() + label.slice(1), exact: true })
      .check();
    await expect(page).toHaveURL(new RegExp(`[?&]tags=${encodeURIComponent(tag)}`));
    await drawer.getByRole('button', { name: 'Close' }).first().click();
    await expect(status(page)).toHaveText(countText(tagged.length));
    const shown = await cardNames(page);
    expect(shown.map((n) => n.trim()).sort()).toEqual(tagged.map((p) => p.name).sort());
  });

  test('a subcategory listing and its product trail Home › Rings › Subcategory, in the page and its JSON-LD', async ({ page }) => {
    const data = await rings(page);
    const sub = data.subs[0]!;
    await page.goto(`/collections/${sub.slug}`, { waitUntil: 'domcontentloaded' });
    const listingTrail = [
      ['Home', '/'],
      ['Rings', '/collections/rings'],
      [sub.name, null],
    ];
    expect(await crumbTrail(page)).toEqual(listingTrail);
    expect(await jsonLdTrail(page)).toEqual([...listingTrail.slice(0, 2), [sub.name, `/collections/${sub.slug}`]]);

    const card = page.locator('[aria-label="Products"] > li').first();
    const name = (await card.locator('h2').innerText()).trim();
    await card.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const productPath = new URL(page.url()).pathname;
    const productTrail = [
      ['Home', '/'],
      ['Rings', '/collections/rings'],
      [sub.name, `/collections/${sub.slug}`],
      [name, null],
    ];
    expect(await crumbTrail(page)).toEqual(productTrail);
    expect(await jsonLdTrail(page)).toEqual([...productTrail.slice(0, 3), [name, productPath]]);

    // The category crumb leads back up to every ring.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Rings', exact: true }).click();
    await expect(page).toHaveURL(/\/collections\/rings$/);
    expect(await crumbTrail(page)).toEqual([
      ['Home', '/'],
      ['Rings', null],
    ]);
  });
});

test.describe('wishlist', () => {
  test('Add to Cart opens the cart drawer and stays on the wishlist, so two pieces go in a row', async ({ page, request }, info) => {
    const first = await pickProduct(request, info.project.name, (p) => p.stock >= 3, 5);
    const second = await pickProduct(request, info.project.name, (p) => p.stock >= 3 && p._id !== first._id, 6);
    const saved = [first, second].map(storedProduct);
    await page.addInitScript((wishlist) => {
      if (sessionStorage.getItem('seeded')) return;
      localStorage.setItem('wishlist', wishlist);
      sessionStorage.setItem('seeded', '1');
    }, JSON.stringify(saved));
    await page.goto('/wishlist', { waitUntil: 'domcontentloaded' });
    const grid = page.getByRole('list', { name: 'Saved products' });
    const drawer = page.getByRole('dialog', { name: /^Your cart/ });
    const cartLink = page.getByRole('link', { name: /^Cart/ }).first();

    const addButton = (p: ListedProduct) =>
      grid
        .locator('li')
        .filter({ hasText: p.name })
        .getByRole('button', { name: /Add to Cart/ });
    await (await hydrated(addButton(first))).click();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: first.name }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(cartLink).toHaveAttribute('aria-label', 'Cart, 1 item');
    await shot(page, info, 'wishlist-drawer');
    await drawer.getByRole('button', { name: 'Close cart' }).click();
    await expect(drawer).toBeHidden();

    await addButton(second).click();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: second.name }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(cartLink).toHaveAttribute('aria-label', 'Cart, 2 items');
    // Both stay saved: adding to the cart does not take a piece off the wishlist.
    await expect(grid.locator('> li')).toHaveCount(2);

    // Adding to the cart leads on to /productcard through the drawer's View cart.
    await drawer.getByRole('link', { name: 'View cart' }).click();
    await expect(page).toHaveURL(/\/productcard$/);
    await expect(page.getByRole('link', { name: first.name }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: second.name }).first()).toBeVisible();
  });
});
