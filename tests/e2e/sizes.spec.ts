import { expect, test } from './test';
import { type Page } from '@playwright/test';
import { formatINR } from '@shared/money';
import { unitPrice } from '@shared/pricing';
import type { ProductSize } from '@shared/sizes';
import { allProducts, pickSizedProduct, type SizedProduct } from './catalogue';
import { withE2eDb } from './db';
import { hydrated } from './hydration';
import { expectNoAxeViolations, shot, signInAsNewShopper } from './shopper';
import { escapeRegExp } from '@shared/regexp';

const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart/ }).first();
const addToCart = (page: Page) => page.getByRole('button', { name: 'Add to Cart', exact: true });
const sizeRadio = (page: Page, size: ProductSize) =>
  page.getByRole('radio', { name: size.stock > 0 ? size.value : `${size.value} sold out`, exact: true });
const inStock = (p: SizedProduct) => p.sizes.values.filter((s) => s.stock > 0);
const soldOut = (p: SizedProduct) => p.sizes.values.filter((s) => s.stock <= 0);

/** Opens a product page and waits for its island, so presses reach React. */
async function openProduct(page: Page, p: SizedProduct, query = ''): Promise<void> {
  await page.goto(`/collections/products/detail/${p.slug}${query}`, { waitUntil: 'domcontentloaded' });
  await hydrated(addToCart(page));
}

test.describe('sizes', () => {
  test('choosing a size shows its own price and stock and puts it in the address; sold-out sizes are shown but refused', async ({
    page,
    request,
  }, info) => {
    // A chain whose lengths differ in price, one of them sold out.
    const chain = await pickSizedProduct(
      request,
      info.project.name,
      (p) => soldOut(p).length > 0 && new Set(p.sizes.values.map(unitPrice)).size > 1,
    );
    await openProduct(page, chain);
    const lowest = Math.min(...inStock(chain).map(unitPrice));
    await expect(page.locator('.pd__from')).toHaveText('From');
    await expect(page.locator('.pd__price .price__now')).toHaveText(formatINR(lowest));

    const dearest = inStock(chain).reduce((a, b) => (unitPrice(b) > unitPrice(a) ? b : a));
    await sizeRadio(page, dearest).check();
    await expect(page).toHaveURL(new RegExp(`[?&]size=${encodeURIComponent(dearest.value).replace(/%20/g, '(\\+|%20)')}$`));
    await expect(page.locator('.pd__from')).toHaveCount(0);
    await expect(page.locator('.pd__price .price__now')).toHaveText(formatINR(unitPrice(dearest)));
    await expect(page.locator('.pd__stock')).toHaveText(dearest.stock <= 5 ? `Only ${dearest.stock} left` : 'In stock');

    // Sold out: on show, marked, and not choosable.
    const gone = soldOut(chain)[0]!;
    await expect(sizeRadio(page, gone)).toBeDisabled();
    await expect(page.locator('.pd-size--out').filter({ hasText: gone.value })).toContainText('sold out');
    // A shared link naming the sold-out size opens it as sold out: nothing can be bought in it.
    await openProduct(page, chain, `?size=${encodeURIComponent(gone.value)}`);
    await expect(sizeRadio(page, gone)).toBeChecked();
    await expect(page.locator('.pd__stock')).toHaveText('Out of Stock');
    await expect(addToCart(page)).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Buy it now' })).toBeDisabled();
    await shot(page, info, 'sizes-chain');
  });

  test('Add to Cart and Buy it now ask for a size first; a shared ?size= link opens that size and an unknown one is ignored', async ({
    page,
    request,
  }, info) => {
    const ring = await pickSizedProduct(request, info.project.name, (p) => p.sizes.guide === 'ring' && inStock(p).length >= 2);
    await openProduct(page, ring);
    await addToCart(page).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Choose a ring size' })).toBeVisible();
    // The shopper is taken to the sizes, where the message is.
    await expect(page.getByRole('radiogroup', { name: 'Ring size' }).getByRole('radio').first()).toBeFocused();
    await page.getByRole('button', { name: 'Buy it now' }).click();
    await expect(page).toHaveURL(new RegExp(`/detail/${ring.slug}$`));
    await expect(cartLink(page)).not.toHaveAttribute('aria-label', /Cart, \d/);

    const size = inStock(ring)[1]!;
    await openProduct(page, ring, `?size=${size.value}`);
    await expect(sizeRadio(page, size)).toBeChecked();
    await expect(page.locator('.pd-sizes__label')).toHaveText(`Ring size: ${size.value}`);
    await addToCart(page).click();
    // The cart drawer shows the line with its size.
    await expect(
      page
        .getByRole('dialog', { name: /^Your cart/ })
        .getByRole('listitem')
        .filter({ hasText: 'Just added' }),
    ).toContainText(`Ring size: ${size.value}`);
    await page.keyboard.press('Escape');
    await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart, 1 item');

    await openProduct(page, ring, '?size=99');
    await expect(page.getByRole('radiogroup', { name: 'Ring size' }).getByRole('radio', { checked: true })).toHaveCount(0);
    await expect(page).toHaveURL(/\?size=99$/);
  });

  test('the size guide opens from the keyboard, keeps focus inside, closes on Escape and gives focus back', async ({
    page,
    request,
  }, info) => {
    const ring = await pickSizedProduct(request, info.project.name, (p) => p.sizes.guide === 'ring' && inStock(p).length > 0);
    const size = inStock(ring)[0]!;
    await openProduct(page, ring, `?size=${size.value}`);
    const guideButton = page.getByRole('button', { name: 'Size guide' });
    await guideButton.focus();
    await page.keyboard.press('Enter');
    const guide = page.getByRole('dialog', { name: 'Size guide' });
    await expect(guide).toBeVisible();
    await expect(guide.getByRole('button', { name: 'Close size guide' })).toBeFocused();
    // The Indian ring chart with both measurements, the chosen size marked, and how to measure at home.
    const chart = guide.getByRole('table', { name: 'Indian ring sizes' });
    await expect(chart.getByRole('columnheader')).toHaveText(['Size', 'Inner diameter (mm)', 'Inner circumference (mm)']);
    await expect(chart.getByRole('row', { name: /^12 (your choice )?16\.5 51\.9$/ })).toBeVisible();
    await expect(chart.getByRole('row', { name: new RegExp(`^${size.value} your choice`) })).toBeVisible();
    await expect(guide.getByText(/strip of paper or a piece of string/)).toBeVisible();
    await expect(guide.getByRole('table', { name: 'Indian bangle sizes' }).getByRole('row', { name: '2.10 2.625 66.7' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, info, 'sizes-guide');

    // Tab never leaves the guide: from the last stop it wraps to the close button.
    const stops = await guide.locator('button, [tabindex="0"]').count();
    for (let i = 0; i < stops; i++) await page.keyboard.press('Tab');
    await expect(guide.getByRole('button', { name: 'Close size guide' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(guide.locator('[tabindex="0"]').last()).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(guide).toHaveCount(0);
    await expect(guideButton).toBeFocused();
  });

  test('two sizes of one ring are two cart lines, each with its own quantity, limit and Remove', async ({ page, request }, info) => {
    const ring = await pickSizedProduct(
      request,
      info.project.name,
      (p) => p.sizes.guide === 'ring' && inStock(p).filter((s) => s.stock >= 2).length >= 2,
    );
    const [first, second] = inStock(ring).filter((s) => s.stock >= 2);
    await openProduct(page, ring);
    await sizeRadio(page, first!).check();
    await addToCart(page).click();
    await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart, 1 item');
    // The add opened the cart drawer (its code loads on this first open); Esc closes it.
    await expect(page.getByRole('dialog', { name: /^Your cart/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await sizeRadio(page, second!).check();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
    await addToCart(page).click();
    await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart, 3 items');

    await page.goto('/productcard', { waitUntil: 'domcontentloaded' });
    const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText(`Ring size: ${first!.value}`);
    await expect(lines.nth(1)).toContainText(`Ring size: ${second!.value}`);
    const secondName = `${ring.name} (Ring size: ${second!.value})`;
    await expect(page.getByRole('spinbutton', { name: `Quantity of ${secondName}` })).toHaveValue('2');
    await shot(page, info, 'sizes-cart');

    // Each size is held to its own stock.
    const qty = page.getByRole('spinbutton', { name: `Quantity of ${secondName}` });
    await qty.fill(String(second!.stock + 3));
    await qty.press('Enter');
    await expect(qty).toHaveValue(String(second!.stock));
    await expect(page.getByRole('status').filter({ hasText: `Only ${second!.stock} of ${secondName}` })).toContainText(
      `Cannot add more than ${second!.stock} items to the cart.`,
    );

    await page.getByRole('button', { name: `Remove ${ring.name} (Ring size: ${first!.value}) from the cart` }).click();
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText(`Ring size: ${second!.value}`);
  });

  test('a card of a piece sold in sizes offers Choose size, which opens its page', async ({ page, request }) => {
    // Among the first cards of the Latest order, which the API shares.
    const sized = (await allProducts(request)).slice(0, 12).find((p): p is SizedProduct => p.sizes !== null);
    if (!sized) throw new Error('no sized product among the latest');
    await page.goto('/collections/products?sort=latest', { waitUntil: 'domcontentloaded' });
    const card = page.locator(`article[data-product-id="${sized._id}"]`);
    await expect(card.getByRole('button', { name: /^Add to Cart/ })).toHaveCount(0);
    const escaped = escapeRegExp(sized.name);
    await (await hydrated(card.getByRole('link', { name: new RegExp(`^Choose size\\s*:\\s*${escaped}$`) }))).click();
    await page.waitForURL(`**/detail/${sized.slug}`);
    await expect(page.getByRole('radiogroup', { name: sized.sizes.name })).toBeVisible();
  });

  test('a sized order by cash on delivery: checkout, the order page and the stored line carry the size', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(120_000);
    const anklet = await pickSizedProduct(
      request,
      info.project.name,
      (p) => p.sizes.guide === 'length' && inStock(p).some((s) => s.stock >= 3 && unitPrice(s) < 2000),
    );
    const sizes = inStock(anklet).filter((s) => s.stock >= 3 && unitPrice(s) < 2000);
    // Each project buys its own size, so the two runs never take the same stock.
    const size = sizes[info.project.name === 'phone' ? 1 % sizes.length : 0]!;
    await signInAsNewShopper(page, info);
    await openProduct(page, anklet, `?size=${encodeURIComponent(size.value)}`);
    await addToCart(page).click();
    await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart, 1 item');

    await page.goto('/checkouts', { waitUntil: 'domcontentloaded' });
    const sizeText = `${anklet.sizes.name}: ${size.value}`;
    await expect(page.locator('.checkout-summary')).toContainText(sizeText);
    await expect(await hydrated(page.getByLabel('First name'))).not.toHaveValue('');
    await page.getByLabel('Address', { exact: true }).fill('21 Residency Road');
    await page.getByLabel('City').fill('Bengaluru');
    await page.getByLabel('State').selectOption('Karnataka');
    await page.getByLabel('PIN code').fill('560025');
    await page.getByLabel('Phone', { exact: true }).fill('9812345678');
    await page.getByRole('radio', { name: /Cash on delivery/ }).check();
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL('**/Order-success/**');
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    await expect(page.locator('.order-success__lines')).toContainText(sizeText);
    await shot(page, info, 'sizes-order');

    const orderId = page.url().split('/').pop()!;
    const stored = await withE2eDb((db) => db.collection('orders').findOne({}, { sort: { createdAt: -1 } }));
    expect(String(stored?.['_id'])).toBe(orderId);
    expect(stored?.['products']).toEqual([expect.objectContaining({ size: size.value, sizeName: anklet.sizes.name, quantity: 1 })]);
  });
});
