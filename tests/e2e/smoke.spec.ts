import { expect, test } from './test';

test('the home page is rendered from the sample catalogue and the API answers', async ({ page, request }) => {
  const categories = (await (await request.get('/api/get_category')).json()) as { success: boolean; categories: { name: string }[] };
  expect(categories.success).toBe(true);
  expect(categories.categories.length).toBeGreaterThanOrEqual(6);

  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page).toHaveTitle(/Chandi Kala/);
  await expect(page.getByRole('link', { name: categories.categories[0]!.name }).first()).toBeAttached();
  expect(errors).toEqual([]);
});
