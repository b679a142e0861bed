import { expect, test } from './test';
import { type Locator, type Page } from '@playwright/test';
import { pickProduct } from './catalogue';
import { setStock } from './db';
import { hydrated } from './hydration';
import { expectCloseInsideItsBox, expectNoAxeViolations, shot } from './shopper';
import { escapeRegExp } from '@shared/regexp';

const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart/ }).first();

/** How a button looks at rest: colours, border, corners, type and height, as a shopper sees them. */
const buttonLook = (button: Locator) =>
  button.evaluate((el) => {
    const s = getComputedStyle(el);
    return {
      background: s.backgroundColor,
      color: s.color,
      border: `${s.borderTopWidth} ${s.borderTopStyle} ${s.borderTopColor}`,
      radius: s.borderTopLeftRadius,
      font: `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`,
      letterSpacing: s.letterSpacing,
      textTransform: s.textTransform,
      minHeight: s.minHeight,
    };
  });

test.describe('cart and wishlist state', () => {
  test('adding from a product page and from a listing updates the badge, survives reload and reaches another tab', async ({
    page,
    context,
    request,
  }, info) => {
    const inStock = await pickProduct(request, info.project.name, (p) => p.stock >= 5);
    const other = await pickProduct(request, info.project.name, (p) => p.stock >= 5 && p._id !== inStock._id, 1, 12);

    await page.goto(`/collections/products/detail/${inStock.slug}`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1, name: inStock.name })).toBeVisible();
    await (await hydrated(page.getByRole('button', { name: 'Add to Cart', exact: true }))).click();
    await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart, 1 item');

    // A second tab of the same browser sees the cart and later changes to it.
    const second = await context.newPage();
    await second.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(cartLink(second)).toHaveAttribute('aria-label', 'Cart, 1 item');

    await page.goto(`/collections/products?sort=latest`, { waitUntil: 'domcontentloaded' });
    await (
      await hydrated(page.getByRole('button', { name: new RegExp(`^Add to Cart\\s*:\\s*${escapeRegExp(other.name)}$`) }).first())
    ).click();
    await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart, 2 items');
    await expect(cartLink(second)).toHaveAttribute('aria-label', 'Cart, 2 items');

    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart, 2 items');

    await page.goto('/productcard', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('link', { name: inStock.name }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: other.name }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Check out' })).toHaveAttribute('href', '/checkouts');
  });

  test('quantity can never pass stock', async ({ page, request }, info) => {
    const low = await pickProduct(request, info.project.name, (p) => p.stock >= 2 && p.stock <= 3);
    await page.goto(`/collections/products/detail/${low.slug}`, { waitUntil: 'domcontentloaded' });
    await (await hydrated(page.getByRole('button', { name: 'Add to Cart', exact: true }))).click();
    await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart, 1 item');
    await page.goto('/productcard', { waitUntil: 'domcontentloaded' });
    const plus = page.getByRole('button', { name: `Increase quantity of ${low.name}` });
    for (let i = 1; i < low.stock; i++) await plus.click();
    const qty = page.getByRole('spinbutton', { name: `Quantity of ${low.name}` });
    await expect(qty).toHaveValue(String(low.stock));
    await expect(plus).toBeDisabled();

    await qty.fill(String(low.stock + 5));
    await qty.press('Enter');
    // The message names the piece and how many there are, in the shop's wording for the limit.
    await expect(
      page.getByText(`Only ${low.stock} of ${low.name} are in stock. Cannot add more than ${low.stock} items to the cart.`),
    ).toBeVisible();
    await expect(qty).toHaveValue(String(low.stock));

    // Back on the product page, Add to Cart is off and the page says why, with the way to the cart.
    await page.goto(`/collections/products/detail/${low.slug}`, { waitUntil: 'domcontentloaded' });
    const add = await hydrated(page.getByRole('button', { name: 'Add to Cart', exact: true }));
    await expect(add).toBeDisabled();
    await expect(add).toHaveAccessibleDescription(`All ${low.stock} in stock are in your cart. View cart`);
    await expect(page.getByText(`All ${low.stock} in stock are in your cart.`).getByRole('link', { name: 'View cart' })).toHaveAttribute(
      'href',
      '/productcard',
    );
  });

  test('the cart page’s buttons are the shop’s: Check out looks like Buy it now, Continue shopping like Add to Cart', async ({
    page,
    request,
  }, info) => {
    const piece = await pickProduct(request, info.project.name, (p) => p.stock >= 3, 5);
    await page.goto(`/collections/products/detail/${piece.slug}`, { waitUntil: 'domcontentloaded' });
    const add = await hydrated(page.getByRole('button', { name: 'Add to Cart', exact: true }));
    const primary = await buttonLook(page.getByRole('button', { name: 'Buy it now' }));
    const secondary = await buttonLook(add);
    expect(primary).not.toEqual(secondary);
    await add.click();
    await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart, 1 item');

    await page.goto('/productcard', { waitUntil: 'domcontentloaded' });
    const checkout = await hydrated(page.getByRole('link', { name: 'Check out' }));
    await page.mouse.move(0, 0); // no button under the pointer: their resting look
    expect(await buttonLook(checkout)).toEqual(primary);
    expect(await buttonLook(page.getByRole('link', { name: 'Continue shopping' }))).toEqual(secondary);
    await shot(page, info, 'cart-page');

    await page.getByRole('button', { name: /^Remove/ }).click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    expect(await buttonLook(page.getByRole('link', { name: 'Continue shopping' }))).toEqual(secondary);
    await shot(page, info, 'cart-page-empty');
  });

  test('the cart page flags a product that sold out after it was added', async ({ page, request }, info) => {
    const piece = await pickProduct(request, info.project.name, (p) => p.stock >= 4, 2);
    await page.goto(`/collections/products/detail/${piece.slug}`, { waitUntil: 'domcontentloaded' });
    await (await hydrated(page.getByRole('button', { name: 'Add to Cart', exact: true }))).click();
    await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart, 1 item');

    await setStock(piece._id, 0);
    try {
      await page.goto('/productcard', { waitUntil: 'domcontentloaded' });
      await expect(page.getByText(/Out of stock/).first()).toBeVisible();
      await expect(page.getByText("this item won't be included at checkout", { exact: false })).toBeVisible();
    } finally {
      await setStock(piece._id, piece.stock);
    }
  });

  test('garbage in localStorage leaves the site working with an empty cart and wishlist', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addInitScript(() => {
      localStorage.setItem('cartItems', '{not json');
      localStorage.setItem('wishlist', '[{"_id":42}]');
    });
    await page.goto('/productcard', { waitUntil: 'domcontentloaded' });
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await page.goto('/wishlist', { waitUntil: 'domcontentloaded' });
    await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
    await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart');
    expect(errors).toEqual([]);
  });

  test('the wishlist keeps hearts, removes, and moves a piece to the cart; each change is acknowledged as an add to the cart is', async ({
    page,
    request,
  }, info) => {
    const piece = await pickProduct(request, info.project.name, (p) => p.stock >= 3, 3);
    const carded = await pickProduct(request, info.project.name, (p) => p._id !== piece._id, 4, 12);
    await page.goto(`/collections/products/detail/${piece.slug}`, { waitUntil: 'domcontentloaded' });
    const heart = await hydrated(page.getByRole('button', { name: `Wishlist ${piece.name}` }).first());
    await heart.click();
    await expect(page.getByRole('link', { name: /^Wishlist, 1/ }).first()).toBeVisible();
    // Said and shown, as 'Added to cart: …' is, with the way to the wishlist and a close button inside the box.
    await expect(page.getByRole('status').filter({ hasText: `Added to wishlist: ${piece.name}` })).toHaveCount(1);
    const toast = page.locator('.notice').filter({ hasText: `Added to wishlist: ${piece.name}` });
    await expect(toast.getByRole('link', { name: 'View wishlist' })).toHaveAttribute('href', '/wishlist');
    await expectCloseInsideItsBox(page, `Added to wishlist: ${piece.name}`);
    await expectNoAxeViolations(page);
    await shot(page, info, 'wishlist-added');
    await heart.click();
    await expect(page.getByRole('status').filter({ hasText: `Removed from wishlist: ${piece.name}` })).toHaveCount(1);
    await expect(page.locator('.notice').filter({ hasText: `Removed from wishlist: ${piece.name}` })).toBeVisible();
    await expect(toast).toHaveCount(0);
    await page.getByRole('button', { name: 'Dismiss message' }).click();
    await expect(page.locator('.notice').filter({ hasText: 'wishlist:' })).toHaveCount(0);
    await heart.click();
    await expect(toast).toBeVisible();

    // A card's heart says the same.
    await page.goto('/collections/products?sort=latest', { waitUntil: 'domcontentloaded' });
    await (await hydrated(page.getByRole('button', { name: `Wishlist ${carded.name}` }).first())).click();
    await expect(page.getByRole('status').filter({ hasText: `Added to wishlist: ${carded.name}` })).toHaveCount(1);
    await expect(page.getByRole('link', { name: /^Wishlist, 2/ }).first()).toBeVisible();
    await page
      .getByRole('button', { name: `Wishlist ${carded.name}` })
      .first()
      .click();
    await expect(page.getByRole('status').filter({ hasText: `Removed from wishlist: ${carded.name}` })).toHaveCount(1);
    await expect(page.getByRole('link', { name: /^Wishlist, 1/ }).first()).toBeVisible();

    await page.goto('/wishlist', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('link', { name: piece.name }).first()).toHaveAttribute(
      'href',
      `/collections/products/detail/${piece.slug}`,
    );
    await page
      .getByRole('button', { name: /Add to Cart/ })
      .first()
      .click();
    // The cart drawer opens on the line; its View cart goes to the cart page.
    await page
      .getByRole('dialog', { name: /^Your cart/ })
      .getByRole('link', { name: 'View cart' })
      .click();
    await expect(page).toHaveURL(/\/productcard$/);
    await expect(page.getByRole('link', { name: piece.name }).first()).toBeVisible();

    await page.goto('/wishlist', { waitUntil: 'domcontentloaded' });
    await page
      .getByRole('button', { name: /Remove/ })
      .first()
      .click();
    await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
    // Removing here is said too; the shopper is on the wishlist already, so no link to it.
    await expect(page.getByRole('status').filter({ hasText: `Removed from wishlist: ${piece.name}` })).toHaveCount(1);
    await expect(page.locator('.notice').filter({ hasText: `Removed from wishlist: ${piece.name}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View wishlist' })).toHaveCount(0);
  });
});
