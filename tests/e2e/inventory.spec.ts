import { expect, test } from '@playwright/test';
import { pickProduct } from './catalogue';
import { setStock, withE2eDb } from './db';
import { hydrated } from './hydration';
import { expectNoAxeViolations, shot, signInAsNewShopper } from './shopper';

test.describe('admin inventory', () => {
  test('an admin finds a low unit first, fixes its count with a reason, and the product page sees the new stock', async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    const piece = await pickProduct(page.request, info.project.name, (p) => p.stock >= 5 && !p.sizes, 3, 40);
    await setStock(piece._id, 1);
    const phone = await signInAsNewShopper(page, info);
    await withE2eDb((db) => db.collection('users').updateOne({ phone }, { $set: { role: 'admin' } }));
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

    // The live availability the product page reads sees it at once.
    const live = await page.request.get(`/api/product-availability?ids=${piece._id}`);
    expect(((await live.json()) as { products: { stock: number }[] }).products[0]!.stock).toBe(12);
  });
});
