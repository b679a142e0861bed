/**
 * Publish from the back office: what is waiting, putting it live (products, new stock units, status), the deploy
 * started through Netlify's build hook and followed through Netlify's API until live or failed, one publish at a
 * time (a press while one runs queues the next), the log; and the local server's own rebuild.
 */
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { makeCatalogue, makeProduct } from '../fixtures/catalogue';
import { makeShopper } from '../fixtures/shoppers';
import { makeStaff } from '../fixtures/staff';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { stableId } from '@server/services/catalogue-ids';
import { resetEnvForTests } from '@server/env';
import { inventoryRepository } from '@server/repositories/inventory.repository';
import publish from '@functions/admin_catalogue_publish';
import products from '@functions/admin_catalogue_products';
import product from '@functions/admin_catalogue_product';
import getProduct from '@functions/get_products';
import { freePort } from '../../scripts/lib/ferretdb';
import { startShopServer } from '../../scripts/lib/serve';

const { uri, name } = setupTestDatabase();
process.env.CATALOGUE_CACHE_SECONDS = '0';
let client: MongoClient;
let editor: Awaited<ReturnType<typeof makeStaff>>;
let admin: Awaited<ReturnType<typeof makeStaff>>;

/** A deploy as the stand-in for Netlify's API lists it. */
interface FakeDeploy {
  title: string;
  state: string;
  error_message?: string;
  ssl_url: string;
}

/** A stand-in for Netlify on loopback: the build hook, the site's deploy list and the purge API. */
let netlify: Server;
let netlifyUrl: string;
let deploys: FakeDeploy[] = [];
let purges: unknown[] = [];

const idOf = (slug: string) => stableId('products', slug).toHexString();
const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
const status = (token = editor.token) => call(publish, '/api/admin/catalogue/publish', { headers: auth(token) });
const press = (shown: { id: string; version: number }[], token = editor.token) =>
  call(publish, '/api/admin/catalogue/publish', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth(token) },
    body: JSON.stringify({ products: shown }),
  });
/** The changes waiting now, as the panel shows them and sends them back with Publish. */
const shownNow = async () =>
  ((await status()).body.pending as { id: string; version: number }[]).map(({ id, version }) => ({ id, version }));
const send = (method: string, body: unknown, token = editor.token) => ({
  method,
  headers: { 'content-type': 'application/json', ...auth(token) },
  body: JSON.stringify(body),
});
/** Saves a live product's draft with `change` applied, as the form does (open, edit, save over its version). */
async function edit(slug: string, change: Record<string, unknown>) {
  const opened = await call(product, `/api/admin/catalogue/products/${idOf(slug)}`, { headers: auth(editor.token) });
  const saved = await call(
    product,
    `/api/admin/catalogue/products/${idOf(slug)}`,
    send('PUT', { version: opened.body.draft.version, product: { ...opened.body.draft.product, ...change } }),
  );
  expect(saved.status).toBe(200);
  return saved.body.draft;
}
/** Netlify finishing the deploy of the publish with this id. */
const finish = (publishId: string, state: 'ready' | 'error', error?: string) => {
  const d = deploys.find((x) => x.title === `Catalogue publish ${publishId}`)!;
  d.state = state;
  if (error) d.error_message = error;
};

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  netlify = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (req.method === 'POST' && url.pathname === '/build_hooks/5c23354f') {
        deploys.unshift({ title: url.searchParams.get('trigger_title') ?? '', state: 'building', ssl_url: 'https://shop.example' });
        return void res.writeHead(200).end();
      }
      if (req.method === 'GET' && url.pathname === '/api/v1/sites/site-123/deploys') {
        if (req.headers.authorization !== 'Bearer api-token') return void res.writeHead(401).end();
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(deploys));
      }
      if (req.method === 'POST' && url.pathname === '/api/v1/purge') {
        purges.push(JSON.parse(text));
        return void res.writeHead(202).end();
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => netlify.listen(0, '127.0.0.1', () => r()));
  netlifyUrl = `http://127.0.0.1:${(netlify.address() as { port: number }).port}`;
  Object.assign(process.env, {
    NETLIFY_BUILD_HOOK_URL: `${netlifyUrl}/build_hooks/5c23354f`,
    NETLIFY_API_TOKEN: 'api-token',
    NETLIFY_SITE_ID: 'site-123',
    NETLIFY_API_URL: netlifyUrl,
    NETLIFY_PURGE_API_TOKEN: 'purge-token',
  });
  resetEnvForTests();
  [editor, admin] = await Promise.all([makeStaff('editor', 'Asha'), makeStaff('admin', 'Ravi')]);
  return async () => {
    for (const k of ['NETLIFY_BUILD_HOOK_URL', 'NETLIFY_API_TOKEN', 'NETLIFY_SITE_ID', 'NETLIFY_API_URL', 'NETLIFY_PURGE_API_TOKEN'])
      delete process.env[k];
    resetEnvForTests();
    await client.close();
    await new Promise<void>((r) => netlify.close(() => r()));
  };
});

beforeEach(async () => {
  deploys = [];
  purges = [];
  const db = client.db(name);
  await Promise.all(['catalogue_drafts', 'catalogue_versions', 'catalogue_publishes', 'locks'].map((c) => db.collection(c).deleteMany({})));
  await db.collection('products').deleteMany({});
  await db.collection('inventory').deleteMany({});
  const rows = [
    makeProduct({ slug: 'lotus-ring', name: 'Lotus Ring', price: 1299, stock: 12 }),
    makeProduct({ slug: 'moon-ring', name: 'Moon Ring', price: 999, stock: 4 }),
    makeProduct({ slug: 'star-studs', name: 'Star Studs', price: 799, stock: 9, subcategory: 'jhumkas' }),
    makeProduct({ slug: 'temple-jhumka', name: 'Temple Jhumka', price: 2499, stock: 6, subcategory: 'jhumkas' }),
  ];
  expect((await importCatalogue(makeCatalogue(rows), { overwriteStock: true })).errors).toEqual([]);
});

describe('who may publish', () => {
  it('editors and admins; shoppers get 403 and signed-out callers 401', async () => {
    const shopper = await makeShopper();
    expect((await status(shopper.token)).status).toBe(403);
    expect((await press([], shopper.token)).status).toBe(403);
    expect((await call(publish, '/api/admin/catalogue/publish')).status).toBe(401);
    expect((await status(admin.token)).status).toBe(200);
    const bad = await call(publish, '/api/admin/catalogue/publish', send('POST', { products: 2 }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/products/);
    expect((await press([])).body.message).toBe('Nothing to publish: every saved change is live.');
  });
});

describe('publishing', () => {
  it('lists what waits, puts it live, starts the build, and follows the deploy until it is live', async () => {
    await edit('lotus-ring', { price: 1399, name: 'Lotus Ring Classic' });
    const created = await call(
      products,
      '/api/admin/catalogue/products',
      send('POST', {
        product: {
          name: 'Kamal Ring',
          price: 1899,
          stock: 3,
          subcategory: 'adjustable-rings',
          status: 'active',
          image: ['products/kamal-ring-1.jpg'],
          imageAlt: ['Kamal ring, a lotus in silver, from above'],
        },
      }),
    );
    // A new piece saved as Draft has nothing to put live: it does not wait.
    await call(
      products,
      '/api/admin/catalogue/products',
      send('POST', { product: { name: 'Sketch Ring', price: 500, subcategory: 'adjustable-rings' } }),
    );
    const waiting = await status();
    expect(waiting.body).toMatchObject({ running: null, log: [] });
    expect(waiting.body.pending.map((p: { name: string; change: string }) => `${p.name} (${p.change})`)).toEqual([
      'Lotus Ring Classic (changed)',
      'Kamal Ring (new)',
    ]);

    // Shown one change while two wait, or an older version of one: nothing goes live unseen.
    const shown = await shownNow();
    const unseen = await press(shown.slice(0, 1));
    expect(unseen).toMatchObject({ status: 409 });
    expect(unseen.body.message).toMatch(/^The changes waiting are not the ones you were shown \(2 products now\)/);
    expect((await press([shown[0]!, { ...shown[1]!, version: shown[1]!.version + 1 }])).status).toBe(409);

    const started = await press(shown);
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ queued: false, message: "Publishing 2 products: the shop's pages are being rebuilt." });
    expect(started.body.publish).toMatchObject({
      state: 'building',
      startedBy: 'Asha Shah',
      products: [{ name: 'Lotus Ring Classic' }, { name: 'Kamal Ring' }],
    });
    expect(deploys.map((d) => d.title)).toEqual([`Catalogue publish ${started.body.publish.id}`]);

    // Live in the shop's data at once (the API answers it); the new piece has its opening stock.
    const live = await call(getProduct, '/api/getProducts/lotus-ring');
    expect(live.body.products).toMatchObject({ name: 'Lotus Ring Classic', price: 1399 });
    const kamalId = created.body.draft._id as string;
    expect((await inventoryRepository.unitStock(`${kamalId}`)).stock).toBe(3);
    // The new piece reads like any other (its lists were stored: the build maps every product's related pieces).
    const kamal = await call(getProduct, `/api/getProducts/${kamalId}`);
    expect(kamal.status).toBe(200);
    expect(kamal.body.products).toMatchObject({ name: 'Kamal Ring', relatedProducts: [] });
    expect((await status()).body.pending).toEqual([]);
    const rows = (await call(products, '/api/admin/catalogue/products?search=lotus', { headers: auth(editor.token) })).body.products;
    expect(rows[0]).toMatchObject({ name: 'Lotus Ring Classic', draft: null });

    // Following the deploy: still building, then live; the catalogue's cached answers are purged once.
    expect((await status()).body.running).toMatchObject({ state: 'building' });
    finish(started.body.publish.id, 'ready');
    const done = await status();
    expect(done.body.running).toBeNull();
    expect(done.body.log[0]).toMatchObject({ state: 'live', message: 'Live at https://shop.example.', products: [{}, {}] });
    expect(purges).toEqual([{ cache_tags: ['catalogue'], site_id: 'site-123' }]);
    await status();
    expect(purges).toHaveLength(1);
  });

  it('records a failed deploy with Netlify’s reason, and Publish then retries it', async () => {
    await edit('moon-ring', { price: 1099 });
    const started = await press(await shownNow());
    finish(started.body.publish.id, 'error', 'Build script returned non-zero exit code: 2');
    const failed = (await status()).body;
    expect(failed.running).toBeNull();
    expect(failed.log[0]).toMatchObject({
      state: 'failed',
      message: "Netlify's build failed: Build script returned non-zero exit code: 2.",
    });
    const retry = await press([]);
    expect(retry.status).toBe(201);
    expect(deploys).toHaveLength(2);
  });

  it('runs one publish at a time: a press while one runs is queued and goes out when it ends', async () => {
    await edit('moon-ring', { price: 1099 });
    const first = await press(await shownNow());
    await edit('star-studs', { price: 849 });
    const second = await press(await shownNow(), admin.token);
    expect(second.status).toBe(202);
    expect(second.body).toMatchObject({ queued: true, publish: { id: first.body.publish.id, queuedBy: 'Ravi Shah' } });
    expect(second.body.message).toMatch(/^Asha Shah started a publish at .*; yours goes out as soon as it ends\.$/);
    expect(deploys).toHaveLength(1);
    finish(first.body.publish.id, 'ready');
    const after = (await status()).body;
    expect(after.running).toMatchObject({ state: 'building', startedBy: 'Ravi Shah', products: [{ name: 'Star Studs' }] });
    expect(deploys).toHaveLength(2);
  });

  it('of many presses at once, exactly one starts a publish and the rest wait for it', async () => {
    await edit('moon-ring', { price: 1099 });
    const shown = await shownNow();
    const presses = await Promise.all(Array.from({ length: 8 }, () => press(shown)));
    const codes = presses.map((p) => p.status).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.every((c) => c === 201 || c === 202 || c === 409)).toBe(true);
    expect(deploys).toHaveLength(1);
    expect(await client.db(name).collection('catalogue_publishes').countDocuments()).toBe(1);
  });

  it('archives and drafts: gone from the public API and checkout, the archived page kept for the build', async () => {
    await edit('moon-ring', { status: 'archived' });
    await edit('star-studs', { status: 'draft', slug: 'star-studs-2026' });
    await press(await shownNow());
    expect((await call(getProduct, '/api/getProducts/moon-ring')).status).toBe(404);
    expect((await call(getProduct, '/api/getProducts/star-studs-2026')).status).toBe(404);
    expect((await inventoryRepository.sellable([idOf('moon-ring'), idOf('star-studs'), idOf('lotus-ring')])).map((p) => p.slug)).toEqual([
      'lotus-ring',
    ]);
    const stored = await client.db(name).collection('products').findOne({ slug: 'star-studs-2026' });
    expect(stored).toMatchObject({ status: 'draft', formerSlugs: ['star-studs'] });
  });
});

describe('what cannot be published as saved', () => {
  it('two drafts taking one free web address: nothing is written, both are named', async () => {
    const ring = (name: string) =>
      call(
        products,
        '/api/admin/catalogue/products',
        send('POST', {
          product: {
            name,
            slug: 'silver-ring',
            price: 900,
            stock: 1,
            subcategory: 'adjustable-rings',
            status: 'active',
            image: ['products/a.jpg'],
            imageAlt: [`${name}, front`],
          },
        }),
      );
    expect((await ring('Silver Ring')).status).toBe(201);
    expect((await ring('Silver Ring Too')).status).toBe(201);
    const r = await press(await shownNow());
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(
      'Nothing was published. Silver Ring Too and Silver Ring both use the web address "silver-ring". Change one and save.',
    );
    expect(await client.db(name).collection('products').countDocuments({ slug: 'silver-ring' })).toBe(0);
    expect(deploys).toHaveLength(0);
  });

  it('a field the editor emptied goes from the live product too', async () => {
    await edit('lotus-ring', { seoTitle: 'Lotus ring in 92.5 silver', hsn: '7113' });
    await press(await shownNow());
    expect(await client.db(name).collection('products').findOne({ slug: 'lotus-ring' })).toMatchObject({
      seoTitle: 'Lotus ring in 92.5 silver',
    });
    const opened = await call(product, `/api/admin/catalogue/products/${idOf('lotus-ring')}`, { headers: auth(editor.token) });
    const { seoTitle: _seo, hsn: _hsn, ...without } = opened.body.draft.product;
    const saved = await call(
      product,
      `/api/admin/catalogue/products/${idOf('lotus-ring')}`,
      send('PUT', { version: opened.body.draft.version, product: without }),
    );
    expect(saved.status).toBe(200);
    finish((await status()).body.running.id, 'ready');
    await status();
    expect((await press(await shownNow())).status).toBe(201);
    const live = await client.db(name).collection('products').findOne({ slug: 'lotus-ring' });
    expect(live).not.toHaveProperty('seoTitle');
    expect(live).not.toHaveProperty('hsn');
  });
});

describe('publishing on the local server (no build hook)', () => {
  it('rebuilds beside the served site, swaps it in once complete, and reports the publish live', async () => {
    const saved = { ...process.env };
    delete process.env.NETLIFY_BUILD_HOOK_URL;
    resetEnvForTests();
    const site = mkdtempSync(join(tmpdir(), 'publish-site-'));
    writeFileSync(join(site, 'netlify.toml'), '[build]\n  publish = "dist"\n');
    mkdirSync(join(site, 'dist'));
    writeFileSync(join(site, 'dist', 'index.html'), '<p>old pages</p>');
    let release: () => void = () => {};
    const built = new Promise<void>((r) => (release = r));
    const server = await startShopServer({
      port: await freePort(),
      quiet: true,
      siteRoot: site,
      // The Astro build itself is timed by bench:build and run by every journey's server; here, its swap is tested.
      build: async (outDir) => {
        await built;
        mkdirSync(outDir, { recursive: true });
        writeFileSync(join(outDir, 'index.html'), '<p>new pages</p>');
      },
    });
    try {
      await edit('moon-ring', { price: 1099 });
      const started = await fetch(`${server.url}/api/admin/catalogue/publish`, send('POST', { products: await shownNow() }));
      expect(started.status).toBe(201);
      const follow = async () =>
        (await (await fetch(`${server.url}/api/admin/catalogue/publish`, { headers: auth(editor.token) })).json()) as {
          running: unknown;
          log: { state: string; message: string }[];
        };
      expect((await follow()).running).toMatchObject({ state: 'building' });
      expect(await (await fetch(`${server.url}/`)).text()).toContain('old pages');
      release();
      let now = await follow();
      for (let i = 0; i < 50 && now.running; i++) {
        await new Promise((r) => setTimeout(r, 100));
        now = await follow();
      }
      expect(now.log[0]).toMatchObject({ state: 'live', message: 'Live on this local shop.' });
      expect(await (await fetch(`${server.url}/`)).text()).toContain('new pages');
      expect(readFileSync(join(site, 'dist', 'index.html'), 'utf8')).toContain('new pages');
      // Only the server's own functions may start a deploy: a request without its secret (a web page on this
      // machine, say) is refused.
      expect((await fetch(`${server.url}/.netlify/local-deploys`, { method: 'POST' })).status).toBe(403);
    } finally {
      await server.close();
      rmSync(site, { recursive: true, force: true });
      process.env = saved;
      resetEnvForTests();
    }
  });
});
