/**
 * Collections and subcategories in the back office: names, descriptions and pictures saved as versioned drafts
 * (roles, validation, conflicts under parallel saves), a collection's pieces put in and taken out through each
 * piece's own draft, and Publish putting them live with what it was shown (the shop's API answers them after).
 */
import { createServer, type Server } from 'node:http';
import { MongoClient } from 'mongodb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { makeCatalogue, makeProduct } from '../fixtures/catalogue';
import { makeShopper } from '../fixtures/shoppers';
import { makeStaff } from '../fixtures/staff';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { stableId } from '@server/services/catalogue-ids';
import { resetEnvForTests } from '@server/env';
import { clearCache } from '@server/cache';
import { catalogueDraftsRepository } from '@server/repositories/catalogue-drafts.repository';
import listings from '@functions/admin_catalogue_listings';
import listing from '@functions/admin_catalogue_listing';
import pieces from '@functions/admin_catalogue_collection_pieces';
import product from '@functions/admin_catalogue_product';
import products from '@functions/admin_catalogue_products';
import publish from '@functions/admin_catalogue_publish';
import getCollections from '@functions/get_collections';
import getCollectionProducts from '@functions/get_collection_products';

const { uri, name } = setupTestDatabase();
process.env.CATALOGUE_CACHE_SECONDS = '0';
let client: MongoClient;
let editor: Awaited<ReturnType<typeof makeStaff>>;
let admin: Awaited<ReturnType<typeof makeStaff>>;
let netlify: Server;
let deploys = 0;

const bridal = stableId('collections', 'bridal-edit').toHexString();
const jhumkas = stableId('subcategories', 'jhumkas').toHexString();
const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
const send = (method: string, body: unknown, token = editor.token) => ({
  method,
  headers: { 'content-type': 'application/json', ...auth(token) },
  body: JSON.stringify(body),
});
const collectionPath = `/api/admin/catalogue/collections/${bridal}`;
const open = (path = collectionPath, token = editor.token) => call(listing, path, { headers: auth(token) });
const save = (version: number, fields: unknown, path = collectionPath, token = editor.token) =>
  call(listing, path, send('PUT', { version, listing: fields }, token));
const piece = (slug: string, add: boolean, token = editor.token) =>
  call(pieces, `${collectionPath}/pieces`, send('POST', { productId: stableId('products', slug).toHexString(), add }, token));
const status = () => call(publish, '/api/admin/catalogue/publish', { headers: auth(editor.token) });

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  netlify = createServer((_req, res) => {
    deploys += 1;
    res.writeHead(200).end();
  });
  await new Promise<void>((r) => netlify.listen(0, '127.0.0.1', () => r()));
  process.env.NETLIFY_BUILD_HOOK_URL = `http://127.0.0.1:${(netlify.address() as { port: number }).port}/build_hooks/listings`;
  resetEnvForTests();
  [editor, admin] = await Promise.all([makeStaff('editor', 'Asha'), makeStaff('admin', 'Ravi')]);
  return async () => {
    delete process.env.NETLIFY_BUILD_HOOK_URL;
    resetEnvForTests();
    await client.close();
    await new Promise<void>((r) => netlify.close(() => r()));
  };
});

beforeEach(async () => {
  deploys = 0;
  const db = client.db(name);
  await Promise.all(
    [
      'listing_drafts',
      'home_drafts',
      'catalogue_drafts',
      'catalogue_versions',
      'catalogue_publishes',
      'locks',
      'products',
      'inventory',
      'collections',
    ].map((c) => db.collection(c).deleteMany({})),
  );
  const rows = [
    makeProduct({ slug: 'lotus-ring', name: 'Lotus Ring', price: 1299, stock: 12, collections: ['bridal-edit'] }),
    makeProduct({ slug: 'moon-ring', name: 'Moon Ring', price: 999, stock: 4 }),
    makeProduct({
      slug: 'temple-jhumka',
      name: 'Temple Jhumka',
      price: 2499,
      stock: 6,
      subcategory: 'jhumkas',
      collections: ['bridal-edit'],
    }),
  ];
  expect((await importCatalogue(makeCatalogue(rows), { overwriteStock: true })).errors).toEqual([]);
});

describe('who may edit collections and subcategories', () => {
  it('editors and admins; shoppers get 403 and signed-out callers 401; an unknown id is 404', async () => {
    const shopper = await makeShopper();
    expect((await call(listings, '/api/admin/catalogue/listings', { headers: auth(shopper.token) })).status).toBe(403);
    expect((await open(collectionPath, shopper.token)).status).toBe(403);
    expect((await piece('moon-ring', true, shopper.token)).status).toBe(403);
    expect((await call(listing, collectionPath)).status).toBe(401);
    expect((await open(collectionPath, admin.token)).status).toBe(200);
    expect((await open(`/api/admin/catalogue/collections/${'0'.repeat(24)}`)).status).toBe(404);
    expect((await open('/api/admin/catalogue/collections/bridal-edit')).status).toBe(400);
  });
});

describe('the list and the form', () => {
  it('lists every collection and subcategory with its live pieces, and opens one as live at version 0', async () => {
    const list = (await call(listings, '/api/admin/catalogue/listings', { headers: auth(editor.token) })).body;
    expect(list.collections.map((c: { name: string; pieces: number }) => [c.name, c.pieces])).toEqual([
      ['Bridal Edit', 2],
      ['Everyday Minimal', 0],
    ]);
    expect(list.subcategories.find((s: { slug: string }) => s.slug === 'jhumkas')).toMatchObject({
      pieces: 1,
      waiting: false,
      kind: 'subcategory',
    });
    const { body } = await open();
    expect(body.listing).toMatchObject({
      kind: 'collection',
      slug: 'bridal-edit',
      version: 0,
      listing: { name: 'Bridal Edit', image: 'collections/bridal-edit.jpg' },
      pieces: [
        { slug: 'lotus-ring', name: 'Lotus Ring', onSale: true },
        { slug: 'temple-jhumka', name: 'Temple Jhumka', onSale: true },
      ],
    });
  });

  it('refuses what the form refuses; of many saves from one version exactly one wins, the others are told who and when', async () => {
    const bad = await save(0, { name: ' ', description: 'x'.repeat(2001), image: '../etc/passwd' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Write the name shoppers see/);
    const first = await save(0, { name: 'The Bridal Edit', description: 'For the bride and her sisters.', image: 'photos/bridal.jpg' });
    expect(first.status).toBe(200);
    expect(first.body.listing).toMatchObject({ version: 1, waiting: true, updatedBy: 'Asha Shah' });
    const twins = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        save(1, { name: `Bridal ${i}`, description: '', image: '' }, collectionPath, i % 2 ? admin.token : editor.token),
      ),
    );
    expect(twins.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = twins.filter((r) => r.status === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.body.message).toMatch(/^(Asha|Ravi) Shah saved Bridal Edit at .*, after you opened it\. Reload it/);
    // The live shop is unchanged by a save.
    clearCache();
    expect((await call(getCollections, '/api/get_collection')).body.collections[0].name).toBe('Bridal Edit');
    // A subcategory keeps no description (it has none to show).
    const sub = await save(
      0,
      { name: 'Jhumkas & Chandbalis', description: 'dropped', image: '' },
      `/api/admin/catalogue/subcategories/${jhumkas}`,
    );
    expect(sub.body.listing).toMatchObject({ kind: 'subcategory', listing: { name: 'Jhumkas & Chandbalis', description: '', image: '' } });
  });
});

describe('a collection’s pieces', () => {
  it('are put in and taken out through each piece’s own draft, shown at once and live once published', async () => {
    const added = await piece('moon-ring', true);
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Moon Ring is in Bridal Edit once published (saved in Moon Ring’s draft).');
    const removed = await piece('lotus-ring', false);
    expect(removed.body.listing.pieces.map((p: { slug: string }) => p.slug)).toEqual(['moon-ring', 'temple-jhumka']);
    // The piece's own form says the same.
    const moon = await call(product, `/api/admin/catalogue/products/${stableId('products', 'moon-ring').toHexString()}`, {
      headers: auth(editor.token),
    });
    expect(moon.body.draft.product.collections).toEqual(['bridal-edit']);
    // Asking twice changes nothing more.
    expect((await piece('moon-ring', true)).status).toBe(200);
    expect(
      (
        await call(product, `/api/admin/catalogue/products/${stableId('products', 'moon-ring').toHexString()}`, {
          headers: auth(editor.token),
        })
      ).body.draft.version,
    ).toBe(1);
    expect((await piece('no-such-piece', true)).body.message).toBe('That piece is not in the catalogue.');
    expect((await call(pieces, `${collectionPath}/pieces`, send('POST', { productId: 'moon-ring', add: true }))).body.message).toMatch(
      /Choose a piece/,
    );

    await save(0, { name: 'The Bridal Edit', description: 'For the bride and her sisters.', image: 'photos/bridal.jpg' });
    const waiting = (await status()).body;
    expect(waiting.listings).toEqual([{ id: `collection:${bridal}`, kind: 'collection', version: 1, name: 'The Bridal Edit' }]);
    const shown = waiting.pending.map(({ id, version }: { id: string; version: number }) => ({ id, version }));
    // Shown without the collection: nothing goes live unseen.
    expect((await call(publish, '/api/admin/catalogue/publish', send('POST', { products: shown }))).status).toBe(409);
    const started = await call(
      publish,
      '/api/admin/catalogue/publish',
      send('POST', { products: shown, listings: [{ id: `collection:${bridal}`, version: 1 }] }),
    );
    expect(started.status).toBe(201);
    expect(started.body.message).toBe("Publishing 2 products and 1 collection: the shop's pages are being rebuilt.");
    expect(started.body.publish.listings).toEqual([{ id: `collection:${bridal}`, name: 'The Bridal Edit' }]);
    expect(deploys).toBe(1);

    clearCache();
    const live = (await call(getCollections, '/api/get_collection')).body.collections[0];
    expect(live).toMatchObject({ name: 'The Bridal Edit', description: 'For the bride and her sisters.' });
    expect(live.image[0]).toMatch(/photos\/bridal\.jpg$/);
    const listed = (await call(getCollectionProducts, '/api/get-collection/bridal-edit')).body;
    expect(JSON.stringify(listed)).toContain('Moon Ring');
    expect(JSON.stringify(listed)).not.toContain('Lotus Ring');
    expect((await status()).body.listings).toEqual([]);
    expect((await open()).body.listing).toMatchObject({ version: 1, waiting: false });
    // Its new picture is kept from the photo sweep, live and in the draft.
    expect(await catalogueDraftsRepository.referencedImagePaths()).toContain('photos/bridal.jpg');
  });

  it('a piece not live yet (a draft only) is put in and taken out by its id', async () => {
    const created = await call(
      products,
      '/api/admin/catalogue/products',
      send('POST', {
        product: { name: 'Sketch Ring', price: 500, stock: 2, subcategory: 'adjustable-rings', collections: ['bridal-edit'] },
      }),
    );
    expect(created.status).toBe(201);
    const id = created.body.draft._id as string;
    const members = (await open()).body.listing.pieces.map((p: { id: string }) => p.id);
    expect(members).toContain(id);
    const out = await call(pieces, `${collectionPath}/pieces`, send('POST', { productId: id, add: false }));
    expect(out.status).toBe(200);
    expect(out.body.listing.pieces.map((p: { id: string }) => p.id)).not.toContain(id);
  });
});
