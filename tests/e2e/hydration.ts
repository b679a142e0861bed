import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until the Astro island holding this element has hydrated (Astro drops the `ssr` attribute then),
 * so a click reaches React instead of the static HTML.
 */
export async function hydrated(locator: Locator): Promise<Locator> {
  // Hydration may replace the server-rendered element, so each check re-resolves the locator. Checked often:
  // islands hydrate within a second of the load, and the default back-off (up to 1 s between checks) would
  // make every journey wait on the clock instead of the page.
  await expect(async () => {
    await locator.scrollIntoViewIfNeeded({ timeout: 2000 });
    expect(await locator.evaluate((el) => el.closest('astro-island')?.hasAttribute('ssr') ?? false)).toBe(false);
  }).toPass({ intervals: [25, 50, 100] });
  await expect(locator).toBeVisible();
  return locator;
}

/**
 * Waits until the element's animations and transitions (a panel's slide-in) have finished, so it is where it stays.
 * One cancelled on the way (a closing animation cut short by the next opening) has ended too.
 */
export async function animationsDone(locator: Locator): Promise<void> {
  await locator.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => a))));
}

/**
 * Waits until every island that hydrates by itself (at load, at idle or after the first paint, where its media
 * query matches this page's size) has hydrated: the page's links and controls are all there. Islands that wait
 * for the shopper (on view, on an event) are not waited for.
 */
export async function pageIslandsHydrated(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            [...document.querySelectorAll('astro-island[ssr]')].filter((island) => {
              if (!['load', 'idle', 'afterpaint', 'media'].includes(island.getAttribute('client') ?? '')) return false;
              const value = (JSON.parse(island.getAttribute('opts') ?? '{}') as { value?: unknown }).value;
              return typeof value !== 'string' || !value.startsWith('(') || matchMedia(value).matches;
            }).length,
        ),
      { intervals: [25, 50, 100] },
    )
    .toBe(0);
}

/**
 * Waits until a listing opened with a sort in its address shows that order. The static HTML is the default view
 * (Latest); once hydrated, the island reads the address, shows Loading... and fetches the full list, then renders
 * the cards in the linked order. A card found before then is re-rendered elsewhere, under a click meant for it.
 */
export async function linkedSortShown(page: Page, sort: string): Promise<void> {
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue(sort);
  await expect(page.locator('.lbar').getByRole('status')).toHaveText(/^\d+ products?$/);
}
