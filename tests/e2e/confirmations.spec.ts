import { expect, test } from './test';
import { pickProduct } from './catalogue';
import { withE2eDb } from './db';
import { hydrated } from './hydration';
import { latestCode, uniquePhone } from './shopper';

test.describe('after the order', () => {
  test('a phone pasted as +91 … signs in to that phone; a cash-on-delivery order then texts and emails its confirmation once', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(120_000);
    const phone = uniquePhone(info);
    const email = `meera.${phone}@example.in`;
    // As people paste it from their contacts: the country code, spaces, a dash.
    const pasted = `+91 ${phone.slice(0, 5)}-${phone.slice(5)}`;

    await page.goto('/login?returnTo=%2Fcheckouts', { waitUntil: 'domcontentloaded' });
    await (await hydrated(page.getByLabel('First name'))).fill('Meera');
    await page.getByLabel('Last name').fill('Shah');
    await page.getByLabel('Mobile number (India)').fill(pasted);
    // Nothing is cut while typing or pasting: the box holds the whole number until it is read.
    await expect(page.getByLabel('Mobile number (India)')).toHaveValue(pasted);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.waitForURL('**/resent-otp');
    // The code went to the shopper's own phone, not to a number made of its first ten digits.
    await (await hydrated(page.getByLabel('Digit 1 of 4'))).fill(await latestCode(phone));
    await page.waitForURL('**/checkouts');

    const product = await pickProduct(request, info.project.name, (p) => p.stock >= 10 && (p.discountPrice ?? p.price) < 1500, 4, 40);
    await page.goto(`/collections/products/detail/${product.slug}`, { waitUntil: 'domcontentloaded' });
    await (await hydrated(page.getByRole('button', { name: 'Add to Cart', exact: true }))).click();
    await expect(page.getByRole('link', { name: /^Cart, \d+ items?$/ }).first()).toBeVisible();
    await page.goto('/checkouts', { waitUntil: 'domcontentloaded' });
    await expect(await hydrated(page.getByLabel('First name'))).toHaveValue('Meera');
    await page.getByRole('textbox', { name: 'Email (optional)' }).fill(email);
    await page.getByLabel('Address', { exact: true }).fill('21 Residency Road');
    await page.getByLabel('City').fill('Bengaluru');
    await page.getByLabel('State').selectOption('Karnataka');
    await page.getByLabel('PIN code').fill('560025');
    await page.getByRole('radio', { name: /Cash on delivery/ }).check();
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL('**/Order-success/**');
    const orderId = page.url().split('/').pop()!;
    const number = `HRM-${orderId.slice(-6).toUpperCase()}`;
    await expect(page.getByText(number).first()).toBeVisible();

    // The text and the email arrive once each, with the order number and a link back to this page.
    await expect(async () => {
      const { texts, mails } = await withE2eDb(async (db) => ({
        texts: await db
          .collection('sms_outbox')
          .find({ to: phone, text: { $regex: 'is confirmed' } })
          .toArray(),
        mails: await db.collection('mail_outbox').find({ to: email }).toArray(),
      }));
      expect(texts.map((t) => t['text'])).toEqual([expect.stringContaining(`order ${number} for Rs `)]);
      expect(texts[0]!['text']).toContain(`/Order-success/${orderId}`);
      expect(mails.map((m) => m['subject'])).toEqual([`Chandi Kala: Order ${number} is confirmed`]);
      expect(mails[0]!['text']).toContain(product.name);
      expect(mails[0]!['text']).toContain('COD fee: ₹100');
      expect(mails[0]!['text']).toContain(`/invoice/${orderId}`);
    }).toPass({ timeout: 15_000 });

    // The email's link opens the order for its owner.
    const link = /Your order: (\S+)/.exec(
      (await withE2eDb((db) => db.collection('mail_outbox').findOne({ to: email })))!['text'] as string,
    )![1]!;
    await page.goto(new URL(link).pathname, { waitUntil: 'domcontentloaded' });
    await expect(page.getByText(number).first()).toBeVisible();
  });
});
