import { expect, test } from './test';
import { type Locator, type Page, type TestInfo } from '@playwright/test';
import { formatINR } from '@shared/money';
import { unitPrice } from '@shared/pricing';
import { STORAGE_KEYS } from '@shared/storage-keys';
import { pickProduct, type ListedProduct } from './catalogue';
import { animationsDone, hydrated } from './hydration';
import { expectNoAxeViolations } from './shopper';

const addButton = (page: Page) => page.getByRole('button', { name: 'Add to Cart', exact: true });
const drawer = (page: Page) => page.getByRole('dialog', { name: /^Your cart/ });
const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart/ }).first();
/** "≈ $12.34", as every converted price reads. */
const USD = /^≈ \$[\d,]+\.\d\d$/;
/** A converted amount with the rupees charged under it: "≈ $12.34 ₹1,049 charged". */
const charged = (inr: number) => new RegExp(`^≈ \\$[\\d,]+\\.\\d\\d ${formatINR(inr).replace(/[.$]/g, '\\$&')} charged$`);

/** Keeps a screenshot under SHOTS (a folder) when it is set; the phone journeys then run at 412 px, Lighthouse's phone. */
async function shot(page: Page, info: TestInfo, name: string, target?: Locator): Promise<void> {
  const dir = process.env['SHOTS'];
  if (!dir) return;
  const path = `${dir}/${info.project.name === 'phone' ? 412 : 1440}-${name}.png`;
  await (target ? target.screenshot({ path }) : page.screenshot({ path }));
}

/** Opens a product page and waits for its island. */
async function openProduct(page: Page, p: ListedProduct): Promise<void> {
  await page.goto(`/collections/products/detail/${p.slug}`, { waitUntil: 'domcontentloaded' });
  await hydrated(addButton(page));
}

/** Adds one piece from its page and closes the drawer that opens. */
async function addToCart(page: Page, p: ListedProduct, count: number): Promise<void> {
  await openProduct(page, p);
  await addButton(page).click();
  await expect(cartLink(page)).toHaveAttribute('aria-label', `Cart, ${count} item${count === 1 ? '' : 's'}`);
  await expect(drawer(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer(page)).toBeHidden();
}

test.beforeEach(async ({ page }, info) => {
  if (process.env['SHOTS'] && info.project.name === 'phone') await page.setViewportSize({ width: 412, height: 915 });
});

test.describe('one currency story', () => {
  test('with USD chosen every price reads "≈ $…", and the rupees charged stand beside it in the cart, drawer and checkout', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(150_000);
    // The shopper picked USD earlier (the header's dropdown is covered by storefront-behaviour).
    await page.addInitScript(([key]) => localStorage.setItem(key!, 'USD'), [STORAGE_KEYS.currency]);
    const discounted = await pickProduct(request, info.project.name, (p) => p.stock >= 3 && p.discountPrice !== null, 1);
    const plain = await pickProduct(request, info.project.name, (p) => p.stock >= 3 && p.discountPrice === null, 1);

    // Listing: every card's price, struck-through ones too; the footer says what is true.
    await page.goto('/collections/products', { waitUntil: 'domcontentloaded' });
    const card = page
      .locator('.pcard')
      .filter({ has: page.locator('.price__was') })
      .first();
    await expect(card.locator('.price__now')).toHaveText(USD);
    await expect(card.locator('.price__was')).toHaveText(new RegExp(`Original price ${USD.source.slice(1)}`));
    await card.scrollIntoViewIfNeeded();
    await shot(page, info, 'listing-card', card);
    // Down past the related carousel (it hydrates when it comes near, and converts too) to the footer.
    await page.locator('.pcard').last().scrollIntoViewIfNeeded();
    const footer = page.locator('.site-footer__bottom');
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByText('Prices shown in USD ($) are approximate; you pay in INR (₹)')).toBeVisible();
    await expect(footer.getByText('Prices in INR (₹)')).toBeHidden();
    await shot(page, info, 'footer', footer);
    const prices = page.locator('.pcard .price__now');
    await expect.poll(() => prices.allInnerTexts()).not.toContainEqual(expect.stringMatching(/₹/));

    // Product page: the paid and the struck-through price, the same way.
    await openProduct(page, discounted);
    await expect(page.locator('.pd__price .price__now')).toHaveText(USD);
    await expect(page.locator('.pd__price .price__was')).toHaveText(new RegExp(`Original price ${USD.source.slice(1)}`));
    await expectNoAxeViolations(page);
    await shot(page, info, 'product-price');

    // Drawer: line totals and subtotal converted, each with the rupees charged.
    await addButton(page).click();
    await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart, 1 item');
    await page.keyboard.press('Escape');
    await addToCart(page, plain, 2);
    await cartLink(page).click();
    const panel = drawer(page);
    await expect(panel).toBeVisible();
    const subtotal = unitPrice(discounted) + unitPrice(plain);
    for (const p of [discounted, plain]) {
      await expect(panel.locator('.cdrawer-line').filter({ hasText: p.name }).locator('.cdrawer-line__total')).toHaveText(
        new RegExp(`^Line total ${charged(unitPrice(p)).source.slice(1)}`),
      );
    }
    await expect(panel.getByTestId('cart-drawer-subtotal')).toHaveText(charged(subtotal));
    await expectNoAxeViolations(page);
    await shot(page, info, 'drawer');
    await page.keyboard.press('Escape');

    // Cart page: unit prices as on cards, line totals and subtotal with the rupees charged, and the plain sentence.
    await page.goto('/productcard', { waitUntil: 'domcontentloaded' });
    const line = page.locator('.cart-line').filter({ hasText: discounted.name });
    await expect(line.locator('.price__now')).toHaveText(USD);
    await expect(line.locator('.price__was')).toHaveText(new RegExp(`Original price ${USD.source.slice(1)}`));
    await expect(line.locator('.cart-line__total')).toHaveText(new RegExp(`^Line total ${charged(unitPrice(discounted)).source.slice(1)}`));
    await expect(page.locator('.cart-summary__row dd')).toHaveText(charged(subtotal));
    await expect(page.getByText(`You pay in Indian rupees: ${formatINR(subtotal)}`)).toBeVisible();
    await expect(page.locator('.cart-summary')).toContainText(/cash on delivery adds a COD fee of ≈ \$[\d.]+/);
    expect((await page.locator('.cart .price').allInnerTexts()).join(' ')).not.toContain('₹');
    await expectNoAxeViolations(page);
    await shot(page, info, 'cart', page.locator('.cart'));

    // Checkout summary: unit prices converted; line totals, subtotal and total with the rupees charged.
    await page.goto('/checkouts', { waitUntil: 'domcontentloaded' });
    const summary = page.locator('.checkout-summary');
    await expect(summary.locator('.checkout-summary__line').filter({ hasText: plain.name }).locator('.checkout-summary__price')).toHaveText(
      charged(unitPrice(plain)),
    );
    await expect(summary.locator('.checkout-summary__unit').filter({ hasText: '×' }).first()).toHaveText(
      new RegExp(`^1 × ${USD.source.slice(1)}`),
    );
    await expect(summary.locator('.checkout-summary__total dd')).toHaveText(charged(subtotal));
    await expect(summary.getByText(`You pay in Indian rupees: ${formatINR(subtotal)}`)).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, info, 'checkout-summary', summary);
  });

  test('the footer follows the currency picked in the header at once, and says rupees again for INR', async ({ page }, info) => {
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const footer = page.locator('.site-footer__bottom');
    await expect(footer.getByText('Prices in INR (₹)')).toBeVisible();
    if (info.project.name === 'phone') await (await hydrated(page.getByRole('button', { name: 'Open menu' }))).click();
    const picker = () =>
      page
        .getByRole('button', { name: /Display currency/ })
        .filter({ visible: true })
        .first();
    await (await hydrated(picker())).click();
    await page.getByRole('option', { name: /GBP/ }).filter({ visible: true }).click();
    await expect(footer.getByText('Prices shown in GBP (£) are approximate; you pay in INR (₹)')).toBeAttached();
    await expect(footer.locator('.site-footer__prices').filter({ visible: true })).toHaveText([
      'Prices shown in GBP (£) are approximate; you pay in INR (₹)',
    ]);
    await picker().click();
    await page.getByRole('option', { name: /INR/ }).filter({ visible: true }).click();
    await expect(footer.locator('.site-footer__prices').filter({ visible: true })).toHaveText(['Prices in INR (₹)']);
  });
});

test.describe('keyboard and focus', () => {
  test('Remove on the cart page moves focus to the next line, then to the empty cart heading', async ({ page, request }, info) => {
    const a = await pickProduct(request, info.project.name, (p) => p.stock >= 3, 2);
    const b = await pickProduct(request, info.project.name, (p) => p.stock >= 3, 3);
    await addToCart(page, a, 1);
    await addToCart(page, b, 2);
    await page.goto('/productcard', { waitUntil: 'domcontentloaded' });
    const removes = page.getByRole('button', { name: /^Remove .* from the cart$/ });
    await expect(await hydrated(removes.first())).toBeVisible();
    await expect(removes).toHaveCount(2);
    await removes.first().focus();
    await page.keyboard.press('Enter');
    await expect(removes).toHaveCount(1);
    await expect(removes.first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test('Remove on the wishlist moves focus to the next saved piece, then to the empty wishlist heading', async ({
    page,
    request,
  }, info) => {
    const a = await pickProduct(request, info.project.name, (p) => p.stock >= 1, 4);
    const b = await pickProduct(request, info.project.name, (p) => p.stock >= 1, 5);
    for (const p of [a, b]) {
      await openProduct(page, p);
      const heart = page.getByRole('button', { name: `Wishlist ${p.name}` });
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
    }
    await page.goto('/wishlist', { waitUntil: 'domcontentloaded' });
    const removes = page.getByRole('button', { name: /^Remove .* from the wishlist$/ });
    await expect(await hydrated(removes.first())).toBeVisible();
    await expect(removes).toHaveCount(2);
    await removes.first().click();
    await expect(removes).toHaveCount(1);
    await expect(removes.first()).toBeFocused();
    await removes.first().click();
    await expect(page.getByRole('heading', { name: 'Your wishlist is empty.' })).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test('closing the gallery gives focus back to the image that opened it: Esc, the close button, the backdrop', async ({
    page,
    request,
  }, info) => {
    const p = await pickProduct(request, info.project.name, (x) => x.stock > 0, 5);
    await page.goto(`/collections/products/detail/${p.slug}`, { waitUntil: 'domcontentloaded' });
    const opener = await hydrated(page.getByRole('link', { name: /Open full-screen view/ }).first());
    const lightbox = page.locator('.glightbox-container');

    // Opened from the keyboard, closed with Esc.
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByRole('button', { name: 'Close gallery' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    await expect(opener).toBeFocused();

    // Opened with a click that does not focus the link (Safari's way, and a tap's), while focus is elsewhere.
    await addButton(page).focus();
    await opener.dispatchEvent('click');
    await expect(lightbox).toBeVisible();
    await lightbox.getByRole('button', { name: 'Close gallery' }).click();
    await expect(lightbox).toBeHidden();
    await expect(opener).toBeFocused();

    // Closed by a click on the dark backdrop, beside the picture. GLightbox keeps a phone's gallery open on a
    // tap outside (a stray tap while swiping must not close it), so this way out is a desktop one.
    if (info.project.name === 'phone') return;
    await opener.click();
    await expect(lightbox).toBeVisible();
    // GLightbox ignores clicks outside until its opening animation has ended.
    await animationsDone(lightbox);
    await page.mouse.click(5, (page.viewportSize()?.height ?? 800) - 5);
    await expect(lightbox).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('a product page reaches its buy box in a few Tabs, through "Skip to product options"', async ({ page, request }, info) => {
    const p = await pickProduct(request, info.project.name, (x) => x.stock > 0, 6);
    await openProduct(page, p);
    await page.locator('body').focus();
    let tabs = 0;
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    while (tabs < 5 && (await focused()) !== 'Skip to product options') {
      await page.keyboard.press('Tab');
      tabs += 1;
    }
    await expect(page.getByRole('link', { name: 'Skip to product options' })).toBeFocused();
    await expect(page.getByRole('link', { name: 'Skip to product options' })).toBeInViewport();
    await page.keyboard.press('Enter');
    // From the price, the next Tabs walk the quantity to Add to Cart.
    while (tabs < 8 && !(await addButton(page).evaluate((el) => el === document.activeElement))) {
      await page.keyboard.press('Tab');
      tabs += 1;
    }
    await expect(addButton(page)).toBeFocused();
    expect(tabs).toBeLessThanOrEqual(6);
    await expect(addButton(page)).toBeInViewport();
  });
});
