/**
 * What our build of the embedded database (tools/ferretdb, FerretDB v1 on SQLite, patched at build time by
 * scripts/lib/ferretdb.ts) changes: lookups by `_id` walk SQLite's `_id` index, also when the filter has
 * more conditions (a stock hold's `{_id, stock: {$gte: n}}`), and every condition still applies. These
 * are plans of the embedded database only; against another server (TEST_MONGODB_URI) they do not apply.
 */
import { randomBytes } from 'node:crypto';
import { MongoClient, ObjectId, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureIndexes } from '@server/indexes';

const client = await MongoClient.connect(inject('mongoUri'));
const isEmbedded = typeof (await client.db().admin().command({ buildInfo: 1 }))['ferretdbVersion'] === 'string';
// Against another server the suite below does not run, and neither would its afterAll.
if (!isEmbedded) await client.close();
let db: Db;

/** The SQLite plan the embedded database reports for a find. */
async function planOf(collection: string, filter: object): Promise<string> {
  const explained = await db.collection(collection).find(filter).explain();
  return JSON.stringify(explained['queryPlanner']);
}

describe.runIf(isEmbedded)('the embedded database', () => {
  beforeAll(() => {
    db = client.db(`embedded_${randomBytes(4).toString('hex')}`);
  });

  afterAll(async () => {
    await db.dropDatabase().catch(() => undefined);
    await client.close();
  });

  it('finds by _id through the _id index, alone or with more conditions, and applies every condition', async () => {
    const items = db.collection<{ _id: ObjectId; stock: number; pad: string }>('items');
    const ids = Array.from({ length: 200 }, () => new ObjectId());
    await items.insertMany(ids.map((_id, i) => ({ _id, stock: i % 7, pad: 'x'.repeat(500) })));
    const _id = ids[12]!; // stock 5

    expect(await planOf('items', { _id })).toMatch(/SEARCH \S+ USING INDEX \S+__id_/);
    expect(await planOf('items', { _id, stock: { $gte: 1 } })).toMatch(/SEARCH \S+ USING INDEX \S+__id_/);

    expect(await items.findOne({ _id, stock: { $gte: 6 } })).toBeNull();
    expect((await items.updateOne({ _id, stock: { $gte: 6 } }, { $inc: { stock: -6 } })).modifiedCount).toBe(0);
    expect((await items.updateOne({ _id, stock: { $gte: 5 } }, { $inc: { stock: -5 } })).modifiedCount).toBe(1);
    expect(await items.findOne({ _id }, { projection: { stock: 1 } })).toEqual({ _id, stock: 0 });
    // Only the one document changed.
    expect(await items.countDocuments({ stock: 0 })).toBe(1 + ids.filter((_, i) => i % 7 === 0).length);
    expect((await items.deleteOne({ _id, stock: { $gt: 0 } })).deletedCount).toBe(0);
    expect((await items.deleteOne({ _id, stock: 0 })).deletedCount).toBe(1);
    expect(await items.countDocuments()).toBe(199);
  });

  it('keeps the unique indexes, which enforce rules, and leaves out secondary ones it could never plan with', async () => {
    await ensureIndexes(db);
    const names = async (c: string) => (await db.collection(c).listIndexes().toArray()).map((i) => String(i['name'])).sort();
    expect(await names('products')).toEqual(['_id_', 'slug_unique']);
    expect(await names('orders')).toEqual(['_id_', 'idempotency_unique', 'razorpay_order_unique']);
    expect(await names('users')).toEqual(['_id_', 'phone_unique']);
  });
});
