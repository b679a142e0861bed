import { readFile } from 'node:fs/promises';
import { expect, test } from './test';
import { pickProduct } from './catalogue';
import { setStock } from './db';
import { hydrated } from './hydration';
import { expectNoAxeViolations, shot, signInAsNewShopper } from './shopper';
import { grantRole, lineOf, placeCodOrder, tokenOf } from './orders';
import { jaipurAddress } from '../fixtures/addresses';

test.describe('admin inventory', () => {
  test('an admin finds a low unit first, fixes its count with a reason, and the product page sees the new stock', async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    const piece = await pickProduct(page.request, info.project.name, (p) => p.stock >= 5 && !p.sizes, 3, 40);
    await setStock(piece._id, 1);
    const phone = await signInAsNewShopper(page, info);
    await grantRole(phone);
    await page.goto('/admin/inventory', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: 'Inventory' })).toBeVisible();
    await expect(page.getByText(/^\d+ products and sizes; \d+ at or below 3\.$/)).toBeVisible();

    // Low units come first; this one is among them, flagged.
    const search = await hydrated(page.getByRole('searchbox', { name: 'Search products, sizes or SKUs' }));
    await search.fill(piece.name);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: piece.name }) });
    await expect(row.getByText('Low')).toBeVisible();
    await row.getByRole('button', { name: `Change stock of ${piece.name}` }).click();
    const form = page.getByRole('form', { name: `Change the stock of ${piece.name}` });
    await form.getByLabel('Pieces available to sell').fill('12');
    await expect(form.getByText(/^Stock goes from 1 to 12; shoppers see it at once\./)).toBeVisible();
    await form.getByRole('button', { name: 'Save stock' }).click();
    await expect(form.getByRole('alert')).toHaveText('Choose a reason');
    await form.getByLabel('Reason').selectOption({ label: 'Stock count' });
    await form.getByLabel('Note (optional)').fill('Shelf count');
    await expectNoAxeViolations(page);
    await shot(page, info, 'inventory-edit');
    await form.getByRole('button', { name: 'Save stock' }).click();
    await expect(page.getByText(`Stock is now 12: ${piece.name}.`)).toBeVisible();
    await expect(row.getByRole('cell', { name: '12' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Recent changes' }).getByText(`${piece.name}: 1 → 12, stock count (Shelf count)`),
    ).toBeVisible();
    await shot(page, info, 'inventory-saved');

    // Its history: the count just saved on top, with who and why, and the stock agreeing with its movements.
    await row.getByRole('button', { name: `History of ${piece.name}` }).click();
    const history = page.getByRole('region', { name: `Stock history of ${piece.name}` });
    await expect(history.getByRole('heading', { name: `Stock history of ${piece.name}` })).toBeFocused();
    await expect(history.getByText('In stock: 12, exactly what its movements add up to.')).toBeVisible();
    const newest = history.getByRole('row').nth(1);
    await expect(newest.getByRole('rowheader')).toContainText('Stock count: Shelf count');
    await expect(newest.getByRole('cell').nth(1)).toHaveText('+11');
    await expect(newest.getByRole('cell').nth(2)).toHaveText('12');
    await expect(history.getByRole('row').last().getByRole('rowheader')).toContainText('Catalogue import');
    await expectNoAxeViolations(page);
    await shot(page, info, 'inventory-history');
    await history.getByRole('button', { name: 'Close history' }).click();
    await expect(history).toHaveCount(0);

    // The live availability the product page reads sees it at once.
    const live = await page.request.get(`/api/product-availability?ids=${piece._id}`);
    expect(((await live.json()) as { products: { stock: number }[] }).products[0]!.stock).toBe(12);
  });
});

test.describe('packing and accounts', () => {
  test('an admin prints today’s packing slips (cash to collect shown) and downloads the month’s GST invoices as CSV', async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    const phone = await signInAsNewShopper(page, info);
    await grantRole(phone);
    // A cash-on-delivery order of the admin's own, invoiced (its invoice opened), to pack and to account for.
    const piece = await pickProduct(page.request, info.project.name, (p) => p.stock >= 10 && (p.discountPrice ?? p.price) < 2000, 5, 40);
    const price = piece.discountPrice ?? piece.price;
    const token = await tokenOf(page);
    const orderId = await placeCodOrder(page.request, token, [lineOf(piece)], jaipurAddress);
    const number = `HRM-${orderId.slice(-6).toUpperCase()}`;
    expect((await page.request.get(`/api/invoice/${orderId}`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

    await page.goto('/admin/packing', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: 'To pack today' })).toBeVisible();
    const slip = page.getByRole('article', { name: number });
    await expect(slip.getByText(piece.name)).toBeVisible();
    await expect(slip.getByText(`Cash on delivery: collect ₹${(price + 100).toLocaleString('en-IN')}`)).toBeVisible();
    await expect(slip.getByText('Jaipur, Rajasthan 302001')).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, info, 'packing');

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Accounts' }).click();
    await expect(page.getByRole('heading', { name: 'Accounts' })).toBeVisible();
    const download = page.waitForEvent('download');
    await (await hydrated(page.getByRole('button', { name: 'Download CSV' }))).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^gst-invoices-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.split('\n')[0]).toContain('Invoice number,Invoice date,Order number');
    const row = csv.split('\n').find((line) => line.includes(number))!;
    expect(row).toContain('Rajasthan,08');
    expect(row).toContain(`${(price + 100).toFixed(2)},Cash on delivery`);
    await expect(page.getByText(/^\d+ invoices? saved as gst-invoices-/)).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, info, 'accounts');
  });
});
