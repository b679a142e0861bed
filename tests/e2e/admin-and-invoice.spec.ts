import { expect, test } from './test';
import { type Page, type TestInfo } from '@playwright/test';
import { ObjectId } from 'mongodb';
import { pickProduct } from './catalogue';
import { withE2eDb } from './db';
import { hydrated } from './hydration';
import { expectNoAxeViolations, forgetToken, latestCode, signInAsNewShopper, submitSignIn, uniquePhone } from './shopper';
import { discountAmount } from '@shared/discounts';
import { grantRole, lineOf, placeCodOrder as placeOrder, tokenOf } from './orders';
import { jaipurAddress } from '../fixtures/addresses';
import { formatINR, toPaise, toRupees } from '@shared/money';
import { formatPaise } from '@shared/invoice/gst';

/** Places a cash-on-delivery order to Jaipur for the signed-in shopper through the API (the checkout has its own journeys). */
async function placeCodOrder(page: Page, info: TestInfo, skip: number): Promise<string> {
  const piece = await pickProduct(page.request, info.project.name, (p) => p.stock >= 10 && (p.discountPrice ?? p.price) < 2000, skip);
  return placeOrder(page.request, await tokenOf(page), [lineOf(piece)], jaipurAddress);
}

const shortNumber = (orderId: string) => `HRM-${orderId.slice(-6).toUpperCase()}`;

test.describe('admin orders', () => {
  test('an admin signs in, filters, searches, opens an order and moves it on; a customer is told they are not an admin', async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    // A customer's order to work on, flagged for a person (as a payment after its hold expired would be).
    await signInAsNewShopper(page, info);
    const orderId = await placeCodOrder(page, info, 0);
    await withE2eDb((db) =>
      db.collection('orders').updateOne(
        { _id: new ObjectId(orderId) },
        {
          $set: {
            needsAttention: 'Paid after its stock hold had expired: stock was taken again and may be short.',
            attention: { code: 'paid_after_hold' },
          },
        },
      ),
    );
    await forgetToken(page);

    // Without a token the page sends the visitor to sign in, and back here afterwards.
    const phone = uniquePhone(info);
    await page.goto('/admin/orders', { waitUntil: 'commit' }); // the page leaves for sign-in as it hydrates, which can be before DOMContentLoaded
    await page.waitForURL('**/login?returnTo=%2Fadmin%2Forders');
    await submitSignIn(page, phone, 'Send code', { first: 'Ops', last: 'Admin' });
    await page.waitForURL('**/resent-otp');
    await (await hydrated(page.getByLabel('Digit 1 of 4'))).fill(await latestCode(phone));
    await page.waitForURL('**/admin/orders');
    // Signed in, but not (yet) an admin: a clear refusal and no orders.
    await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
    await expect(page.getByText('this account is not an admin')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Granted the role (as npm run admin:grant does), the same page lists every order.
    await grantRole(phone);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: 'All Orders' })).toBeVisible();
    const status = await hydrated(page.getByLabel('Status'));
    await expect(status.locator('option').first()).toHaveText('All Orders');
    await expect(page.getByText(/^\d+ orders?$/)).toBeVisible();

    await status.selectOption('confirmed');
    await expect(page.getByRole('heading', { name: 'Confirmed Orders' })).toBeVisible();
    await page.getByPlaceholder('Search orders...').fill(shortNumber(orderId));
    await expect(page.getByText(`1 order matching “${shortNumber(orderId)}”`)).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: shortNumber(orderId) });
    await expect(row.getByText('Needs attention')).toBeVisible();
    await expect(row.getByText('Confirmed')).toBeVisible();
    await page.screenshot({ path: info.outputPath('admin-orders.png'), fullPage: true });
    await expectNoAxeViolations(page);

    // The order opens on its own page, whose address remembers the list it came from.
    await row.getByRole('link', { name: `Open order ${shortNumber(orderId)}` }).click();
    await page.waitForURL(`**/admin/orders/${orderId}?back=*`);
    await expect(page.getByRole('heading', { name: `Order ${shortNumber(orderId)}` })).toBeVisible();
    const flag = page.getByRole('alert').filter({ hasText: 'Needs attention' });
    await expect(flag).toContainText('stock was taken again and may be short');
    await expect(flag).toContainText('Check the stock before packing');
    await expect(page.getByRole('definition').filter({ hasText: 'Cash on delivery' }).first()).toBeVisible();
    // Only the allowed next steps: packed, or cancel.
    await expect(page.getByRole('button', { name: /^Mark as/ })).toHaveText(['Mark as packed']);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: info.outputPath('admin-order-detail.png'), fullPage: true });

    // Every step says what will happen before it is made.
    await (await hydrated(page.getByRole('button', { name: 'Mark as packed' }))).click();
    const ask = page.getByRole('alertdialog', { name: 'Mark as packed?' });
    await expect(ask).toContainText('The shopper is texted and emailed that it is packed.');
    await ask.getByRole('button', { name: 'Yes, mark as packed' }).click();
    await expect(page.getByText('Order is now packed.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Mark as/ })).toHaveText(['Mark as shipped']);
    await expect(page.locator('.admin-detail__history li').last()).toContainText(`by Admin (${phone})`);

    // Shipping asks for the courier and the tracking number, and the order then shows them.
    await page.getByRole('button', { name: 'Mark as shipped' }).click();
    const shipForm = page.getByRole('form', { name: 'Mark as shipped' });
    await shipForm.getByLabel('Courier', { exact: true }).selectOption('Blue Dart');
    await shipForm.getByRole('button', { name: 'Mark as shipped' }).click();
    await expect(shipForm.getByText('Enter the tracking (AWB) number')).toBeVisible();
    await shipForm.getByLabel('Tracking (AWB) number').fill('BD77001234');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: info.outputPath('admin-ship-form.png'), fullPage: true });
    await shipForm.getByRole('button', { name: 'Mark as shipped' }).click();
    await page.getByRole('alertdialog', { name: 'Mark as shipped?' }).getByRole('button', { name: 'Yes, mark as shipped' }).click();
    await expect(page.getByText('Order is now shipped.')).toBeVisible();
    const shipment = page.getByRole('region', { name: 'Shipment' });
    await expect(shipment.getByText('Blue Dart')).toBeVisible();
    await expect(shipment.getByRole('link', { name: 'BD77001234' })).toHaveAttribute('href', /bluedart\.com.*BD77001234/);

    // Cancelling asks first; keeping the order changes nothing.
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('button', { name: 'Keep order' }).click();
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('button', { name: 'Yes, cancel order' }).click();
    await expect(page.getByText('Order is now cancelled.')).toBeVisible();
    await expect(page.getByText('No further status changes')).toBeVisible();
    const stored = await withE2eDb((db) => db.collection('orders').findOne({ _id: new ObjectId(orderId) }));
    expect(stored).toMatchObject({ status: 'cancelled', stock: { state: 'returned' } });

    // Back on the list (the same filtered list), its row shows the new status.
    await page.getByRole('link', { name: '← Back to orders' }).click();
    await expect(page.getByRole('heading', { name: 'Confirmed Orders' })).toBeVisible();
    await (await hydrated(page.getByLabel('Status'))).selectOption('all');
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: shortNumber(orderId) })
        .getByText('Cancelled'),
    ).toBeVisible();
  });
});

test.describe('tax invoice', () => {
  test('a customer opens the GST invoice of their order from the account page; it prints on a clean A4 page', async ({ page }, info) => {
    test.setTimeout(120_000);
    await signInAsNewShopper(page, info);
    const orderId = await placeCodOrder(page, info, 1);
    await page.goto('/account', { waitUntil: 'domcontentloaded' });
    const card = page.locator('.order-card').filter({ hasText: `#${orderId.slice(-6).toUpperCase()}` });
    await (await hydrated(card.getByRole('link', { name: 'Invoice' }))).click();
    await page.waitForURL(`**/invoice/${orderId}`);

    await expect(page.getByRole('heading', { name: 'Tax Invoice' })).toBeVisible();
    await expect(page.getByText('Chandi Kala Silver Pvt. Ltd. (sample shop)').first()).toBeVisible();
    await expect(page.getByText('29AABCC1234D1Z7')).toBeVisible();
    await expect(page.getByText(/^INV\/\d{4}-\d{2}\/\d{6}$/)).toBeVisible();
    // Rajasthan is another state than the seller's Karnataka: IGST at 3%, HSN 7113 on every line.
    await expect(page.getByRole('columnheader', { name: 'IGST 3%' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'CGST 1.5%' })).toHaveCount(0);
    await expect(page.getByRole('cell', { name: '7113', exact: true })).toHaveCount(2);
    await expect(page.getByText('Total (GST included)')).toBeVisible();
    await expect(page.getByText(/Amount in words: Rupees .* Only$/)).toBeVisible();
    await expect(page.getByText('Payment: Cash on delivery')).toBeVisible();
    const total = await page.locator('.invoice__grand dd').textContent();
    expect(total).toMatch(/^₹[\d,]+\.\d{2}$/);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: info.outputPath('invoice.png'), fullPage: true });

    // Print: no header, footer or Print button; the invoice alone.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.site-header')).toBeHidden();
    await expect(page.locator('.site-footer')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Tax Invoice' })).toBeVisible();
    // Seen at the width of an A4 page (210 mm at 96 dpi less the 12 mm margins), and as the PDF a printer gets.
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 703, height: 1032 });
    await page.screenshot({ path: info.outputPath('invoice-print.png'), fullPage: true });
    await page.pdf({ path: info.outputPath('invoice.pdf'), preferCSSPageSize: true });
    await page.setViewportSize(viewport);
    await page.emulateMedia({ media: 'screen' });

    // The same number on every visit; another shopper cannot open it.
    const number = await page.getByText(/^INV\//).textContent();
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(page.getByText(number!)).toBeVisible();
    await forgetToken(page);
    await signInAsNewShopper(page, info, `/invoice/${orderId}`);
    await expect(page.getByText('Order not found.')).toBeVisible();
  });

  test('an order stored with a discount code shows its row on the order page, the account and the invoice', async ({ page }, info) => {
    test.setTimeout(120_000);
    await signInAsNewShopper(page, info);
    const orderId = await placeCodOrder(page, info, 2);
    // As the checkout stores a code: DIWALI10 takes 10% off the piece (its one line carries the whole share).
    const order = await withE2eDb((db) => db.collection('orders').findOne({ _id: new ObjectId(orderId) }));
    const subtotal = toRupees(order!['subtotalPaise'] as number);
    const off = discountAmount({ kind: 'percent', value: 10, maxOff: null }, subtotal);
    const offPaise = toPaise(off);
    const totalPaise = (order!['subtotalPaise'] as number) - offPaise + toPaise(100);
    const total = toRupees(totalPaise);
    await withE2eDb((db) =>
      db.collection('orders').updateOne(
        { _id: new ObjectId(orderId) },
        {
          $set: {
            discount: { code: 'DIWALI10', kind: 'percent', percent: 10, flatPaise: null, maxOffPaise: null, amountPaise: offPaise },
            'products.0.discountPaise': offPaise,
            totalPaise,
          },
        },
      ),
    );
    const keep = async (name: string) => {
      if (process.env['SHOTS'])
        await page.screenshot({ path: `${process.env['SHOTS']}/display-${name}-${info.project.name}.png`, fullPage: true });
    };

    // The order page: Subtotal, then the discount taken off, then the COD fee and the total charged.
    await page.goto(`/Order-success/${orderId}`, { waitUntil: 'domcontentloaded' });
    const totals = page.locator('.order-success__totals');
    await expect(totals.locator('dt')).toHaveText(['Subtotal', 'Discount (DIWALI10)', 'COD fee', 'Total']);
    await expect(totals.locator('dd')).toHaveText([formatINR(subtotal), `\u2212${formatINR(off)}`, formatINR(100), formatINR(total)]);
    await expectNoAxeViolations(page);
    await keep('order');

    // The account's order card says it briefly.
    await page.goto('/account', { waitUntil: 'domcontentloaded' });
    const card = page.locator('.order-card').filter({ hasText: `#${orderId.slice(-6).toUpperCase()}` });
    await expect(card.getByText(`Saved ${formatINR(off)} with DIWALI10`)).toBeVisible();

    // The invoice: the line's value, its discount and the taxable value after it; the discount row; the order's total.
    await page.goto(`/invoice/${orderId}`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('columnheader', { name: 'Discount', exact: true })).toBeVisible();
    await expect(
      page
        .locator('.invoice__table tbody tr')
        .first()
        .getByRole('cell', { name: `\u2212${formatPaise(offPaise)}` }),
    ).toBeVisible();
    await expect(page.locator('.invoice__discount')).toHaveText(`Discount (DIWALI10)\u2212₹${formatPaise(offPaise)}`);
    await expect(page.locator('.invoice__grand dd')).toHaveText(`₹${formatPaise(totalPaise)}`);
    await expectNoAxeViolations(page);
    await keep('invoice');
  });
});
