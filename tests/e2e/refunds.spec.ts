import { expect, test } from './test';
import { pickProduct } from './catalogue';
import { withE2eDb } from './db';
import { hydrated } from './hydration';
import { expectNoAxeViolations, shot } from './shopper';
import { apiSignIn, grantRole, lineOf, paidOnlineOrder } from './orders';
import { formatINR } from '@shared/money';

test.describe('refunds', () => {
  test('an admin refunds one piece of a paid online order after confirming; the credit note prints and the invoice links it', async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    const product = await pickProduct(page.request, info.project.name, (p) => p.stock >= 10 && (p.discountPrice ?? p.price) < 3000, 3);
    const price = product.discountPrice ?? product.price;
    const shopper = await apiSignIn(page.request, info, 'Meera');
    const orderId = await paidOnlineOrder(page.request, shopper.token, [lineOf(product, 2)]);
    const number = `HRM-${orderId.slice(-6).toUpperCase()}`;
    // The shopper opened the invoice, so it has its number.
    const inv = await page.request.get(`/api/invoice/${orderId}`, { headers: { authorization: `Bearer ${shopper.token}` } });
    const invoiceNumber = ((await inv.json()) as { invoice: { invoiceNumber: string } }).invoice.invoiceNumber;

    const admin = await apiSignIn(page.request, info, 'Ops');
    await grantRole(admin.phone);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.evaluate((token) => localStorage.setItem('token', token), admin.token);
    await page.goto('/admin/orders', { waitUntil: 'domcontentloaded' });
    await (await hydrated(page.getByPlaceholder('Search orders...'))).fill(number);
    await page.getByRole('link', { name: `Open order ${number}` }).click();
    await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();

    const card = page.getByRole('region', { name: 'Refunds' });
    await expect(card.getByText('No refunds yet.')).toBeVisible();
    await card.getByLabel(new RegExp(`${product.name}.*2 of 2 left`)).fill('1');
    await expect(card.getByText(`Refund amount: ${formatINR(price)}`)).toBeVisible();
    await card.getByRole('button', { name: 'Review refund' }).click();
    const confirm = card.getByRole('group', { name: /Refund/ });
    await expect(confirm).toContainText(
      `${formatINR(price)} goes back to the shopper's original payment through Razorpay; a credit note will be issued against invoice ${invoiceNumber}; the shopper will be texted and emailed.`,
    );
    await expectNoAxeViolations(page);
    await shot(page, info, 'refund-confirm');
    await page.screenshot({ path: info.outputPath('refund-confirm.png'), fullPage: true });
    await confirm.getByRole('button', { name: `Refund ${formatINR(price)}` }).click();

    await expect(card.getByText(`${formatINR(price)} refunded.`)).toBeVisible();
    const row = card.getByRole('listitem').first();
    await expect(row).toContainText('Refunded');
    await expect(row).toContainText('Razorpay · rfnd_');
    await expect(page.getByRole('definition').filter({ hasText: 'Partly refunded' })).toBeVisible();
    await expect(card.getByLabel(new RegExp(`${product.name}.*1 of 2 left`))).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, info, 'refund-done');
    await page.screenshot({ path: info.outputPath('refund-done.png'), fullPage: true });
    // The shopper is texted about it.
    const texts = await withE2eDb((db) => db.collection('sms_outbox').find({ to: shopper.phone }).toArray());
    expect(texts.some((t) => /has been refunded/.test(String(t['text'])))).toBe(true);

    const link = row.getByRole('link', { name: /^CN\/\d{4}-\d{2}\/\d{6}$/ });
    const cnNumber = (await link.textContent())!;
    await link.click();
    await page.waitForURL('**/credit-note?id=*');
    await expect(page.getByRole('heading', { name: 'Credit Note' })).toBeVisible();
    await expect(page.getByText(cnNumber, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: invoiceNumber })).toBeVisible();
    await expect(page.getByRole('cell', { name: '7113', exact: true })).toHaveCount(1);
    await expect(page.locator('.invoice__grand dd')).toHaveText(`₹${price.toLocaleString('en-IN')}.00`);
    await expectNoAxeViolations(page);
    await shot(page, info, 'credit-note');
    await page.screenshot({ path: info.outputPath('credit-note.png'), fullPage: true });

    // The invoice links its credit note.
    await page.getByRole('link', { name: invoiceNumber }).click();
    await page.waitForURL(`**/invoice/${orderId}`);
    await expect(page.getByRole('link', { name: cnNumber })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, info, 'invoice-with-credit-note');

    // The shopper's order page lists the refund with its credit note, and the money reads partly refunded.
    await page.evaluate((token) => localStorage.setItem('token', token), shopper.token);
    await page.goto(`/Order-success/${orderId}`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: 'Refunds' })).toBeVisible();
    const refundRow = page.locator('.order-success__refunds li').first();
    await expect(refundRow).toContainText(`${formatINR(price)} · Refunded`);
    await expect(refundRow.getByRole('link', { name: cnNumber })).toBeVisible();
    await expect(page.getByText('Partly refunded')).toBeVisible();
    await expect(page.getByText(`${formatINR(price)} of ${formatINR(price * 2)} refunded`)).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, info, 'shopper-order-refunds');
  });
});
