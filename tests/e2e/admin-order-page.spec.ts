import { expect, test } from './test';
import { type Page, type TestInfo } from '@playwright/test';
import { pickProduct } from './catalogue';
import { withE2eDb } from './db';
import { hydrated } from './hydration';
import { apiSignIn, grantRole, lineOf, placeCodOrder as placeOrder, signInAsStaff, tokenOf } from './orders';
import { indiaDay, SHOP_TIME_ZONE } from '@shared/india-time';
import { expectNoAxeViolations, forgetToken, latestCode, shot, signInAsNewShopper, submitSignIn, uniquePhone } from './shopper';

/** Places a cash-on-delivery order to Chennai for the signed-in shopper through the API; returns its id. */
async function placeCodOrder(page: Page, info: TestInfo): Promise<string> {
  const piece = await pickProduct(page.request, info.project.name, (p) => p.stock >= 10 && (p.discountPrice ?? p.price) < 2000, 2);
  return placeOrder(page.request, await tokenOf(page), [lineOf(piece)], {
    firstName: 'Kavya',
    lastName: 'Iyer',
    address: '12 Anna Salai',
    apartment: '',
    city: 'Chennai',
    state: 'Tamil Nadu',
    pincode: '600002',
    phone: '9812345670',
  });
}

const shortNumber = (orderId: string) => `HRM-${orderId.slice(-6).toUpperCase()}`;

test.describe('an order on its own page', () => {
  test('a shared link signs in and comes back; a filtered list opens the order at its URL and Back returns to that list; Packed is undone', async ({
    page,
  }, info) => {
    test.setTimeout(180_000);
    const shopperPhone = await signInAsNewShopper(page, info);
    const orderId = await placeCodOrder(page, info);
    await forgetToken(page);

    // A shared link opened signed out goes through sign-in and comes back to the same order.
    const phone = uniquePhone(info);
    await page.goto(`/admin/orders/${orderId}`, { waitUntil: 'commit' }); // the page leaves for sign-in as it hydrates, which can be before DOMContentLoaded
    await page.waitForURL(`**/login?returnTo=${encodeURIComponent(`/admin/orders/${orderId}`)}`);
    await submitSignIn(page, phone, 'Send code', { first: 'Ops', last: 'Admin' });
    await page.waitForURL('**/resent-otp');
    await (await hydrated(page.getByLabel('Digit 1 of 4'))).fill(await latestCode(phone));
    await page.waitForURL(`**/admin/orders/${orderId}`);
    await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
    await grantRole(phone);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: `Order ${shortNumber(orderId)}` })).toBeVisible();

    // A filtered list in the address: reload-proof, and each order a real link carrying the way back.
    const listUrl = `/admin/orders?status=confirmed&search=${shortNumber(orderId)}`;
    await page.goto(listUrl, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: 'Confirmed Orders' })).toBeVisible();
    await expect(await hydrated(page.getByLabel('Status'))).toHaveValue('confirmed');
    await expect(page.getByPlaceholder('Search orders...')).toHaveValue(shortNumber(orderId));
    await expect(page.getByText(`1 order matching “${shortNumber(orderId)}”`)).toBeVisible();
    await shot(page, info, 'admin-orders-filtered');
    await expectNoAxeViolations(page);
    const open = page
      .getByRole('row')
      .filter({ hasText: shortNumber(orderId) })
      .getByRole('link', { name: `Open order ${shortNumber(orderId)}` });
    await expect(open).toHaveAttribute(
      'href',
      `/admin/orders/${orderId}?back=${encodeURIComponent(`status=confirmed&search=${shortNumber(orderId)}`)}`,
    );
    await open.click();
    await page.waitForURL(new RegExp(`/admin/orders/${orderId}\\?back=`));
    await expect(page.getByRole('heading', { name: `Order ${shortNumber(orderId)}` })).toBeVisible();
    // The browser's Back returns to the same filtered list.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/admin/orders' && u.searchParams.get('status') === 'confirmed');
    await expect(page.getByRole('heading', { name: 'Confirmed Orders' })).toBeVisible();
    await expect(page.getByText(`1 order matching “${shortNumber(orderId)}”`)).toBeVisible();
    await page.goForward();
    // The page's own Back link does too.
    await (await hydrated(page.getByRole('link', { name: '← Back to orders' }))).click();
    await page.waitForURL((u) => u.pathname === '/admin/orders' && u.search === `?status=confirmed&search=${shortNumber(orderId)}`);
    await expect(page.getByRole('heading', { name: 'Confirmed Orders' })).toBeVisible();
    await expect(page.getByPlaceholder('Search orders...')).toHaveValue(shortNumber(orderId));

    // Mark as packed asks in a dialog: focus inside, Escape closes it and focus comes back.
    await page.goto(`/admin/orders/${orderId}`, { waitUntil: 'domcontentloaded' });
    const pack = await hydrated(page.getByRole('button', { name: 'Mark as packed' }));
    await pack.focus();
    await page.keyboard.press('Enter');
    const ask = page.getByRole('alertdialog', { name: 'Mark as packed?' });
    await expect(ask).toContainText('The shopper is texted that it is packed.');
    await expect(ask).toContainText('You can undo it for a short while');
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="alertdialog"]'))).toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, info, 'admin-order-confirm');
    await page.keyboard.press('Escape');
    await expect(ask).toHaveCount(0);
    await expect(pack).toBeFocused();
    await page.keyboard.press('Enter');
    await ask.getByRole('button', { name: 'Yes, mark as packed' }).click();
    await expect(page.getByText('Order is now packed.')).toBeVisible();

    // The step can be undone while its text is held; the history records both.
    const undo = page.getByRole('button', { name: /^Undo packed/ });
    await expect(undo).toContainText('left');
    await expectNoAxeViolations(page);
    await shot(page, info, 'admin-order-undo-offer');
    await undo.click();
    const askUndo = page.getByRole('alertdialog', { name: 'Undo packed?' });
    await expect(askUndo).toContainText("The order goes back to confirmed and the shopper's waiting text about it is never sent.");
    await askUndo.getByRole('button', { name: 'Yes, undo packed' }).click();
    await expect(page.getByText('Undone: the order is confirmed again.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark as packed' })).toBeVisible();
    await expect(page.locator('.admin-detail__history li').last()).toContainText('Packed undone');
    await expect(page.locator('.admin-detail__history li').last()).toContainText(`by Admin (${phone})`);
    await shot(page, info, 'admin-order-undone');
    await expectNoAxeViolations(page);
    const packedTexts = await withE2eDb((db) => db.collection('sms_outbox').countDocuments({ to: shopperPhone, text: /Packed/ }));
    expect(packedTexts).toBe(0);

    // An unknown or malformed id: a clear 'Order not found' with the way back.
    for (const bad of ['0123456789abcdef01234567', 'not-an-order']) {
      await page.goto(`/admin/orders/${bad}`, { waitUntil: 'domcontentloaded' });
      await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
      await expect(page.getByRole('link', { name: '← Back to orders' })).toHaveAttribute('href', '/admin/orders');
    }
    await shot(page, info, 'admin-order-not-found');
    await expectNoAxeViolations(page);
  });

  test("a dashboard link's days placed and payment are said above the list, kept for an order's way back, and Clear drops just them", async ({
    page,
  }, info) => {
    const shopper = await apiSignIn(page.request, info);
    const piece = await pickProduct(page.request, info.project.name, (p) => p.stock >= 10 && (p.discountPrice ?? p.price) < 2000, 3);
    const orderId = await placeOrder(page.request, shopper.token, [lineOf(piece)]);
    await signInAsStaff(page, info, 'admin', 'Ops');
    const today = indiaDay(new Date());
    const todayText = new Intl.DateTimeFormat('en-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: SHOP_TIME_ZONE,
    }).format(new Date());
    const search = `search=${shortNumber(orderId)}`;
    const clear = page.getByRole('button', { name: 'Clear these filters' });

    // Online payments placed today: this cash order is not among them, and the line says why.
    await page.goto(`/admin/orders?${search}&from=2020-01-01&to=${today}&payment=online`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByText(`Placed 1 Jan 2020 – ${todayText} · Online payment`)).toBeVisible();
    await expect(page.getByText(`0 orders matching “${shortNumber(orderId)}”`)).toBeVisible();

    // Cash on delivery placed today: it is listed, and its page's way back keeps the filters.
    const filtered = `${search}&from=${today}&to=${today}&payment=cod`;
    await page.goto(`/admin/orders?${filtered}`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByText(`Placed ${todayText} · Cash on delivery`)).toBeVisible();
    await expect(page.getByText(`1 order matching “${shortNumber(orderId)}”`)).toBeVisible();
    await expect(page.getByRole('link', { name: `Open order ${shortNumber(orderId)}` })).toHaveAttribute(
      'href',
      `/admin/orders/${orderId}?back=${encodeURIComponent(filtered)}`,
    );
    await shot(page, info, 'admin-orders-dashboard-filters');
    await expectNoAxeViolations(page);

    // Clear drops the days and payment only: the search stays.
    await (await hydrated(clear)).click();
    await page.waitForURL((u) => u.pathname === '/admin/orders' && u.search === `?${search}`);
    await expect(clear).toHaveCount(0);
    await expect(page.getByText(/^Placed /)).toHaveCount(0);
    await expect(page.getByPlaceholder('Search orders...')).toHaveValue(shortNumber(orderId));
    await expect(page.getByText(`1 order matching “${shortNumber(orderId)}”`)).toBeVisible();
  });
});
