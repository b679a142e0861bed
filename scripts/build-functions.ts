/**
 * npm run build:functions: bundles every function the way Netlify's production build does (its own
 * bundler, @netlify/zip-it-and-ship-it, with the options netlify.toml gives it), then fails when
 *   - a function cannot be bundled, or the bundler reports a module it could not find;
 *   - a bundle is over its size budget (below);
 *   - the routes and schedules the bundles declare differ from netlify/functions.routes.json, or route
 *     ambiguously (a pattern claimed twice, a path on a scheduled function, a rewrite to no function);
 *   - a bundle, unzipped on its own, cannot be loaded by Node: its entry point and function module are
 *     imported in a fresh Node with production-shaped settings, every package the function names must
 *     resolve inside the zip, and the lazily loaded libraries (Razorpay SDK, jose, mongodb) are run a little.
 * Locally the functions run from source in a warm host that sees the whole of node_modules; only this
 * step sees what a production instance gets. `-- --update-routes` records the current routes as the list.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { zipFunctions, type FunctionResult } from '@netlify/zip-it-and-ship-it';
import * as prettier from 'prettier';
import { readFunctionsBuildConfig } from './lib/functions-bundle/netlify-config';
import { diffRouteTables, routeProblems, routeTable, type RouteTable } from './lib/functions-bundle/routes';
import { openZip, type ZipArchive } from './lib/functions-bundle/unzip';

const ROOT = resolve(import.meta.dirname, '..');
const ROUTES_FILE = join(ROOT, 'netlify', 'functions.routes.json');
const OUT_DIR = join(ROOT, '.netlify', 'functions-bundle');
const PROBE = join(import.meta.dirname, 'lib', 'functions-bundle', 'probe.mjs');

const KB = 1024;
const MB = 1024 * KB;
/**
 * Size budgets, on the zips Netlify uploads. Every bundle carries the same base (the mongodb driver and
 * bson, zod, Netlify's bootstrap). The checkout functions are the largest: they add the Razorpay SDK and
 * axios, nodemailer, and India Post's PIN directory, which is why only the functions that check addresses
 * import it. The per-function budget stops a stray import that drags in a heavy package (TypeScript, sharp
 * outside the photo upload, an AWS SDK) long before AWS Lambda's own limit of 50 MB zipped. The total is what
 * a first deploy uploads (later deploys upload only the functions whose zip changed): it leaves room for new
 * functions and stops a shared import that grows every bundle at once. The table this prints shows where
 * each function stands.
 */
const MAX_FUNCTION_ZIP_BYTES = 2.5 * MB;
/**
 * The one function allowed more: the photo upload ships sharp's native image library (libvips, about 8 MB
 * zipped) to turn photos upright and strip their metadata. No other function may load it.
 */
const LARGER_BUDGETS: Record<string, number> = { admin_catalogue_photos: 12 * MB };
/** 74 functions of about 1.75 MB each (the dashboard's two took it past 124 MB), with room for a few more. */
const MAX_TOTAL_ZIP_BYTES = 136 * MB;

/**
 * The settings a production instance has, with dummy secrets: the functions check their settings when
 * loaded and refuse to start without them. CONTEXT=production takes the real-provider paths (Razorpay
 * keys, an SMS provider, a mail server) that production takes. Port 9 on loopback refuses at once: nothing connects.
 * No HOME and no NODE_PATH: Node would look for packages there too, outside the bundle.
 */
const PRODUCTION_SHAPED_ENV: Record<string, string> = {
  PATH: '/usr/bin:/bin',
  CONTEXT: 'production',
  NODE_ENV: 'production',
  MONGODB_URI: 'mongodb://127.0.0.1:9/bundle-check',
  SITE_URL: 'https://shop.example',
  AUTH_SECRET: 'bundle-check-auth-secret-not-a-real-one-000000',
  OTP_SECRET: 'bundle-check-otp-secret-not-a-real-one-0000000',
  RAZORPAY_KEY_ID: 'rzp_live_BundleCheck',
  RAZORPAY_KEY_SECRET: 'bundle-check-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'bundle-check-webhook-secret',
  MSG91_AUTH_KEY: 'bundle-check-msg91-key',
  MSG91_SENDER_ID: 'BNDLCK',
  MSG91_OTP_TEMPLATE_ID: 'bundle-check-otp-template',
  MSG91_OTP_DLT_TEMPLATE_ID: '1000000000000000001',
  SMTP_URL: 'smtp://bundle-check:secret@127.0.0.1:9',
  MAIL_FROM: 'Chandi Kala <orders@shop.example>',
};

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--update-routes');
if (unknown.length) {
  console.error(`Unknown option ${unknown.join(' ')}. Usage: npm run build:functions [-- --update-routes]`);
  process.exit(2);
}
const updateRoutes = args.includes('--update-routes');

const problems: string[] = [];
const started = performance.now();
const config = readFunctionsBuildConfig(ROOT);

// The bundles are loaded by the Node running this script: it must be the one production runs.
const major = (version: string) => /\d+/.exec(version)?.[0];
if (major(process.versions.node) !== major(config.nodeVersion)) {
  const message = `this is Node ${process.versions.node}, but netlify.toml deploys the functions on Node ${config.nodeVersion}: the load check would not be production's`;
  if (process.env['CI']) problems.push(message);
  else console.warn(`Warning: ${message}`);
}

// ---- Bundle, as Netlify's build does ----
rmSync(OUT_DIR, { recursive: true, force: true });
let results: FunctionResult[];
try {
  results = await zipFunctions([config.functionsDir], OUT_DIR, { ...config.options, manifest: join(OUT_DIR, 'manifest.json') });
} catch (err) {
  const where = (err as { customErrorInfo?: { location?: { functionName?: string } } }).customErrorInfo?.location?.functionName;
  console.error(`Bundling failed${where ? ` for ${where}` : ''}:\n${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
const bundledAt = performance.now();

const MISSING_MODULE = /could not resolve|cannot find (module|package)|not found/i;
let totalZip = 0;
for (const result of results) {
  totalZip += result.size ?? 0;
  for (const error of result.bundlerErrors ?? []) problems.push(`${result.name}: bundler error: ${messageText(error)}`);
  for (const warning of result.bundlerWarnings ?? []) {
    if (MISSING_MODULE.test(messageText(warning))) problems.push(`${result.name}: ${messageText(warning)}`);
    else console.warn(`${result.name}: bundler warning: ${messageText(warning)}`);
  }
  const budget = LARGER_BUDGETS[result.name] ?? MAX_FUNCTION_ZIP_BYTES;
  if ((result.size ?? 0) > budget) {
    problems.push(`${result.name}: ${kb(result.size)} KB zipped, over the budget of ${kb(budget)} KB per function`);
  }
}
if (totalZip > MAX_TOTAL_ZIP_BYTES) {
  problems.push(`all functions: ${kb(totalZip)} KB zipped, over the budget of ${kb(MAX_TOTAL_ZIP_BYTES)} KB in total`);
}

// ---- Routes ----
const actual = routeTable(results);
problems.push(...routeProblems(actual));
for (const target of config.redirectTargets) {
  if (!actual[target]) problems.push(`netlify.toml rewrites to /.netlify/functions/${target}, but no function of that name was bundled`);
}
const routesFile = relative(ROOT, ROUTES_FILE);
if (updateRoutes) {
  const text = JSON.stringify(actual, null, 2);
  const options = (await prettier.resolveConfig(ROUTES_FILE)) ?? {};
  writeFileSync(ROUTES_FILE, await prettier.format(text, { ...options, filepath: ROUTES_FILE }));
  console.log(`Recorded the routes of ${results.length} functions in ${routesFile}.`);
} else {
  const expected: RouteTable = existsSync(ROUTES_FILE) ? (JSON.parse(readFileSync(ROUTES_FILE, 'utf8')) as RouteTable) : {};
  const diff = diffRouteTables(expected, actual);
  if (diff.length) {
    problems.push(
      [
        `the functions' routes differ from ${routesFile} (- listed, + bundled):`,
        ...diff,
        `  If the change is intended, record it and commit the file: npm run build:functions -- --update-routes`,
      ].join('\n'),
    );
  }
}

// ---- Load each bundle on its own ----
/** The libraries the load check ran, by function (present once the function's bundle loaded). */
const loaded = new Map<string, string[]>();
const unpacked = new Map<string, number>();
let groupCount = 0;
const scratch = mkdtempSync(join(tmpdir(), 'functions-bundle-'));
// Node looks for packages in every parent's node_modules: a bundle unzipped where a parent has one
// (inside the repository, say) would borrow the project's packages and hide what the zip lacks.
const borrowed = ancestors(scratch).find((dir) => existsSync(join(dir, 'node_modules')));
if (borrowed) {
  problems.push(
    `cannot load the bundles in isolation: ${join(borrowed, 'node_modules')} is visible from ${scratch} (set TMPDIR elsewhere)`,
  );
} else {
  try {
    const groups = groupBundles(results);
    groupCount = groups.length;
    await eachLimited(groups, Math.max(1, availableParallelism()), async (group, index) => {
      const dir = join(scratch, String(index));
      try {
        await loadGroup(group, dir);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
const loadedAt = performance.now();

// ---- Report ----
const rows = results.map((r) => {
  const entry = actual[r.name];
  return [
    r.name,
    kb(r.size),
    unpacked.has(r.name) ? kb(unpacked.get(r.name)) : '-',
    entry?.routes.join(' ') || (config.redirectTargets.includes(r.name) ? '(rewrite target)' : '-'),
    entry?.schedule ?? '',
    loaded.get(r.name)?.join(', ') ?? '',
  ];
});
const totalUnpacked = [...unpacked.values()].reduce((sum, bytes) => sum + bytes, 0);
printTable(['Function', 'Zip KB', 'Unzipped KB', 'Routes', 'Schedule', 'Libraries run'], rows, [
  'Total',
  kb(totalZip),
  unpacked.size ? kb(totalUnpacked) : '-',
  `${results.length} functions`,
  '',
  '',
]);
const bundlers = [...new Set(results.map((r) => `${r.bundler ?? r.runtime}${r.bundlerReason ? ` (${r.bundlerReason})` : ''}`))];
console.log(
  `Bundled by ${bundlers.join(', ')} for Node ${config.nodeVersion} into ${relative(ROOT, OUT_DIR)}. ` +
    `Budgets: ${kb(MAX_FUNCTION_ZIP_BYTES)} KB per function (${Object.entries(LARGER_BUDGETS)
      .map(([name, bytes]) => `${name} ${kb(bytes)} KB`)
      .join(', ')}), ${kb(MAX_TOTAL_ZIP_BYTES)} KB in total (zipped).`,
);
console.log(
  `Loaded ${loaded.size} of ${results.length} bundles in ${groupCount} Node processes (bundles with identical dependencies share one).`,
);
console.log(
  `Bundling ${seconds(bundledAt - started)} s, loading ${seconds(loadedAt - bundledAt)} s, total ${seconds(performance.now() - started)} s.`,
);

if (problems.length) {
  console.error(`\nbuild:functions failed:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`All ${results.length} functions bundle, load and route as listed in ${routesFile}.`);

// ---- Helpers ----

/** A bundle, opened: its archive, its entry point's name and text, and the function module the entry loads. */
interface OpenBundle {
  result: FunctionResult;
  zip: ZipArchive;
  entryName: string;
  entryText: string;
  mainName: string;
}

/**
 * Opens every bundle and groups those whose other files (dependencies, Netlify's bootstrap) are the same
 * byte for byte, by name, size and CRC: one group is unzipped once and loaded in one Node, each of its
 * function modules and entry points imported for real. The catalogue functions share one set, for
 * example, so far fewer processes start than there are bundles.
 */
function groupBundles(all: FunctionResult[]): OpenBundle[][] {
  const groups = new Map<string, OpenBundle[]>();
  for (const result of all) {
    const zip = openZip(result.path);
    unpacked.set(result.name, zip.unpackedBytes);
    const entryName = result.entryFilename || '___netlify-entry-point.mjs';
    let entryText: string;
    try {
      entryText = zip.read(entryName).toString('utf8');
    } catch {
      problems.push(`${result.name}: the bundle has no entry point ${entryName}`);
      continue;
    }
    // The entry point names the function module: getLambdaHandler('./netlify/functions/<name>.mjs').
    const mainPath = /getLambdaHandler\(\s*["']([^"']+)["']/.exec(entryText)?.[1];
    const mainName = mainPath ? posix.normalize(mainPath) : '';
    if (!mainPath || !zip.entries.some((e) => e.name === mainName)) {
      problems.push(`${result.name}: the entry point names no function module in the bundle (${mainPath ?? 'none'})`);
      continue;
    }
    const shared = zip.entries
      .filter((e) => e.name !== entryName && e.name !== mainName && !e.isDirectory)
      .map((e) => `${e.name}:${e.size}:${e.crc}`)
      .sort()
      .join('\n');
    const key = createHash('sha256').update(shared).digest('hex');
    groups.set(key, [...(groups.get(key) ?? []), { result, zip, entryName, entryText, mainName }]);
  }
  return [...groups.values()];
}

/** Unzips a group of bundles into `dir` and imports them in a fresh Node; records what failed in `problems`. */
async function loadGroup(group: OpenBundle[], dir: string): Promise<void> {
  const [first] = group;
  if (!first) return;
  first.zip.extract(dir, (name) => name !== first.entryName);
  const probeArgs: string[] = [];
  for (const bundle of group) {
    if (bundle !== first) bundle.zip.extract(dir, (name) => name === bundle.mainName);
    // Each bundle's own entry point, under a name of its own beside the shared bootstrap it imports.
    const entryFile = join(dir, `___entry-point.${bundle.result.name}.mjs`);
    writeFileSync(entryFile, bundle.entryText);
    probeArgs.push(bundle.result.name, entryFile, join(dir, bundle.mainName));
  }
  const probe = join(dir, dirname(first.mainName), '___bundle-check.mjs');
  copyFileSync(PROBE, probe);
  const { code, stdout, stderr } = await run(process.execPath, [probe, dir + sep, ...probeArgs], dir);
  let report: Record<string, { problems: string[]; libraries: string[] }> | undefined;
  try {
    report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as typeof report;
  } catch {
    report = undefined;
  }
  for (const bundle of group) {
    const { name } = bundle.result;
    const own = report?.[name];
    if (code !== 0 || !own) {
      const detail = (stderr || stdout).trim().split('\n').slice(-8).join('\n    ');
      problems.push(`${name}: loading the bundle failed (exit ${code}):\n    ${detail}`);
      continue;
    }
    for (const p of own.problems) problems.push(`${name}: ${p}`);
    loaded.set(name, own.libraries);
  }
}

function run(command: string, argv: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(command, argv, { cwd, env: PRODUCTION_SHAPED_ENV, stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

async function eachLimited<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  const queue = items.map((item, index) => [item, index] as const);
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) await work(...next);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

function ancestors(dir: string): string[] {
  const out: string[] = [];
  for (let at = dirname(dir); ; at = dirname(at)) {
    out.push(at);
    if (dirname(at) === at) return out;
  }
}

/** esbuild's messages carry `text`; anything else the bundler reports is shown whole. */
function messageText(message: object): string {
  const text = (message as { text?: unknown }).text;
  return typeof text === 'string' ? text : JSON.stringify(message);
}

function kb(bytes: number | undefined): string {
  return Math.round((bytes ?? 0) / KB).toLocaleString('en-US');
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(1);
}

function printTable(header: string[], body: string[][], footer: string[]): void {
  const all = [header, ...body, footer];
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i]!.length)));
  const numeric = new Set([1, 2]);
  const line = (row: string[]) =>
    row
      .map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  console.log([line(header), rule, ...body.map(line), rule, line(footer)].join('\n'));
}
