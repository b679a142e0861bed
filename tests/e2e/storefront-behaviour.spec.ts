import { expect, test } from './test';
import { type Locator, type Page } from '@playwright/test';
import { allProducts, pickProduct } from './catalogue';
import { setStock } from './db';
import { hydrated } from './hydration';

const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart/ }).first();

/** Index of the slide Swiper shows first in this carousel (its real index, loop copies mapped back). */
const frontSlide = (carousel: Locator) =>
  carousel.evaluate((el) => {
    const active = el.querySelector('.swiper-slide-active');
    return active ? Number(active.getAttribute('data-swiper-slide-index') ?? [...active.parentElement!.children].indexOf(active)) : -1;
  });

/** Waits for the slider to start (read() >= 0), then for it to move on by itself. */
async function expectToAdvance(read: () => Promise<number>): Promise<void> {
  await expect.poll(read, { timeout: 15_000 }).toBeGreaterThanOrEqual(0);
  const shown = await read();
  await expect.poll(read).not.toBe(shown);
}

/** Index of the dot marked current, -1 when none. */
const currentDot = (scope: Locator) =>
  scope.locator('.carousel__dot').evaluateAll((dots) => dots.findIndex((d) => d.getAttribute('aria-current') === 'true'));

test.describe('home motion', () => {
  test('banners, collections, trending and testimonials advance by themselves, and so does the announcement bar', async ({
    page,
  }, info) => {
    test.setTimeout(90_000);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    // Any interaction fetches Swiper at once (without one it arrives 5 s after load). The pointer is also moved
    // off the announcement bar, which pauses under it: a headless browser's pointer starts at the top left corner.
    await page.mouse.move(5, 300);
    // The announcement bar is CSS only: it moves by itself.
    const bar = page.locator('.announcement__list');
    await expect.poll(() => bar.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m42)).toBeLessThan(0);

    const banners = page.locator(`.banner-slider--${info.project.name === 'phone' ? 'mobile' : 'web'}`);
    await expect(banners).toBeVisible();
    await expect.poll(() => currentDot(banners), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => currentDot(banners)).toBe(1);

    for (const name of ['Collections', 'Trending products']) {
      const carousel = page.getByRole('region', { name, exact: true });
      await carousel.scrollIntoViewIfNeeded();
      await expectToAdvance(() => frontSlide(carousel));
    }

    // Testimonials keep going even while the pointer rests on them: they do not stop on interaction.
    const reviews = page.getByRole('region', { name: 'Customer reviews', exact: true });
    await reviews.scrollIntoViewIfNeeded();
    if (info.project.name === 'desktop') await reviews.hover();
    await expectToAdvance(() => currentDot(page.locator('.carousel--testimonials')));
  });
});

test.describe('listing', () => {
  test('a tag filter narrows the grid to the products carrying it', async ({ page, request }) => {
    const products = (await (await request.get('/api/get-collection/products')).json()).products as {
      name: string;
      tags: string[];
    }[];
    await page.goto('/collections/products', { waitUntil: 'domcontentloaded' });
    await (await hydrated(page.getByRole('button', { name: /^Filters/ }))).click();
    const drawer = page.getByRole('dialog');
    // Each section expands and collapses; Price starts open.
    const priceSection = drawer.getByRole('button', { name: 'Price', exact: true });
    const minPrice = drawer.getByLabel('Minimum price (₹)');
    await expect(priceSection).toHaveAttribute('aria-expanded', 'true');
    await priceSection.click();
    await expect(minPrice).toBeHidden();
    await expect(priceSection).toHaveAttribute('aria-expanded', 'false');
    await priceSection.click();
    await expect(minPrice).toBeVisible();
    const tags = drawer.getByRole('button', { name: 'Tags', exact: true });
    if ((await tags.getAttribute('aria-expanded')) === 'false') await tags.click();
    await drawer.getByRole('group', { name: 'Tags' }).getByRole('checkbox').first().check();
    await expect(page).toHaveURL(/[?&]tags=/);
    const tag = decodeURIComponent(new URL(page.url()).searchParams.get('tags')!.split(',')[0]!);
    const tagged = products.filter((p) => p.tags.includes(tag));
    expect(tagged.length).toBeGreaterThan(0);
    expect(tagged.length).toBeLessThan(products.length);

    await drawer.getByRole('button', { name: 'Close' }).first().click();
    await expect(drawer).toBeHidden();
    const status = page.getByRole('status').filter({ hasText: /products?$/ });
    await expect(status).toHaveText(`${tagged.length} ${tagged.length === 1 ? 'product' : 'products'}`);
    const shown = await page.locator('[aria-label="Products"] > li h2').allInnerTexts();
    expect(shown.length).toBe(Math.min(tagged.length, 24));
    for (const name of shown) expect(tagged.map((p) => p.name)).toContain(name.trim());

    // The filtered view survives a reload (it lives in the URL).
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(status).toHaveText(`${tagged.length} ${tagged.length === 1 ? 'product' : 'products'}`);
  });

  test('returning to a listing restores the scroll position, which is forgotten 5 s after the page opens', async ({ page }) => {
    await page.goto('/collections/products', { waitUntil: 'domcontentloaded' });
    await hydrated(page.getByRole('button', { name: /^Filters/ }));
    const card = page.locator('[aria-label="Products"] > li').nth(13);
    await card.scrollIntoViewIfNeeded();
    const y = await page.evaluate(() => Math.round(window.scrollY));
    expect(y).toBeGreaterThan(400);
    await card.locator('a').first().click();
    await page.waitForURL(/\/detail\//);

    await page.goto('/collections/products', { waitUntil: 'domcontentloaded' });
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThan(y - 3);
    expect(await page.evaluate(() => Math.round(window.scrollY))).toBeLessThan(y + 3);

    const saved = () => page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('listing-scroll:')).length);
    expect(await saved()).toBe(1);
    await expect.poll(saved).toBe(0);
  });
});

test.describe('product page', () => {
  test('Add to Cart stops once the pieces added from the page reach the stock', async ({ page, request }, info) => {
    const low = await pickProduct(request, info.project.name, (p) => p.stock >= 2 && p.stock <= 3, 1);
    await page.goto(`/collections/products/detail/${low.slug}`, { waitUntil: 'domcontentloaded' });
    const add = await hydrated(page.getByRole('button', { name: 'Add to Cart', exact: true }));
    for (let i = 0; i < low.stock; i++) {
      await expect(add).toBeEnabled();
      await add.click();
      // Each add opens the cart drawer over the page; Esc closes it and gives focus back to the button.
      await expect(page.getByRole('dialog', { name: /^Your cart/ })).toBeVisible();
      await page.keyboard.press('Escape');
    }
    await expect(add).toBeDisabled();
    await expect(cartLink(page)).toHaveAttribute('aria-label', `Cart, ${low.stock} items`);
    await expect(page.getByRole('button', { name: 'Buy it now' })).toBeEnabled();
  });

  test('the product information section collapses and expands', async ({ page, request }, info) => {
    const p = await pickProduct(request, info.project.name, (x) => x.stock > 0, 6);
    await page.goto(`/collections/products/detail/${p.slug}`, { waitUntil: 'domcontentloaded' });
    // Static HTML (a native <details>): it works before the page's code has arrived, and without it.
    const section = page.locator('details.pd-info');
    const toggle = section.locator('summary', { hasText: 'Product information' });
    const text = page.locator('.pd-info__text');
    await expect(text).toBeVisible();
    await toggle.click();
    await expect(section).not.toHaveAttribute('open');
    await expect(text).toBeHidden();
    await toggle.click();
    await expect(section).toHaveAttribute('open', '');
    await expect(text).toBeVisible();
  });

  test('a piece that sold out after the build is shown sold out as soon as the page hydrates', async ({ page, request }, info) => {
    const piece = await pickProduct(request, info.project.name, (p) => p.stock >= 4, 4);
    await setStock(piece._id, 0);
    try {
      await page.goto(`/collections/products/detail/${piece.slug}`, { waitUntil: 'domcontentloaded' });
      await expect(page.getByRole('button', { name: 'Add to Cart', exact: true })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Buy it now' })).toBeDisabled();
      await expect(page.getByText('Out of Stock').first()).toBeVisible();
    } finally {
      await setStock(piece._id, piece.stock);
    }
  });

  test('the zoom gallery opens, moves with its buttons and the keyboard, loops, and closes', async ({ page, request }, info) => {
    const p = await pickProduct(request, info.project.name, (x) => x.stock > 0, 5);
    await page.goto(`/collections/products/detail/${p.slug}`, { waitUntil: 'domcontentloaded' });
    await (await hydrated(page.getByRole('link', { name: /Open full-screen view/ }).first())).click();
    const lightbox = page.locator('.glightbox-container');
    await expect(lightbox).toBeVisible();
    const current = () => lightbox.locator('.gslide').evaluateAll((s) => s.findIndex((el) => el.classList.contains('current')));
    const count = await lightbox.locator('.gslide').count();
    expect(count).toBeGreaterThan(1);
    await expect.poll(current).toBe(0);
    await lightbox.getByRole('button', { name: 'Next image' }).click();
    await expect.poll(current).toBe(1);
    await lightbox.getByRole('button', { name: 'Previous image' }).click();
    await expect.poll(current).toBe(0);
    // Looping: previous from the first image shows the last.
    await lightbox.getByRole('button', { name: 'Previous image' }).click();
    await expect.poll(current).toBe(count - 1);
    await page.keyboard.press('ArrowRight');
    await expect.poll(current).toBe(0);
    await lightbox.getByRole('button', { name: 'Close gallery' }).click();
    await expect(lightbox).toBeHidden();

    await page
      .getByRole('link', { name: /Open full-screen view/ })
      .first()
      .click();
    await expect(lightbox).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
  });
});

test.describe('header', () => {
  test('search answers as the shopper types, with no server call', async ({ page }) => {
    const products = await allProducts(page.request);
    const piece = products.find((p) => /jhumka/i.test(p.name))!;
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const apiCalls: string[] = [];
    // Product cards on the page may report views; anything else under /api would be a search round trip.
    page.on('request', (r) => r.url().includes('/api/') && !r.url().endsWith('/api/event-count') && apiCalls.push(r.url()));
    const box = await hydrated(page.getByRole('searchbox', { name: 'Search jewellery' }).first());
    await box.fill('jhumka');
    const hit = page.getByRole('link', { name: new RegExp(piece.name) }).first();
    await expect(hit).toBeVisible();
    expect(apiCalls).toEqual([]);
    await hit.click();
    await expect(page).toHaveURL(new RegExp(`/collections/products/detail/${piece.slug}$`));
  });

  test('words typed into the search box before its code has arrived are searched, not lost', async ({ page }) => {
    const products = await allProducts(page.request);
    const piece = products.find((p) => /jhumka/i.test(p.name))!;
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const box = page.getByRole('searchbox', { name: 'Search jewellery' }).first();
    // Until the shopper engages with the page the box is a plain form; the tap that focuses it fetches its code,
    // and the letters typed meanwhile must still be searched.
    await box.click();
    await page.keyboard.type('jhumka');
    await expect(box).toHaveValue('jhumka');
    await expect(page.getByRole('link', { name: new RegExp(piece.name) }).first()).toBeVisible();
  });

  test('a display currency converts prices, is remembered, and the cart says payment is in rupees', async ({ page, request }, info) => {
    const piece = await pickProduct(request, info.project.name, (p) => p.stock >= 3, 6);
    await page.goto(`/collections/products/detail/${piece.slug}`, { waitUntil: 'domcontentloaded' });
    await (await hydrated(page.getByRole('button', { name: 'Add to Cart', exact: true }))).click();
    // Adding waits for the live stock check; leaving the page before the badge moves would drop the click.
    await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart, 1 item');
    // The cart drawer opened over the page (its code loads on this first open); close it to reach the header.
    await expect(page.getByRole('dialog', { name: /^Your cart/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: /^Your cart/ })).toBeHidden();
    if (info.project.name === 'phone') await (await hydrated(page.getByRole('button', { name: 'Open menu' }))).click();
    const picker = page
      .getByRole('button', { name: /Display currency/ })
      .filter({ visible: true })
      .first();
    await (await hydrated(picker)).click();
    await page.getByRole('option', { name: /USD/ }).filter({ visible: true }).click();
    if (info.project.name === 'phone') await page.getByRole('button', { name: 'Close menu' }).click();

    const price = page.locator('.pd__price .price__now');
    await expect(price).toHaveText(/^≈ \$\d/);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(price).toHaveText(/^≈ \$\d/);

    await page.goto('/productcard', { waitUntil: 'domcontentloaded' });
    await expect(page.getByText(/You pay in Indian rupees: ₹[\d,]+ \(≈ \$[\d.,]+\)/)).toBeVisible();
  });

  test('desktop dropdowns open on click and close on a click outside', async ({ page }) => {
    // The desktop navigation is the layout from the large breakpoint up.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const first = await hydrated(nav.locator('summary').first());
    await first.click();
    const panel = nav.locator('details[open] .desktop-nav__panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link').first()).toHaveAttribute('href', /^\/collections\/[a-z0-9-]+$/);
    await page.mouse.click(700, 600);
    await expect(nav.locator('details[open]')).toHaveCount(0);
  });
});

test('the contact form stores the message and shows Sent for 3.5 s', async ({ page }) => {
  await page.goto('/contact', { waitUntil: 'domcontentloaded' });
  const send = await hydrated(page.getByRole('button', { name: 'Send message' }));
  await send.click();
  await expect(page.getByText('Name is required')).toBeVisible();
  const form = page.locator('form.contact-form');
  await form.getByLabel('Your name').fill('Meera Iyer');
  await form.getByLabel('Email').fill('meera@example.in');
  await form.getByLabel('Message').fill('Do you resize toe rings?');
  const stored = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.status() === 201);
  await send.click();
  await stored;
  const sent = page.getByRole('button', { name: 'Sent' });
  await expect(sent).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
});
