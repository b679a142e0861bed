import { expect, test } from './test';
import { type Page } from '@playwright/test';
import { allProducts, storedProduct } from './catalogue';
import { hydrated, linkedSortShown } from './hydration';
import { expectNoAxeViolations } from './shopper';
import { escapeRegExp } from '@shared/regexp';

/** Puts values into localStorage before any page script runs (first navigation only, so the page may change them). */
async function seedStorage(page: Page, values: Record<string, string>): Promise<void> {
  await page.addInitScript((entries) => {
    if (sessionStorage.getItem('seeded')) return;
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    sessionStorage.setItem('seeded', '1');
  }, values);
}

/** The header's account link the shopper can see (the other one is display: none). */
const visibleAccountLink = (page: Page) =>
  page
    .locator('.site-header a.header-icon:visible')
    .filter({ has: page.locator('svg') })
    .nth(1);

test.describe('sold-out cards on a listing', () => {
  test('say Stock not available on the button and explain the refusal under it, off the picture', async ({ page, request }) => {
    const soldOut = (await allProducts(request)).find((p) => p.stock <= 0)!;
    await page.goto('/collections/products?sort=price-asc', { waitUntil: 'domcontentloaded' });
    await linkedSortShown(page, 'price-asc');
    const card = page.locator('[aria-label="Products"] > li').filter({ hasText: soldOut.name }).first();
    for (let i = 0; i < 5 && !(await card.count()); i++) await page.getByRole('button', { name: /Show more/ }).click();

    const button = card.getByRole('button', { name: new RegExp(`^Stock not available\\s*: ${escapeRegExp(soldOut.name)}`) });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveCSS('cursor', 'not-allowed');
    // aria-disabled, so Playwright will not press it by itself; a shopper can, and is told why.
    await (await hydrated(button)).click({ force: true });
    const status = card.getByRole('status');
    await expect(status).toHaveText('This product is out of stock!');
    await expect(status).toHaveAttribute('aria-live', 'polite');

    const picture = (await card.locator('.pcard__media').boundingBox())!;
    const message = (await status.boundingBox())!;
    const pressed = (await button.boundingBox())!;
    expect(message.y).toBeGreaterThanOrEqual(pressed.y + pressed.height);
    expect(message.y).toBeGreaterThan(picture.y + picture.height);
    await expect(page.getByRole('link', { name: /^Cart/ }).first()).toHaveAttribute('aria-label', 'Cart');
  });
});

test.describe('search results', () => {
  test('are product cards with a clean, marked excerpt, the price, the sold-out state and working actions', async ({
    page,
    request,
  }, info) => {
    const products = await allProducts(request);
    const jhumkas = products.filter((p) => /jhumka/i.test(p.name));
    const soldOut = jhumkas.find((p) => p.stock <= 0);
    // Phone and desktop share one server: each adds a different piece.
    const inStock = jhumkas.filter((p) => p.stock > 2)[info.project.name === 'phone' ? 1 : 0]!;

    await page.goto('/search?q=jhumka', { waitUntil: 'domcontentloaded' });
    const results = page.getByRole('list', { name: 'Products found' });
    await expect(results.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByText(/products? for “jhumka”/)).toBeVisible();

    // A readable description, never the index's run of name, categories and tags.
    const excerpts = results.locator('.search-excerpt');
    await expect(excerpts.first()).toBeVisible();
    for (const text of await excerpts.allInnerTexts()) expect(text).not.toMatch(/Jhumkas, Earrings|Earrings, Bridal Edit/);
    await expect(results.locator('.search-excerpt mark').first()).toHaveText(/^jhumka/i);
    await expect(results.locator('.pcard__name mark').first()).toHaveText(/^jhumka/i);

    const card = results.getByRole('listitem').filter({ has: page.getByRole('heading', { name: inStock.name, exact: true }) });
    await expect(card.locator('.price')).toContainText('₹');
    await expect(card.getByRole('link', { name: inStock.name })).toHaveAttribute('href', `/collections/products/detail/${inStock.slug}`);

    if (soldOut) {
      const soldOutCard = results.getByRole('listitem').filter({ has: page.getByRole('heading', { name: soldOut.name, exact: true }) });
      await expect(soldOutCard.getByRole('button', { name: /^Stock not available/ })).toBeVisible();
    }

    await (await hydrated(card.getByRole('button', { name: `Wishlist ${inStock.name}` }))).click();
    await expect(card.getByRole('button', { name: `Wishlist ${inStock.name}` })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('link', { name: /^Wishlist, 1 item/ }).first()).toBeVisible();
    await card.getByRole('button', { name: new RegExp(`^Add to Cart\\s*: ${escapeRegExp(inStock.name)}`) }).click();
    // The cart drawer shows it; nothing is written on the card (it would push the row below down).
    await expect(
      page
        .getByRole('dialog', { name: /^Your cart/ })
        .getByRole('listitem')
        .filter({ hasText: 'Just added' }),
    ).toContainText(inStock.name);
    await expect(card.getByRole('status')).toHaveText('');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: /^Cart, 1 item/ }).first()).toBeVisible();

    await expectNoAxeViolations(page);
  });
});

test.describe('the account icon on first paint', () => {
  // No page script at all (island code blocked): what shows is what the first paint shows.
  test.beforeEach(async ({ page }) => {
    await page.route('**/_astro/*.js', (route) => route.abort());
  });

  for (const path of ['/', '/privacy-policy', '/collections/products', '/faq']) {
    test(`leads to /login without a token, and with one shows the shopper's name and menu, on ${path}`, async ({ page, context }) => {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      const header = page.locator('.site-header');
      await expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
      await expect(header.getByRole('link', { name: 'Your account' })).toHaveCount(0);
      await expect(visibleAccountLink(page)).toHaveAttribute('href', '/login');

      const signedIn = await context.newPage();
      await signedIn.route('**/_astro/*.js', (route) => route.abort());
      await seedStorage(signedIn, { token: 'e2e.stored.token', firstName: 'Asha' });
      await signedIn.goto(path, { waitUntil: 'domcontentloaded' });
      const signedInHeader = signedIn.locator('.site-header');
      // The name is there before any island script runs: it is drawn from what the head script stored on <html>.
      await expect(signedInHeader.getByRole('button', { name: 'Asha Account menu' })).toBeVisible();
      await expect(signedInHeader.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    });
  }
});

test.describe('policy pages header', () => {
  test('shows the cart and wishlist counts and the currency, and saves a new currency, with no island script', async ({
    page,
    request,
  }, info) => {
    const [a, b] = (await allProducts(request)).filter((p) => p.stock > 3);
    await seedStorage(page, {
      cartItems: JSON.stringify([
        { ...storedProduct(a!), quantity: 2 },
        { ...storedProduct(b!), quantity: 1 },
      ]),
      wishlist: JSON.stringify([storedProduct(a!)]),
      currency: 'USD',
    });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/shipping-policy', { waitUntil: 'load' });
    expect(scripts).toEqual([]);

    await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Wishlist, 1 item' }).first()).toBeVisible();
    await expect(page.locator('.site-header .header-icon__badge:visible')).toHaveText(['1', '3']);

    if (info.project.name === 'phone') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Contact Us' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Wishlist' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Help & FAQ' })).toHaveAttribute('href', '/faq');
      const currency = menu.locator('[data-currency-select] summary');
      await expect(currency).toContainText('USD');
      await currency.click();
      await menu.getByRole('button', { name: /EUR/ }).click();
      await expect(currency).toContainText('EUR');
    } else {
      const currency = page.locator('.site-header__actions [data-currency-select] summary');
      await expect(currency).toBeVisible();
      await expect(currency).toContainText('USD');
      await currency.click();
      await page.locator('.site-header__actions').getByRole('button', { name: /EUR/ }).click();
      await expect(currency).toContainText('EUR');
      await expect(page.locator('.site-header__actions').getByRole('button', { name: /EUR/ })).toBeHidden();
    }
    expect(await page.evaluate(() => localStorage.getItem('currency'))).toBe('EUR');
    await expectNoAxeViolations(page);

    // The chosen currency is the one the React header then shows on any other page.
    await page.goto('/about', { waitUntil: 'domcontentloaded' });
    if (info.project.name !== 'phone') await expect(page.locator('.site-header__actions .currency-select__button')).toContainText('EUR');
    await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
  });

  test('has the same phone menu entries as the other pages', async ({ page }) => {
    // The menu button is for phones; the desktop project looks at a phone-sized window too.
    await page.setViewportSize({ width: 390, height: 844 });
    const entries = async (path: string) => {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await (await hydrated(page.getByRole('button', { name: 'Open menu' }))).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu.getByRole('link', { name: 'Contact Us' })).toBeVisible();
      // What the shopper sees in the open menu (closed groups and dropdowns hold more); the currency
      // control is compared by the test above.
      return menu.locator('a, button, summary').evaluateAll((els) =>
        els
          .filter((el) => el.checkVisibility())
          .map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim())
          .filter((t) => t && !/(INR|USD|AED|EUR|AUD|GBP)/.test(t)),
      );
    };
    const about = await entries('/about');
    const policy = await entries('/terms-of-service');
    expect(policy).toEqual(about);
  });
});
