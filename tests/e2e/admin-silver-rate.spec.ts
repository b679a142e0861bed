import { expect, test } from './test';
import { allProducts } from './catalogue';
import { hydrated } from './hydration';
import { expectNoAxeViolations, shot } from './shopper';
import { signInAsStaff } from './orders';
import { formatINR } from '@shared/money';
import { priceFromRate, rateLabel } from '@shared/silver-rate';

/** The sample's Oxidised Mandala Adjustable Ring: 4.5 g of silver with a making charge of 79.9%. */
const MANDALA = { slug: 'oxidised-mandala-adjustable-ring', name: 'Oxidised Mandala Adjustable Ring', grams: 4.5 };
const mandalaAt = (rate: number, making = 79.9) =>
  priceFromRate(MANDALA.grams, rate, { making: { kind: 'percent', value: making }, stone: 0 });

test.describe('the silver rate', () => {
  test('an admin sees which prices a new rate changes and by how much, sets it, and the changes wait to be published together', async ({
    page,
  }, info) => {
    test.setTimeout(90_000);
    const token = await signInAsStaff(page, info, 'admin', 'Ravi');
    const current = (await (
      await page.request.get('/api/admin/catalogue/silver-rate', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      rate: { rupeesPerGram: number };
    };
    // A rate of its own per project: the two runs may share a database.
    const rate = current.rate.rupeesPerGram + (info.project.name === 'phone' ? 2.25 : 1.5);

    await page.goto('/admin/silver-rate', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: 'Silver rate', level: 1 })).toBeVisible();
    await expect(page.getByText(`Today’s rate: ${rateLabel(current.rate.rupeesPerGram)} of 92.5 silver`)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Silver rate' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const box = await hydrated(page.getByRole('textbox', { name: 'New rate (₹ a gram of 92.5 silver)' }));
    await box.fill('ninety');
    await page.getByRole('button', { name: 'Show the new prices' }).click();
    await expect(page.getByText('Enter the rate in rupees a gram')).toBeVisible();
    await expect(box).toHaveAttribute('aria-invalid', 'true');

    await box.fill(String(rate));
    await page.getByRole('button', { name: 'Show the new prices' }).click();
    await expect(
      page.getByRole('heading', { name: new RegExp(`^\\d+ prices? changes? at ${rateLabel(rate).replace('.', '\\.')}$`) }),
    ).toBeVisible();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: MANDALA.name }) });
    await expect(row.getByRole('cell').nth(0)).toHaveText(`${MANDALA.grams} g`);
    await expect(row.getByRole('cell').nth(2)).toHaveText(formatINR(mandalaAt(rate)));
    await expectNoAxeViolations(page);
    await shot(page, info, 'silver-rate-changes');

    await page
      .getByRole('button', { name: new RegExp(`^Set the rate to ${rateLabel(rate).replace('.', '\\.')} and save \\d+ new prices?$`) })
      .click();
    await expect(
      page.getByText(
        new RegExp(`^The silver rate is ${rateLabel(rate).replace('.', '\\.')}\\. \\d+ new prices? saved: publish to put them live\\.$`),
      ),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: `No price changes at ${rateLabel(rate)}` })).toBeVisible();
    const panel = page.getByRole('region', { name: 'Publish' });
    await expect(panel).toContainText(`${MANDALA.name} (changed)`);
    await expect(panel.getByRole('button', { name: /^Publish \d+ products?(,| and|$)/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, info, 'silver-rate-set');

    // The piece's form shows its price from the rate, and follows a new making charge as it is typed.
    const mandala = (await allProducts(page.request)).find((p) => p.slug === MANDALA.slug)!;
    await page.goto(`/admin/products/${mandala._id}`, { waitUntil: 'domcontentloaded' });
    const prices = page.getByRole('group', { name: 'Price and tax' });
    await expect(await hydrated(prices.getByRole('radio', { name: 'From the silver rate' }))).toBeChecked();
    await expect(prices.getByRole('status')).toHaveText(`Price at today’s rate of ${rateLabel(rate)}: ${formatINR(mandalaAt(rate))}`);
    await prices.getByRole('textbox', { name: 'Making charge' }).fill('85');
    await expect(prices.getByRole('status')).toHaveText(`Price at today’s rate of ${rateLabel(rate)}: ${formatINR(mandalaAt(rate, 85))}`);
    await expect(prices.getByRole('textbox', { name: /^Price/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shot(page, info, 'silver-rate-form');
  });
});
