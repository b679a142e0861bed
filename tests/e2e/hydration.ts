import { expect, type Locator } from '@playwright/test';

/**
 * Waits until the Astro island holding this element has hydrated (Astro drops the `ssr` attribute then),
 * so a click reaches React instead of the static HTML.
 */
export async function hydrated(locator: Locator): Promise<Locator> {
  // Hydration may replace the server-rendered element, so each check re-resolves the locator.
  await expect(async () => {
    await locator.scrollIntoViewIfNeeded({ timeout: 2000 });
    expect(await locator.evaluate((el) => el.closest('astro-island')?.hasAttribute('ssr') ?? false)).toBe(false);
  }).toPass();
  await expect(locator).toBeVisible();
  return locator;
}

/** Waits until the element's animations and transitions (a panel's slide-in) have finished, so it is where it stays. */
export async function animationsDone(locator: Locator): Promise<void> {
  await locator.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}
