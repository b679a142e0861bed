/**
 * Prices from the day's silver rate: an admin sees which prices a rate changes and by how much, sets it (over the
 * version read, one winner of many at once), and the new prices are saved as drafts for Publish; an editor's save
 * of a rate-priced piece is priced by the server at the rate, whatever the form sent.
 */
import { MongoClient } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { makeCatalogue, makeProduct } from '../fixtures/catalogue';
import { makeShopper } from '../fixtures/shoppers';
import { makeStaff } from '../fixtures/staff';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { stableId } from '@server/services/catalogue-ids';
import { priceFromRate } from '@shared/silver-rate';
import silverRate from '@functions/admin_catalogue_silver_rate';
import product from '@functions/admin_catalogue_product';
import history from '@functions/admin_catalogue_product_history';
import options from '@functions/admin_catalogue_options';

const { uri, name } = setupTestDatabase();
let client: MongoClient;
let admin: Awaited<ReturnType<typeof makeStaff>>;
let editor: Awaited<ReturnType<typeof makeStaff>>;

const PATH = '/api/admin/catalogue/silver-rate';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const look = (query = '', token = admin.token) => call(silverRate, `${PATH}${query}`, { headers: auth(token) });
const set = (body: unknown, token = admin.token) =>
  call(silverRate, PATH, { method: 'POST', headers: { ...auth(token), 'content-type': 'application/json' }, body: JSON.stringify(body) });
const idOf = (slug: string) => stableId('products', slug).toHexString();
const open = (slug: string, token = editor.token) => call(product, `/api/admin/catalogue/products/${idOf(slug)}`, { headers: auth(token) });

const mandala = { making: { kind: 'percent' as const, value: 79.9 }, stone: 0 };
const twist = { making: { kind: 'rupees' as const, value: 201 }, stone: 40 };

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  const rows = [
    makeProduct({ slug: 'mandala-ring', name: 'Mandala Ring', price: 749, weightGrams: 4.5, pricing: mandala }),
    makeProduct({ slug: 'twist-ring', name: 'Twist Ring', price: 599, weightGrams: 4.3, pricing: twist }),
    makeProduct({ slug: 'lotus-ring', name: 'Lotus Ring', price: 999 }),
    makeProduct({ slug: 'temple-jhumka', subcategory: 'jhumkas' }),
  ];
  expect(await importCatalogue(makeCatalogue(rows), { overwriteStock: true })).toMatchObject({ ok: true });
  [admin, editor] = await Promise.all([makeStaff('admin', 'Ravi'), makeStaff('editor', 'Asha')]);
  return () => client.close();
});

describe('the silver rate', () => {
  it('is for admins: editors and shoppers get 403, signed-out callers 401', async () => {
    const shopper = await makeShopper();
    for (const token of [editor.token, shopper.token]) {
      expect((await look('', token)).status).toBe(403);
      expect((await set({ rupeesPerGram: 90, rateVersion: 0, products: [] }, token)).status).toBe(403);
    }
    expect((await call(silverRate, PATH)).status).toBe(401);
  });

  it('refuses a rate that is not rupees and paise a gram, saying why', async () => {
    expect((await look('?rate=92.555')).body.message).toContain('at most two decimals');
    expect((await look('?rate=-1')).body.message).toContain('The rate must be more than ₹0 a gram');
    const bad = await set({ rupeesPerGram: 0, rateVersion: 0, products: [] });
    expect(bad).toMatchObject({ status: 400 });
    expect(bad.body.message).toContain('The rate must be more than ₹0 a gram');
  });

  it('cannot price a piece from the rate before one is set: the save says so', async () => {
    const opened = (await open('twist-ring')).body.draft;
    const saved = await call(product, `/api/admin/catalogue/products/${idOf('twist-ring')}`, {
      method: 'PUT',
      headers: { ...auth(editor.token), 'content-type': 'application/json' },
      body: JSON.stringify({ version: opened.version, product: opened.product }),
    });
    expect(saved.status).toBe(400);
    expect(saved.body.message).toBe(
      'Set the day’s silver rate first (Silver rate, in the admin menu): without it this price cannot be worked out',
    );
    expect(await look()).toMatchObject({ status: 200, body: { rate: null, proposed: null, changes: [], unchanged: 0 } });
  });

  it('shows which prices a rate changes and by how much, sets it, and saves them as versioned drafts', async () => {
    const shown = (await look('?rate=92.5')).body;
    // At ₹92.50 the mandala ring's charges make its price; the twist ring's new stone charge adds ₹40.
    expect(shown).toMatchObject({ rate: null, proposed: 92.5, unchanged: 1 });
    expect(shown.changes).toEqual([
      { id: idOf('twist-ring'), name: 'Twist Ring', version: 0, weightGrams: 4.3, from: 599, to: priceFromRate(4.3, 92.5, twist) },
    ]);

    const r = await set({ rupeesPerGram: 92.5, rateVersion: 0, products: [{ id: idOf('twist-ring'), version: 0 }] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      message: 'The silver rate is ₹92.50 a gram. 1 new price saved: publish to put them live.',
      rate: { rupeesPerGram: 92.5, version: 1, setBy: 'Ravi Shah' },
      repriced: 1,
      skipped: [],
    });
    const twistDraft = (await open('twist-ring')).body.draft;
    expect(twistDraft).toMatchObject({ version: 1, savedBy: 'Ravi Shah', product: { price: priceFromRate(4.3, 92.5, twist) } });
    const versions = (await call(history, `/api/admin/catalogue/products/${idOf('twist-ring')}/history`, { headers: auth(editor.token) }))
      .body.versions;
    expect(versions[0]).toMatchObject({ version: 1, by: 'Ravi Shah', changed: ['price'] });
    // The live shop keeps its price until the drafts are published.
    expect((await client.db(name).collection('products').findOne({ slug: 'twist-ring' }))?.['price']).toBe(599);
    // The product form is told the rate.
    expect((await call(options, '/api/admin/catalogue/options', { headers: auth(editor.token) })).body.silverRate).toBe(92.5);
    expect((await look()).body).toMatchObject({ proposed: 92.5, changes: [], unchanged: 2 });
  });

  it('prices an editor’s save at the rate, whatever price the form sent', async () => {
    const opened = (await open('mandala-ring')).body.draft;
    const saved = await call(product, `/api/admin/catalogue/products/${idOf('mandala-ring')}`, {
      method: 'PUT',
      headers: { ...auth(editor.token), 'content-type': 'application/json' },
      body: JSON.stringify({ version: opened.version, product: { ...opened.product, price: 1, weightGrams: 5 } }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.draft.product.price).toBe(priceFromRate(5, 92.5, mandala));
    // A weight and charges that come to more than a piece may cost are refused, naming the sum.
    const heavy = await call(product, `/api/admin/catalogue/products/${idOf('mandala-ring')}`, {
      method: 'PUT',
      headers: { ...auth(editor.token), 'content-type': 'application/json' },
      body: JSON.stringify({
        version: saved.body.draft.version,
        product: { ...saved.body.draft.product, weightGrams: 4900, pricing: { making: { kind: 'percent', value: 1000 }, stone: 0 } },
      }),
    });
    expect(heavy.status).toBe(400);
    expect(heavy.body.message).toMatch(
      /^At today’s rate Mandala Ring would cost ₹[\d,]+: a piece must cost below ₹10,00,000\. Check its weight and charges\.$/,
    );
  });

  it('is refused, with nothing written, when the rate or a piece changed after the prices were shown', async () => {
    const before = (await look()).body.rate;
    const stale = await set({ rupeesPerGram: 100, rateVersion: 0, products: [] });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(
      /^Ravi Shah set the silver rate to ₹92\.50 a gram at .+, after you opened this page\. Look at the new prices again\.$/,
    );
    const unseen = await set({ rupeesPerGram: 100, rateVersion: before.version, products: [] });
    expect(unseen).toMatchObject({ status: 409 });
    expect(unseen.body.message).toBe(
      'A piece priced from the silver rate was saved after these prices were worked out. Look at the new prices again.',
    );
    expect((await look()).body.rate).toEqual(before);
  });

  it('of many admins setting a rate at once, exactly one wins, and each piece is repriced once', async () => {
    const shown = (await look('?rate=101.25')).body;
    expect(shown.changes).toHaveLength(2);
    const body = {
      rupeesPerGram: 101.25,
      rateVersion: shown.rate.version,
      products: shown.changes.map((c: { id: string; version: number }) => ({ id: c.id, version: c.version })),
    };
    const answers = await Promise.all(Array.from({ length: 6 }, () => set(body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await look()).body).toMatchObject({
      rate: { rupeesPerGram: 101.25, version: shown.rate.version + 1 },
      changes: [],
      unchanged: 2,
    });
    for (const change of shown.changes) {
      const draft = (await call(product, `/api/admin/catalogue/products/${change.id}`, { headers: auth(editor.token) })).body.draft;
      expect(draft).toMatchObject({ version: change.version + 1, product: { price: change.to } });
    }
  });
});
