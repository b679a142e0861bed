import { expect, test } from './test';
import { type Page, type TestInfo } from '@playwright/test';
import { pickProduct } from './catalogue';
import { withE2eDb } from './db';
import { discountRules } from '../fixtures/discounts';
import { toRulesDoc, type DiscountRulesInput } from '@server/repositories/discounts.repository';
import { hydrated } from './hydration';
import { expectNoAxeViolations, shot, signInAsNewShopper } from './shopper';

/** Stores a discount code as an admin would make it (active, no limits unless given). */
async function storeCode(code: string, rules: Partial<DiscountRulesInput>): Promise<void> {
  const now = new Date();
  await withE2eDb((db) =>
    db.collection('discount_codes').replaceOne(
      { _id: code as never },
      {
        ...toRulesDoc(discountRules({ note: 'e2e', ...rules })),
        status: 'active',
        used: 0,
        holders: [],
        createdAt: now,
        updatedAt: now,
        updatedBy: 'admin:e2e',
      },
      { upsert: true },
    ),
  );
}

/** Rupees as the pages print them ('₹1,299' or '₹1,299.50') → a number. */
const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

/** Signs in, puts one piece in the cart and opens the checkout with a Jaipur address typed in. */
async function checkoutWithOnePiece(page: Page, info: TestInfo, seed: number): Promise<void> {
  await signInAsNewShopper(page, info, '/checkouts');
  const product = await pickProduct(page.request, info.project.name, (p) => p.stock >= 10 && (p.discountPrice ?? p.price) < 2000, seed, 40);
  await page.goto(`/collections/products/detail/${product.slug}`, { waitUntil: 'domcontentloaded' });
  await (await hydrated(page.getByRole('button', { name: 'Add to Cart', exact: true }))).click();
  await expect(page.getByRole('link', { name: /^Cart, \d+ items?$/ }).first()).toBeVisible();
  await page.goto('/checkouts', { waitUntil: 'domcontentloaded' });
  await expect(await hydrated(page.getByLabel('First name'))).not.toHaveValue('');
  await page.getByLabel('Address', { exact: true }).fill('12 MI Road');
  await page.getByLabel('PIN code').fill('302001');
  await expect(page.getByLabel('State')).toHaveValue('Rajasthan');
}

test.describe('discount codes at checkout', () => {
  test('an expired code is refused with its date; a valid one (typed in lower case) shows the saving and goes through to the order and its invoice', async ({
    page,
  }, info) => {
    test.setTimeout(150_000);
    const suffix = info.project.name.toUpperCase().slice(0, 4);
    await storeCode(`OLD${suffix}`, { endsAt: new Date('2025-11-30T18:29:00Z') });
    await storeCode(`SAVE${suffix}`, { kind: 'flat', value: 150 });
    await checkoutWithOnePiece(page, info, 11);

    const field = page.getByLabel('Discount code');
    await field.fill(`old${suffix.toLowerCase()}`);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByText(`The code OLD${suffix} expired on Sun, 30 Nov 2025, 11:59 pm.`)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await shot(page, info, 'discount-expired');

    const before = rupees(await page.locator('.checkout-summary__total dd').first().textContent());
    await field.fill(` save${suffix.toLowerCase()} `);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    const applied = page.getByTestId('discount-applied');
    await expect(applied).toContainText(`SAVE${suffix} applied (₹150 off): you save ₹150.`);
    await expect(page.getByTestId('checkout-discount-row')).toContainText(`Discount (SAVE${suffix})`);
    await expect(page.locator('.checkout-summary__total dd').first()).toHaveText(new RegExp(`₹${(before - 150).toLocaleString('en-IN')}`));
    await expectNoAxeViolations(page);
    await shot(page, info, 'discount-applied');

    // Cash on delivery: its fee is added after the discount.
    await page.getByRole('radio', { name: /Cash on delivery/ }).check();
    const total = rupees(await page.locator('.checkout-summary__total dd').first().textContent());
    expect(total).toBe(before - 150 + 100);
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL('**/Order-success/**');
    const orderId = page.url().split('/').pop()!;
    await expect(page.getByText(`Discount (SAVE${suffix})`).first()).toBeVisible();
    await shot(page, info, 'discount-order');

    const stored = await withE2eDb((db) => db.collection('discount_codes').findOne({ _id: `SAVE${suffix}` as never }));
    expect(stored?.['used']).toBe(1);

    // The invoice taxes the discounted value, and its grand total is what the order charged.
    await page.goto(`/invoice/${orderId}`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: 'Tax Invoice' })).toBeVisible();
    await expect(page.getByText(`SAVE${suffix}`).first()).toBeVisible();
    expect(rupees(await page.locator('.invoice__grand dd').textContent())).toBe(total);
    await expectNoAxeViolations(page);
    await shot(page, info, 'discount-invoice');
  });
});
