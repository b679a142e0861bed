import { MongoClient } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { makeCatalogue, makeProduct } from '../fixtures/catalogue';
import { makeShopper } from '../fixtures/shoppers';
import { makeStaff } from '../fixtures/staff';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { stableId } from '@server/services/catalogue-ids';
import { clearCatalogueList } from '@server/services/catalogue-editor.service';
import products from '@functions/admin_catalogue_products';
import product from '@functions/admin_catalogue_product';
import history from '@functions/admin_catalogue_product_history';
import preview from '@functions/admin_catalogue_product_preview';
import options from '@functions/admin_catalogue_options';
import getPublicProduct from '@functions/get_products';
import productStock from '@functions/admin_catalogue_product_stock';

const { uri, name } = setupTestDatabase();
let client: MongoClient;
let editor: Awaited<ReturnType<typeof makeStaff>>;
let admin: Awaited<ReturnType<typeof makeStaff>>;

const idOf = (slug: string) => stableId('products', slug).toHexString();
const get = (token?: string) => (token ? { headers: { authorization: `Bearer ${token}` } } : {});
const send = (token: string | undefined, method: string, body: unknown) => ({
  method,
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});
const list = (query: string, token = editor.token) => call(products, `/api/admin/catalogue/products${query}`, get(token));
const open = (slug: string, token = editor.token) => call(product, `/api/admin/catalogue/products/${idOf(slug)}`, get(token));
const save = (slug: string, version: number, body: unknown, token = editor.token) =>
  call(product, `/api/admin/catalogue/products/${idOf(slug)}`, send(token, 'PUT', { version, product: body }));
const liveDoc = (slug: string) => client.db(name).collection('products').findOne({ slug });

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  const rows = [
    makeProduct({ slug: 'lotus-ring', name: 'Lotus Ring', price: 1299, stock: 12 }),
    makeProduct({ slug: 'moon-ring', name: 'Moon Ring', price: 999, stock: 1, collections: ['bridal-edit'] }),
    makeProduct({ slug: 'temple-jhumka', name: 'Temple Jhumka', price: 2499, stock: 6, subcategory: 'jhumkas' }),
    makeProduct({
      slug: 'band-ring',
      name: 'Band Ring',
      price: 1500,
      stock: undefined,
      subcategory: 'couple-bands',
      sizes: {
        guide: 'ring',
        values: [
          { value: '10', stock: 4, sku: 'BND-10' },
          { value: '12', stock: 2, sku: 'BND-12' },
        ],
      },
    }),
    ...Array.from({ length: 26 }, (_, i) =>
      makeProduct({ slug: `plain-stud-${i + 1}`, name: `Plain Stud ${i + 1}`, stock: 20, subcategory: 'jhumkas' }),
    ),
  ];
  expect((await importCatalogue(makeCatalogue(rows), { overwriteStock: true })).ok).toBe(true);
  [editor, admin] = await Promise.all([makeStaff('editor', 'Asha'), makeStaff('admin', 'Ravi')]);
  return () => client.close();
});

describe('who may use the catalogue calls', () => {
  it('editors and admins; shoppers get 403 and signed-out callers 401, on every call', async () => {
    const shopper = await makeShopper();
    const id = idOf('lotus-ring');
    const calls = [
      (t?: string) => call(products, '/api/admin/catalogue/products', get(t)),
      (t?: string) => call(products, '/api/admin/catalogue/products', send(t, 'POST', {})),
      (t?: string) => call(product, `/api/admin/catalogue/products/${id}`, get(t)),
      (t?: string) => call(product, `/api/admin/catalogue/products/${id}`, send(t, 'PUT', {})),
      (t?: string) => call(history, `/api/admin/catalogue/products/${id}/history`, get(t)),
      (t?: string) => call(options, '/api/admin/catalogue/options', get(t)),
      (t?: string) => call(productStock, `/api/admin/catalogue/products/${id}/stock`, send(t, 'POST', {})),
    ];
    for (const [i, c] of calls.entries()) {
      expect((await c(shopper.token)).status, `call ${i} as a shopper`).toBe(403);
      expect((await c()).status, `call ${i} signed out`).toBe(401);
      expect([200, 400], `call ${i} as an editor`).toContain((await c(editor.token)).status);
      expect([200, 400], `call ${i} as an admin`).toContain((await c(admin.token)).status);
    }
  });
});

describe('the product list', () => {
  it('pages the products, each row with its first photo, name, price, stock and status', async () => {
    const first = await list('?pageSize=10');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, total: 30, page: 1, pageSize: 10 });
    expect(first.body.products).toHaveLength(10);
    const third = await list('?pageSize=10&page=3');
    expect(third.body.products).toHaveLength(10);
    const band = (await list('?search=band')).body.products[0];
    expect(band).toEqual({
      _id: idOf('band-ring'),
      name: 'Band Ring',
      slug: 'band-ring',
      photo: '/uploads/products/band-ring-1.jpg',
      price: 1500,
      discountPrice: null,
      stock: 6,
      status: 'active',
      draft: null,
    });
  });

  it('finds by name, web address or a size’s SKU, in any case', async () => {
    const names = async (q: string) => (await list(q)).body.products.map((p: { slug: string }) => p.slug);
    expect(await names('?search=LOTUS')).toEqual(['lotus-ring']);
    expect(await names('?search=temple-jh')).toEqual(['temple-jhumka']);
    expect(await names('?search=bnd-12')).toEqual(['band-ring']);
    expect(await names('?search=a.*')).toEqual([]);
  });

  it('filters by status, category, subcategory, low stock and no photo', async () => {
    const slugs = async (q: string) => (await list(q)).body.products.map((p: { slug: string }) => p.slug).sort();
    expect((await list('?category=rings')).body.total).toBe(3);
    expect(await slugs('?subcategory=couple-bands')).toEqual(['band-ring']);
    expect(await slugs('?lowStock=1')).toEqual(['band-ring', 'moon-ring']);
    expect(await slugs('?status=archived')).toEqual([]);
    expect((await list('?status=active')).body.total).toBe(30);
    await client
      .db(name)
      .collection('products')
      .updateOne({ slug: 'plain-stud-26' }, { $set: { image: [] } });
    // Live products change only by import or publish, which clear the list's cache; this test changes one directly.
    clearCatalogueList();
    expect(await slugs('?noPhoto=1')).toEqual(['plain-stud-26']);
  });

  it('refuses a query it does not understand, saying why', async () => {
    expect((await list('?status=sold')).body.message).toMatch(/status must be draft, active or archived/);
    expect((await list('?category=no-such')).status).toBe(400);
    expect((await list('?pageSize=1000')).status).toBe(400);
    expect((await list('?sort=price')).status).toBe(400);
  });
});

describe('drafts', () => {
  const newRing = { name: 'Kamal Ring', price: 1899, discountPrice: null, stock: 3, subcategory: 'adjustable-rings', hsn: '7113' };

  it('a new product is a draft: listed first, never in the live catalogue', async () => {
    const before = await client.db(name).collection('products').countDocuments();
    const r = await call(products, '/api/admin/catalogue/products', send(editor.token, 'POST', { product: newRing }));
    expect(r.status).toBe(201);
    expect(r.body.draft).toMatchObject({ version: 1, isNew: true, savedBy: 'Asha Shah', product: { slug: 'kamal-ring', status: 'draft' } });
    expect(await client.db(name).collection('products').countDocuments()).toBe(before);
    const row = (await list('')).body.products[0];
    expect(row).toMatchObject({ _id: r.body.draft._id, name: 'Kamal Ring', stock: null, status: 'draft', draft: 'new' });
    expect((await list('?status=draft')).body.products.map((p: { name: string }) => p.name)).toEqual(['Kamal Ring']);
  });

  it('refuses a product the schema refuses, with the shop’s words on the field', async () => {
    const r = await call(products, '/api/admin/catalogue/products', send(editor.token, 'POST', { product: { ...newRing, price: 0 } }));
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('The price must be more than ₹0');
    const sub = await call(
      products,
      '/api/admin/catalogue/products',
      send(editor.token, 'POST', { product: { ...newRing, subcategory: 'nope' } }),
    );
    expect(sub).toMatchObject({ status: 400, body: { message: 'Choose a subcategory from the list' } });
    const taken = await call(
      products,
      '/api/admin/catalogue/products',
      send(editor.token, 'POST', { product: { ...newRing, slug: 'lotus-ring' } }),
    );
    expect(taken.status).toBe(409);
    const extra = await call(
      products,
      '/api/admin/catalogue/products',
      send(editor.token, 'POST', { product: { ...newRing, $where: '1' } }),
    );
    expect(extra.status).toBe(400);
  });

  it('opens a live product as the form edits it, at version 0', async () => {
    const r = await open('band-ring');
    expect(r.status).toBe(200);
    expect(r.body.draft).toMatchObject({
      version: 0,
      isNew: false,
      liveStock: { '10': 4, '12': 2 },
      product: {
        name: 'Band Ring',
        subcategory: 'couple-bands',
        status: 'active',
        sizes: {
          guide: 'ring',
          name: 'Ring size',
          values: [
            { value: '10', stock: 4, sku: 'BND-10' },
            { value: '12', stock: 2 },
          ],
        },
      },
    });
    expect((await call(product, '/api/admin/catalogue/products/0123456789abcdef01234567', get(editor.token))).status).toBe(404);
    expect((await call(product, '/api/admin/catalogue/products/not-an-id', get(editor.token))).status).toBe(400);
  });

  it('saving changes the draft and keeps a version, never the live product', async () => {
    const { draft } = (await open('moon-ring')).body;
    const saved = await save('moon-ring', 0, { ...draft.product, price: 1099, seoTitle: 'Moon ring in 92.5 silver' });
    expect(saved.status).toBe(200);
    expect(saved.body.draft).toMatchObject({ version: 1, product: { price: 1099 } });
    expect(await liveDoc('moon-ring')).toMatchObject({ price: 999 });
    expect((await open('moon-ring')).body.draft).toMatchObject({ version: 1, savedBy: 'Asha Shah', product: { price: 1099 } });
    expect((await list('?search=moon')).body.products[0]).toMatchObject({ price: 999, draft: 'changed' });

    const again = await save('moon-ring', 1, { ...saved.body.draft.product, description: 'Crescent.' }, admin.token);
    expect(again.body.draft.version).toBe(2);
    const h = await call(history, `/api/admin/catalogue/products/${idOf('moon-ring')}/history`, get(editor.token));
    expect(h.body.versions).toEqual([
      { version: 2, at: expect.any(String), by: 'Ravi Shah', changed: ['description'] },
      { version: 1, at: expect.any(String), by: 'Asha Shah', changed: ['price', 'seoTitle'] },
    ]);
  });

  it('a save from an old version is refused with who saved since and when, and changes nothing', async () => {
    const { draft } = (await open('temple-jhumka')).body;
    expect((await save('temple-jhumka', 0, { ...draft.product, price: 2599 }, admin.token)).status).toBe(200);
    const late = await save('temple-jhumka', 0, { ...draft.product, price: 2199 });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(
      /^Ravi Shah saved this product at \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2}\s?[ap]m, after you opened it\. Reload it/i,
    );
    const stale = await save('temple-jhumka', 5, { ...draft.product, price: 2199 });
    expect(stale.status).toBe(409);
    expect((await open('temple-jhumka')).body.draft).toMatchObject({ version: 1, product: { price: 2599 } });
  });

  it('of saves from the same version at once, exactly one wins; each win is one version', async () => {
    const { draft } = (await open('lotus-ring')).body;
    const first = await Promise.all(Array.from({ length: 8 }, (_, i) => save('lotus-ring', 0, { ...draft.product, price: 1300 + i })));
    expect(first.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const next = await Promise.all(
      Array.from({ length: 8 }, (_, i) => save('lotus-ring', 1, { ...draft.product, price: 1400 + i }, i % 2 ? admin.token : editor.token)),
    );
    expect(next.filter((r) => r.status === 200)).toHaveLength(1);
    expect(next.filter((r) => r.status === 409)).toHaveLength(7);
    const winner = next.find((r) => r.status === 200)!.body.draft.product.price;
    expect((await open('lotus-ring')).body.draft).toMatchObject({ version: 2, product: { price: winner } });
    const versions = (await call(history, `/api/admin/catalogue/products/${idOf('lotus-ring')}/history`, get(editor.token))).body.versions;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(await liveDoc('lotus-ring')).toMatchObject({ price: 1299 });
  });

  it('restores a saved version as a new draft, over the version loaded, and keeps it as a version', async () => {
    const restore = (body: unknown, token = editor.token) =>
      call(history, `/api/admin/catalogue/products/${idOf('band-ring')}/history`, send(token, 'POST', body));
    const { draft } = (await open('band-ring')).body;
    await save('band-ring', 0, { ...draft.product, price: 1600 });
    await save('band-ring', 1, { ...draft.product, price: 1700, description: 'Brushed.' });
    const r = await restore({ version: 2, restore: 1 });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Version 1 is restored as a new draft (version 3). Publish to put it live.');
    expect(r.body.draft).toMatchObject({ version: 3, product: { price: 1600, description: draft.product.description } });
    const versions = (await call(history, `/api/admin/catalogue/products/${idOf('band-ring')}/history`, get(editor.token))).body.versions;
    expect(versions[0]).toMatchObject({ version: 3, by: 'Asha Shah', changed: ['description', 'price'] });
    expect(await liveDoc('band-ring')).toMatchObject({ price: 1500 });
    // Restoring from a version someone has saved over is refused like any late save; an unknown version is a 404.
    expect((await restore({ version: 2, restore: 1 })).status).toBe(409);
    expect((await restore({ version: 3, restore: 9 })).status).toBe(404);
    expect((await restore({ version: 3, restore: 0 })).status).toBe(400);
    expect((await restore({ version: 3, restore: 1 }, (await makeShopper()).token)).status).toBe(403);
  });

  it('previews a product as it will be live: the saved draft mapped as Publish maps it, to editors and admins only', async () => {
    const look = (id: string, token = editor.token) => call(preview, `/api/admin/catalogue/products/${id}/preview`, get(token));
    const asLive = await look(idOf('plain-stud-3'));
    expect(asLive.body).toMatchObject({
      version: 0,
      live: true,
      status: 'active',
      product: { slug: 'plain-stud-3', name: 'Plain Stud 3' },
    });
    const { draft } = (await open('plain-stud-3')).body;
    await save('plain-stud-3', 0, { ...draft.product, name: 'Plain Stud Classic', attributes: { Stone: 'None' } });
    const changed = await look(idOf('plain-stud-3'));
    expect(changed.body).toMatchObject({
      version: 1,
      live: true,
      product: { name: 'Plain Stud Classic', attributes: { Stone: 'None' }, stock: draft.liveStock[''] },
    });
    expect((await call(getPublicProduct, '/api/getProducts/plain-stud-3')).body.products.name).toBe('Plain Stud 3');
    const created = await call(
      products,
      '/api/admin/catalogue/products',
      send(editor.token, 'POST', {
        product: { name: 'Preview Ring', price: 1200, stock: 7, subcategory: 'adjustable-rings', image: ['products/p-1.jpg'] },
      }),
    );
    const fresh = await look(created.body.draft._id, admin.token);
    expect(fresh.body).toMatchObject({
      version: 1,
      live: false,
      status: 'draft',
      product: { name: 'Preview Ring', stock: 7, image: ['/uploads/products/p-1.jpg'] },
    });
    expect((await look(idOf('plain-stud-3'), (await makeShopper()).token)).status).toBe(403);
    expect((await call(preview, `/api/admin/catalogue/products/${idOf('plain-stud-3')}/preview`)).status).toBe(401);
    expect((await look('0123456789abcdef01234567')).status).toBe(404);
  });

  it('offers the categories, subcategories and collections a product may name', async () => {
    const r = await call(options, '/api/admin/catalogue/options', get(editor.token));
    expect(r.body.subcategories).toContainEqual({ slug: 'jhumkas', name: 'Jhumkas', category: 'earrings' });
    expect(r.body.collections.map((c: { slug: string }) => c.slug)).toEqual(['bridal-edit', 'everyday-minimal']);
  });
});

describe('stock from the product form', () => {
  const stockCall = (slug: string, body: unknown, token = editor.token) =>
    call(productStock, `/api/admin/catalogue/products/${idOf(slug)}/stock`, send(token, 'POST', body));
  const stockOf = async (unit: string) =>
    (await client.db(name).collection<{ _id: string; stock: number }>('inventory').findOne({ _id: unit }))?.stock;

  it('goes through the inventory’s rules: a count only if still what was shown, recorded with who and why', async () => {
    const unit = `${idOf('band-ring')}:12`;
    const r = await stockCall('band-ring', { mode: 'set', unit, expected: 2, stock: 9, reason: 'count', note: 'Shelf count' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, message: 'Stock is now 9', unit: { stock: 9 }, change: { from: 2, to: 9 } });
    expect(await stockOf(unit)).toBe(9);
    const change = await client.db(name).collection('stock_changes').findOne({ unit });
    expect(change).toMatchObject({ from: 2, to: 9, reason: 'count', note: 'Shelf count', by: `editor:${editor.phone}` });

    // A count from an old look at the stock (an order took pieces meanwhile) is refused, never written over.
    const stale = await stockCall('band-ring', { mode: 'set', unit, expected: 2, stock: 5, reason: 'count' });
    expect(stale.status).toBe(409);
    expect(await stockOf(unit)).toBe(9);
    const taken = await stockCall('band-ring', { mode: 'adjust', unit, delta: -20, reason: 'damaged' });
    expect(taken.status).toBe(409);
  });

  it('only for the product’s own units', async () => {
    const r = await stockCall('band-ring', { mode: 'adjust', unit: idOf('lotus-ring'), delta: 1, reason: 'count' });
    expect(r).toMatchObject({ status: 400, body: { message: 'That stock is not this product’s' } });
    expect((await stockCall('band-ring', { mode: 'adjust', unit: `${idOf('band-ring')}:12`, delta: 1 })).status).toBe(400);
  });
});
