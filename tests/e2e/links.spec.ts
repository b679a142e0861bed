import { expect, test } from './test';
import { type Page } from '@playwright/test';
import { catalogueApiPaths, type GetBannerResponse, type GetCollectionsResponse, type GetSubcategoryResponse } from '@shared/api/catalogue';
import { routes } from '@shared/routes';
import { allProducts, pickProduct } from './catalogue';
import { pageIslandsHydrated } from './hydration';
import { signInAsNewShopper } from './shopper';
import { grantRole, placeCodOrder, tokenOf } from './orders';
import { deliveryAddress } from '../fixtures/addresses';

/**
 * No dead ends: every page type is opened as a shopper (or the admin) sees it at this project's size, the
 * phone menu opened where there is one, and every internal link on it is requested. Any answer but 200 fails,
 * with no list of exceptions. External links (Razorpay, social profiles, mail and phone) are not ours to check.
 */

/** The same-origin links a page shows to other pages (not its own #fragments), in the order they appear. */
async function internalLinks(page: Page): Promise<string[]> {
  const here = page.url().split('#')[0]!;
  const origin = new URL(here).origin;
  const hrefs = await page.locator('a[href]').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  return hrefs
    .filter((href) => href.startsWith(`${origin}/`))
    .map((href) => href.split('#')[0]!)
    .filter((href) => href !== here);
}

/** Opens a page, waits for its islands to settle, opens the phone menu if the page has one, and lists its links. */
async function linksOf(page: Page, path: string, status = 200): Promise<string[]> {
  const response = await page.goto(path, { waitUntil: 'load' });
  expect(response?.status(), `${path} itself`).toBe(status);
  // Islands add links once they hydrate (after the load).
  await pageIslandsHydrated(page);
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) {
    await menu.click();
    // The islands' drawer and the policy pages' popover menu both open with a Close button.
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
  }
  return internalLinks(page);
}

/** Places a cash-on-delivery order for the signed-in shopper through the API, as the checkout page would. */
async function placeOrder(page: Page, productId: string, price: number): Promise<string> {
  return placeCodOrder(page.request, await tokenOf(page), [{ productId, price, quantity: 1 }], {
    ...deliveryAddress,
    firstName: 'Asha',
    lastName: 'Rao',
    email: 'asha@example.in',
  });
}

test('every internal link on every page type answers 200', async ({ page, request }, info) => {
  test.setTimeout(300_000);
  const products = await allProducts(request);
  const product = products[0]!;
  const { subCategories } = (await (await request.get(catalogueApiPaths.getSubcategory)).json()) as GetSubcategoryResponse;
  const { collections } = (await (await request.get(catalogueApiPaths.getCollections)).json()) as GetCollectionsResponse;
  const { banners } = (await (await request.get(catalogueApiPaths.getBanner)).json()) as GetBannerResponse;

  const publicPages = [
    '/',
    '/collections/products',
    routes.collection(subCategories[0]!),
    routes.collection(collections[0]!),
    `/collections/products/detail/${product.slug}`,
    '/productcard',
    '/wishlist',
    '/search?q=ring',
    routes.banner(banners[0]!._id),
    '/about',
    '/faq',
    '/contact',
    '/privacy-policy',
    '/terms-of-service',
    '/shipping-policy',
    '/cancellation-and-refunds',
    '/login',
    '/resent-otp',
  ];

  const seen = new Map<string, string>();
  const collect = async (path: string, status = 200) => {
    for (const link of await linksOf(page, path, status)) if (!seen.has(link)) seen.set(link, path);
  };
  for (const path of publicPages) await collect(path);
  // The not-found page is a page type too: its own answer is 404, its links must all work.
  await collect('/no-such-page', 404);

  // The signed-in pages, with an order of the shopper's own so its links (details, tracking, invoice) show.
  const phone = await signInAsNewShopper(page, info);
  const cheap = await pickProduct(request, info.project.name, (p) => p.stock >= 10 && (p.discountPrice ?? p.price) < 2000, 3);
  const orderId = await placeOrder(page, cheap._id, cheap.discountPrice ?? cheap.price);
  // The shop's operator sees the admin pages; the role is the server's, granted as `npm run admin:grant` does.
  await grantRole(phone);
  for (const path of [
    '/account',
    '/checkouts',
    '/order-history',
    `/Order-success/${orderId}`,
    `/product-tracking?orderId=${orderId}`,
    `/Order-tracking?orderId=${orderId}`,
    `/invoice/${orderId}`,
    '/admin/orders',
  ]) {
    await collect(path);
  }

  expect(seen.size).toBeGreaterThan(40);
  const dead: string[] = [];
  for (const [link, foundOn] of seen) {
    const status = (await request.get(link, { maxRedirects: 5 })).status();
    if (status !== 200) dead.push(`${status} ${new URL(link).pathname}${new URL(link).search} (on ${foundOn})`);
  }
  expect(dead).toEqual([]);
});
