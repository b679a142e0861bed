import { expect, test } from './test';
import { type Page } from '@playwright/test';
import { allProducts } from './catalogue';
import { withE2eDb } from './db';
import { hydrated } from './hydration';
import { signInAsNewShopper } from './shopper';
import { API_SECURITY_HEADERS } from '@server/security-headers';

/**
 * Collects every Content-Security-Policy violation the page reports, from the DOM event and from the
 * console (Chromium logs each refusal there too), for as long as the page lives.
 */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCsp', (line: string) => violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp(line: string): void }).__reportCsp(
        `${location.pathname}: ${e.effectiveDirective} refused ${e.blockedURI || 'inline'} ${e.sample}`,
      );
    });
  });
  page.on('console', (m) => {
    if (/content security policy/i.test(m.text())) violations.push(`${new URL(page.url()).pathname}: console: ${m.text().slice(0, 300)}`);
  });
  return violations;
}

/** Scrolls to the bottom in steps, so lazy images, carousels and below-the-fold islands load. */
async function scrollThrough(page: Page): Promise<void> {
  const position = () =>
    page.evaluate(() => ({
      y: window.scrollY,
      atEnd: window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 1,
    }));
  for (let i = 0; i < 6; i++) {
    const before = (await position()).y;
    await page.mouse.wheel(0, 1200);
    // Each step lands (or the page has ended) before the next, so what loads on scrolling is asked for on the way.
    // A page still growing (results or cart lines rendering) can end a wheel at its old bottom and then grow
    // under it: the wheel is sent again then, as a shopper would keep scrolling.
    await expect
      .poll(async () => {
        const now = await position();
        if (now.y === before && !now.atEnd) await page.mouse.wheel(0, 600);
        return now.y !== before || now.atEnd;
      })
      .toBe(true);
  }
}

test.describe('Content-Security-Policy', () => {
  test('no page breaks it: every route type, with the interactions that load code later', async ({ page }, info) => {
    test.setTimeout(180_000);
    const violations = await watchCsp(page);
    const products = await allProducts(page.request);
    const piece = products.find((p) => !p.sizes && p.stock > 0)!;
    const subs = (await (await page.request.get('/api/get_subcategory')).json()) as { subCategories: { slug: string }[] };
    const banners = (await (await page.request.get('/api/get_banner')).json()) as {
      banners: { _id: string; imageType: string; status: string }[];
    };
    const banner = banners.banners.find((b) => b.imageType === 'Banner' && b.status === 'active')!;
    const phone = info.project.name === 'phone';

    // Home: carousels start, the hero plays, and the header search compiles Pagefind's WebAssembly.
    await page.goto('/', { waitUntil: 'load' });
    await (await hydrated(page.getByRole('searchbox', { name: 'Search jewellery' }).first())).fill('ring');
    await expect(page.locator('a[href^="/collections/products/detail/"]').first()).toBeVisible();
    await scrollThrough(page);

    // Listing with its filter drawer.
    await page.goto('/collections/products', { waitUntil: 'load' });
    await (await hydrated(page.getByRole('button', { name: /^Filters/ }))).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto(`/collections/${subs.subCategories[0]!.slug}`, { waitUntil: 'load' });
    await scrollThrough(page);

    // Product page: the gallery's lightbox, then add to cart so the cart page has a line.
    await page.goto(`/collections/products/detail/${piece.slug}`, { waitUntil: 'load' });
    await (await hydrated(page.getByRole('link', { name: /Open full-screen view/ }).first())).click();
    await expect(page.locator('.glightbox-container')).toBeVisible();
    await page.keyboard.press('Escape');
    await (await hydrated(page.getByRole('button', { name: 'Add to Cart', exact: true }))).click();
    // The cart drawer's code loads on this first open; closed again, the page scrolls.
    await expect(page.getByRole('dialog', { name: /^Your cart/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: /^Your cart/ })).toBeHidden();
    await scrollThrough(page);

    if (phone) {
      await page.goto('/about', { waitUntil: 'load' });
      await (await hydrated(page.getByRole('button', { name: 'Open menu' }))).click();
      await page.getByRole('button', { name: 'Close menu' }).click();
    }

    for (const path of ['/productcard', '/wishlist', '/search?q=jhumka', `/banner/${banner._id}`, '/contact', '/about', '/faq']) {
      await page.goto(path, { waitUntil: 'load' });
      await scrollThrough(page);
    }
    await expect(page.getByText('SIGN UP AND SAVE').first()).toBeVisible();

    // A policy page (no React) and the 404 page.
    await page.goto('/shipping-policy', { waitUntil: 'load' });
    await scrollThrough(page);
    const missing = await page.goto('/no-such-page', { waitUntil: 'load' });
    expect(missing?.status()).toBe(404);

    expect(violations).toEqual([]);
  });

  test('no page of signing in, the account, checkout with a sandbox payment, order success, history, tracking, the invoice and admin orders breaks it', async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    const violations = await watchCsp(page);
    await signInAsNewShopper(page, info);
    const piece = (await allProducts(page.request)).find((p) => !p.sizes && p.stock > 5 && (p.discountPrice ?? p.price) < 2000)!;
    await page.goto(`/collections/products/detail/${piece.slug}`, { waitUntil: 'load' });
    await (await hydrated(page.getByRole('button', { name: 'Add to Cart', exact: true }))).click();
    // Adding waits for the live stock check; leaving the page before the badge moves would drop the click.
    await expect(page.getByRole('link', { name: 'Cart, 1 item' }).first()).toBeVisible();
    await page.goto('/checkouts', { waitUntil: 'load' });
    await expect(await hydrated(page.getByLabel('First name'))).not.toHaveValue('');
    await page.getByLabel('Address', { exact: true }).fill('21 Residency Road');
    await page.getByLabel('City').fill('Bengaluru');
    await page.getByLabel('State').selectOption('Karnataka');
    await page.getByLabel('PIN code').fill('560025');
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    await page
      .getByRole('dialog', { name: /Razorpay sandbox/ })
      .getByRole('button', { name: /^Pay ₹/ })
      .click();
    await page.waitForURL('**/Order-success/**');
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    const orderId = page.url().split('/').pop()!;
    await page.goto('/account', { waitUntil: 'load' });
    await expect(page.getByRole('heading', { name: 'Your orders' })).toBeVisible();
    // After the sale: the history (with its search and pager) and both tracking pages, with and without an order.
    await page.getByRole('link', { name: 'View order history' }).click();
    await page.waitForURL('**/order-history');
    await (await hydrated(page.getByRole('searchbox', { name: 'Search orders' }))).fill(orderId.slice(-6));
    await expect(page.locator('.history-table tr.history-table__line')).toHaveCount(1);
    await page.getByRole('link', { name: `Track order ${orderId.slice(-6).toUpperCase()}` }).click();
    await page.waitForURL('**/product-tracking?orderId=*');
    await expect(page.getByText('Order Placed')).toBeVisible();
    await page.goto(`/Order-tracking?orderId=${orderId}`, { waitUntil: 'load' });
    await expect(page.getByText('Order Packed')).toBeVisible();
    for (const path of ['/Order-tracking', '/product-tracking']) {
      await page.goto(path, { waitUntil: 'load' });
      await expect(page.getByRole('heading', { name: 'Choose an order to track' })).toBeVisible();
    }
    // The order's tax invoice (printable), and the admin orders page refusing a customer.
    await page.goto(`/invoice/${orderId}`, { waitUntil: 'load' });
    await expect(page.getByRole('heading', { name: 'Tax Invoice' })).toBeVisible();
    await page.goto('/admin/orders', { waitUntil: 'load' });
    await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('is enforced: a script injected into a page does not run, and the refusal is reported', async ({ page }) => {
    const violations = await watchCsp(page);
    await page.goto('/faq', { waitUntil: 'load' });
    const ran = await page.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      // The refusal is the condition to wait for: once the browser has reported it, the script has had its chance.
      const refused = new Promise<void>((resolve) =>
        document.addEventListener('securitypolicyviolation', (e) => e.violatedDirective.startsWith('script-src') && resolve()),
      );
      document.body.append(s);
      await refused;
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.some((v) => v.includes('script-src'))).toBe(true);
  });
});

test.describe('security headers', () => {
  const pageHeaders = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };

  test('pages and the 404 page carry them, with frame-ancestors as a header and the rest as the page policy', async ({ request }) => {
    for (const path of ['/', '/privacy-policy', '/no-such-page']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(path === '/no-such-page' ? 404 : 200);
      const headers = res.headers();
      expect(headers, path).toMatchObject(pageHeaders);
      // The header never names a fetch directive, so it cannot block what the hashed meta policy allows.
      expect(headers['content-security-policy'], path).toBe(
        "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'",
      );
      const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(await res.text())?.[1] ?? '';
      expect(meta, path).toMatch(
        /script-src 'self' 'wasm-unsafe-eval' https:\/\/checkout\.razorpay\.com https:\/\/cdn\.razorpay\.com 'sha256-/,
      );
      expect(meta, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(meta, path).toContain('frame-src');
      expect(headers['strict-transport-security'], `${path}: HSTS is for production only`).toBeUndefined();
    }
  });

  test('API answers carry them too: 200, 400, 404 for an unknown path and 405 for TRACE', async ({ request }) => {
    const answers = [
      ['GET /api/get_category', await request.get('/api/get_category'), 200],
      ['GET /api/product-availability?ids=x', await request.get('/api/product-availability?ids=x'), 400],
      ['GET /api/getProducts/a/b', await request.get('/api/getProducts/a/b'), 404],
      ['TRACE /api/get_category', await request.fetch('/api/get_category', { method: 'TRACE' }), 405],
    ] as const;
    for (const [label, res, status] of answers) {
      expect(res.status(), label).toBe(status);
      const headers = res.headers();
      for (const [name, value] of Object.entries(API_SECURITY_HEADERS))
        expect(headers[name.toLowerCase()], `${label}: ${name}`).toBe(value);
      if (status !== 200) expect((await res.json()) as unknown, label).toMatchObject({ success: false });
    }
  });
});

test.describe('footer sign-up', () => {
  test('works on a policy page with no React: stores the address once and says so, the same for a repeat', async ({ page }, info) => {
    const email = `Shopper.${info.project.name}@Example.IN`;
    await page.goto('/privacy-policy', { waitUntil: 'load' });
    const form = page.locator('form[data-subscribe]');
    const input = form.getByRole('textbox', { name: 'Email address' });

    await input.fill('nobody@nowhere');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.locator('#footer-signup-status')).toHaveText('Enter a valid email');
    await expect(input).toHaveValue('nobody@nowhere');

    await input.fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.locator('#footer-signup-status')).toHaveText("Thank you! You're signed up for our special offers.");
    await expect(input).toHaveValue('');

    await page.goto('/faq', { waitUntil: 'load' });
    await page.locator('form[data-subscribe]').getByRole('textbox', { name: 'Email address' }).fill(email.toLowerCase());
    await page.locator('form[data-subscribe]').getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.locator('#footer-signup-status')).toHaveText("Thank you! You're signed up for our special offers.");

    const stored = await withE2eDb((db) => db.collection('subscribers').find({ emailKey: email.toLowerCase() }).toArray());
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ email, source: '/privacy-policy' });
  });
});
