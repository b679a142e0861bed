import { expect, test } from './test';
import { type Page } from '@playwright/test';
import { allProducts, builtListing } from './catalogue';
import { hydrated, linkedSortShown } from './hydration';
import { expectNoAxeViolations } from './shopper';
import { withE2eDb } from './db';
import { VIEW_PENDING_ATTRIBUTE } from '@shared/view-pending';
import { ObjectId } from 'mongodb';

interface Catalogue {
  subcategories: { _id: string; slug: string; name: string }[];
  collections: { slug: string; name: string }[];
  categories: { _id: string; name: string }[];
  banners: { _id: string; Heading: string; imageType: string; status: string }[];
}

async function loadCatalogue(page: Page): Promise<Catalogue> {
  const get = async (path: string) => (await page.request.get(path)).json();
  const [subs, cols, cats, banners] = await Promise.all([
    get('/api/get_subcategory'),
    get('/api/get_Collection'),
    get('/api/get_category'),
    get('/api/get_banner'),
  ]);
  return { subcategories: subs.subCategories, collections: cols.collections, categories: cats.categories, banners: banners.banners };
}

test.describe('every route renders its required texts with no accessibility violations', () => {
  test('home, listings, product, banner, cart, wishlist, policies, contact, about, faq, search, 404', async ({ page }) => {
    test.setTimeout(240_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
    const c = await loadCatalogue(page);
    const products = await allProducts(page.request);
    const banner = c.banners.find((b) => b.imageType === 'Banner' && b.status === 'active')!;
    const routes: [string, (string | RegExp)[]][] = [
      [
        '/',
        [
          'What Our Customers Say',
          'Shop by Category',
          '7 Days Return',
          'Fast Delivery',
          'Affordable Price',
          'Exclusive Collection',
          'COD Available',
        ],
      ],
      ['/collections/products', [/\d+ products/]],
      [`/collections/${c.subcategories[0]!.slug}`, [c.subcategories[0]!.name, 'You Might Also Like']],
      [`/collections/${c.collections[0]!.slug}`, [c.collections[0]!.name]],
      [`/collections/products/detail/${products[0]!.slug}`, [products[0]!.name, '92.5 Sterling Silver', 'Inclusive of all taxes']],
      [`/banner/${banner._id}`, [banner.Heading]],
      ['/productcard', ['Your cart is empty']],
      ['/wishlist', ['Your wishlist is empty.']],
      ['/cancellation-and-refunds', ['24 hours']],
      ['/terms-of-service', ['14/10/2025']],
      ['/privacy-policy', ['14/10/2025']],
      ['/shipping-policy', ['within India']],
      ['/contact', ['Grievance']],
      ['/about', ['92.5']],
      ['/faq', ['COD']],
      ['/search', ['Search']],
    ];
    for (const [path, texts] of routes) {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      for (const t of texts) await expect(page.getByText(t).first(), `${path} shows ${t}`).toBeAttached();
      await expect(page.getByText('SIGN UP AND SAVE').first()).toBeAttached();
      await expectNoAxeViolations(page);
    }
    const missing = await page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    expect(errors).toEqual([]);
  });

  test('policy pages ship no React: only the account mark, the header script and the footer sign-up, all inline and small', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && fetched.push(r.url()));
    await page.goto('/privacy-policy', { waitUntil: 'load' });
    expect(fetched).toEqual([]);
    const scripts = await page
      .locator('script:not([type="application/ld+json"])')
      .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    expect(scripts).toHaveLength(3);
    // The head's signed-in mark and first name (src/shared/signed-in.ts), a one-liner.
    expect(scripts[0]).toContain('data-signed-in');
    expect(scripts[0]!.length).toBeLessThan(400);
    // The header's badges and currency (under 3 KB gzip, held by a unit test); the footer's sign-up.
    expect(scripts[1]).toContain('cartItems');
    expect(scripts[1]!.length).toBeLessThan(6144);
    expect(scripts[2]).toContain('/api/subscribe');
    expect(scripts[2]!.length).toBeLessThan(1536);
    expect(await page.locator('astro-island').count()).toBe(0);
  });
});

test.describe('listing', () => {
  test('sort and price filter change the grid, live in the URL, and Reset All restores everything', async ({ page }) => {
    await page.goto('/collections/products', { waitUntil: 'domcontentloaded' });
    const sort = await hydrated(page.getByLabel('Sort by'));
    await sort.selectOption({ label: 'Price Low To High' });
    await expect(page).toHaveURL(/sort=price-asc/);
    const prices = async () =>
      (await page.locator('[aria-label="Products"] .price__now').allInnerTexts()).slice(0, 6).map((t) => Number(t.replace(/[^\d.]/g, '')));
    await expect
      .poll(async () => {
        const p = await prices();
        return p.every((x, i) => i === 0 || p[i - 1]! <= x);
      })
      .toBe(true);

    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(page.getByLabel('Sort by')).toHaveValue(/price-asc/);

    await (await hydrated(page.getByRole('button', { name: /^Filters/ }))).click();
    const min = page.getByLabel('Minimum price (₹)');
    const max = page.getByLabel('Maximum price (₹)');
    // Invalid input is no lower limit: the box shows the bottom of the listing's own price range.
    await min.fill('abc');
    await min.blur();
    await expect(min).toHaveValue(/^\d+$/);
    await expect(page).not.toHaveURL(/min=/);
    await max.fill('1450');
    await max.blur();
    await expect(page).toHaveURL(/max=1450/);
    // Minimum and maximum stay at least 100 apart: a closer minimum is refused with a message, not moved.
    await min.fill('1400');
    await min.blur();
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Max price must be at least ₹100 more than min price');
    await expect(page).not.toHaveURL(/min=/);

    await page.getByRole('button', { name: 'Reset All' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).not.toHaveURL(/max=|sort=price/);
    await expect(page.getByLabel('Sort by')).toHaveValue(/latest/);
  });

  test('a sold-out card is blurred, its button says Stock not available and refuses the add below it', async ({ page, request }) => {
    // Sold out in the catalogue as built as well as now: other journeys set a piece to 0 for a moment and put its
    // stock back, so a piece that is 0 only now may be back in stock by the time its page asks.
    const soldOutAtBuild = new Set((await builtListing(request)).filter((p) => p.stock <= 0).map((p) => p.slug));
    const soldOut = (await allProducts(request)).find((p) => p.stock <= 0 && soldOutAtBuild.has(p.slug))!;
    await page.goto('/collections/products?sort=price-asc', { waitUntil: 'domcontentloaded' });
    await linkedSortShown(page, 'price-asc');
    const card = page.locator('[aria-label="Products"] > li').filter({ hasText: soldOut.name }).first();
    for (let i = 0; i < 5 && !(await card.count()); i++) await page.getByRole('button', { name: /Show more/ }).click();
    const button = card.getByRole('button', { name: /^Stock not available/ });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    // aria-disabled (pressing it still explains the refusal), which Playwright treats as not clickable.
    await (await hydrated(button)).click({ force: true });
    await expect(card.getByRole('status')).toHaveText('This product is out of stock!');
    await expect(page.getByRole('link', { name: /^Cart/ }).first()).toHaveAttribute('aria-label', 'Cart');
  });

  test('a listing linked with a sort keeps the Latest cards out of sight until it shows that order', async ({ page }) => {
    // The listing's code is held back, as on a slow phone, to see what the page shows before it has run.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/ListingIsland\.[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const grid = page.getByRole('list', { name: 'Products' });
    const staticGrid = page.locator('ul.lgrid');
    const marked = () => page.evaluate((mark) => document.documentElement.hasAttribute(mark), VIEW_PENDING_ATTRIBUTE);

    // Unsorted, the static cards are the view asked for, shown at once.
    await page.goto('/collections/products', { waitUntil: 'domcontentloaded' });
    await expect(grid.getByRole('listitem').first()).toBeVisible();
    expect(await marked()).toBe(false);

    // Sorted by price, they are the Latest cards: there, but out of sight, and so are the count and the sort.
    await page.goto('/collections/products?sort=price-asc', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    expect(await marked()).toBe(true);
    expect(await staticGrid.locator('li').count()).toBeGreaterThan(0);
    await expect(staticGrid).toHaveCSS('visibility', 'hidden');
    await expect(page.locator('.lbar__count')).toHaveCSS('visibility', 'hidden');
    await expect(page.getByRole('button', { name: 'Filters' })).toBeVisible();
    release();
    await linkedSortShown(page, 'price-asc');
    await expect(grid).toBeVisible();
    expect(await marked()).toBe(false);
    const prices = (await grid.locator('.pcard__price .price__now').allTextContents())
      .slice(0, 6)
      .map((t) => Number(t.replace(/[^0-9]/g, '')));
    expect(prices).toHaveLength(6);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test('a linked listing whose code never arrives shows its static cards after 8 s rather than nothing', async ({ page }) => {
    await page.route(/\/_astro\/ListingIsland\.[^/]*\.js$/, (route) => route.abort());
    // The page's animation clock runs 20 times faster, so the 8 s fallback comes after 0.4 s.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Animation.enable');
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 20 });
    await page.goto('/collections/products?sort=price-asc', { waitUntil: 'domcontentloaded' });
    const staticGrid = page.locator('ul.lgrid');
    await expect(staticGrid).toHaveCSS('visibility', 'visible');
    await expect(staticGrid.getByRole('listitem').first()).toBeVisible();
    expect(await page.evaluate((mark) => document.documentElement.hasAttribute(mark), VIEW_PENDING_ATTRIBUTE)).toBe(true);
  });

  test('a view event is sent once per product per session, a click on each card click', async ({ page, context }) => {
    const events: { productId: string; type: string; visitorId: string }[] = [];
    // Listened to on the context: the click goes out by beacon while the page unloads.
    context.on('request', (r) => {
      if (!r.url().endsWith('/api/event-count')) return;
      const body = JSON.parse(r.postData() ?? '{}') as { events?: typeof events } | typeof events;
      events.push(...(Array.isArray(body) ? body : (body.events ?? [body as never])));
    });
    await page.goto('/collections/products', { waitUntil: 'domcontentloaded' });
    await expect.poll(() => events.filter((e) => e.type === 'view').length, { timeout: 15_000 }).toBeGreaterThan(0);
    const firstViews = events.filter((e) => e.type === 'view').map((e) => e.productId);
    expect(new Set(firstViews).size).toBe(firstViews.length);
    expect(events[0]!.visitorId).toMatch(/^v_/);

    await page.reload({ waitUntil: 'domcontentloaded' });

    // The reloaded listing has hydrated, so its cards count clicks (and any view it would repeat is queued).
    const firstCard = await hydrated(page.locator('[aria-label="Products"] > li a').first());
    const slug = (await firstCard.getAttribute('href'))!.split('/').pop()!;
    const product = (await allProducts(page.request)).find((p) => p.slug === slug)!;
    const clicksBefore = await withE2eDb((db) =>
      db.collection('events').countDocuments({ productId: new ObjectId(product._id), type: 'click' }),
    );
    await firstCard.click();
    await page.waitForURL(/\/detail\//);
    // The click leaves by beacon as the page unloads, so it is checked where it lands: the database.
    await expect
      .poll(() => withE2eDb((db) => db.collection('events').countDocuments({ productId: new ObjectId(product._id), type: 'click' })))
      .toBe(clicksBefore + 1);
    // Whatever the reloaded page queued went out as it unloaded, before the click landed: no view twice.
    const views = events.filter((e) => e.type === 'view').map((e) => e.productId);
    expect(new Set(views).size).toBe(views.length);
  });
});

test.describe('product page', () => {
  test('a sold-out product disables both buy buttons and shows Out of Stock', async ({ page, request }) => {
    // Sold out in the catalogue as built as well as now: other journeys set a piece to 0 for a moment and put its
    // stock back, so a piece that is 0 only now may be back in stock by the time its page asks.
    const soldOutAtBuild = new Set((await builtListing(request)).filter((p) => p.stock <= 0).map((p) => p.slug));
    const soldOut = (await allProducts(request)).find((p) => p.stock <= 0 && soldOutAtBuild.has(p.slug))!;
    await page.goto(`/collections/products/detail/${soldOut.slug}`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByText('Out of Stock').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to Cart', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Buy it now' })).toBeDisabled();
  });
});

test("the mobile menu fetches a category's subcategories on first open only", async ({ page }) => {
  // The slide-in menu is the layout below the large breakpoint.
  await page.setViewportSize({ width: 390, height: 844 });
  const fetched: string[] = [];
  page.on('request', (r) => r.url().includes('/api/get_category_details/') && fetched.push(r.url()));
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await (await hydrated(page.getByRole('button', { name: 'Open menu' }))).click();
  const c = await loadCatalogue(page);
  const entry = page.getByRole('button', { name: c.categories[0]!.name, exact: true });
  await entry.click();
  await expect(entry).toHaveAttribute('aria-expanded', 'true');
  await entry.click();
  await entry.click();
  await expect(entry).toHaveAttribute('aria-expanded', 'true');
  expect(fetched).toHaveLength(1);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});
