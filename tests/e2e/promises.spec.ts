import { expect, test } from './test';
import { type Page } from '@playwright/test';

/** The hrefs of one footer column, by its heading. */
async function footerColumn(page: Page, heading: string): Promise<string[]> {
  const column = page.locator('.site-footer nav').filter({ has: page.getByRole('heading', { name: heading }) });
  return column.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

test.describe('what the shop promises', () => {
  test('the announcement bar promises nothing the policies do not: no lifetime exchange, no easy returns', async ({ page }) => {
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const bar = page.getByRole('region', { name: 'Announcements' });
    const messages = await bar.getByRole('listitem').allTextContents();
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message).not.toMatch(/lifetime|exchange|easy returns|certificate|warranty/i);
    await expect(bar).toContainText('7-day replacement');
  });

  test('the footer columns share no link but Terms of Service, and the copyright is this build’s year', async ({ page }) => {
    await page.goto('/shipping-policy', { waitUntil: 'domcontentloaded' });
    const quick = await footerColumn(page, 'QUICK LINKS');
    const legal = await footerColumn(page, 'LEGAL POLICIES');
    expect(quick.slice(0, 3)).toEqual(['/contact', '/cancellation-and-refunds', '/terms-of-service']);
    expect(legal).toEqual(['/terms-of-service', '/privacy-policy', '/shipping-policy']);
    expect(quick.filter((href) => legal.includes(href))).toEqual(['/terms-of-service']);
    expect(new Set(quick).size).toBe(quick.length);
    await expect(page.locator('.site-footer')).toContainText(`© ${new Date().getFullYear()} Chandi Kala`);
  });

  test('the refund policy names the COD fee with its amount and says how to cancel: the Cancel order button', async ({ page }) => {
    await page.goto('/cancellation-and-refunds', { waitUntil: 'domcontentloaded' });
    await expect(page.getByText('The ₹100 COD fee is refunded')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'To cancel, sign in and press Cancel order' })).toContainText(
      'within 24 hours and before it ships',
    );
  });
});
