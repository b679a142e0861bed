import { expect, test } from './test';
import { hydrated } from './hydration';
import { expectNoAxeViolations, shot } from './shopper';
import { signInAsStaff } from './orders';

test.describe('collections and subcategories in the back office', () => {
  test('an editor rewrites a collection’s description, is told a name is needed, puts a piece in and takes it out, and sees it wait for Publish', async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    await signInAsStaff(page, info, 'editor', 'Asha');
    await page.goto('/admin/collections', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: 'Collections and subcategories', level: 1 })).toBeVisible();
    const collections = page.getByRole('table', { name: 'Collections' });
    await expect(page.getByRole('table', { name: 'Subcategories' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, info, 'collections-list');

    // The last collection, so the shop's other journeys keep the ones they read; its changes are put back below.
    const row = collections.getByRole('row').last();
    const name = ((await row.getByRole('rowheader').textContent()) ?? '').replace(/ Not published$/, '').trim();
    await (await hydrated(row.getByRole('button', { name: `Edit ${name}` }))).click();
    const form = page.getByRole('region', { name: `Collection: ${name}` });
    await expect(page).toHaveURL(/\?edit=collection:[0-9a-f]{24}$/);
    const description = form.getByRole('textbox', { name: 'Description (optional)' });
    const original = await description.inputValue();
    await form.getByRole('textbox', { name: 'Name' }).fill('');
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(form.getByText('Write the name shoppers see')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await description.fill(`${original} Gift-wrapped for the festive season.`);
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(form.getByText(/^.+ saved \(version \d+\)\. The live shop is unchanged until it is published\.$/)).toBeVisible();
    await expect(collections.getByRole('row').last()).toContainText('Not published');
    const panel = page.getByRole('region', { name: 'Publish' });
    await expect(panel).toContainText(`${name} (collection)`);

    // A piece put in (saved in its own draft at once), then taken out again.
    const pieces = form.getByRole('group', { name: `Pieces in ${name}` });
    await pieces.getByRole('searchbox', { name: `Add a piece to ${name}` }).fill('payal');
    const adds = pieces.getByRole('list', { name: 'Pieces found' }).getByRole('button', { name: /^Add / });
    await expect(adds.first()).toBeVisible();
    const piece = ((await adds.first().textContent()) ?? '').replace(/^Add /, '');
    await adds.first().click();
    await expect(form.getByText(`${piece} is in ${name} once published (saved in ${piece}’s draft).`)).toBeVisible();
    const inIt = pieces.getByRole('list', { name: `Pieces in ${name}` });
    await expect(inIt.getByRole('listitem').filter({ hasText: piece })).toBeVisible();
    await expect(panel).toContainText(`${piece} (changed)`);
    await expectNoAxeViolations(page);
    await shot(page, info, 'collection-form');
    await inIt.getByRole('button', { name: `Remove ${piece}` }).click();
    await expect(form.getByText(`${piece} leaves ${name} once published (saved in ${piece}’s draft).`)).toBeVisible();
    await expect(inIt.getByRole('listitem').filter({ hasText: piece })).toHaveCount(0);

    // Put back as it was, so a publish later in this shop changes nothing of it.
    await description.fill(original);
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(form.getByText(/^.+ saved \(version \d+\)\./)).toBeVisible();

    // A subcategory: a name and a picture; its pieces move from their own forms.
    const sub = page.getByRole('table', { name: 'Subcategories' }).getByRole('row').nth(1);
    const subName = ((await sub.getByRole('rowheader').textContent()) ?? '').replace(/ Not published$/, '').trim();
    await sub.getByRole('button', { name: `Edit ${subName}` }).click();
    const subForm = page.getByRole('region', { name: `Subcategory: ${subName}` });
    await expect(subForm.getByRole('textbox', { name: 'Name' })).toHaveValue(subName);
    await expect(subForm.getByRole('textbox', { name: 'Description (optional)' })).toHaveCount(0);
    await expect(subForm.getByRole('link', { name: `the products in ${subName}` })).toHaveAttribute(
      'href',
      /\/admin\/products\?subcategory=/,
    );
    await expectNoAxeViolations(page);
  });
});
