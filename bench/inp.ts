/**
 * npm run bench:inp [-- --runs 5] [--no-build] [--only "add to cart"]
 * The interactions a shopper makes most, driven in Debian's Chromium as a mid-range Android phone would feel them:
 * a 412 px touch screen, the CPU slowed 4× and a 150 ms round trip (1.6 Mbps down, 750 kbps up, Lighthouse's
 * mobile profile). Each run opens a fresh page, waits for its islands to hydrate (React's work done: the browser
 * idle), and taps as a shopper would,
 * with no touch before the first tap (the worst case: nothing the page fetches on engagement has arrived).
 * Prints per interaction the median and worst of `runs`: INP (the longest Event Timing entry of the tap's
 * interaction: input delay + processing + the next paint) and the time from the tap until its result is on screen.
 * Targets: INP <= 100 ms for every interaction; the cart drawer on screen within 500 ms of the first tap.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { benchDatabase, printTable, startServerProcess } from './lib';
import { chromiumPath, missingChromium } from '../scripts/lib/chromium';
import { ROOT } from '../scripts/lib/ferretdb';
import { seedSampleCatalogue } from '../scripts/seed';
import { closeDb } from '@server/db';
import { loadCatalogueSnapshot } from '@server/services/catalogue.snapshot';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'no-build': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const runs = Number(values.runs);
const INP_BUDGET_MS = 100;
const DRAWER_BUDGET_MS = 500;

if (missingChromium()) {
  console.error(missingChromium());
  process.exit(1);
}

const db = await benchDatabase('bench_inp');
await seedSampleCatalogue({ reset: true, log: () => {} });
const snapshot = await loadCatalogueSnapshot();
const inStock = snapshot.products.filter((p) => p.stock > 5);
const plain = inStock.find((p) => !p.sizes && p.image.length > 1) ?? inStock.find((p) => !p.sizes)!;
const sized = inStock.find((p) => p.sizes && p.sizes.values.some((v) => v.stock > 0));
const subcategory = snapshot.subcategories.find((s) => snapshot.products.filter((p) => p.subCategory === s._id).length > 4)!;
await closeDb();

const tsx = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
if (!existsSync(join(ROOT, 'public', 'uploads', 'products')))
  spawnSync(process.execPath, [tsx, 'scripts/images/generate.ts'], { cwd: ROOT, stdio: 'inherit' });
if (!values['no-build']) {
  const b = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build', '--silent'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (b.status !== 0) throw new Error('build failed');
}
const server = await startServerProcess('warm');

/**
 * Runs in the page before its own scripts: keeps every Event Timing entry of an interaction, and the time of the
 * latest pointerdown (the tap), so the bench can ask for "the interaction since the tap" and "visible since the tap".
 */
function instrument(): void {
  const w = window as unknown as { __inp: { entries: TimedEntry[]; tapAt: number } };
  w.__inp = { entries: [], tapAt: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[]) {
      if (e.interactionId)
        w.__inp.entries.push({
          id: e.interactionId,
          start: e.startTime,
          duration: e.duration,
          delay: e.processingStart - e.startTime,
          processing: e.processingEnd - e.processingStart,
        });
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  addEventListener('pointerdown', (e) => (w.__inp.tapAt = e.timeStamp), { capture: true });
}

/** One Event Timing entry as the page keeps it: when, how long in all, its input delay and its handlers' time. */
interface TimedEntry {
  id: number;
  start: number;
  duration: number;
  delay: number;
  processing: number;
}

/** One measured tap: INP of the interaction it started (and its parts), and ms from the tap until `visible` holds. */
interface Tap {
  inp: number;
  /** The longest entry's input delay, handlers and presentation (up to the next paint). */
  parts: { delay: number; processing: number; presentation: number };
  visibleMs: number;
}

/** Taps `selector` and waits (in the page, frame by frame) until `visible` says its result is on screen. */
async function tap(page: Page, selector: string, visible: string): Promise<Tap> {
  // Aimed before the clock starts, then a bare touch at that point: Playwright's own tap() scrolls, waits for two
  // frames and listens for the touch to check its target, work a finger does not add to the page's main thread.
  const target = page.locator(selector).first();
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`${selector} has no box to tap`);
  const before = await page.evaluate(() => performance.now());
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  // A string, not a function: tsx's helpers (e.g. __name) do not exist in the page.
  const visibleMs = await page.evaluate<number>(`new Promise((resolve, reject) => {
    const until = performance.now() + 15000;
    (function frame() {
      if (${visible}) resolve(performance.now() - window.__inp.tapAt);
      else if (performance.now() > until) reject(new Error('never visible: ' + ${JSON.stringify(visible)}));
      else requestAnimationFrame(frame);
    })();
  })`);
  // Event Timing entries arrive after the next paint; give them a moment.
  await page.waitForTimeout(300);
  const longest = await page.evaluate((since) => {
    const w = window as unknown as { __inp: { entries: TimedEntry[] } };
    return w.__inp.entries.filter((e) => e.start >= since).sort((a, b) => b.duration - a.duration)[0] ?? null;
  }, before);
  if (!longest) return { inp: 0, parts: { delay: 0, processing: 0, presentation: 0 }, visibleMs };
  const presentation = longest.duration - longest.delay - longest.processing;
  return { inp: longest.duration, parts: { delay: longest.delay, processing: longest.processing, presentation }, visibleMs };
}

/** A fresh phone page on `path`, throttled, loaded and hydrated (the islands of the first screen). */
async function openPhonePage(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(server.url + path, { waitUntil: 'load' });
  // Every island of the first screen hydrated (client:afterpaint runs at the first idle moment after load).
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('astro-island')]
        .filter((i) => ['afterpaint', 'load', 'idle'].includes(i.getAttribute('client') ?? ''))
        .filter((i) => {
          const media = /"value":"(\([^"]*\))"/.exec(i.getAttribute('opts') ?? '')?.[1];
          return !media || matchMedia(media).matches;
        })
        .every((i) => !i.hasAttribute('ssr')),
    undefined,
    { timeout: 30_000, polling: 50 },
  );
  // Astro drops `ssr` as soon as it has called React's hydrateRoot, which only schedules the work: React hydrates in
  // tasks after that. The page is hydrated once the browser finds an idle moment (no task queued), as a shopper's
  // first tap a moment later would.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 10_000 })));
  return page;
}

const SEL = {
  drawer: `!!document.querySelector('.cdrawer__panel') && document.querySelector('.cdrawer__panel').getBoundingClientRect().width > 0`,
  drawerClosed: `!document.querySelector('.cdrawer__panel') || document.querySelector('.cdrawer__panel').getBoundingClientRect().width === 0`,
};

type Scenario = [name: string, path: string, run: (page: Page) => Promise<Tap>];
const productPath = (slug: string) => `/collections/products/detail/${slug}`;
const scenarios: Scenario[] = [
  ['add to cart (first tap)', productPath(plain.slug), (page) => tap(page, '[data-add-to-cart]', SEL.drawer)],
  [
    'add to cart (again)',
    productPath(plain.slug),
    async (page) => {
      await tap(page, '[data-add-to-cart]', SEL.drawer);
      await page.keyboard.press('Escape');
      await page.waitForFunction(SEL.drawerClosed);
      return tap(page, '[data-add-to-cart]', SEL.drawer);
    },
  ],
  [
    'gallery: next photo',
    productPath(plain.slug),
    (page) => tap(page, '[aria-label="Next image"]', `!document.querySelector('[aria-label="Previous image"]').disabled`),
  ],
  ...(sized
    ? ([
        [
          'choose a size',
          productPath(sized.slug),
          (page) => tap(page, '.pd-size:not(.pd-size--out)', `!!document.querySelector('.pd-size__input:checked')`),
        ],
      ] as Scenario[])
    : []),
  [
    'open the filter drawer',
    `/collections/${subcategory.slug}`,
    (page) => tap(page, '.lbar__filters', `!!document.querySelector('dialog.fdrawer[open]')`),
  ],
  [
    'apply a filter',
    `/collections/${subcategory.slug}`,
    async (page) => {
      await tap(page, '.lbar__filters', `!!document.querySelector('dialog.fdrawer[open]')`);
      const count = await page.locator('.lbar__count').textContent();
      return tap(
        page,
        'dialog.fdrawer .fvalue input[type=checkbox]:not(:checked)',
        `document.querySelector('.lbar__count').textContent !== ${JSON.stringify(count)}`,
      );
    },
  ],
  [
    'open the menu',
    `/collections/${subcategory.slug}`,
    (page) => tap(page, '.mobile-menu__trigger', `!!document.querySelector('.mobile-menu.is-open')`),
  ],
];

const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
const rows: (string | number)[][] = [];
const verdicts: string[] = [];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [name, path, run] of scenarios.filter(([name]) => !values.only || name.includes(values.only))) {
  process.stderr.write(`  ${name}...\n`);
  const taps: Tap[] = [];
  for (let i = 0; i < runs; i++) {
    const page = await openPhonePage(browser, path);
    taps.push(await run(page));
    await page.context().close();
  }
  const inp = median(taps.map((t) => t.inp));
  const visible = median(taps.map((t) => t.visibleMs));
  const typical = [...taps].sort((a, b) => a.inp - b.inp)[Math.floor(taps.length / 2)]!;
  rows.push([
    name,
    Math.round(inp),
    Math.round(Math.max(...taps.map((t) => t.inp))),
    `${Math.round(typical.parts.delay)} / ${Math.round(typical.parts.processing)} / ${Math.round(typical.parts.presentation)}`,
    Math.round(visible),
    Math.round(Math.max(...taps.map((t) => t.visibleMs))),
  ]);
  if (inp > INP_BUDGET_MS) verdicts.push(`${name}: INP ${Math.round(inp)} ms > ${INP_BUDGET_MS} ms`);
  if (name.startsWith('add to cart (first') && visible > DRAWER_BUDGET_MS)
    verdicts.push(`${name}: the drawer was on screen ${Math.round(visible)} ms after the tap > ${DRAWER_BUDGET_MS} ms`);
}
await browser.close();
await server.stop();
await db.stop();

console.log(`\nInteractions on a throttled phone (412 px, CPU 4×, 150 ms RTT), median and worst of ${runs} runs, ms\n`);
printTable(['interaction', 'INP', 'INP max', 'delay / handlers / paint', 'visible', 'visible max'], rows);
console.log(
  '\nINP: the longest Event Timing entry of the tap; its parts (of the median run): input delay, handlers, and presentation up to the next paint. visible: tap to result on screen.',
);
console.log(
  verdicts.length
    ? `\nTargets: FAIL\n  ${verdicts.join('\n  ')}`
    : `\nTargets (INP <= ${INP_BUDGET_MS} ms each; cart drawer on screen <= ${DRAWER_BUDGET_MS} ms after the first tap): PASS`,
);
process.exit(0);
