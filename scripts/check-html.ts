/**
 * npm run check:html: the W3C Nu Html Checker (vnu-jar, needs Java 17+) over the built dist/ page of
 * every page type: home, listing, product, cart, wishlist, search, policies, contact, about, faq,
 * login, resent-otp, account, checkouts, Order-success, 404 and banner. Builds nothing: run
 * `npm run build` first. Fails on any error (see scripts/lib/html-check.ts for the CSS checker's gaps).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cssCheckerGap, declarationAt, FIXED_PAGES, type PageToCheck, type VnuMessage } from './lib/html-check';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');
const VNU = join(ROOT, 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');

/** The first built page in a folder of dist/ (listings, products and banners are named by data). */
function firstPage(folder: string, type: string, skip: (name: string) => boolean = () => false): PageToCheck {
  const dir = join(DIST, folder);
  const name = existsSync(dir) ? readdirSync(dir).find((n) => n.endsWith('.html') && !skip(n)) : undefined;
  return { type, file: name ? join(folder, name) : join(folder, '(none built)') };
}

const pages: PageToCheck[] = [
  ...FIXED_PAGES,
  { type: 'listing (all products)', file: 'collections/products.html' },
  firstPage('collections', 'listing (subcategory)', (n) => n === 'products.html'),
  firstPage('collections/products/detail', 'product'),
  firstPage('banner', 'banner'),
];

const missing = pages.filter((p) => !existsSync(join(DIST, p.file)));
if (missing.length > 0) {
  console.error(`check:html: not built: ${missing.map((p) => `${p.type} (dist/${p.file})`).join(', ')}. Run npm run build first.`);
  process.exit(1);
}
if (!existsSync(VNU)) {
  console.error('check:html: node_modules/vnu-jar is missing; run npm install.');
  process.exit(1);
}

const files = pages.map((p) => join(DIST, p.file));
const run = spawnSync('java', ['-jar', VNU, '--errors-only', '--format', 'json', '--stdout', ...files], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (run.error) {
  console.error(`check:html: could not run java (${run.error.message}); install Java 17+ (apt-get install default-jre-headless).`);
  process.exit(1);
}
let messages: VnuMessage[];
try {
  messages = (JSON.parse(run.stdout) as { messages: VnuMessage[] }).messages;
} catch {
  console.error(`check:html: vnu gave no report (exit ${run.status}):\n${run.stderr}`);
  process.exit(1);
}

const texts = new Map<string, string>();
const textOf = (file: string): string => {
  if (!texts.has(file)) texts.set(file, readFileSync(file, 'utf8'));
  return texts.get(file)!;
};

let errors = 0;
let excused = 0;
for (const m of messages) {
  if (m.type !== 'error' && m.subType !== 'fatal') continue;
  const file = m.url ? fileURLToPath(m.url) : '';
  const declaration = file && m.lastLine && m.lastColumn ? declarationAt(textOf(file), m.lastLine, m.lastColumn) : '';
  if (cssCheckerGap(m.message, declaration)) {
    excused++;
    continue;
  }
  errors++;
  const where = file ? `${relative(ROOT, file)}:${m.lastLine ?? '?'}:${m.lastColumn ?? '?'}` : '(document)';
  console.error(`${where}: ${m.message}${m.extract ? `\n    …${m.extract.replace(/\s+/g, ' ')}…` : ''}`);
}

const summary = `${pages.length} pages (${pages.map((p) => p.type).join(', ')})`;
if (errors > 0) {
  console.error(`\ncheck:html: ${errors} error(s) in ${summary}.`);
  process.exit(1);
}
console.log(`check:html: no errors in ${summary}${excused ? `; ${excused} CSS message(s) about features vnu does not know` : ''}.`);
