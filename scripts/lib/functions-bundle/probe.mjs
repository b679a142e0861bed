// Run by scripts/build-functions.ts in a fresh Node, from inside unzipped production bundles that share
// every dependency file byte for byte: `probe.mjs <bundle root> (<name> <entry point> <function module>)...`.
// It sits beside the function modules, so every bare import below resolves exactly as theirs would, from
// the bundle's node_modules and nowhere else. Prints one JSON line: { [name]: { problems, libraries } }.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [bundleRoot, ...rest] = process.argv.slice(2);
const functions = [];
for (let i = 0; i < rest.length; i += 3) functions.push({ name: rest[i], entryFile: rest[i + 1], mainFile: rest[i + 2] });
const problems = Object.fromEntries(functions.map((f) => [f.name, []]));
/** The packages each function's module names. */
const uses = Object.fromEntries(functions.map((f) => [f.name, new Set()]));
const checked = [];

// A bundle's entry point hands the function to AWS Lambda's streaming runtime, which provides this global.
globalThis.awslambda = { streamifyResponse: (handler) => handler, HttpResponseStream: { from: (stream) => stream } };

const attempt = async (name, what, run) => {
  try {
    await run();
  } catch (err) {
    problems[name].push(`${what}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  }
};

const bare = (spec) => !spec.startsWith('.') && !spec.startsWith('/') && !isBuiltin(spec);

for (const { name, entryFile, mainFile } of functions) {
  await attempt(name, 'entry point', async () => {
    const entry = await import(pathToFileURL(entryFile).href);
    if (typeof entry.handler !== 'function') throw new Error('exports no handler');
  });
  await attempt(name, 'function module', async () => {
    const mod = await import(pathToFileURL(mainFile).href);
    if (typeof mod.default !== 'function') throw new Error('has no default export function');
  });

  // Imports reached only later (import() or require() inside a function) fail only when called: resolve
  // every package the module names, the way its own import or require would.
  const source = readFileSync(mainFile, 'utf8');
  const require = createRequire(mainFile);
  // A specifier never holds white space: prose in a string ('... to make one from" });') is not an import.
  for (const [, spec] of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"'\s]+)["']/g)) {
    if (!bare(spec)) continue;
    uses[name].add(spec);
    await attempt(name, `import "${spec}"`, () => {
      const url = import.meta.resolve(spec);
      if (!url.startsWith('file:') || !fileURLToPath(url).startsWith(bundleRoot)) throw new Error(`resolves outside the bundle (${url})`);
    });
  }
  for (const [, spec] of source.matchAll(/\brequire\(\s*["']([^"'\s]+)["']\s*\)/g)) {
    if (!bare(spec)) continue;
    uses[name].add(spec);
    await attempt(name, `require("${spec}")`, () => {
      if (!require.resolve(spec).startsWith(bundleRoot)) throw new Error('resolves outside the bundle');
    });
  }
}

// The libraries that do their work lazily: run a little of each, offline, from the bundles' own copy.
// A failure here belongs to every function of the group that uses the library.
const require = createRequire(import.meta.url);
const library = async (spec, run) => {
  const users = functions.map((f) => f.name).filter((name) => uses[name].has(spec));
  if (users.length === 0) return;
  let failure;
  try {
    await run();
    checked.push(spec);
  } catch (err) {
    failure = err instanceof Error ? err.message.split('\n')[0] : String(err);
  }
  if (failure) for (const name of users) problems[name].push(`${spec}: ${failure}`);
};

await library('razorpay', async () => {
  const Razorpay = require('razorpay');
  // The constructor loads the SDK's resource modules (orders, payments, refunds) with require().
  const sdk = new Razorpay({ key_id: 'rzp_test_bundlecheck', key_secret: 'bundle-check-secret' });
  for (const resource of ['orders', 'payments', 'refunds']) {
    if (typeof sdk[resource]?.fetch !== 'function') throw new Error(`has no ${resource} resource`);
  }
  const body = '{"event":"payment.captured"}';
  const signature = createHmac('sha256', 'webhook-secret').update(body).digest('hex');
  if (!Razorpay.validateWebhookSignature(body, signature, 'webhook-secret')) throw new Error('rejects a valid webhook signature');
});

await library('jose', async () => {
  const { SignJWT, jwtVerify } = await import(import.meta.resolve('jose'));
  const key = new TextEncoder().encode('k'.repeat(32));
  const token = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('bundle-check').setExpirationTime('1m').sign(key);
  const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
  if (payload.sub !== 'bundle-check') throw new Error('a token it signed does not verify');
});

await library('sharp', async () => {
  // Loads the native library shipped beside the function and runs it: a photo turned upright, re-encoded.
  const { default: sharp } = await import(import.meta.resolve('sharp'));
  const png = await sharp({ create: { width: 4, height: 2, channels: 3, background: '#c0c0c0' } })
    .png()
    .toBuffer();
  const { info } = await sharp(png).rotate(90).jpeg().toBuffer({ resolveWithObject: true });
  if (info.width !== 2 || info.height !== 4) throw new Error(`turned a 4×2 picture into ${info.width}×${info.height}`);
});

await library('mongodb', async () => {
  const { MongoClient } = await import(import.meta.resolve('mongodb'));
  // Parsing the connection string loads the driver's URL and option handling; nothing connects.
  new MongoClient(process.env.MONGODB_URI);
});

await library('nodemailer', async () => {
  const nodemailer = require('nodemailer');
  // The stream transport builds the whole message (MIME, encodings, the HTML part) and sends nothing.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail({
    from: 'shop@example.in',
    to: 'shopper@example.in',
    subject: 'Order ₹1,250',
    text: 'ok',
    html: '<p>ok</p>',
  });
  if (!String(info.message).includes('Subject: =?UTF-8?')) throw new Error('did not build a message');
});

const report = Object.fromEntries(
  functions.map(({ name }) => [name, { problems: problems[name], libraries: checked.filter((spec) => uses[name].has(spec)) }]),
);
process.stdout.write(`${JSON.stringify(report)}\n`);
process.exit(0);
