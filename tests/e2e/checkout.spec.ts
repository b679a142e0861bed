import { ObjectId } from 'mongodb';
import { expect, test } from './test';
import { type Page } from '@playwright/test';
import { pickProduct } from './catalogue';
import { withE2eDb } from './db';
import { hydrated } from './hydration';
import { expectCloseInsideItsBox, expectNoAxeViolations, latestCode, shot, signInAsNewShopper, submitSignIn, uniquePhone } from './shopper';

/** Puts one piece of a product in the cart from its page. */
async function addToCartFromProductPage(page: Page, slug: string): Promise<void> {
  await page.goto(`/collections/products/detail/${slug}`, { waitUntil: 'domcontentloaded' });
  await (await hydrated(page.getByRole('button', { name: 'Add to Cart', exact: true }))).click();
  await expect(page.getByRole('link', { name: /^Cart, \d+ items?$/ }).first()).toBeVisible();
}

/** Fills the delivery address of step 2, once the names and phone have come in from the shopper's profile. */
async function fillDelivery(page: Page): Promise<void> {
  await expect(await hydrated(page.getByLabel('First name'))).not.toHaveValue('');
  await page.getByLabel('Address', { exact: true }).fill('21 Residency Road');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('State').selectOption('Karnataka');
  await page.getByLabel('PIN code').fill('560025');
}

const payButton = (page: Page) => page.getByRole('button', { name: /^Pay ₹/ }).first();
const sandbox = (page: Page) => page.getByRole('dialog', { name: /Razorpay sandbox/ });

test.describe('checkout', () => {
  test('cart → checkout → sign in with the code → address → pay in the sandbox → order success → account shows the order', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(120_000);
    const product = await pickProduct(request, info.project.name, (p) => p.stock >= 10 && (p.discountPrice ?? p.price) < 2000, 0, 40);
    await addToCartFromProductPage(page, product.slug);
    await page.goto('/productcard', { waitUntil: 'domcontentloaded' });
    await (await hydrated(page.getByRole('link', { name: 'Check out' }))).click();
    await page.waitForURL('**/checkouts');
    await expect(page.getByRole('heading', { name: '1. Your details' })).toBeVisible();
    await expectNoAxeViolations(page);

    const phone = uniquePhone(info);
    await submitSignIn(page, phone, 'Continue', { first: 'Meera', last: 'Shah' });
    await (await hydrated(page.getByLabel('Digit 1 of 4'))).fill(await latestCode(phone));
    await expect(page.getByRole('heading', { name: 'Delivery and payment' })).toBeVisible();
    // Nothing retyped: the name and phone came from the sign-in.
    await expect(page.getByLabel('First name')).toHaveValue('Meera');
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(phone);
    await expectNoAxeViolations(page);

    await payButton(page).click();
    await expect(page.getByText('Address is required')).toBeVisible();
    await expect(page.getByText('City is required')).toBeVisible();
    await expect(page.getByText('PIN code is required')).toBeVisible();
    const toast = page.getByRole('alert').filter({ hasText: 'Please check the highlighted fields.' });
    await expect(toast).toBeVisible();
    await expectCloseInsideItsBox(page, 'Please check the highlighted fields.');
    await shot(page, info, 'checkout-fields-toast');
    // Fixing the fields, not closing the message, is what the shopper does: the message goes with the last of them.
    await page.getByLabel('Address', { exact: true }).fill('21 Residency Road');
    await expect(toast).toBeVisible();
    await fillDelivery(page);
    await expect(toast).toHaveCount(0);
    await payButton(page).click();
    await expect(sandbox(page)).toBeVisible();
    await expect(sandbox(page)).toContainText('₹');
    await sandbox(page)
      .getByRole('button', { name: /^Pay ₹/ })
      .click();
    await page.waitForURL('**/Order-success/**');
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    const orderId = page.url().split('/').pop()!;
    await expect(page.getByText(`HRM-${orderId.slice(-6).toUpperCase()}`)).toBeVisible();
    await expect(page.getByText('Your payment is received and your order is confirmed.')).toBeVisible();
    await expect(page.locator('.order-success__payment')).toContainText(/Paid online.*with Razorpay · pay_/);
    await expect(page.getByRole('status').filter({ hasText: 'Order placed successfully!' })).toHaveCount(0); // the toast was on the page we left
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => localStorage.getItem('cartItems'))).toBe('[]');

    await page.getByRole('link', { name: 'View My Orders' }).click();
    await page.waitForURL('**/account');
    await expect(page.getByText(`#${orderId.slice(-6).toUpperCase()}`)).toBeVisible();
    const stored = await withE2eDb((db) => db.collection('orders').findOne({}, { sort: { createdAt: -1 } }));
    expect(stored).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paymentMethod: 'razorpay' });
  });

  test('cash on delivery adds the ₹100 COD fee, is hidden from ₹2,499, and places a confirmed order', async ({ page, request }, info) => {
    test.setTimeout(120_000);
    await signInAsNewShopper(page, info);
    const cheap = await pickProduct(request, info.project.name, (p) => p.stock >= 10 && (p.discountPrice ?? p.price) < 1500, 1, 40);
    await addToCartFromProductPage(page, cheap.slug);
    await page.goto('/checkouts', { waitUntil: 'domcontentloaded' });
    await fillDelivery(page);
    await page.getByLabel('Phone', { exact: true }).fill('9812345678');
    await page.getByRole('radio', { name: /Cash on delivery/ }).check();
    const unit = cheap.discountPrice ?? cheap.price;
    const total = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(unit + 100);
    await expect(page.locator('.checkout-summary__total')).toContainText(total);
    // The charge has one name: the payment choice, the summary and the order page all call it the COD fee.
    await expect(page.getByRole('radio', { name: /Cash on delivery/ })).toHaveAccessibleName(/COD fee ₹100/);
    await expect(page.locator('.checkout-summary__totals > div').filter({ hasText: 'COD fee' })).toContainText('₹100');
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL('**/Order-success/**');
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    await expect(page.locator('.order-success__payment strong')).toHaveText('Cash on delivery');
    await expect(page.getByText('Your payment is received')).toHaveCount(0);
    await expect(page.locator('dl > div').filter({ hasText: 'COD fee' })).toContainText('₹100');
    const stored = await withE2eDb((db) => db.collection('orders').findOne({}, { sort: { createdAt: -1 } }));
    expect(stored).toMatchObject({ status: 'confirmed', paymentStatus: 'cod_pending', shippingPaise: 10_000 });

    const dear = await pickProduct(request, info.project.name, (p) => p.stock >= 5 && (p.discountPrice ?? p.price) >= 2499, 0, 87);
    await addToCartFromProductPage(page, dear.slug);
    await page.goto('/checkouts', { waitUntil: 'domcontentloaded' });
    await expect(await hydrated(page.getByText('COD is not available for orders of ₹2,499 or more'))).toBeVisible();
    await expect(page.getByRole('radio', { name: /Cash on delivery/ })).toHaveCount(0);
  });

  test('Buy it now buys that one piece and leaves the cart alone; a failed payment can be retried; a dismissed one keeps the shopper here', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(120_000);
    const phone = await signInAsNewShopper(page, info);
    const inCart = await pickProduct(request, info.project.name, (p) => p.stock >= 10, 2, 40);
    const buyNow = await pickProduct(request, info.project.name, (p) => p.stock >= 10 && p._id !== inCart._id, 3, 40);
    await addToCartFromProductPage(page, inCart.slug);
    await page.goto(`/collections/products/detail/${buyNow.slug}`, { waitUntil: 'domcontentloaded' });
    await (await hydrated(page.getByRole('button', { name: 'Buy it now' }))).click();
    await page.waitForURL('**/checkouts');
    const summary = page.locator('.checkout-summary');
    await expect(summary).toContainText(buyNow.name);
    await expect(summary).not.toContainText(inCart.name);

    await fillDelivery(page);
    await page.getByLabel('Phone', { exact: true }).fill('9812345678');
    await payButton(page).click();
    await sandbox(page).getByRole('button', { name: 'Fail' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /^Payment failed: / })).toBeVisible();
    await sandbox(page).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Payment cancelled by user' })).toBeVisible();
    await expect(page).toHaveURL(/\/checkouts$/);

    await payButton(page).click();
    await sandbox(page)
      .getByRole('button', { name: /^Pay ₹/ })
      .click();
    await page.waitForURL('**/Order-success/**');
    // One order for the whole attempt, however many times the window opened.
    // This shopper's orders only: other journeys may buy the same piece at the same time.
    const orders = await withE2eDb(async (db) => {
      const shopper = await db.collection('users').findOne({ phone });
      return db.collection('orders').find({ userId: shopper!['_id'], 'products.name': buyNow.name }).toArray();
    });
    expect(orders.filter((o) => o['paymentStatus'] === 'paid')).toHaveLength(1);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]').map((l: { _id: string }) => l._id))).toEqual([
      inCart._id,
    ]);
  });

  test('a declined payment is not an order: the account offers Pay now while the items are held, and paying ends on the confirmed order', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(150_000);
    if (info.project.name === 'phone') await page.setViewportSize({ width: 412, height: 915 });
    await signInAsNewShopper(page, info);
    const product = await pickProduct(request, info.project.name, (p) => p.stock >= 10 && (p.discountPrice ?? p.price) < 2000, 5, 40);
    await addToCartFromProductPage(page, product.slug);
    await page.goto('/checkouts', { waitUntil: 'domcontentloaded' });
    await fillDelivery(page);
    await page.getByLabel('Phone', { exact: true }).fill('9812345678');
    await payButton(page).click();
    await sandbox(page).getByRole('button', { name: 'Fail' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /^Payment failed: / })).toBeVisible();
    await sandbox(page).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Payment cancelled by user' })).toBeVisible();

    // The account: not an order placed, but a payment to complete while the items are held.
    await page.goto('/account', { waitUntil: 'domcontentloaded' });
    const card = page.locator('.order-card').first();
    await expect(card).toContainText(product.name);
    await expect(card.locator('.status-badge')).toHaveText('Awaiting payment');
    await expect(card.locator('.order-card__payment')).toHaveText('Payment not completed');
    // The hold's end in Indian time, with its date when that is after midnight.
    await expect(card.getByText(/^Items held until (\d{1,2} [A-Z][a-z]{2}, )?\d{1,2}:\d{2}\s?[ap]m$/i)).toBeVisible();
    await expect(card.getByRole('link', { name: 'Track' })).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Invoice' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shot(page, info, 'account-pay-now');

    const payNow = await hydrated(card.getByRole('button', { name: /^Pay now for order / }));
    await payNow.click();
    await sandbox(page).getByRole('button', { name: 'Fail' }).click();
    await expect(card.getByRole('alert')).toHaveText(/^Payment failed: /);
    await sandbox(page).getByRole('button', { name: 'Close' }).click();
    await expect(card.getByRole('status').filter({ hasText: 'Payment cancelled by user' })).toBeVisible();
    await payNow.click();
    await sandbox(page)
      .getByRole('button', { name: /^Pay ₹/ })
      .click();
    await page.waitForURL('**/Order-success/**');
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    await expect(page.getByText('Your payment is received and your order is confirmed.')).toBeVisible();
    await expect(page.locator('.order-success__head .status-badge')).toHaveText('Confirmed');
    const orderId = page.url().split('/').pop()!;
    const stored = await withE2eDb((db) => db.collection('orders').findOne({ _id: new ObjectId(orderId) }));
    expect(stored).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paymentMethod: 'razorpay' });
    await shot(page, info, 'paid-after-pay-now');
  });

  test("'No items selected' with nothing to buy, and a Go Back button", async ({ page }) => {
    await page.goto('/checkouts', { waitUntil: 'domcontentloaded' });
    await expect(page.getByText('No items selected')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  });
});

test.describe('checkout with the keyboard alone', () => {
  // Tagged: the phone project leaves it out (playwright.config.ts), since a keyboard journey is a desktop one.
  test('the whole purchase with Tab, Enter, Space and arrows @desktop-only', async ({ page, request }, info) => {
    test.setTimeout(120_000);
    const product = await pickProduct(request, info.project.name, (p) => p.stock >= 10 && (p.discountPrice ?? p.price) < 2000, 4, 40);
    await page.goto(`/collections/products/detail/${product.slug}`, { waitUntil: 'domcontentloaded' });
    const add = await hydrated(page.getByRole('button', { name: 'Add to Cart', exact: true }));
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'Cart, 1 item' }).first()).toBeVisible();
    await page.goto('/checkouts', { waitUntil: 'domcontentloaded' });
    await hydrated(page.getByLabel('First name'));
    // From the top of the page: the skip link, then into the form.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('First name')).toBeFocused();
    const phone = uniquePhone(info);
    await page.keyboard.type('Kabir');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Mehta');
    await page.keyboard.press('Tab');
    await page.keyboard.type(phone);
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Digit 1 of 4')).toBeFocused({ timeout: 15_000 });
    await page.keyboard.type(await latestCode(phone));
    const details = page.getByRole('heading', { name: 'Delivery and payment' });
    await expect(details).toBeFocused();
    await page.keyboard.press('Tab'); // email
    await expect(page.getByRole('textbox', { name: 'Email (optional)' }).first()).toBeFocused();
    // Email, country, first and last name, address, apartment, city, PIN, state (its own row), phone.
    await page.keyboard.type('kabir@example.in');
    await page.keyboard.press('Tab'); // country (India only)
    await page.keyboard.press('Tab'); // first name (prefilled)
    await page.keyboard.press('Tab'); // last name
    await page.keyboard.press('Tab'); // address
    await page.keyboard.type('7 Park Street');
    await page.keyboard.press('Tab'); // apartment
    await page.keyboard.press('Tab'); // city
    await page.keyboard.type('Kolkata');
    await page.keyboard.press('Tab'); // PIN
    await page.keyboard.type('700016');
    await page.keyboard.press('Tab'); // state
    await page.keyboard.type('West Bengal');
    await page.keyboard.press('Tab'); // phone (prefilled)
    await expect(page.getByLabel('State')).toHaveValue('West Bengal');
    await page.keyboard.press('Tab'); // save info
    await page.keyboard.press('Tab'); // payment radios: Razorpay selected
    await expect(page.getByRole('radio', { name: /Pay online/ })).toBeFocused();
    await page.keyboard.press('ArrowDown'); // cash on delivery
    await expect(page.getByRole('radio', { name: /Cash on delivery/ })).toBeChecked();
    await page.keyboard.press('ArrowUp'); // back to Razorpay
    await expect(page.getByRole('radio', { name: /Pay online/ })).toBeChecked();
    await page.keyboard.press('Tab'); // billing same as shipping
    await page.keyboard.press('Space'); // uncheck: billing block appears
    await expect(page.getByLabel('Country').nth(1)).toBeVisible();
    await page.keyboard.press('Space'); // check again
    await page.keyboard.press('Tab'); // pay
    await expect(payButton(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(sandbox(page)).toBeVisible();
    await expect(sandbox(page).getByRole('button', { name: /^Pay ₹/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/Order-success/**');
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  });
});
