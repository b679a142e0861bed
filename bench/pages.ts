/**
 * npm run bench:pages [-- --runs 5] [--no-build] [--long-tasks] [--vs http://127.0.0.1:4321 --vs-paths home=/,listing=/products,product=/products/x]
 * Builds the sample catalogue, serves it, runs Lighthouse (mobile preset, simulated throttling) in Debian's
 * Chromium `runs` times on home, a listing, a product page and a policy page, and prints the medians of the
 * four category scores, FCP, LCP, CLS, TBT, first-load JavaScript (gzip KB) and total transfer per page.
 * With --vs, another shop (e.g. withastro/storefront served on this machine) is measured in the same run,
 * its page for each name from --vs-paths alternating with ours, and printed beside it.
 * First-load JS is every script Lighthouse saw the page fetch while loading. Scripts deferred past the load
 * (Swiper starts 5 s after it when nobody interacts) are reported apart: "JS idle" is everything fetched
 * in 10 s on a phone-sized page with no interaction, plus the page's inline scripts.
 * Each page gets one unmeasured Lighthouse run first: in production the CDN holds pages and resized images,
 * while locally the first request of each image size is resized on the spot.
 * Targets: home, listing and product at performance 100 with LCP <= 1.3 s; the policy page at >= 95;
 * accessibility, best practices and SEO 100; CLS 0; TBT <= 50 ms; first-load JS <= 85 KB gzip; policy
 * pages at most 4 KB of JS (the header's badge script and the footer sign-up; no React, no script files).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
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
    vs: { type: 'string' },
    'vs-paths': { type: 'string', default: 'home=/' },
    'long-tasks': { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
/** Another shop's origin to run alternately with ours (e.g. withastro/storefront served locally). */
const vs = values.vs?.replace(/\/$/, '');
/** Which of its pages stand for home, listing and product: name=path pairs, comma-separated. */
const vsPaths = new Map(
  values['vs-paths'].split(',').map((pair) => {
    const [name, ...rest] = pair.split('=');
    return [name!.trim(), rest.join('=').trim()] as const;
  }),
);
/** First-load JS budget (gzip) of home, listing and product: 85 KB, leaving room under the old 90 KB for what comes next. */
const JS_BUDGET = 85 * 1024;

/** Policy pages ship no React: the header's badge script (at most 3 KB) and the footer sign-up's. */
const POLICY_JS_BUDGET = 4 * 1024;
if (missingChromium()) {
  console.error(missingChromium());
  process.exit(1);
}

const db = await benchDatabase('bench_pages');
await seedSampleCatalogue({ reset: true, log: () => {} });
const snapshot = await loadCatalogueSnapshot();
const product = snapshot.products.find((p) => p.stock > 0 && p.discountPrice) ?? snapshot.products[0]!;
const subcategory = snapshot.subcategories[0]!;
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

const pages: [string, string][] = [
  ['home', '/'],
  ['listing', `/collections/${subcategory.slug}`],
  ['product', `/collections/products/detail/${product.slug}`],
  ['policy', '/privacy-policy'],
];

const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** Size of a fetched file once gzipped (level 9), in bytes. */
const gzipBytes = async (url: string) => gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;

/** Gzip bytes of every script a phone-sized page fetches in 10 s when nobody touches it. */
async function idleScriptBytes(url: string): Promise<number> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const scripts = new Set<string>();
    page.on('request', (r) => r.resourceType() === 'script' && scripts.add(r.url()));
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(10_000);
    let total = 0;
    for (const script of scripts) total += await gzipBytes(script);
    const inline = await page
      .locator('script:not([src]):not([type="application/ld+json"])')
      .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    for (const text of inline) total += gzipSync(Buffer.from(text), { level: 9 }).length;
    return total;
  } finally {
    await browser.close();
  }
}
/** One Lighthouse run's figures. */
interface Sample {
  perf: number;
  a11y: number;
  bp: number;
  seo: number;
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  jsGzip: number;
  transfer: number;
  /** Lighthouse's measure of this machine's CPU speed (higher is faster): TBT scales with its inverse. */
  benchmarkIndex: number;
  /** The run's long main-thread tasks (simulated, ms) with the script each is attributed to: where TBT comes from. */
  longTasks: { url: string; startTime: number; duration: number }[];
}

/** The figures of a sample that are numbers (medians are taken of these). */
type NumericFigure = Exclude<keyof Sample, 'longTasks'>;

/** Runs Lighthouse once on a URL; `audits` collects failed a11y / best-practices / SEO audits. */
async function measure(url: string, audits?: string[]): Promise<Sample> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  const lhr = result!.lhr;
  const items = (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
  let jsGzip = 0;
  for (const item of items.filter((r) => r.resourceType === 'Script')) jsGzip += await gzipBytes(item.url);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  if (audits) {
    const failed = Object.values(lhr.audits).filter(
      (a) =>
        a.score !== null &&
        a.score < 1 &&
        ['accessibility', 'best-practices', 'seo'].some((c) => lhr.categories[c]?.auditRefs.some((r) => r.id === a.id && r.weight > 0)),
    );
    audits.push(...failed.map((a) => `${a.id} — ${a.title}`));
  }
  return {
    perf: score('performance'),
    a11y: score('accessibility'),
    bp: score('best-practices'),
    seo: score('seo'),
    fcp: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    jsGzip,
    transfer: lhr.audits['total-byte-weight']?.numericValue ?? NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    longTasks:
      (lhr.audits['long-tasks']?.details as { items?: { url: string; startTime: number; duration: number }[] } | undefined)?.items ?? [],
  };
}

/** The medians of a page's samples as a table row. */
function row(shop: string, name: string, path: string, samples: Sample[], idleJs: number | null): (string | number)[] {
  const m = (k: NumericFigure) => median(samples.map((s) => s[k]));
  return [
    shop,
    name,
    path.length > 42 ? `${path.slice(0, 41)}…` : path,
    m('perf'),
    m('a11y'),
    m('bp'),
    m('seo'),
    `${(m('fcp') / 1000).toFixed(2)} s`,
    `${(m('lcp') / 1000).toFixed(2)} s`,
    m('cls').toFixed(3),
    `${Math.round(m('tbt'))} ms`,
    (m('jsGzip') / 1024).toFixed(1),
    idleJs === null ? '-' : (idleJs / 1024).toFixed(1),
    `${(m('transfer') / 1024).toFixed(0)} KB`,
  ];
}

const rows: (string | number)[][] = [];
const longTaskReport: string[] = [];
const benchmarkIndexes: number[] = [];
const failures: string[] = [];
const verdicts: string[] = [];
for (const [name, path] of pages) {
  const ours: Sample[] = [];
  const theirs: Sample[] = [];
  const theirPath = vsPaths.get(name);
  process.stderr.write(`  ${name}...\n`);
  // Warm-up: fills the local Image CDN and edge caches, as production's CDN would be.
  await lighthouse(server.url + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (vs && theirPath)
    await lighthouse(vs + theirPath, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  // Alternating runs: whatever else the machine does in a moment falls on both shops alike.
  for (let i = 0; i < runs; i++) {
    const audits: string[] = [];
    ours.push(await measure(server.url + path, i === 0 ? audits : undefined));
    failures.push(...audits.map((a) => `${name}: ${a}`));
    if (vs && theirPath) theirs.push(await measure(vs + theirPath));
  }
  const m = (k: NumericFigure) => median(ours.map((s) => s[k]));
  const idleJs = await idleScriptBytes(server.url + path);
  const lcpPage = name !== 'policy';
  verdicts.push(
    ...[
      !lcpPage || m('perf') === 100 || `${name}: performance ${m('perf')} < 100`,
      !lcpPage || m('lcp') <= 1300 || `${name}: LCP ${(m('lcp') / 1000).toFixed(2)} s > 1.3 s`,
      lcpPage || m('perf') >= 95 || `${name}: performance ${m('perf')} < 95`,
      (m('a11y') === 100 && m('bp') === 100 && m('seo') === 100) || `${name}: a11y/best-practices/SEO below 100`,
      m('cls') === 0 || `${name}: CLS ${m('cls').toFixed(3)} > 0`,
      m('tbt') <= 50 || `${name}: TBT ${Math.round(m('tbt'))} ms > 50 ms`,
      m('jsGzip') <= JS_BUDGET || `${name}: first-load JS ${(m('jsGzip') / 1024).toFixed(1)} KB > ${JS_BUDGET / 1024} KB`,
      name !== 'policy' ||
        idleJs <= POLICY_JS_BUDGET ||
        `policy: ships ${(idleJs / 1024).toFixed(1)} KB of JS > ${POLICY_JS_BUDGET / 1024} KB`,
    ].filter((v): v is string => typeof v === 'string'),
  );
  benchmarkIndexes.push(...ours.map((s) => s.benchmarkIndex));
  rows.push(row('ours', name, path, ours, idleJs));
  if (values['long-tasks']) {
    // The run whose TBT is the median: its long tasks are the ones to fix.
    const typical = [...ours].sort((a, b) => a.tbt - b.tbt)[Math.floor(ours.length / 2)]!;
    longTaskReport.push(
      `${name} (TBT ${Math.round(typical.tbt)} ms):`,
      ...typical.longTasks.map(
        (t) =>
          `  ${String(Math.round(t.duration)).padStart(5)} ms at ${String(Math.round(t.startTime)).padStart(5)} ms  ${t.url.replace(server.url, '')}`,
      ),
    );
  }
  if (theirs.length) rows.push(row(new URL(vs!).host, name, theirPath!, theirs, null));
}
chrome.kill();
await server.stop();
await db.stop();

console.log(`\nLighthouse medians of ${runs} runs (mobile, simulated throttling), Debian Chromium${vs ? ', shops alternating' : ''}\n`);
printTable(['shop', 'page', 'path', 'perf', 'a11y', 'best-pr', 'seo', 'FCP', 'LCP', 'CLS', 'TBT', 'JS KB', 'JS idle KB', 'transfer'], rows);
console.log('\nJS KB: gzip of the scripts fetched while the page loads (the budget); JS idle KB: after 10 s with no interaction.');
// Simulated throttling multiplies the main-thread time measured on this machine by 4: on a slower machine every
// page's TBT grows, the policy page's (no script at all) included, so compare runs at similar indexes.
const hostIndex = Math.round(median(benchmarkIndexes));
console.log(
  `Host CPU: Lighthouse benchmarkIndex ${hostIndex} (median of the runs; higher is faster). At 4× it stands for a phone ` +
    `scoring about ${Math.round(hostIndex / 4)}; DevTools calibrates its mid-tier phone (a Pixel 5) to about 1,000.`,
);
if (longTaskReport.length) console.log(`\nLong tasks (simulated 4× CPU), by attributed script:\n${longTaskReport.join('\n')}`);
if (failures.length) console.log(`\nAudits below 100 in a11y / best-practices / SEO:\n  ${failures.join('\n  ')}`);
console.log(
  verdicts.length
    ? `\nTargets: FAIL\n  ${verdicts.join('\n  ')}`
    : '\nTargets (home, listing, product: perf 100 and LCP <= 1.3 s; policy perf >= 95; others 100, CLS 0, TBT <= 50 ms, JS <= 85 KB, policy pages JS <= 4 KB): PASS',
);
process.exit(0);
