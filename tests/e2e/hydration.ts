import { expect, type Locator } from '@playwright/test';

/**
 * Waits until the Astro island holding this element has hydrated (Astro drops the `ssr` attribute then),
 * so a click reaches React instead of the static HTML.
 */
export async function hydrated(locator: Locator): Promise<Locator> {
  await locator.scrollIntoViewIfNeeded();
  await expect(locator).toBeVisible();
  await expect
    .poll(() => locator.evaluate((el) => el.closest('astro-island')?.hasAttribute('ssr') ?? false), { message: 'island hydrated' })
    .toBe(false);
  return locator;
}
