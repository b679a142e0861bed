import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { formatPaiseAsINR } from '@shared/money';
import { indiaDay } from '@shared/india-time';
import { formatListDay } from '../../src/features/admin/admin-orders';
import type { DashboardResponse } from '@shared/api/dashboard';
import { expect, test } from './test';
import { pickProduct } from './catalogue';
import { hydrated } from './hydration';
import { apiSignIn, lineOf, paidOnlineOrder, placeCodOrder, signInAsStaff } from './orders';
import { expectNoAxeViolations, shot } from './shopper';

/** Today's figures as the API answers an admin. */
async function todays(request: APIRequestContext, token: string): Promise<DashboardResponse> {
  const today = indiaDay(new Date());
  const res = await request.get(`/api/admin/dashboard?from=${today}&to=${today}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as DashboardResponse;
}

test.describe('the owner’s dashboard', () => {
  test('an admin sees today’s sales, pieces and views as they happen, compares ranges, downloads a chart’s numbers and follows a figure to its orders', async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    const token = await signInAsStaff(page, info, 'admin', 'Ravi');
    const before = await todays(page.request, token);
    const piece = await pickProduct(page.request, info.project.name, (p) => p.stock >= 20, 7);
    const shopper = await apiSignIn(page.request, info);

    // Two cash orders of two pieces, one paid online, and five views of the piece.
    await placeCodOrder(page.request, shopper.token, [lineOf(piece, 2)]);
    await placeCodOrder(page.request, shopper.token, [lineOf(piece, 2)]);
    await paidOnlineOrder(page.request, shopper.token, [lineOf(piece)]);
    const view = { productId: piece._id, type: 'view', userId: null, visitorId: 'v_dashboard_journey' };
    expect((await page.request.post('/api/event-count', { data: Array(5).fill(view) })).status()).toBe(202);

    // Counted as they happened (after each answer): three more orders, the online payment charged, five more views.
    const price = (piece.discountPrice ?? piece.price) * 100;
    await expect.poll(async () => (await todays(page.request, token)).totals.orders).toBe(before.totals.orders + 3);
    await expect.poll(async () => (await todays(page.request, token)).totals.views).toBe(before.totals.views + 5);
    const after = await todays(page.request, token);
    expect(after.totals.online.paise - before.totals.online.paise).toBe(price);
    expect(after.totals.revenuePaise - before.totals.revenuePaise).toBe(price);
    const mine = after.topByUnits.find((p) => p.productId === piece._id);
    expect(mine?.units).toBeGreaterThanOrEqual(5);

    await page.goto('/admin?range=today', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    const figure = (label: string) => page.locator('.dashboard__figure').filter({ has: page.getByText(label, { exact: true }) });
    await expect(figure('Revenue').locator('.dashboard__value')).toHaveText(formatPaiseAsINR(after.totals.revenuePaise));
    await expect(figure('Orders').locator('.dashboard__value')).toHaveText(String(after.totals.orders));
    await expect(figure('Product views').locator('.dashboard__value')).toHaveText(String(after.totals.views));
    const topUnits = page.getByRole('region', { name: 'Top pieces by units' });
    await expect(topUnits.getByRole('rowheader', { name: piece.name })).toBeVisible();
    // The chart is drawn, and its numbers are a table (there for screen readers; shown on request).
    await expect(page.locator('.dashboard__chart canvas').first()).toBeVisible();
    const sales = page.getByRole('region', { name: 'Sales per day' });
    await expect(sales.getByRole('table')).toHaveCount(1);
    await sales.getByRole('button', { name: 'Show the numbers' }).click();
    const todayRow = sales.getByRole('row').nth(1);
    await expect(todayRow.getByRole('cell').first()).toHaveText(String(after.totals.orders));
    await expectNoAxeViolations(page);
    await shot(page, info, 'dashboard-today');

    // The chart's numbers as CSV: the day with its orders and revenue in rupees.
    const download = page.waitForEvent('download');
    await sales.getByRole('button', { name: /Download CSV/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`sales-per-day-${after.from}-to-${after.to}.csv`);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.split('\n')[0]).toBe('Day,Orders,Sales (₹),Revenue (₹),Product views');
    expect(csv).toContain(
      `${after.from},${after.totals.orders},${(after.totals.salesPaise / 100).toFixed(2)},${(after.totals.revenuePaise / 100).toFixed(2)},${after.totals.views}`,
    );

    // 7 days, then a custom range the server would refuse, then one it shows; Back returns to the 7 days.
    await page.getByRole('button', { name: '7 days' }).click();
    await expect(page).toHaveURL(/\/admin\?range=7d$/);
    await expect(page.getByText(/, in India’s days, compared with /)).toBeVisible();
    await expect(sales.getByRole('row')).toHaveCount(8);
    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('From', { exact: true }).fill(after.to);
    await page.getByLabel('To', { exact: true }).fill('2026-01-01');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('From must be on or before To');
    await page.getByLabel('From', { exact: true }).fill('2026-11-01');
    await page.getByLabel('To', { exact: true }).fill('2026-11-30');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\?from=2026-11-01&to=2026-11-30$/);
    await expect(page.getByText('1 Nov 2026 – 30 Nov 2026, in India’s days, compared with 2 Oct 2026 – 31 Oct 2026.')).toBeVisible();
    await shot(page, info, 'dashboard-custom');
    await page.goBack();
    await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');

    // The page holds a phone's width: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

    // A figure leads to the orders it counts.
    await page.getByRole('button', { name: 'Today' }).click();
    // The links are the figures' own: they lead to today's orders once today's figures are shown.
    await expect(page.locator('.dashboard')).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByText(`${formatListDay(after.from)}, in India’s days, compared with`)).toBeVisible();
    await hydrated(figure('Orders').getByRole('link'));
    await figure('Orders').getByRole('link').click();
    await page.waitForURL(`**/admin/orders?from=${after.from}&to=${after.to}&sale=yes`);
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  });

  test('an editor opening /admin is led to the catalogue, and the menu leads admins to the dashboard', async ({ page }, info) => {
    await signInAsStaff(page, info, 'editor', 'Asha');
    await page.goto('/admin', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
    await expect(
      page.getByText("The shop's sales figures are for admins. Your account is an editor's: it runs the catalogue."),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to products' }).click();
    await page.waitForURL('**/admin/products');

    await signInAsStaff(page, info, 'admin', 'Ravi');
    await page.goto('/admin/orders', { waitUntil: 'domcontentloaded' });
    const menu = page.getByRole('navigation', { name: 'Admin' });
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(/\/admin$/);
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'Orders' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  });
});
