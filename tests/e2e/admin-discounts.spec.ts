import { expect, test } from './test';
import { withE2eDb } from './db';
import { hydrated } from './hydration';
import { expectNoAxeViolations, signInAsNewShopper } from './shopper';
import { grantRole } from './orders';

test.describe('admin discount codes', () => {
  test('an admin creates a capped percent code with an end date, pauses, resumes and ends it (with a confirmation)', async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    const phone = await signInAsNewShopper(page, info);
    // Granted the role as npm run admin:grant does; the server re-reads it on every call.
    await grantRole(phone);
    const code = `E2E${info.project.name === 'phone' ? 'P' : 'D'}${String(Date.now()).slice(-6)}`;

    await page.goto('/admin/discounts', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: 'Discount codes', level: 1 })).toBeVisible();
    // The admin pages link to each other.
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link', { name: 'Discount codes' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/admin/orders');

    await (await hydrated(page.getByRole('button', { name: 'New code' }))).click();
    await expect(page.getByRole('heading', { name: 'New discount code' })).toBeFocused();
    await page.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
    await page.getByLabel('Percent off (%)').fill('120');
    await page.getByLabel('Most it takes off').fill('500');
    await page.getByLabel('Minimum order').fill('1000');
    await page.getByLabel('Valid to (India time)').fill('2030-12-31T23:30');
    await page.getByLabel('Uses per shopper').fill('1');
    // The schema the server uses speaks first, by the field.
    await page.getByRole('button', { name: 'Create code' }).click();
    await expect(page.getByText('A percentage must be at most 100')).toBeVisible();
    await expect(page.getByLabel('Percent off (%)')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `/tmp/shots/admin-${info.project.name}-form.png`, fullPage: true });

    await page.getByLabel('Percent off (%)').fill('10');
    // Keyboard: Enter in a box sends the form.
    await page.getByLabel('Note for the team').fill('E2E journey');
    await page.getByLabel('Note for the team').press('Enter');
    await expect(page.getByText(`${code} is created.`)).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText('10% off (up to ₹500)');
    await expect(row).toContainText('₹1,000');
    await expect(row).toContainText('Until 31 Dec 2030, 11:30 pm');
    await expect(row).toContainText('0 / no limit');
    await expect(row).toContainText('Active');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `/tmp/shots/admin-${info.project.name}-list.png`, fullPage: true });

    // Editing opens the form on the saved rules, dates back in India time; the code cannot be renamed.
    await row.getByRole('button', { name: `Edit ${code}` }).click();
    await expect(page.getByRole('heading', { name: `Edit ${code}` })).toBeFocused();
    await expect(page.getByLabel('Valid to (India time)')).toHaveValue('2030-12-31T23:30');
    await expect(page.getByLabel('Code', { exact: true })).toHaveAttribute('readonly', '');
    await page.getByLabel('Percent off (%)').fill('12.5');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`${code} is saved.`)).toBeVisible();
    await expect(row).toContainText('12.5% off (up to ₹500)');

    await row.getByRole('button', { name: `Pause ${code}` }).click();
    await expect(page.getByText(`${code} is now paused.`)).toBeVisible();
    await expect(row).toContainText('Paused');
    await row.getByRole('button', { name: `Resume ${code}` }).click();
    await expect(page.getByText(`${code} is now active.`)).toBeVisible();

    // Ending asks first; keeping it changes nothing.
    await row.getByRole('button', { name: `End ${code}` }).click();
    await expect(row.getByText('Ending is permanent')).toBeVisible();
    await row.getByRole('button', { name: 'Keep it' }).click();
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: `End ${code}` }).click();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `/tmp/shots/admin-${info.project.name}-confirm-end.png`, fullPage: true });
    // By keyboard, as an admin without a mouse would.
    await row.getByRole('button', { name: `Yes, end ${code}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`${code} is now ended.`)).toBeVisible();
    await expect(row).toContainText('Ended for good');
    await expect(row.getByRole('button')).toHaveCount(0);

    const stored = await withE2eDb((db) => db.collection('discount_codes').findOne({ _id: code as never }));
    expect(stored).toMatchObject({ status: 'ended', kind: 'percent', percent: 12.5, maxOffPaise: 50_000, updatedBy: `admin:${phone}` });
    expect((stored?.['endsAt'] as Date).toISOString()).toBe('2030-12-31T18:00:00.000Z');
    await page.screenshot({ path: `/tmp/shots/admin-${info.project.name}-ended.png`, fullPage: true });

    await nav.getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByRole('heading', { name: 'All Orders' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Discount codes' })).toBeVisible();
  });

  test('a visitor is sent to sign in; a shopper who is not an admin is refused', async ({ page }, info) => {
    await page.goto('/admin/discounts', { waitUntil: 'commit' }); // the page leaves for sign-in as it hydrates, which can be before DOMContentLoaded
    await page.waitForURL('**/login?returnTo=%2Fadmin%2Fdiscounts');
    await signInAsNewShopper(page, info);
    await page.goto('/admin/discounts', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});
