import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '../setup/test-db';
import { defaultProducts, makeCatalogue, makeProduct } from '../fixtures/catalogue';
import { catalogueRepository } from '@server/repositories/catalogue.repository';
import { catalogueWriteRepository } from '@server/repositories/catalogue-write.repository';
import { catalogueService } from '@server/services/catalogue.service';
import { freePort } from '../../scripts/lib/ferretdb';
import { runImport, type CommandIO } from '../../scripts/lib/import-command';
import { startShopServer, type ShopServer } from '../../scripts/lib/serve';

setupTestDatabase();
process.env.CATALOGUE_CACHE_SECONDS = '0';

const dir = mkdtempSync(join(tmpdir(), 'catalogue-publish-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a catalogue file for the command to read. */
function catalogueFile(name: string, catalogue: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(catalogue));
  return path;
}

/** Every request Netlify would have received, in order, with what the database held when the build hook was called. */
interface Call {
  kind: 'hook' | 'purge';
  url: string;
  authorization?: string | undefined;
  body: unknown;
  productsStoredThen?: number;
}

/** A stand-in for Netlify on loopback: build hooks at /build_hooks/:id and the purge API at /api/v1/purge. */
let netlify: Server;
let netlifyUrl: string;
let calls: Call[] = [];
let hookStatus = 200;

const readBody = async (req: IncomingMessage) => {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? (JSON.parse(text) as unknown) : null;
};

beforeAll(async () => {
  netlify = createServer(async (req, res) => {
    const body = await readBody(req);
    if (req.method === 'POST' && req.url?.startsWith('/build_hooks/')) {
      // What a build started now would read: the hook must come only once the whole import is stored.
      calls.push({ kind: 'hook', url: req.url, body, productsStoredThen: await catalogueRepository.productCount() });
      res.writeHead(hookStatus).end();
    } else if (req.method === 'POST' && req.url === '/api/v1/purge') {
      calls.push({ kind: 'purge', url: req.url, authorization: req.headers.authorization, body });
      res.writeHead(202).end();
    } else res.writeHead(404).end();
  });
  await new Promise<void>((r) => netlify.listen(0, '127.0.0.1', () => r()));
  const address = netlify.address() as { port: number };
  netlifyUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(() => new Promise<void>((r) => netlify.close(() => r())));

beforeEach(async () => {
  calls = [];
  hookStatus = 200;
  await catalogueWriteRepository.clearCatalogue();
});

/** Runs catalogue:import as the script does, with Netlify pointed at the stand-in; returns exit code and output. */
async function run(argv: string[], env: NodeJS.ProcessEnv = {}, extra: Partial<CommandIO> = {}) {
  const out: string[] = [];
  const sleeps: number[] = [];
  const rebuilds: number[] = [];
  const code = await runImport(argv, {
    env: {
      NETLIFY_BUILD_HOOK_URL: `${netlifyUrl}/build_hooks/5c23354f454e1350f8543e78`,
      NETLIFY_PURGE_API_TOKEN: 'purge-token',
      NETLIFY_SITE_ID: 'site-123',
      CATALOGUE_CACHE_SECONDS: '0',
      ...env,
    },
    out: (line) => out.push(line),
    err: (line) => out.push(line),
    netlifyApiUrl: netlifyUrl,
    sleep: async (ms) => void sleeps.push(ms),
    rebuildLocal: async () => void rebuilds.push(Date.now()),
    ...extra,
  });
  return { code, out: out.join('\n'), sleeps, rebuilds };
}

const withStock = (slug: string, stock: number) => makeCatalogue(defaultProducts().map((p) => (p.slug === slug ? { ...p, stock } : p)));

describe('catalogue:import --publish on Netlify', () => {
  it('triggers the build hook only once every row is stored, then purges the catalogue cache tag', async () => {
    const file = catalogueFile('catalogue.json', makeCatalogue());
    const { code, out } = await run([file, '--set-stock', '--publish']);
    expect(code).toBe(0);
    expect(calls.map((c) => c.kind)).toEqual(['hook', 'purge']);
    const [hook, purge] = calls;
    expect(hook!.productsStoredThen).toBe(4);
    expect(new URL(hook!.url, netlifyUrl).searchParams.get('trigger_title')).toBe('Catalogue import: catalogue.json');
    expect(purge).toMatchObject({ authorization: 'Bearer purge-token', body: { cache_tags: ['catalogue'], site_id: 'site-123' } });
    expect(out).toContain('Imported catalogue.json: categories 2 new; subcategories 3 new; collections 2 new; products 4 new');
    expect(out).toMatch(/Rebuild: triggered the Netlify build hook http:\/\/127\.0\.0\.1:\d+\/…3e78/);
    expect(out).toContain('CDN: purged cached catalogue API answers (cache tag "catalogue") of site site-123.');
    expect(out).not.toContain('5c23354f454e1350f8543e78');
  });

  it('publishes nothing after a failed import or a dry run', async () => {
    const bad = catalogueFile(
      'bad.json',
      makeCatalogue([...defaultProducts(), makeProduct({ slug: 'cheap', price: 500, discountPrice: 600 })]),
    );
    const failed = await run([bad, '--publish']);
    expect(failed.code).toBe(1);
    expect(failed.out).toContain('products row 5 (cheap): discountPrice: The discount price must be lower than the price');
    expect(failed.out).toContain('nothing was written');

    const dangling = catalogueFile('dangling.json', { products: [makeProduct({ slug: 'orphan', subcategory: 'no-such-sub' })] });
    expect((await run([dangling, '--publish'])).code).toBe(1);

    const good = catalogueFile('good.json', makeCatalogue());
    const dry = await run([good, '--dry-run', '--publish']);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('Valid; nothing written. Would import: categories 2 new;');
    expect(dry.out).toContain('Nothing is published on a dry run.');

    expect(calls).toEqual([]);
    expect(await catalogueRepository.productCount()).toBe(0);
  });

  it('purges the API cache without a rebuild when only stock changed, again after warm instances forget it', async () => {
    expect((await run([catalogueFile('base.json', makeCatalogue()), '--set-stock'])).code).toBe(0);
    const restock = catalogueFile('restock.json', withStock('sold-out-band', 6));

    // Without --set-stock the stock column is not written, so nothing changed and nothing is published.
    const kept = await run([restock, '--publish']);
    expect(kept.out).toContain('Nothing changed, so there is nothing to publish');
    expect(calls).toEqual([]);

    const { code, out, sleeps } = await run([restock, '--set-stock', '--publish'], { CATALOGUE_CACHE_SECONDS: '30' });
    expect(code).toBe(0);
    expect(calls.map((c) => c.kind)).toEqual(['purge', 'purge']);
    expect(sleeps).toEqual([30_000]);
    expect(out).toContain('products 1 with new stock only, 3 unchanged');
    expect(out).toContain('Only stock changed: the pages read stock live, so no rebuild.');
    expect((await catalogueService.productBySlugOrId('sold-out-band')).stock).toBe(6);
  });

  it('falls back to a rebuild for a stock-only change when there is no purge token, and purges after a rebuild only with one', async () => {
    expect((await run([catalogueFile('base.json', makeCatalogue()), '--set-stock'])).code).toBe(0);
    const stockOnly = await run([catalogueFile('restock.json', withStock('lotus-ring', 2)), '--set-stock', '--publish'], {
      NETLIFY_PURGE_API_TOKEN: '',
    });
    expect(stockOnly.code).toBe(0);
    expect(calls.map((c) => c.kind)).toEqual(['hook']);
    expect(stockOnly.out).toContain('cannot be purged alone');

    calls = [];
    const renamed = makeCatalogue(defaultProducts().map((p) => (p.slug === 'leaf-ring' ? { ...p, name: 'Leaf Ring, Oxidised' } : p)));
    const content = await run([catalogueFile('renamed.json', renamed), '--publish'], { NETLIFY_SITE_ID: '' });
    expect(calls.map((c) => c.kind)).toEqual(['hook']);
    expect(content.out).toContain('products 1 changed, 3 unchanged');
    expect(content.out).toContain('CDN: not purged now');
  });

  it('exits with an error and a retry command when the build hook fails, keeping the import', async () => {
    hookStatus = 404;
    const { code, out } = await run([catalogueFile('catalogue.json', makeCatalogue()), '--set-stock', '--publish']);
    expect(code).toBe(1);
    expect(out).toMatch(/Publishing failed: The build hook http:\/\/127\.0\.0\.1:\d+\/…3e78 answered 404/);
    expect(out).toContain('Retry publishing with: npm run catalogue:publish');
    expect(calls.map((c) => c.kind)).toEqual(['hook']);
    expect(await catalogueRepository.productCount()).toBe(4);
  });
});

describe('catalogue:import --publish without a build hook (local)', () => {
  let server: ShopServer;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    server = await startShopServer({ port, quiet: true });
  });
  afterAll(async () => server?.close());

  const local = { NETLIFY_BUILD_HOOK_URL: '', PORT: '' };
  const lotusPrice = async () => {
    const res = await fetch(`${server.url}/api/get-collection/bridal-edit`);
    const body = (await res.json()) as { products: { slug: string; price: number; stock: number }[] };
    return { cache: res.headers.get('cache-status'), lotus: body.products.find((p) => p.slug === 'lotus-ring')! };
  };

  it('rebuilds the local site and clears the running server’s cache for a content change; only the cache for stock', async () => {
    const env = { ...local, PORT: String(port) };
    expect((await run([catalogueFile('base.json', makeCatalogue()), '--set-stock'], env)).code).toBe(0);
    expect((await lotusPrice()).lotus.price).toBe(1499);

    const repriced = makeCatalogue(defaultProducts().map((p) => (p.slug === 'lotus-ring' ? { ...p, price: 1599 } : p)));
    const file = catalogueFile('repriced.json', repriced);
    // Imported but not published: the local CDN keeps answering with the old price.
    expect((await run([file], env)).code).toBe(0);
    expect(await lotusPrice()).toMatchObject({ cache: expect.stringContaining('hit'), lotus: { price: 1499 } });

    const published = await run([catalogueFile('repriced-again.json', { ...repriced, headings: [{ message: 'New' }] }), '--publish'], env);
    expect(published.code).toBe(0);
    expect(published.rebuilds).toHaveLength(1);
    expect(published.out).toContain('Rebuild: no NETLIFY_BUILD_HOOK_URL, so the local site is rebuilt into dist/');
    expect(published.out).toMatch(/Local server at http:\/\/127\.0\.0\.1:\d+: dropped \d+ cached answer\(s\)\./);
    expect((await lotusPrice()).lotus.price).toBe(1599);

    await lotusPrice();
    const restock = await run(
      [catalogueFile('restock.json', { products: [{ ...repriced.products![0], stock: 3 }] }), '--set-stock', '--publish'],
      env,
    );
    expect(restock.code).toBe(0);
    expect(restock.rebuilds).toHaveLength(0);
    expect(restock.out).toMatch(/dropped \d+ cached answer\(s\) tagged "catalogue"/);
    expect(await lotusPrice()).toMatchObject({ lotus: { price: 1599, stock: 3 } });
    expect(calls).toEqual([]);
  });

  it('says so when no local server is running', async () => {
    expect((await run([catalogueFile('base.json', makeCatalogue()), '--set-stock'], local)).code).toBe(0);
    const { out } = await run([catalogueFile('restock.json', withStock('lotus-ring', 1)), '--set-stock', '--publish'], {
      ...local,
      PORT: String(await freePort()),
    });
    expect(out).toMatch(/Local server: none running at http:\/\/127\.0\.0\.1:\d+, so there is no cache to clear\./);
  });
});
