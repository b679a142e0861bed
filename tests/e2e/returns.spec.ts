import { expect, test } from './test';
import { type Page } from '@playwright/test';
import { ObjectId } from 'mongodb';
import { pickProduct } from './catalogue';
import { withE2eDb } from './db';
import { hydrated } from './hydration';
import { expectNoAxeViolations, shot, signInAsNewShopper } from './shopper';
import { lineOf, placeCodOrder, tokenOf } from './orders';
import { jaipurAddress } from '../fixtures/addresses';

/**
 * A cash-on-delivery order of one piece for the signed-in shopper, placed through the API and then marked
 * delivered an hour ago in the database (as the admin's steps would leave it). Returns its id and the piece.
 */
async function deliveredOrder(
  page: Page,
  projectName: string,
  salt: number,
): Promise<{ orderId: string; name: string; productId: string }> {
  const piece = await pickProduct(
    page.request,
    projectName,
    (p) => p.stock >= 5 && !p.sizes && (p.discountPrice ?? p.price) < 2000,
    salt,
    40,
  );
  const orderId = await placeCodOrder(page.request, await tokenOf(page), [lineOf(piece)], jaipurAddress);
  const at = new Date(Date.now() - 3_600_000);
  await withE2eDb(async (db) => {
    await db.collection('orders').updateOne({ _id: new ObjectId(orderId) }, {
      $set: { status: 'delivered', paymentStatus: 'paid' },
      $push: {
        statusHistory: { $each: ['packed', 'shipped', 'out_for_delivery', 'delivered'].map((status) => ({ status, at, by: 'admin:e2e' })) },
      },
    } as never);
  });
  return { orderId, name: piece.name, productId: piece._id };
}

const liveStock = async (page: Page, productId: string): Promise<number> =>
  ((await (await page.request.get(`/api/product-availability?ids=${productId}`)).json()) as { products: { stock: number }[] }).products[0]!
    .stock;

test.describe('returns and replacements', () => {
  test('a shopper asks to return a delivered piece; an admin approves it and receives it back into stock', async ({ page }, info) => {
    test.setTimeout(150_000);
    const phone = await signInAsNewShopper(page, info);
    const { orderId, name, productId } = await deliveredOrder(page, info.project.name, 7);

    await page.goto(`/Order-success/${orderId}`, { waitUntil: 'domcontentloaded' });
    const section = page.getByRole('region', { name: 'Returns and replacements' });
    await expect(section.getByTestId('return-by')).toContainText(/Return or replace by \w{3}, \d{1,2} \w{3}/);
    // From the keyboard: the button opens the form with focus on its first choice.
    await (await hydrated(section.getByRole('button', { name: `Return or replace ${name}` }))).focus();
    await page.keyboard.press('Enter');
    const form = section.getByRole('form', { name: `Return or replace ${name}` });
    await expect(form.getByRole('radio', { name: 'A refund' })).toBeFocused();
    await form.getByRole('button', { name: 'Continue' }).click();
    await expect(form.getByRole('alert')).toHaveText('Choose a reason.');
    await form.getByLabel('Reason').selectOption({ label: 'Changed my mind' });
    await form.getByLabel('What is wrong?').fill('The design is smaller than I expected.');
    await expectNoAxeViolations(page);
    await shot(page, info, 'return-form');
    await form.getByRole('button', { name: 'Continue' }).click();
    const confirm = section.getByRole('group', { name: 'Send this request?' });
    await expect(confirm).toContainText('We will look at your request within 2 working days and text and email you our answer');
    await expectNoAxeViolations(page);
    await shot(page, info, 'return-confirm');
    await confirm.getByRole('button', { name: 'Send request' }).click();
    await expect(section.getByText('Your request is sent. We will text and email you our answer.')).toBeVisible();
    await expect(section.getByTestId('return-request')).toContainText('Refund: Requested');

    // The same account is made an admin, and handles the request.
    await withE2eDb((db) => db.collection('users').updateOne({ phone }, { $set: { role: 'admin' } }));
    const before = await liveStock(page, productId);
    await page.goto('/admin/returns', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: 'Returns and replacements' })).toBeVisible();
    const number = `HRM-${orderId.slice(-6).toUpperCase()}`;
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: number }) });
    await expect(card).toContainText('Requested');
    await (await hydrated(card.getByRole('button', { name: `Approve: ${name}, ${number}` }))).click();
    await expect(card.getByRole('group')).toContainText(
      'Approve this refund? The shopper will be texted and emailed to send the piece back.',
    );
    await expectNoAxeViolations(page);
    await shot(page, info, 'admin-return-approve');
    await card.getByRole('button', { name: 'Yes, approve' }).click();
    await expect(page.getByText('Request approved; the shopper is texted and emailed.')).toBeVisible();

    await card.getByRole('button', { name: `Mark received: ${name}, ${number}` }).click();
    const receive = card.getByRole('form', { name: `Mark received: ${name}` });
    await receive.getByRole('button', { name: 'Mark received' }).click();
    await expect(card.getByRole('alert')).toHaveText('Choose the condition');
    await receive.getByLabel('Sellable (back into stock)').check();
    await receive.getByRole('button', { name: 'Mark received' }).click();
    await expect(card.getByRole('group')).toContainText('Mark received in sellable condition? 1 piece goes back into stock.');
    await card.getByRole('button', { name: 'Yes, mark received' }).click();
    await expect(page.getByText('Received; 1 piece is back in stock.')).toBeVisible();
    await expect(card.getByRole('link', { name: "Refund on the order's page" })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, info, 'admin-return-received');
    expect(await liveStock(page, productId)).toBe(before + 1);

    // The shopper's page says where it is, and what comes next.
    await page.goto(`/Order-success/${orderId}`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByTestId('return-request')).toContainText('Refund: Received by us');
    await expect(page.getByTestId('return-request')).toContainText('Your refund is on its way');
  });

  test('a replacement shipped shows its courier and AWB on the shopper’s order page', async ({ page }, info) => {
    test.setTimeout(150_000);
    const phone = await signInAsNewShopper(page, info);
    const { orderId, name } = await deliveredOrder(page, info.project.name, 11);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const asked = await page.request.post(`/api/orders/${orderId}/returns`, {
      headers: { authorization: `Bearer ${token}` },
      data: { lineIndex: 0, kind: 'replacement', reason: 'defect', quantity: 1, note: 'The clasp does not close.' },
    });
    expect(asked.status()).toBe(201);
    await withE2eDb((db) => db.collection('users').updateOne({ phone }, { $set: { role: 'admin' } }));
    const rid = `${orderId}-0`;
    for (const body of [
      { action: 'approve', note: 'Sorry about that' },
      { action: 'receive', condition: 'damaged' },
    ]) {
      const r = await page.request.patch(`/api/admin/returns/${rid}`, { headers: { authorization: `Bearer ${token}` }, data: body });
      expect(r.status()).toBe(200);
    }

    await page.goto('/admin/returns', { waitUntil: 'domcontentloaded' });
    const number = `HRM-${orderId.slice(-6).toUpperCase()}`;
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: number }) });
    await (await hydrated(card.getByRole('button', { name: `Ship replacement: ${name}, ${number}` }))).click();
    const form = card.getByRole('form', { name: `Ship replacement: ${name}` });
    await form.getByLabel('Courier').selectOption('Blue Dart');
    await form.getByLabel('Tracking (AWB) number').fill('BD99887766');
    await expectNoAxeViolations(page);
    await shot(page, info, 'admin-return-ship');
    await form.getByRole('button', { name: 'Ship replacement' }).click();
    await expect(card.getByRole('group')).toContainText('Ship the replacement free of charge? 1 piece of');
    await expect(card.getByRole('group')).toContainText('the shopper will be texted and emailed the courier and tracking number');
    await card.getByRole('button', { name: 'Yes, ship replacement' }).click();
    await expect(page.getByText('Replacement shipped with Blue Dart; the shopper is texted and emailed.')).toBeVisible();

    await page.goto(`/Order-success/${orderId}`, { waitUntil: 'domcontentloaded' });
    const request = page.getByTestId('return-request');
    await expect(request).toContainText('Replacement: Replacement shipped');
    await expect(request).toContainText('Our note: Sorry about that');
    await expect(request.getByTestId('shipment')).toContainText('Blue Dart');
    await expect(request.getByTestId('shipment')).toContainText('BD99887766');
    await expect(request.getByRole('link', { name: /Track with Blue Dart/ })).toHaveAttribute('href', /BD99887766/);
    await expectNoAxeViolations(page);
    await shot(page, info, 'return-replacement-shipped');
  });

  test('the home page’s 7 Days Return leads to the policy that says how', async ({ page }, info) => {
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('link', { name: '7 Days Return' }).click();
    await expect(page).toHaveURL(/\/cancellation-and-refunds#returns$/);
    const returns = page.getByRole('heading', { name: 'Returns and replacements' });
    await expect(returns).toBeVisible();
    await expect(page.getByText(/Within 7 days of delivery you can ask, for any piece of a delivered order/)).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, info, 'returns-policy');
  });
});
