import { expect, test } from './test';
import { type Page } from '@playwright/test';
import { withE2eDb } from './db';
import { pickProduct } from './catalogue';
import { hydrated } from './hydration';
import { apiSignIn } from './orders';
import { expectNoAxeViolations, latestCode, signInAsNewShopper, submitSignIn, uniquePhone } from './shopper';

// Every header holds both the sign-in link and the account menu; the one shown is the shopper's (src/shared/signed-in.ts).
const signInLink = (page: Page) => page.locator('.site-header__actions').getByRole('link', { name: 'Sign in' });
const accountMenuButton = (page: Page, firstName: string | RegExp = /Account menu$/) =>
  page
    .locator('.site-header__actions')
    .getByRole('button', { name: typeof firstName === 'string' ? `${firstName} Account menu` : firstName });

test.describe('sign-in by phone and one-time code', () => {
  test('a new shopper signs in with the code from the outbox, after a wrong code, and lands on their account', async ({ page }, info) => {
    const phone = uniquePhone(info);
    await page.goto('/login?returnTo=%2Faccount', { waitUntil: 'domcontentloaded' });
    await expectNoAxeViolations(page);
    await (await hydrated(page.getByRole('button', { name: 'Send code' }))).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Last name is required')).toBeVisible();
    await expect(page.getByText('Phone is required')).toBeVisible();
    await page.getByLabel('Mobile number (India)').fill('98765');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('Phone must be 10 digits')).toBeVisible();

    await submitSignIn(page, phone);
    await page.waitForURL('**/resent-otp');
    await expect(page.getByText(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`)).toBeVisible();
    await expectNoAxeViolations(page);
    const code = await latestCode(phone);
    const wrong = code === '1234' ? '4321' : '1234';
    await (await hydrated(page.getByLabel('Digit 1 of 4'))).fill(wrong);
    await expect(page.getByRole('alert')).toHaveText('Invalid OTP: Wrong code. 4 tries left.');
    await expect(page.getByLabel('Digit 1 of 4')).toHaveValue('');

    // The page survives a reload: the phone is kept in its history state.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await (await hydrated(page.getByLabel('Digit 1 of 4'))).fill(code);
    await page.waitForURL('**/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Asha Rao' })).toBeVisible();
    await expect(accountMenuButton(page, 'Asha')).toBeVisible();
    await expect(signInLink(page)).toBeHidden();
    await expectNoAxeViolations(page);
  });

  test('the boxes: one digit each and onward, non-digits dropped, Backspace goes back, a pasted code fills all', async ({ page }, info) => {
    const phone = uniquePhone(info);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await submitSignIn(page, phone);
    await page.waitForURL('**/resent-otp');
    const box = (n: number) => page.getByLabel(`Digit ${n} of 4`);
    await (await hydrated(box(1))).pressSequentially('4');
    await expect(box(2)).toBeFocused();
    await page.keyboard.type('x7');
    await expect(box(2)).toHaveValue('7');
    await expect(box(3)).toBeFocused();
    await page.keyboard.press('Backspace');
    await expect(box(2)).toBeFocused();
    await expect(box(2)).toHaveValue('');
    await expect(box(1)).toHaveValue('4');

    const code = await latestCode(phone);
    await box(1).focus();
    await page.evaluate(
      (text) => {
        const data = new DataTransfer();
        data.setData('text/plain', text);
        document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      },
      ` ${code.slice(0, 2)}-${code.slice(2)} `,
    );
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('resend waits 30 s, then sends a new code and the old one stops working', async ({ page }, info) => {
    await page.clock.install();
    const phone = uniquePhone(info);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await submitSignIn(page, phone);
    await page.waitForURL('**/resent-otp');
    const resend = page.getByRole('button', { name: /^Resend OTP/ });
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveText(/Resend OTP in \d+ s/);
    const first = await latestCode(phone);
    // Thirty seconds pass for the browser and for the server's record of the last send.
    await page.clock.fastForward(31_000);
    await withE2eDb((db) =>
      db.collection('otp_challenges').updateOne({ _id: phone as never }, { $set: { lastSentAt: new Date(Date.now() - 31_000) } }),
    );
    await expect(resend).toBeEnabled();
    await resend.click();
    await expect(page.getByRole('status').filter({ hasText: 'OTP resent successfully!' })).toBeVisible();
    const second = await latestCode(phone);
    if (second !== first) {
      await page.getByLabel('Digit 1 of 4').fill(first);
      await expect(page.getByRole('alert')).toContainText('Invalid OTP');
    }
    await page.getByLabel('Digit 1 of 4').fill(second);
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('the code page without a sign-in in progress offers the way back', async ({ page }) => {
    await page.goto('/resent-otp', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/login');
  });

  test('a forged token sends the shopper back to sign in, and the account icon follows', async ({ page }) => {
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.evaluate(() => localStorage.setItem('token', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'));
    await page.goto('/account', { waitUntil: 'domcontentloaded' });
    // Poll the address: the account page replaces itself with sign-in, aborting the load a wait would follow.
    await expect(page).toHaveURL(/\/login\?returnTo=%2Faccount$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect(signInLink(page)).toHaveAttribute('href', '/login');
    await expect(accountMenuButton(page)).toBeHidden();
  });

  test('the saved address is kept after a reload; signing out everywhere ends another browser’s session', async ({
    page,
    browser,
  }, info) => {
    await signInAsNewShopper(page, info);
    const manage = await hydrated(page.getByRole('button', { name: 'Manage' }));
    await manage.click();
    const dialog = page.getByRole('dialog', { name: 'Edit Address' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(manage).toBeFocused();
    await manage.click();
    await dialog.getByLabel('Address', { exact: true }).fill('12 MG Road');
    await dialog.getByLabel('City').fill('Pune');
    await dialog.getByLabel('State').selectOption('Maharashtra');
    await dialog.getByLabel('PIN code').fill('011001');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await expect(dialog.getByText('PIN code must be 6 digits and cannot start with 0')).toBeVisible();
    await dialog.getByLabel('PIN code').fill('411001');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await expect(dialog).toBeHidden();
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(page.locator('address')).toContainText('12 MG Road');
    await expect(page.locator('address')).toContainText('Pune, Maharashtra 411001');

    // A second browser with the same token.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto('/', { waitUntil: 'domcontentloaded' });
    await otherPage.evaluate((t) => localStorage.setItem('token', t!), token);
    await otherPage.goto('/account', { waitUntil: 'domcontentloaded' });
    await expect(otherPage.getByRole('heading', { level: 1, name: 'Asha Rao' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL('**/login');
    await otherPage.reload({ waitUntil: 'domcontentloaded' });
    // The account page replaces itself with sign-in as soon as the token is refused; poll the address rather
    // than wait for a load event that the replacement aborts.
    await expect(otherPage).toHaveURL(/\/login\?returnTo=%2Faccount$/);
    await other.close();
  });

  test('signing in from the account page returns there; the header greets the shopper by name with a menu: Orders, Account, Sign out', async ({
    page,
  }, info) => {
    const phone = uniquePhone(info);
    await page.goto('/account', { waitUntil: 'domcontentloaded' });
    // The account page sends a signed-out visitor to sign in, remembering where they were.
    await expect(page).toHaveURL(/\/login\?returnTo=%2Faccount$/);
    await submitSignIn(page, phone, 'Send code', { first: 'Meenakshi', last: 'Iyer' });
    await page.waitForURL('**/resent-otp');
    await (await hydrated(page.getByLabel('Digit 1 of 4'))).fill(await latestCode(phone));
    await page.waitForURL('**/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Meenakshi Iyer' })).toBeVisible();

    const menuButton = accountMenuButton(page, 'Meenakshi');
    await expect(menuButton).toBeVisible();
    await expect(signInLink(page)).toBeHidden();
    // The header never grows sideways for a name: a long one ends in an ellipsis within the bar.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const menu = page.locator('#account-menu');
    await expect(menu).toBeHidden();
    await (await hydrated(menuButton)).click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/order-history');
    await expect(menu.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    await expect(menu.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expectNoAxeViolations(page);
    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
    // A click outside closes it too.
    await menuButton.click();
    await expect(menu).toBeVisible();
    await page.getByRole('heading', { level: 1, name: 'Meenakshi Iyer' }).click();
    await expect(menu).toBeHidden();

    // The same on a policy page, whose header has no React: the name is there and the menu works.
    await page.goto('/shipping-policy', { waitUntil: 'domcontentloaded' });
    await expect(menuButton).toBeVisible();
    await menuButton.click();
    await expect(menu.getByRole('link', { name: 'Orders' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await menuButton.click();
    await page.getByRole('heading', { level: 1, name: 'Shipping Policy' }).click();
    await expect(menu).toBeHidden();

    // Orders leads to the order history.
    await menuButton.click();
    await menu.getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL('**/order-history');

    // Sign out forgets the token and the name, lands on home, and the header offers sign-in again.
    await (await hydrated(menuButton)).click();
    await menu.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(signInLink(page)).toBeVisible();
    await expect(accountMenuButton(page)).toBeHidden();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('firstName')])).toEqual([null, null]);
  });

  test('/dashboard, a landing after a code that bookmarks may still hold, leads to the account', async ({ page }, info) => {
    await signInAsNewShopper(page, info, '/');
    await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Asha Rao' })).toBeVisible();
  });

  test('a shopper on localhost stays on localhost, signed in, through every guessed address', async ({ page, request, baseURL }, info) => {
    // The README's address is http://localhost:8888; the browser keeps the token per origin, so a redirect to
    // 127.0.0.1 would sign the shopper out.
    const local = new URL(baseURL!);
    local.hostname = 'localhost';
    const { token } = await apiSignIn(request, info, 'Asha');
    await page.goto(local.origin + '/', { waitUntil: 'domcontentloaded' });
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    for (const [guess, landing, heading] of [
      ['/dashboard', '/account', 'Asha Shah'],
      ['/account/orders', '/order-history', 'All Orders'],
      ['/cart', '/productcard', null],
    ] as const) {
      await page.goto(local.origin + guess, { waitUntil: 'domcontentloaded' });
      expect(page.url()).toBe(local.origin + landing);
      if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
  });

  test('signing in from the header on a product page comes back to that product page', async ({ page, request }, info) => {
    const product = await pickProduct(request, info.project.name, (p) => p.stock > 0, 5, 40);
    await page.goto(`/collections/products/detail/${product.slug}`, { waitUntil: 'domcontentloaded' });
    await hydrated(page.getByRole('button', { name: 'Add to Cart', exact: true }));
    await (await hydrated(signInLink(page))).click();
    await page.waitForURL(/\/login\?returnTo=/);
    const phone = uniquePhone(info);
    await submitSignIn(page, phone);
    await page.waitForURL('**/resent-otp');
    await (await hydrated(page.getByLabel('Digit 1 of 4'))).fill(await latestCode(phone));
    await page.waitForURL(`**/collections/products/detail/${product.slug}`);
    await expect(accountMenuButton(page, 'Asha')).toBeVisible();
  });
});
