import { randomUUID } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { allProducts, type ListedProduct } from './catalogue';
import { withE2eDb } from './db';
import { hydrated } from './hydration';
import { expectNoAxeViolations, latestCode, submitSignIn, uniquePhone } from './shopper';

const deliveryAddress = {
  firstName: 'Meera',
  lastName: 'Shah',
  email: 'meera@example.in',
  address: '21 Residency Road',
  apartment: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560025',
  phone: '9812345678',
};
const { email: _email, ...billingLines } = deliveryAddress;
const billingAddress = { ...billingLines, country: 'India' };

/** Signs a new shopper in through the API (the code from the local SMS outbox); returns the phone and token. */
async function apiSignIn(request: APIRequestContext, info: TestInfo, firstName = 'Meera'): Promise<{ phone: string; token: string }> {
  const phone = uniquePhone(info);
  const login = await request.post('/api/user_login', { data: { firstName, lastName: 'Shah', phone, email: '' } });
  expect(login.status()).toBe(200);
  const verified = await request.post('/api/verify-otp', { data: { mobile: phone, otp: await latestCode(phone) } });
  expect(verified.status()).toBe(200);
  return { phone, token: ((await verified.json()) as { token: string }).token };
}

/** Makes a signed-in account a shop admin, as `npm run admin:grant` does (the role lives on the user record). */
async function grantAdmin(phone: string): Promise<void> {
  await withE2eDb((db) => db.collection('users').updateOne({ phone }, { $set: { role: 'admin', updatedAt: new Date() } }));
}

/** Places a cash-on-delivery order of one piece through the API; returns its id. */
async function codOrder(request: APIRequestContext, token: string, product: ListedProduct): Promise<string> {
  const price = product.discountPrice ?? product.price;
  const res = await request.post('/api/orderCheck_out', {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    data: {
      products: [{ productId: product._id, price, quantity: 1 }],
      shippingInfo: deliveryAddress,
      billingInfo: billingAddress,
      paymentMethod: 'cod',
      shippingCost: 100,
      totalAmount: price + 100,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { order: { _id: string } }).order._id;
}

/** An admin moves an order through the admin API. */
async function adminMove(request: APIRequestContext, adminToken: string, orderId: string, status: string): Promise<void> {
  const res = await request.patch(`/api/admin/orders/${orderId}/status`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { status },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Cheap pieces in stock (cash on delivery stays allowed), a different set for each project. */
async function cheapProducts(request: APIRequestContext, info: TestInfo, count: number): Promise<ListedProduct[]> {
  const cheap = (await allProducts(request)).filter((p) => p.stock >= 5 && (p.discountPrice ?? p.price) < 2000);
  const offset = info.project.name === 'phone' ? 1 : 0;
  const picked = cheap.filter((_, i) => i % 2 === offset);
  return Array.from({ length: count }, (_, i) => picked[i % picked.length]!);
}

/** Puts the token where the shop keeps it, before any page script runs. */
async function useToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => localStorage.setItem('token', t), token);
}

/** Keeps a screenshot for a person to look at, when SHOTS names a folder. */
async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  if (process.env['SHOTS']) await page.screenshot({ path: `${process.env['SHOTS']}/${info.project.name}-${name}.png`, fullPage: true });
}

const short = (id: string) => id.slice(-6).toUpperCase();
const rows = (page: Page) => page.locator('.history-table tbody tr');

test.describe('order history', () => {
  test('signs in and comes back; 12 orders filtered, searched and paged five rows at a time', async ({ page, request }, info) => {
    test.setTimeout(180_000);
    await page.goto('/order-history', { waitUntil: 'domcontentloaded' });
    await page.waitForURL('**/login?returnTo=%2Forder-history');
    const phone = uniquePhone(info);
    await submitSignIn(page, phone);
    await page.waitForURL('**/resent-otp');
    await (await hydrated(page.getByLabel('Digit 1 of 4'))).fill(await latestCode(phone));
    await page.waitForURL('**/order-history');
    await expect(page.getByText('No orders found', { exact: true })).toBeVisible();

    const token = await page.evaluate(() => localStorage.getItem('token')!);
    const admin = await apiSignIn(request, info, 'Admin');
    await grantAdmin(admin.phone);
    const products = await cheapProducts(request, info, 12);
    const ids: string[] = [];
    for (const product of products) ids.push(await codOrder(request, token, product));
    // Newest first: ids[11] heads the list. Two cancelled, one delivered, nine still open.
    for (const id of [ids[0]!, ids[1]!]) await adminMove(request, admin.token, id, 'cancelled');
    for (const status of ['packed', 'shipped', 'out_for_delivery', 'delivered']) await adminMove(request, admin.token, ids[2]!, status);

    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1, name: 'All Orders' })).toBeVisible();
    const headers = page.locator('.history-table thead th');
    await expect(headers).toHaveText(['#', 'Order ID', 'Image', 'Product Name', 'Qty', 'Price', 'Status', 'Payment', 'Total']);
    await expect(rows(page)).toHaveCount(5);
    await expect(rows(page).first()).toContainText(`#${short(ids[11]!)}`);
    await expect(rows(page).first()).toContainText('COD');
    await expect(rows(page).first()).toContainText('₹');
    const pager = page.getByRole('navigation', { name: 'Order history pages' });
    await expect(pager.getByRole('button', { name: /^Page \d$/ })).toHaveText(['1', '2', '3']);
    await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);
    if (info.project.name === 'phone') {
      // Cards, not a table to scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expect(page.locator('.history-table thead')).not.toBeInViewport();
    }
    await shot(page, info, 'order-history');

    await (await hydrated(pager.getByRole('button', { name: 'Page 3' }))).click();
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).last()).toContainText(`#${short(ids[0]!)}`);
    await pager.getByRole('button', { name: /Previous/ }).click();
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    const status = page.getByLabel('Status');
    await status.selectOption({ label: 'Cancelled' });
    await expect(page.getByRole('heading', { level: 1, name: 'Cancelled Orders' })).toBeVisible();
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).locator('.status-badge--red')).toHaveText(['Cancelled', 'Cancelled']);
    await status.selectOption({ label: 'Completed' });
    await expect(page.getByRole('heading', { level: 1, name: 'Completed Orders' })).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).locator('.status-badge--green')).toHaveText('Delivered');
    await status.selectOption({ label: 'Pending' });
    await expect(page.getByRole('heading', { level: 1, name: 'Pending Orders' })).toBeVisible();
    await expect(rows(page)).toHaveCount(5);
    await expect(rows(page).locator('.status-badge--yellow')).toHaveCount(5);
    await expect(pager.getByRole('button', { name: /^Page \d$/ })).toHaveText(['1', '2']);
    await status.selectOption({ label: 'All Orders' });

    const search = page.getByRole('searchbox', { name: 'Search orders' });
    await search.fill(short(ids[5]!).toLowerCase());
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(products[5]!.name);
    await search.fill('delivered');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(`#${short(ids[2]!)}`);
    await search.fill('no such ring');
    await expect(page.getByText('No orders found for "no such ring"')).toBeVisible();
    await expect(rows(page)).toHaveCount(0);
  });

  test('the shopper cancels an order from the history within 24 hours; an older one offers no Cancel', async ({ page, request }, info) => {
    test.setTimeout(120_000);
    const shopper = await apiSignIn(request, info);
    const [older, newer] = await cheapProducts(request, info, 2);
    const oldId = await codOrder(request, shopper.token, older!);
    const newId = await codOrder(request, shopper.token, newer!);
    await withE2eDb((db) =>
      db.collection('orders').updateOne({ _id: new ObjectId(oldId) }, { $set: { createdAt: new Date(Date.now() - 25 * 3600_000) } }),
    );
    await useToken(page, shopper.token);
    await page.goto('/order-history', { waitUntil: 'domcontentloaded' });
    await expect(rows(page)).toHaveCount(2);
    await expect(page.getByRole('button', { name: `Cancel order ${short(oldId)}` })).toHaveCount(0);

    const cancel = await hydrated(page.getByRole('button', { name: `Cancel order ${short(newId)}` }));
    await cancel.click();
    const confirm = page.getByRole('group', { name: 'Cancel this order?' });
    await confirm.getByRole('button', { name: 'Keep order' }).click();
    await expect(confirm).toHaveCount(0);
    await page.getByRole('button', { name: `Cancel order ${short(newId)}` }).click();
    await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Order #${short(newId)}: Your order was cancelled.` })).toBeVisible();
    await expect(rows(page).first().locator('.status-badge')).toHaveText('Cancelled');
    await expect(page.getByRole('button', { name: /^Cancel order/ })).toHaveCount(0);
    const stored = await withE2eDb((db) => db.collection('orders').findOne({ _id: new ObjectId(newId) }));
    expect(stored?.['status']).toBe('cancelled');
    await expectNoAxeViolations(page);
  });
});

test.describe('tracking', () => {
  test('after an admin ships an order, both tracking pages show its steps with dates; others’ orders are not found', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(120_000);
    const shopper = await apiSignIn(request, info);
    const admin = await apiSignIn(request, info, 'Admin');
    await grantAdmin(admin.phone);
    const [product, other] = await cheapProducts(request, info, 2);
    const orderId = await codOrder(request, shopper.token, product!);
    const strangersOrder = await codOrder(request, admin.token, other!);
    await adminMove(request, admin.token, orderId, 'packed');
    await adminMove(request, admin.token, orderId, 'shipped');
    const today = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date());
    await useToken(page, shopper.token);

    await page.goto(`/product-tracking?orderId=${orderId}`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1, name: 'Track your order' })).toBeVisible();
    await expect(page.getByText(`HRM-${short(orderId)}`, { exact: true })).toBeVisible();
    await expect(page.locator('.tracking-summary .status-badge')).toHaveText('Shipped');
    const steps = page.locator('.tracking-step');
    await expect(steps.locator('.tracking-step__label')).toHaveText(['Order Placed', 'Packed', 'Shipped', 'Out for Delivery', 'Delivered']);
    for (const i of [0, 1, 2]) {
      await expect(steps.nth(i)).toHaveClass(/tracking-step--done/);
      await expect(steps.nth(i).locator('.tracking-step__date')).toContainText(today);
    }
    await expect(steps.nth(2)).toHaveAttribute('aria-current', 'step');
    await expect(steps.nth(3).locator('.tracking-step__date')).toHaveText('Not yet');
    await expectNoAxeViolations(page);
    await shot(page, info, 'product-tracking');

    await page.getByRole('link', { name: 'Order timeline' }).click();
    await page.waitForURL(`**/Order-tracking?orderId=${orderId}`);
    await expect(steps.locator('.tracking-step__label')).toHaveText([
      'Order Placed',
      'Order Packed',
      'In Transit',
      'Out for Delivery',
      'Delivered',
    ]);
    await expect(steps.nth(2)).toHaveClass(/tracking-step--done/);
    await expect(steps.nth(2).locator('.tracking-step__date')).toContainText(today);
    await expect(steps.nth(4)).not.toHaveClass(/tracking-step--done/);
    await expectNoAxeViolations(page);
    await shot(page, info, 'order-tracking');

    // Without an order: the shopper's open orders to choose from.
    await page.goto('/Order-tracking', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: 'Choose an order to track' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, info, 'tracking-chooser');
    await page.getByRole('link', { name: new RegExp(`HRM-${short(orderId)}`) }).click();
    await page.waitForURL(`**/Order-tracking?orderId=${orderId}`);
    await expect(page.locator('.tracking-summary .status-badge')).toHaveText('Shipped');

    // Someone else's order (the API answers 404) and a broken id: a clear message, and the chooser.
    for (const id of [strangersOrder, 'not-an-order']) {
      await page.goto(`/product-tracking?orderId=${id}`, { waitUntil: 'domcontentloaded' });
      await expect(page.getByRole('alert')).toHaveText('Order not found.');
      await expect(page.getByRole('link', { name: new RegExp(`HRM-${short(orderId)}`) })).toBeVisible();
      await expect(page.getByText(`HRM-${short(strangersOrder)}`)).toHaveCount(0);
    }
    await expectNoAxeViolations(page);
    await shot(page, info, 'tracking-not-found');

    // Cancelled: said instead of the line.
    await adminMove(request, admin.token, orderId, 'cancelled');
    await page.goto(`/product-tracking?orderId=${orderId}`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByText(/^This order was cancelled on /)).toBeVisible();
    await expect(steps).toHaveCount(0);
  });

  test('without a token the tracking page sends the shopper to sign in and back to the same order', async ({ page }) => {
    const id = 'a'.repeat(24);
    await page.goto(`/Order-tracking?orderId=${id}`, { waitUntil: 'domcontentloaded' });
    await page.waitForURL(`**/login?returnTo=${encodeURIComponent(`/Order-tracking?orderId=${id}`)}`);
  });
});
