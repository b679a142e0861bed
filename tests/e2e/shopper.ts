import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { withE2eDb } from './db';
import { hydrated } from './hydration';

let phones = 0;

/** A phone number no other journey of this run uses (sign-in limits are per phone). */
export function uniquePhone(info: TestInfo): string {
  phones += 1;
  const project = info.project.name === 'phone' ? 7 : 8;
  // The clock's last digits tell apart worker processes (a worker restarts after a failure); the counter, calls.
  return `9${project}${String(Date.now()).slice(-4)}${String(phones % 10_000).padStart(4, '0')}`;
}

/** The code in the latest text the local SMS outbox kept for a phone. */
export async function latestCode(phone: string): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const text = await withE2eDb(
      async (db) =>
        (await db.collection('sms_outbox').find({ to: phone }).sort({ createdAt: -1, _id: -1 }).limit(1).next())?.['text'] as
          string | undefined,
    );
    code = /^(\d{4}) is your/.exec(text ?? '')?.[1];
    expect(code).toBeTruthy();
  }).toPass({ timeout: 15_000 });
  return code!;
}

/** Fills the sign-in form (on /login or the checkout's first step) and sends it. */
export async function submitSignIn(page: Page, phone: string, submit = 'Send code', name = { first: 'Asha', last: 'Rao' }): Promise<void> {
  await (await hydrated(page.getByLabel('First name'))).fill(name.first);
  await page.getByLabel('Last name').fill(name.last);
  await page.getByLabel('Mobile number (India)').fill(phone);
  await page.getByRole('button', { name: submit }).click();
}

/**
 * Signs a new shopper (Asha Rao) in through the API, with the code from the SMS outbox, keeps the token and
 * first name where the code page keeps them, and opens `returnTo` (default: the account page). The form and
 * the code page themselves are the sign-in journeys' subject (sign-in.spec.ts); everywhere else they would
 * only cost time.
 */
export async function signInAsNewShopper(page: Page, info: TestInfo, returnTo = '/account'): Promise<string> {
  const phone = uniquePhone(info);
  const login = await page.request.post('/api/user_login', { data: { firstName: 'Asha', lastName: 'Rao', phone, email: '' } });
  expect(login.status()).toBe(200);
  const verified = await page.request.post('/api/verify-otp', { data: { mobile: phone, otp: await latestCode(phone) } });
  expect(verified.status()).toBe(200);
  const { token } = (await verified.json()) as { token: string };
  // Storage belongs to the shop's origin: any light document of it will do to write it.
  await page.goto('/robots.txt');
  await page.evaluate((t) => {
    localStorage.setItem('token', t);
    localStorage.setItem('firstName', 'Asha');
  }, token);
  await page.goto(returnTo, { waitUntil: 'domcontentloaded' });
  return phone;
}

/**
 * Signs the browser out by forgetting its token, on a document of the shop that runs no script: on a page whose
 * island is still hydrating, the missing token would send it to sign in, racing the journey's next navigation.
 */
export async function forgetToken(page: Page): Promise<void> {
  await page.goto('/robots.txt');
  await page.evaluate(() => localStorage.removeItem('token'));
}

/** Keeps a full-page screenshot for a person to look at, when SHOTS names a folder (e.g. SHOTS=/tmp/shots). */
export async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  if (process.env['SHOTS']) await page.screenshot({ path: `${process.env['SHOTS']}/${info.project.name}-${name}.png`, fullPage: true });
}

/** axe-core's source, evaluated only where the document has no axe yet (AxeBuilder evaluates it up to three times a check). */
const AXE_ONCE_PER_DOCUMENT = `if (!window.axe) {\n${axe.source}\n}`;

/** Runs axe on the page and expects no violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Colours are checked once running transitions and animations on the page's clock have ended: a button caught
  // halfway through its hover or entrance fade has colours nobody reads it in. Endless, paused and scroll-driven
  // ones never end by themselves and are not waited for; nor is anything for more than a second.
  await page.evaluate(() => {
    const ending = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.timeline === document.timeline)
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
      .map((a) => a.finished.catch(() => a));
    return Promise.race([Promise.all(ending), new Promise((r) => setTimeout(r, 1_000))]);
  });
  // The shop's pages have no frames: axe then runs in the page itself (legacy mode). The default mode merges
  // per-frame results in a blank page it opens and fills with axe's half-megabyte source on every check, a quarter of
  // a journey's time in the order-page and returns journeys; it stays for a page with frames, which legacy mode skips.
  const builder = new AxeBuilder({ page, axeSource: AXE_ONCE_PER_DOCUMENT });
  const { violations } = await (page.frames().length > 1 ? builder : builder.setLegacyMode()).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The close button of the message saying `text` lies inside the message's own box (its coloured border), not beside it. */
export async function expectCloseInsideItsBox(page: Page, text: string): Promise<void> {
  const box = page.locator('.notice').filter({ hasText: text });
  await expect(box).toBeVisible();
  const outer = (await box.boundingBox())!;
  const close = (await box.getByRole('button', { name: 'Dismiss message' }).boundingBox())!;
  expect(close.x).toBeGreaterThanOrEqual(outer.x);
  expect(close.y).toBeGreaterThanOrEqual(outer.y);
  expect(close.x + close.width).toBeLessThanOrEqual(outer.x + outer.width);
  expect(close.y + close.height).toBeLessThanOrEqual(outer.y + outer.height);
}
