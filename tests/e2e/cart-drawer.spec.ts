import { expect, test } from './test';
import { type Page } from '@playwright/test';
import { formatINR } from '@shared/money';
import { unitPrice } from '@shared/pricing';
import { pickProduct, pickSizedProduct, type ListedProduct, type SizedProduct } from './catalogue';
import { animationsDone, hydrated } from './hydration';
import { expectNoAxeViolations } from './shopper';
import { escapeRegExp } from '@shared/regexp';

const drawer = (page: Page) => page.getByRole('dialog', { name: /^Your cart/ });
const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart/ }).first();
const addButton = (page: Page) => page.getByRole('button', { name: 'Add to Cart', exact: true });

/** Opens a product page (with an optional ?size=) and waits for its island. */
async function openProduct(page: Page, p: ListedProduct, query = ''): Promise<void> {
  await page.goto(`/collections/products/detail/${p.slug}${query}`, { waitUntil: 'domcontentloaded' });
  await hydrated(addButton(page));
}

/** Keeps a screenshot of what is in the window (the drawer and the sticky header are fixed) when SHOTS names a folder. */
async function windowShot(page: Page, name: string, project: string): Promise<void> {
  if (process.env['SHOTS']) await page.screenshot({ path: `${process.env['SHOTS']}/${project}-${name}.png` });
}

/** The page's vertical scroll position. */
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test.describe('cart drawer', () => {
  test('Add to Cart on a product page opens the drawer on the sized line; quantity, subtotal, remove; Esc gives focus back', async ({
    page,
    request,
  }, info) => {
    const ring = await pickSizedProduct(request, info.project.name, (p) => p.sizes.values.some((s) => s.stock >= 3), true);
    const size = ring.sizes.values.find((s) => s.stock >= 3)!;
    const other = await pickProduct(request, info.project.name, (p) => p.stock >= 3, 3);
    const price = unitPrice(size);

    // A first line, so the drawer shows more than the one just added.
    await openProduct(page, other);
    await addButton(page).click();
    await expect(drawer(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();

    await openProduct(page, ring, `?size=${encodeURIComponent(size.value)}`);
    await addButton(page).click();
    const panel = drawer(page);
    await expect(panel).toBeVisible();
    await expect(panel).toHaveAttribute('aria-modal', 'true');
    // Focus is inside, on the close button; the addition is announced.
    await expect(panel.getByRole('button', { name: 'Close cart' })).toBeFocused();
    await expect(panel.getByRole('status')).toHaveText(`Added to cart: ${ring.name} (${ring.sizes.name}: ${size.value})`);

    const lines = panel.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
    await expect(lines).toHaveCount(2);
    const added = lines.filter({ hasText: 'Just added' });
    await expect(added).toHaveCount(1);
    await expect(added.getByRole('link', { name: ring.name })).toBeVisible();
    await expect(added).toContainText(`${ring.sizes.name}: ${size.value}`);
    await expect(added.getByRole('img')).toHaveCount(0); // decorative: alt=""
    await expect(added.locator('img')).toHaveCount(1);
    await expect(added.locator('.cdrawer-line__total')).toContainText(formatINR(price));
    await expect(panel.getByRole('link', { name: 'Check out' })).toHaveAttribute('href', '/checkouts');
    await expect(panel.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/productcard');
    await animationsDone(panel);
    await windowShot(page, 'cart-drawer-sized', info.project.name);

    // Quantity: + raises the line and the subtotal; the size's stock is the ceiling.
    const subtotal = panel.getByTestId('cart-drawer-subtotal');
    const before = await subtotal.textContent();
    const otherPrice = unitPrice(other);
    expect(before).toBe(formatINR(otherPrice + price));
    await added.getByRole('button', { name: /^Increase quantity/ }).click();
    await expect(added.getByRole('spinbutton')).toHaveValue('2');
    await expect(subtotal).toHaveText(formatINR(otherPrice + 2 * price));
    await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart, 3 items');
    const qty = added.getByRole('spinbutton');
    await qty.fill(String(size.stock + 5));
    await qty.press('Enter');
    await expect(qty).toHaveValue(String(size.stock));
    await expect(panel.getByRole('alert')).toContainText(`Cannot add more than ${size.stock} items`);
    // Back below the stock, so Add to Cart (where focus returns) is enabled again; the refusal has nothing left to say.
    await added.getByRole('button', { name: /^Decrease quantity/ }).click();
    await expect(qty).toHaveValue(String(size.stock - 1));
    await expect(panel.getByRole('alert')).toHaveCount(0);

    // Remove the other line: the sized one stays, and focus moves to it (not to <body>), with the removal said.
    await lines
      .filter({ hasText: other.name })
      .getByRole('button', { name: /^Remove/ })
      .click();
    await expect(lines).toHaveCount(1);
    await expect(subtotal).toHaveText(formatINR((size.stock - 1) * price));
    await expect(added.getByRole('button', { name: /^Remove/ })).toBeFocused();
    await expect(panel.getByRole('status')).toHaveText(`Removed ${other.name}`);

    // Esc closes and focus is back on Add to Cart.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(addButton(page)).toBeFocused();
  });

  test('a card’s Add to Cart opens the drawer; the backdrop closes it; the page behind does not scroll', async ({
    page,
    request,
  }, info) => {
    const piece = await pickProduct(request, info.project.name, (p) => p.stock >= 2, 5, 12);
    await page.goto('/collections/products?sort=latest', { waitUntil: 'domcontentloaded' });
    const button = await hydrated(
      page.getByRole('button', { name: new RegExp(`^Add to Cart\\s*:\\s*${escapeRegExp(piece.name)}$`) }).first(),
    );
    await button.click();
    const panel = drawer(page);
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('listitem').filter({ hasText: 'Just added' })).toContainText(piece.name);
    // No message on the card that would push the row below down.
    await expect(page.locator('.pcard__notice:not(:empty)')).toHaveCount(0);

    const top = await scrollY(page);
    const width = await page.evaluate(() => document.body.getBoundingClientRect().width);
    await page.mouse.move(10, 300);
    // The wheel reaches the page and two frames pass, in which an unlocked page would already have moved.
    const wheeled = page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          window.addEventListener('wheel', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), {
            once: true,
            capture: true,
          }),
        ),
    );
    await page.mouse.wheel(0, 900);
    await wheeled;
    expect(await scrollY(page)).toBe(top);
    // The scrollbar's room is kept: nothing behind the drawer moves sideways.
    expect(await page.evaluate(() => document.body.getBoundingClientRect().width)).toBe(width);

    // A click beside the panel (on the backdrop) closes it; focus goes back to the card's button.
    const viewport = page.viewportSize()!;
    await page.mouse.click(Math.min(20, viewport.width / 10), viewport.height / 2);
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
    await page.mouse.wheel(0, 600);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(top);
  });

  test('the header cart icon opens the drawer, and its link still goes to the cart page in a new tab', async ({ page }) => {
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const link = await hydrated(cartLink(page));
    await expect(link).toHaveAttribute('href', '/productcard');
    await link.click();
    const panel = drawer(page);
    await expect(panel).toBeVisible();
    await expect(panel.getByText('Your cart is empty')).toBeVisible();
    await expectNoAxeViolations(page);
    await panel.getByRole('button', { name: 'Close cart' }).click();
    await expect(panel).toBeHidden();
    await expect(link).toBeFocused();
  });

  test('keyboard only: Enter on Add to Cart, Tab through the drawer (focus stays inside), Enter on Check out @desktop-only', async ({
    page,
    request,
  }, info) => {
    const piece = await pickProduct(request, info.project.name, (p) => p.stock >= 3, 6);
    await openProduct(page, piece);
    await addButton(page).focus();
    await page.keyboard.press('Enter');
    const panel = drawer(page);
    await expect(panel.getByRole('button', { name: 'Close cart' })).toBeFocused();
    await expectNoAxeViolations(page);

    // Tab walks the drawer and wraps: it never reaches the page behind.
    const checkout = panel.getByRole('link', { name: 'Check out' });
    let reached = false;
    for (let i = 0; i < 20 && !reached; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
      reached = await checkout.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/checkouts');
  });

  test('the compact header stays on top after scrolling a listing, below it the Filters bar, and its cart icon opens the drawer', async ({
    page,
  }, info) => {
    await page.goto('/collections/products', { waitUntil: 'domcontentloaded' });
    const filters = await hydrated(page.getByRole('button', { name: /^Filters/ }));
    const header = page.locator('.site-header');
    const full = await header.boundingBox();
    // Nothing below moves when the header turns compact: the room of the full header stays.
    const gridTop = await page
      .locator('.lgrid')
      .first()
      .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);

    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect(page.locator('.site-header-slot')).toHaveClass(/is-compact/);
    // The slide-in is an animation: on a busy machine it can take longer than its nominal time.
    await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);
    const bar = (await header.boundingBox())!;
    expect(bar.height).toBeLessThan(full!.height);
    expect(bar.height).toBeLessThanOrEqual(72);
    expect(
      await page
        .locator('.lgrid')
        .first()
        .evaluate((el) => el.getBoundingClientRect().top + window.scrollY),
    ).toBe(gridTop);

    // The Filters/Sort bar sticks right below the compact header, never under it.
    const lbar = (await page.locator('.lbar').boundingBox())!;
    expect(Math.round(lbar.y)).toBeGreaterThanOrEqual(Math.floor(bar.y + bar.height));
    await expect(filters).toBeVisible();
    await filters.click({ trial: true });

    // Logo, search, wishlist, account and cart are all on the bar.
    await expect(header.getByRole('link', { name: /home/ })).toBeVisible();
    await expect(header.getByRole('searchbox').or(header.getByRole('combobox')).first()).toBeVisible();
    await expect(header.getByRole('link', { name: /^Wishlist/ })).toBeVisible();
    await expect(header.getByRole('link', { name: /^Cart/ })).toBeVisible();
    await windowShot(page, 'sticky-header', info.project.name);

    // The drawer goes over the sticky header, which does not move sideways as the scrollbar goes.
    const icon = header.getByRole('link', { name: /^Cart/ });
    const iconX = (await icon.boundingBox())!.x;
    await icon.click();
    const panel = drawer(page);
    await expect(panel).toBeVisible();
    expect((await icon.boundingBox())!.x).toBe(iconX);
    await expect(panel.getByRole('button', { name: 'Close cart' })).toBeVisible();
    await panel.getByRole('button', { name: 'Close cart' }).click({ trial: true });
    await page.keyboard.press('Escape');

    // Back at the top, the full header again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.locator('.site-header-slot')).not.toHaveClass(/is-compact/);
  });

  test('scrolling partly back up shows the full header as its place comes into view: no empty band under the bar', async ({ page }) => {
    await page.goto('/collections/products', { waitUntil: 'domcontentloaded' });
    await hydrated(page.getByRole('button', { name: /^Filters/ }));
    const slot = page.locator('.site-header-slot');
    const full = (await page.locator('.site-header').boundingBox())!;
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect(slot).toHaveClass(/is-compact/);
    await animationsDone(page.locator('.site-header')); // the slide-in
    const bar = (await page.locator('.site-header').boundingBox())!;

    // Half the full header's place back in view: what is just below the compact bar's height is the header or
    // the page, never the empty slot (or body) behind a compact bar that stayed.
    await page.evaluate((y) => window.scrollTo(0, y), Math.round(full.height / 2));
    await expect(slot).not.toHaveClass(/is-compact/);
    const x = page.viewportSize()!.width / 2;
    const y = Math.ceil(bar.height) + 4;
    await expect
      .poll(() => page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.closest('.site-header, main') != null, [x, y]))
      .toBe(true);
  });

  test('the drawer’s code cannot load: the cart icon goes to the cart page, Add to Cart still says it was added', async ({
    page,
    request,
  }, info) => {
    const piece = await pickProduct(request, info.project.name, (p) => p.stock >= 2, 7);
    // As when offline, or when a deploy has removed the old hashed files the open tab still asks for.
    await page.route(/CartDrawer[^/]*\.js/, (route) => route.abort());
    await openProduct(page, piece);
    await addButton(page).click();
    await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart, 1 item');
    await expect(page.locator('#island-status')).toHaveText(`Added to cart: ${piece.name}`);
    await expect(drawer(page)).toHaveCount(0);

    await cartLink(page).click();
    await page.waitForURL('**/productcard');
  });

  test('axe finds nothing with the drawer open on a sized line', async ({ page, request }, info) => {
    const sized: SizedProduct = await pickSizedProduct(request, info.project.name, (p) => p.sizes.values.some((s) => s.stock >= 2));
    const size = sized.sizes.values.find((s) => s.stock >= 2)!;
    await openProduct(page, sized, `?size=${encodeURIComponent(size.value)}`);
    await addButton(page).click();
    await expect(drawer(page).getByRole('listitem').filter({ hasText: 'Just added' })).toContainText(size.value);
    await animationsDone(drawer(page)); // the slide-in, so axe sees the panel where it stays
    await expectNoAxeViolations(page);
    await windowShot(page, 'cart-drawer-axe', info.project.name);
  });
});
