import { expect, test } from './test';
import { type Locator, type Page } from '@playwright/test';
import { allProducts } from './catalogue';
import { hydrated } from './hydration';
import { expectNoAxeViolations, signInAsNewShopper } from './shopper';

/** What a shopper sees of an element: its box on the screen (throws if it is not laid out). */
async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element has no box');
  return b;
}

/** Whether two boxes share any area. */
function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** True below the desktop breakpoint (992 px), where the phone layouts apply. */
const isPhone = (page: Page) => page.viewportSize()!.width < 992;

test.describe('layouts a shopper notices', () => {
  test("You Might Also Like: cards as wide as the listing grid's, and the sticky Filters/Sort bar never covers them", async ({ page }) => {
    await page.goto('/collections/products', { waitUntil: 'domcontentloaded' });
    const gridCard = page.locator('.lgrid > li').first();
    const related = page.locator('section.related');
    await related.scrollIntoViewIfNeeded();
    const slide = related.locator('.carousel__slide').first();
    await expect(slide).toBeVisible();
    const gridWidth = (await box(gridCard)).width;
    const slideWidth = (await box(slide)).width;
    // Same number per row as the grid (two on phones, four on desktops); gaps differ by a few pixels.
    expect(Math.abs(slideWidth - gridWidth)).toBeLessThan(gridWidth * 0.05);

    // Scroll from the last row of the grid through the carousel: the bar and the related block never share pixels.
    const bar = page.locator('.lbar');
    const top = await related.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    for (let y = top - page.viewportSize()!.height; y < top + 300; y += 40) {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      const [barBox, heading, firstSlide] = await Promise.all([box(bar), box(related.locator('h2')), box(slide)]);
      expect(overlaps(barBox, heading), `bar over the heading at scroll ${y}`).toBe(false);
      expect(overlaps(barBox, firstSlide), `bar over a card at scroll ${y}`).toBe(false);
    }
  });

  test("the banner's kicker, headline and Shop now never sit on the artwork of a phone", async ({ page }) => {
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const slider = page.locator(isPhone(page) ? '.banner-slider--mobile' : '.banner-slider--web');
    const slide = slider.locator('.banner-slide').first();
    const art = await box(slide.locator('.banner-slide__image').first());
    for (const part of ['.banner-slide__eyebrow', '.banner-slide__title', '.banner-slide__cta']) {
      const partBox = await box(slide.locator(part));
      // Phones: the copy has its own band under the artwork. Desktops: it stays on the artwork's calm left side.
      if (isPhone(page)) expect(overlaps(partBox, art), part).toBe(false);
      else expect(partBox.x + partBox.width, part).toBeLessThan(art.x + art.width * 0.6);
    }
    await expectNoAxeViolations(page);
  });

  test('the announcement bar fits each message on one line, lined up with the page, beside its pause control', async ({ page }) => {
    await page.goto('/about', { waitUntil: 'domcontentloaded' });
    const items = page.locator('.announcement__item');
    const row = await box(page.locator('.announcement__viewport'));
    for (const item of await items.all()) {
      const { lines, fits } = await item.evaluate((el) => {
        // The message's height in lines: its text's box against the box of its first letter alone.
        const range = document.createRange();
        range.selectNodeContents(el);
        const whole = range.getBoundingClientRect().height;
        range.setEnd(el.firstChild!, 1);
        return { lines: Math.round(whole / range.getBoundingClientRect().height), fits: el.scrollWidth <= el.clientWidth };
      });
      expect(lines, String(await item.textContent())).toBe(1);
      expect(fits, `${await item.textContent()} is cut off`).toBe(true);
    }
    const width = page.viewportSize()!.width;
    // Centred on the page where there is room; on phones (below 576 px) they start at the page's gutter.
    if (width >= 576) expect(Math.abs(row.x + row.width / 2 - width / 2)).toBeLessThanOrEqual(1);
    else expect(row.x).toBe(16);
    // The pause icon sits on the messages' line and lines up with the header's cart icon below it.
    const icon = await box(page.locator('.announcement__pause svg:visible'));
    expect(Math.abs(icon.y + icon.height / 2 - (row.y + row.height / 2))).toBeLessThanOrEqual(1);
    const cart = await box(page.locator('.site-header a[href="/productcard"]:visible svg').first());
    expect(Math.abs(icon.x + icon.width - (cart.x + cart.width))).toBeLessThanOrEqual(4);
  });

  test('Shop by Category never ends on a lone tile', async ({ page }) => {
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const grid = page.locator('#shop-by-grid');
    await grid.scrollIntoViewIfNeeded();
    const more = page.locator('[data-shop-by-toggle]');
    // Phones show six until "View all"; from medium every tile shows.
    if (isPhone(page)) {
      await more.click();
      await expect(grid).not.toHaveAttribute('data-collapsed');
    }
    const tops = await grid.locator('> li').evaluateAll((lis) => lis.map((li) => Math.round(li.getBoundingClientRect().top)));
    const lastRow = tops.filter((t) => t === tops[tops.length - 1]).length;
    expect(tops.length % (isPhone(page) ? 2 : 3), 'the sample catalogue does not divide into full rows').not.toBe(0);
    expect(lastRow).toBeGreaterThanOrEqual(2);
  });

  test('the product gallery lines up with the breadcrumb, and its thumbnails show without scrolling', async ({ page, request }) => {
    const sized = (await allProducts(request)).find((p) => p.sizes !== null && p.stock > 0)!;
    await page.goto(`/collections/products/detail/${sized.slug}`, { waitUntil: 'domcontentloaded' });
    const crumb = await box(page.locator('nav[aria-label="Breadcrumb"] li').first());
    const thumbs = page.locator('.pd-thumb');
    expect(await thumbs.count()).toBeGreaterThan(1);
    const first = await box(thumbs.first());
    expect(Math.abs(first.x - crumb.x)).toBeLessThanOrEqual(1);
    if (!isPhone(page)) {
      // Desktop, on first load: the main picture starts at the breadcrumb's edge too (beside its thumbnails), and
      // picture and thumbnails end inside the window.
      const main = await box(page.locator('.pd-gallery__main'));
      const height = page.viewportSize()!.height;
      expect(main.y + main.height).toBeLessThanOrEqual(height);
      for (const thumb of (await thumbs.all()).slice(0, 5)) {
        const t = await box(thumb);
        expect(t.y + t.height).toBeLessThanOrEqual(height);
      }
    }
  });

  test('Edit Address: room under the title, and a State box wide enough for the longest state', async ({ page }, info) => {
    test.setTimeout(90_000);
    await signInAsNewShopper(page, info, '/account');
    await (await hydrated(page.getByRole('button', { name: 'Manage' }))).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Address' });
    await expect(dialog).toBeVisible();
    const title = await box(dialog.getByRole('heading', { name: 'Edit Address' }));
    const firstLabel = await box(dialog.locator('label').first());
    expect(firstLabel.y - (title.y + title.height)).toBeGreaterThanOrEqual(16);

    const state = dialog.getByLabel('State');
    const city = await box(dialog.getByLabel('City'));
    const pin = await box(dialog.getByLabel('PIN code'));
    const stateBox = await box(state);
    // The State box takes the form's whole width, below City and PIN.
    expect(stateBox.y).toBeGreaterThan(city.y + city.height);
    expect(Math.abs(stateBox.x - city.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(stateBox.x + stateBox.width - Math.max(city.x + city.width, pin.x + pin.width))).toBeLessThanOrEqual(1);
    if (!isPhone(page)) {
      // Room for the longest name at the box's font, plus its padding and arrow (a phone is narrower than the name).
      const { text, room } = await state.evaluate((el) => {
        const style = getComputedStyle(el);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const longest = [...(el as HTMLSelectElement).options].reduce((a, o) => Math.max(a, context.measureText(o.text).width), 0);
        return { text: longest, room: el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24 };
      });
      expect(room).toBeGreaterThanOrEqual(text);
    }
    await expectNoAxeViolations(page);
  });
});
