import { ObjectId } from 'mongodb';
import { expect, test } from './test';
import { type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { allProducts, type ListedProduct } from './catalogue';
import { withE2eDb } from './db';
import { hydrated } from './hydration';
import { expectNoAxeViolations, latestCode, shot, submitSignIn, uniquePhone } from './shopper';
import { adminMove, apiSignIn, grantRole, lineOf, onlineAttempt, paidOnlineOrder, placeCodOrder, sandboxPay, keepToken } from './orders';

/** The shopper cancels their own order through the API (the Cancel button's call). */
async function customerCancel(request: APIRequestContext, token: string, orderId: string): Promise<void> {
  const res = await request.post(`/api/orders/${orderId}/cancel`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Changes an order behind the shopper's back, as the server's own jobs (or a failed refund) would leave it. */
async function patchOrder(orderId: string, set: Record<string, unknown>, push?: Record<string, unknown>): Promise<void> {
  await withE2eDb((db) =>
    db.collection('orders').updateOne({ _id: new ObjectId(orderId) }, { $set: set, ...(push ? { $push: push } : {}) } as never),
  );
}

/** Cheap pieces in stock (cash on delivery stays allowed), a different set for each project. */
async function cheapProducts(request: APIRequestContext, info: TestInfo, count: number): Promise<ListedProduct[]> {
  // Pieces sold as one: these orders go through the API with no size.
  const cheap = (await allProducts(request)).filter((p) => !p.sizes && p.stock >= 5 && (p.discountPrice ?? p.price) < 2000);
  const offset = info.project.name === 'phone' ? 1 : 0;
  const picked = cheap.filter((_, i) => i % 2 === offset);
  return Array.from({ length: count }, (_, i) => picked[i % picked.length]!);
}

const short = (id: string) => id.slice(-6).toUpperCase();
/** The history's product lines (each order also has a heading row). */
const rows = (page: Page) => page.locator('.history-table tr.history-table__line');
/** The history's orders, one group each. */
const orderGroups = (page: Page) => page.locator('.history-table tbody.history-order');
/** A day as the shop prints it: Indian time, whatever the test machine's clock zone. */
const indianDay = (at: Date) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(at);

test.describe('order history', () => {
  test('signs in and comes back; 12 orders filtered, searched and paged five orders at a time', async ({ page, request }, info) => {
    test.setTimeout(180_000);
    await page.goto('/order-history', { waitUntil: 'commit' }); // the page leaves for sign-in as it hydrates, which can be before DOMContentLoaded
    await page.waitForURL('**/login?returnTo=%2Forder-history');
    const phone = uniquePhone(info);
    await submitSignIn(page, phone);
    await page.waitForURL('**/resent-otp');
    await (await hydrated(page.getByLabel('Digit 1 of 4'))).fill(await latestCode(phone));
    await page.waitForURL('**/order-history');
    await expect(page.getByText('No orders found', { exact: true })).toBeVisible();

    const token = await page.evaluate(() => localStorage.getItem('token')!);
    const admin = await apiSignIn(request, info, 'Admin');
    await grantRole(admin.phone);
    const products = await cheapProducts(request, info, 12);
    const ids: string[] = [];
    for (const product of products) ids.push(await placeCodOrder(request, token, [lineOf(product)]));
    // Newest first: ids[11] heads the list. Two cancelled, one delivered, nine still open.
    for (const id of [ids[0]!, ids[1]!]) await adminMove(request, admin.token, id, 'cancelled');
    for (const status of ['packed', 'shipped', 'out_for_delivery', 'delivered']) await adminMove(request, admin.token, ids[2]!, status);

    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1, name: 'All Orders' })).toBeVisible();
    const headers = page.locator('.history-table thead th');
    await expect(headers).toHaveText(['#', 'Order ID', 'Image', 'Product Name', 'Qty', 'Price', 'Status', 'Payment', 'Total']);
    await expect(rows(page)).toHaveCount(5);
    await expect(rows(page).first()).toContainText(`#${short(ids[11]!)}`);
    await expect(rows(page).first()).toContainText('CASH ON DELIVERY');
    await expect(orderGroups(page).first().locator('.history-order__head')).toContainText(indianDay(new Date()));
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
    const oldId = await placeCodOrder(request, shopper.token, [lineOf(older!)]);
    const newId = await placeCodOrder(request, shopper.token, [lineOf(newer!)]);
    await withE2eDb((db) =>
      db.collection('orders').updateOne({ _id: new ObjectId(oldId) }, { $set: { createdAt: new Date(Date.now() - 25 * 3600_000) } }),
    );
    await keepToken(page, shopper.token);
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
    await grantRole(admin.phone);
    const [product, other] = await cheapProducts(request, info, 2);
    const orderId = await placeCodOrder(request, shopper.token, [lineOf(product!)]);
    const strangersOrder = await placeCodOrder(request, admin.token, [lineOf(other!)]);
    await adminMove(request, admin.token, orderId, 'packed');
    await adminMove(request, admin.token, orderId, 'shipped');
    const today = indianDay(new Date());
    await keepToken(page, shopper.token);

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
    // The parcel's courier and tracking number, with the courier's page to follow it: the same on every page.
    const expectShipment = async () => {
      const shipment = page.getByTestId('shipment');
      await expect(shipment).toContainText('Delhivery');
      await expect(shipment).toContainText('DL1234567890');
      await expect(shipment.getByRole('link', { name: /Track with Delhivery/ })).toHaveAttribute(
        'href',
        'https://www.delhivery.com/track-v2/package/DL1234567890',
      );
    };
    await expectShipment();
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
    await expectShipment();
    await expectNoAxeViolations(page);
    await shot(page, info, 'order-tracking');
    await page.goto(`/Order-success/${orderId}`, { waitUntil: 'domcontentloaded' });
    await expectShipment();

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
    await expect(page.getByText('Order cancelled', { exact: true })).toBeVisible();
    await expect(page.getByText(/^The shop cancelled this order on /)).toBeVisible();
    await expect(page.getByText('You were not charged.')).toBeVisible();
    await expect(steps).toHaveCount(0);
  });

  test('without a token the tracking page sends the shopper to sign in and back to the same order', async ({ page }) => {
    const id = 'a'.repeat(24);
    await page.goto(`/Order-tracking?orderId=${id}`, { waitUntil: 'commit' }); // the page leaves for sign-in as it hydrates, which can be before DOMContentLoaded
    await page.waitForURL(`**/login?returnTo=${encodeURIComponent(`/Order-tracking?orderId=${id}`)}`);
  });
});

test.describe('the order page says what is true', () => {
  test('every state leads with its headline; thanks only for placed orders, "payment is received" only when paid online', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(240_000);
    // Screenshots at the widths shoppers use: 412 px phones and 1440 px desktops.
    if (info.project.name === 'phone') await page.setViewportSize({ width: 412, height: 915 });
    const shopper = await apiSignIn(request, info);
    const admin = await apiSignIn(request, info, 'Admin');
    await grantRole(admin.phone);
    const [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13] = await cheapProducts(request, info, 13);
    const auth = { authorization: `Bearer ${shopper.token}` };

    const confirmedCod = await placeCodOrder(request, shopper.token, [lineOf(p1!)]);
    const paidOnline = await paidOnlineOrder(request, shopper.token, [lineOf(p2!)]);
    const packed = await placeCodOrder(request, shopper.token, [lineOf(p3!)]);
    await adminMove(request, admin.token, packed, 'packed');
    const shipped = await paidOnlineOrder(request, shopper.token, [lineOf(p4!)]);
    for (const status of ['packed', 'shipped']) await adminMove(request, admin.token, shipped, status);
    const outForDelivery = await placeCodOrder(request, shopper.token, [lineOf(p5!)]);
    for (const status of ['packed', 'shipped', 'out_for_delivery']) await adminMove(request, admin.token, outForDelivery, status);
    const delivered = await placeCodOrder(request, shopper.token, [lineOf(p6!)]);
    for (const status of ['packed', 'shipped', 'out_for_delivery', 'delivered']) await adminMove(request, admin.token, delivered, status);
    // One whose hold has ended (the shop's job has not cancelled it yet).
    const lapsed = (await onlineAttempt(request, shopper.token, [lineOf(p8!)])).orderId;
    await patchOrder(lapsed, { 'stock.holdExpiresAt': new Date(Date.now() - 60_000) });
    const cancelledByShopper = await placeCodOrder(request, shopper.token, [lineOf(p9!)]);
    await customerCancel(request, shopper.token, cancelledByShopper);
    // Cancelled by the shop after its invoice was issued: the invoice stays.
    const cancelledByShop = await placeCodOrder(request, shopper.token, [lineOf(p10!)]);
    expect((await request.get(`/api/invoice/${cancelledByShop}`, { headers: auth })).status()).toBe(200);
    await adminMove(request, admin.token, cancelledByShop, 'cancelled');
    const refunded = await paidOnlineOrder(request, shopper.token, [lineOf(p11!)]);
    await customerCancel(request, shopper.token, refunded);
    // A refund Razorpay refused: the payment is still held, and due back.
    const refundDue = await paidOnlineOrder(request, shopper.token, [lineOf(p12!)]);
    await customerCancel(request, shopper.token, refundDue);
    await patchOrder(refundDue, { paymentStatus: 'paid', 'refund.status': 'failed' });
    const notPaidInTime = (await onlineAttempt(request, shopper.token, [lineOf(p13!)])).orderId;
    await patchOrder(
      notPaidInTime,
      { status: 'cancelled', cancelledBy: 'system' },
      { statusHistory: { status: 'cancelled', at: new Date(), by: 'system' } },
    );
    // Newest, so the account's five recent orders show it: an online payment the bank declined, its items still held.
    const declined = await onlineAttempt(request, shopper.token, [lineOf(p7!)]);
    await sandboxPay(request, declined, 'failure');

    const rupees = (p: ListedProduct, plus = 0) =>
      new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(
        (p.discountPrice ?? p.price) + plus,
      );
    const states: {
      name: string;
      id: string;
      headline: string;
      thanks: boolean;
      paidOnline?: boolean;
      says: (string | RegExp)[];
      badge: string;
      payment: string;
      invoice: boolean;
      track: boolean;
      payNow?: boolean;
    }[] = [
      {
        name: 'confirmed-cod',
        id: confirmedCod,
        headline: 'Thank you for your order!',
        thanks: true,
        says: ['Your order is placed and confirmed.', `Please keep ${rupees(p1!, 100)} ready in cash for the delivery.`],
        badge: 'Confirmed',
        payment: 'Cash on delivery',
        invoice: true,
        track: true,
      },
      {
        name: 'confirmed-online',
        id: paidOnline,
        headline: 'Thank you for your order!',
        thanks: true,
        paidOnline: true,
        says: ['Your payment is received and your order is confirmed.'],
        badge: 'Confirmed',
        payment: 'Paid online',
        invoice: true,
        track: true,
      },
      {
        name: 'packed',
        id: packed,
        headline: 'Your order is packed',
        thanks: true,
        says: [`It was packed on ${indianDay(new Date())} and goes to the courier soon.`],
        badge: 'Packed',
        payment: 'Cash on delivery',
        invoice: true,
        track: true,
      },
      {
        name: 'shipped',
        id: shipped,
        headline: 'Your order has shipped',
        thanks: true,
        paidOnline: true,
        says: ['Your payment is received.'],
        badge: 'Shipped',
        payment: 'Paid online',
        invoice: true,
        track: true,
      },
      {
        name: 'out-for-delivery',
        id: outForDelivery,
        headline: 'Your order is out for delivery',
        thanks: true,
        says: ['The courier is bringing it to you.'],
        badge: 'Out for delivery',
        payment: 'Cash on delivery',
        invoice: true,
        track: true,
      },
      {
        name: 'delivered',
        id: delivered,
        headline: `Delivered on ${indianDay(new Date())}`,
        thanks: false,
        says: ['We hope you love it.'],
        badge: 'Delivered',
        payment: 'Paid in cash',
        invoice: true,
        track: true,
      },
      {
        name: 'awaiting-payment',
        id: declined.orderId,
        headline: 'Payment not completed',
        thanks: false,
        says: [
          /so this order is not placed yet/,
          'Pay now to place it while your items are held.',
          // The hold's end in Indian time, with its date when that is after midnight.
          /^Items held until (\d{1,2} [A-Z][a-z]{2}, )?\d{1,2}:\d{2}\s?[ap]m$/i,
        ],
        badge: 'Awaiting payment',
        payment: 'Payment not completed',
        invoice: false,
        track: false,
        payNow: true,
      },
      {
        name: 'payment-lapsed',
        id: lapsed,
        headline: 'Payment not completed',
        thanks: false,
        says: [/its items are no longer held for you/],
        badge: 'Awaiting payment',
        payment: 'Payment not completed',
        invoice: false,
        track: false,
      },
      {
        name: 'cancelled-by-shopper',
        id: cancelledByShopper,
        headline: 'Order cancelled',
        thanks: false,
        says: [/^You cancelled this order on /, 'You were not charged.'],
        badge: 'Cancelled',
        payment: 'Not charged',
        invoice: false,
        track: false,
      },
      {
        name: 'cancelled-by-shop',
        id: cancelledByShop,
        headline: 'Order cancelled',
        thanks: false,
        says: [/^The shop cancelled this order on /],
        badge: 'Cancelled',
        payment: 'Not charged',
        invoice: true,
        track: false,
      },
      {
        name: 'refunded',
        id: refunded,
        headline: 'Order cancelled and refunded',
        thanks: false,
        says: [
          /^You cancelled this order on /,
          `${rupees(p11!)} was refunded on ${indianDay(new Date())} to your original payment method. It reaches your account within 7 to 10 working days.`,
        ],
        badge: 'Cancelled',
        payment: 'Refunded',
        invoice: false,
        track: false,
      },
      {
        name: 'refund-due',
        id: refundDue,
        headline: 'Order cancelled: refund due',
        thanks: false,
        says: [`Your payment of ${rupees(p12!)} will be refunded. We will text and email you when the refund is on its way.`],
        badge: 'Cancelled',
        payment: 'Refund due',
        invoice: false,
        track: false,
      },
      {
        name: 'not-paid-in-time',
        id: notPaidInTime,
        headline: 'Order cancelled',
        thanks: false,
        says: [/^This order was cancelled on .* because it was not paid in time\.$/, 'You were not charged.'],
        badge: 'Cancelled',
        payment: 'Not charged',
        invoice: false,
        track: false,
      },
    ];

    await keepToken(page, shopper.token);
    for (const state of states) {
      await test.step(state.name, async () => {
        await page.goto(`/Order-success/${state.id}`, { waitUntil: 'domcontentloaded' });
        const head = page.locator('.order-success__head');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(state.headline);
        await expect(page.getByText('Thank you for your order!')).toHaveCount(state.thanks ? 1 : 0);
        await expect(page.getByText('Your payment is received')).toHaveCount(state.paidOnline ? 1 : 0);
        for (const words of state.says) await expect(head.getByText(words)).toBeVisible();
        await expect(head.getByText(`HRM-${short(state.id)}`)).toBeVisible();
        await expect(head.locator('.status-badge')).toHaveText(state.badge);
        await expect(page.locator('.order-success__payment strong')).toHaveText(state.payment);
        await expect(page.getByRole('link', { name: 'Tax invoice' })).toHaveCount(state.invoice ? 1 : 0);
        await expect(page.getByRole('link', { name: 'Track order' })).toHaveCount(state.track ? 1 : 0);
        await expect(page.getByRole('button', { name: /^Pay now/ })).toHaveCount(state.payNow ? 1 : 0);
        await expect(page.getByRole('link', { name: 'Continue Shopping' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/account');
        // The tab says the same as the page.
        await expect(page).toHaveTitle(new RegExp(`^${state.headline.replace(/[!:]/g, '.')} · HRM-${short(state.id)} \\| `));
        // The delivery phone stays on one line.
        await expect(page.locator('.order-success address .phone-number')).toHaveCSS('white-space', 'nowrap');
        await expectNoAxeViolations(page);
        await shot(page, info, `order-${state.name}`);
      });
    }

    // The tracking pages use the same words, and do not offer an unpaid attempt as an order to track.
    await page.goto(`/product-tracking?orderId=${declined.orderId}`, { waitUntil: 'domcontentloaded' });
    await expect(page.locator('.tracking-unpaid')).toContainText('Payment not completed');
    await expect(page.locator('.tracking-step')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Pay now/ })).toBeVisible();
    await shot(page, info, 'tracking-unpaid');
    await page.goto(`/Order-tracking?orderId=${refunded}`, { waitUntil: 'domcontentloaded' });
    await expect(page.locator('.tracking-cancelled')).toContainText('Order cancelled and refunded');
    await expect(page.locator('.tracking-cancelled')).toContainText('7 to 10 working days');
    await shot(page, info, 'tracking-refunded');
    await page.goto('/Order-tracking', { waitUntil: 'domcontentloaded' });
    const chooser = page.locator('.tracking-choices');
    await expect(chooser.getByText(`HRM-${short(shipped)}`)).toBeVisible();
    await expect(chooser.getByText(`HRM-${short(declined.orderId)}`)).toHaveCount(0);

    // The account and the history say the same of the unpaid attempt, and hide the one no longer payable.
    await page.goto('/account', { waitUntil: 'domcontentloaded' });
    const card = page.locator('.order-card').filter({ hasText: `#${short(declined.orderId)}` });
    await expect(card.locator('.order-card__payment')).toHaveText('Payment not completed');
    await expect(card.getByText(/^Items held until (\d{1,2} [A-Z][a-z]{2}, )?\d{1,2}:\d{2}\s?[ap]m$/i)).toBeVisible();
    await expect(card.getByRole('button', { name: `Pay now for order ${short(declined.orderId)}` })).toBeVisible();
    await expect(page.locator('.order-card').filter({ hasText: `#${short(notPaidInTime)}` })).toHaveCount(0);
    await expect(page.locator('.account__phone')).toHaveCSS('white-space', 'nowrap');
    await shot(page, info, 'account-states');
    await page.goto('/order-history', { waitUntil: 'domcontentloaded' });
    const search = await hydrated(page.getByRole('searchbox', { name: 'Search orders' }));
    await search.fill('awaiting payment');
    await expect(orderGroups(page)).toHaveCount(2);
    await expect(
      orderGroups(page)
        .filter({ hasText: `#${short(declined.orderId)}` })
        .getByText(/^Items held until /),
    ).toBeVisible();
    await expect(
      orderGroups(page)
        .filter({ hasText: `#${short(declined.orderId)}` })
        .locator('.history-order__date'),
    ).toContainText('Checkout started');
    await expect(
      orderGroups(page)
        .filter({ hasText: `#${short(lapsed)}` })
        .getByText('Items no longer held'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: `Track order ${short(declined.orderId)}` })).toHaveCount(0);
    await search.fill('refunded');
    await expect(orderGroups(page)).toHaveCount(1);
    await expect(rows(page).locator('.history-table__payment')).toHaveText('REFUNDED');
    await search.fill('out for delivery');
    await expect(orderGroups(page)).toHaveCount(1);
    await expect(orderGroups(page)).toContainText(`#${short(outForDelivery)}`);
    await search.fill('');
    await expectNoAxeViolations(page);
    await shot(page, info, 'history-states');
  });
});

test.describe('order history groups each order', () => {
  test('a two-line order is never split across pages; HRM- and # numbers find an order; any product name does too', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(150_000);
    if (info.project.name === 'phone') await page.setViewportSize({ width: 412, height: 915 });
    const shopper = await apiSignIn(request, info);
    // Two pieces under the ₹2,499 cash-on-delivery limit, for one two-line order.
    const cheapest = (await allProducts(request))
      .filter((p) => !p.sizes && p.stock >= 5)
      .sort((a, b) => (a.discountPrice ?? a.price) - (b.discountPrice ?? b.price));
    const offset = info.project.name === 'phone' ? 2 : 0;
    const pair = [cheapest[offset]!, cheapest[offset + 1]!];
    const singles = await cheapProducts(request, info, 5);
    // Newest first: the two-line order is fifth, where five rows a page would have split it.
    const oldest = await placeCodOrder(request, shopper.token, [lineOf(singles[0]!)]);
    const twoLines = await placeCodOrder(
      request,
      shopper.token,
      pair.map((p) => lineOf(p)),
    );
    const newer: string[] = [];
    for (const p of singles.slice(1)) newer.push(await placeCodOrder(request, shopper.token, [lineOf(p)]));

    await keepToken(page, shopper.token);
    await page.goto('/order-history', { waitUntil: 'domcontentloaded' });
    await expect(orderGroups(page)).toHaveCount(5);
    await expect(rows(page)).toHaveCount(6);
    const group = orderGroups(page).last();
    await expect(group).toContainText(`#${short(twoLines)}`);
    await expect(group.locator('.history-table__name')).toHaveText([pair[0]!.name, pair[1]!.name]);
    // The order's date and the total charged (₹100 COD fee included) once; each line's total is its own.
    const total = (pair[0]!.discountPrice ?? pair[0]!.price) + (pair[1]!.discountPrice ?? pair[1]!.price) + 100;
    const inr = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(n);
    await expect(group.locator('.history-order__total')).toHaveText(`Order total ${inr(total)}`);
    await expect(group.locator('.history-order__date')).toHaveText(`Placed ${indianDay(new Date())}`);
    await expect(group.locator('.history-table__total')).toHaveText(pair.map((p) => inr(p.discountPrice ?? p.price)));
    await expect(group.locator('.status-badge')).toHaveCount(1);
    const pager = page.getByRole('navigation', { name: 'Order history pages' });
    await expect(pager.getByRole('button', { name: /^Page \d$/ })).toHaveText(['1', '2']);
    await expectNoAxeViolations(page);
    await shot(page, info, 'history-grouped');
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect(orderGroups(page)).toHaveCount(1);
    await expect(orderGroups(page)).toContainText(`#${short(oldest)}`);

    const search = page.getByRole('searchbox', { name: 'Search orders' });
    for (const typed of [`HRM-${short(newer[1]!)}`, `#${short(newer[1]!).toLowerCase()}`, short(newer[1]!).toLowerCase()]) {
      await search.fill(typed);
      await expect(orderGroups(page)).toHaveCount(1);
      await expect(orderGroups(page)).toContainText(`#${short(newer[1]!)}`);
    }
    // The second product's name finds its order.
    await search.fill(pair[1]!.name);
    await expect(orderGroups(page).filter({ hasText: `#${short(twoLines)}` })).toHaveCount(1);
    await search.fill('HRM-ZZZZZZ');
    await expect(page.getByText('No orders found for "HRM-ZZZZZZ"')).toBeVisible();
  });
});
