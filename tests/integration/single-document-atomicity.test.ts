/**
 * The promises MongoDB keeps and the shop's money paths rely on: a write to one document is atomic, and a
 * unique index holds under concurrent writes. Runs against the embedded database (the one every local run
 * and CI uses) and against any MongoDB when TEST_MONGODB_URI is set, so the same assertions hold on both.
 */
import { randomBytes } from 'node:crypto';
import { MongoClient, MongoServerError, ObjectId, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

let client: MongoClient;
let db: Db;
const dbName = `guarantees_${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  // A pool as large as the burst, so the calls really reach the server at the same time.
  client = await MongoClient.connect(inject('mongoUri'), { maxPoolSize: 100 });
  db = client.db(dbName);
});

afterAll(async () => {
  await db.dropDatabase().catch(() => undefined);
  await client.close();
});

/** Runs n calls at once and waits for all of them, keeping failures. */
const burst = <T>(n: number, call: (i: number) => Promise<T>) => Promise.allSettled(Array.from({ length: n }, (_, i) => call(i)));

const duplicateKeyCode = (r: PromiseSettledResult<unknown>) =>
  r.status === 'rejected' && r.reason instanceof MongoServerError ? r.reason.code : undefined;

describe('single-document atomicity', () => {
  it('a conditional $inc on stock, 200 buyers of 5 units at once: exactly 5 succeed and stock ends at 0 (findOneAndUpdate)', async () => {
    const products = db.collection<{ _id: ObjectId; stock: number }>('products');
    const _id = new ObjectId();
    await products.insertOne({ _id, stock: 5 });
    const results = await burst(200, () =>
      products.findOneAndUpdate({ _id, stock: { $gte: 1 } }, { $inc: { stock: -1 } }, { returnDocument: 'after' }),
    );
    const sold = results.filter((r) => r.status === 'fulfilled' && r.value !== null);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(sold).toHaveLength(5);
    expect((await products.findOne({ _id }))?.stock).toBe(0);
    // Each winner saw a different remaining stock: 4, 3, 2, 1, 0.
    const after = sold.map((r) => (r as PromiseFulfilledResult<{ stock: number }>).value.stock).sort();
    expect(after).toEqual([0, 1, 2, 3, 4]);
  });

  it('a conditional $inc through updateOne never loses an update: 5 report a change, stock ends at 0', async () => {
    const products = db.collection<{ _id: ObjectId; stock: number }>('products');
    const _id = new ObjectId();
    await products.insertOne({ _id, stock: 5 });
    const results = await burst(200, () => products.updateOne({ _id, stock: { $gte: 1 } }, { $inc: { stock: -1 } }));
    const modified = results.filter((r) => r.status === 'fulfilled' && r.value.modifiedCount === 1);
    expect(modified).toHaveLength(5);
    expect((await products.findOne({ _id }))?.stock).toBe(0);
  });

  it("findOneAndUpdate with returnDocument 'after' returns the document it changed", async () => {
    const orders = db.collection<{ _id: ObjectId; status: string; version: number }>('orders');
    const _id = new ObjectId();
    await orders.insertOne({ _id, status: 'pending_payment', version: 0 });
    // Everyone tries to move the order on; only one transition from the original state can win.
    const results = await burst(50, (i) =>
      orders.findOneAndUpdate(
        { _id, status: 'pending_payment' },
        { $set: { status: 'confirmed', by: `caller-${i}` }, $inc: { version: 1 } },
        { returnDocument: 'after' },
      ),
    );
    const winners = results.flatMap((r) => (r.status === 'fulfilled' && r.value ? [r.value] : []));
    expect(winners).toHaveLength(1);
    expect(winners[0]).toMatchObject({ _id, status: 'confirmed', version: 1 });
    expect(await orders.findOne({ _id })).toEqual(winners[0]);
  });

  it('a counter incremented 500 times at once reads 500', async () => {
    const counters = db.collection<{ _id: string; n: number }>('counters');
    await counters.insertOne({ _id: 'hits', n: 0 });
    const results = await burst(500, () => counters.updateOne({ _id: 'hits' }, { $inc: { n: 1 } }));
    expect(results.every((r) => r.status === 'fulfilled' && r.value.modifiedCount === 1)).toBe(true);
    expect((await counters.findOne({ _id: 'hits' }))?.n).toBe(500);
  });
});

describe('unique indexes under concurrency', () => {
  it('50 concurrent inserts of one unique key: one document, 49 duplicate-key errors (11000)', async () => {
    const keys = db.collection<{ key: string; attempt: number }>('idempotency');
    await keys.createIndexes([{ key: { key: 1 }, unique: true, name: 'key_unique' }]);
    const results = await burst(50, (i) => keys.insertOne({ key: 'order-attempt-1', attempt: i }));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => duplicateKeyCode(r) === 11000)).toHaveLength(49);
    expect(await keys.countDocuments({ key: 'order-attempt-1' })).toBe(1);
  });

  it('50 upserts racing on one unique key end with one document holding every increment', async () => {
    const stats = db.collection<{ productId: string; views: number }>('stats');
    await stats.createIndexes([{ key: { productId: 1 }, unique: true, name: 'product_unique' }]);
    const results = await burst(50, () => stats.updateOne({ productId: 'p1' }, { $inc: { views: 1 } }, { upsert: true }));
    // MongoDB itself may answer a losing upsert with E11000; whatever failed that way did not count.
    const failed = results.filter((r) => r.status === 'rejected');
    expect(failed.every((r) => duplicateKeyCode(r) === 11000)).toBe(true);
    expect(await stats.countDocuments({ productId: 'p1' })).toBe(1);
    expect((await stats.findOne({ productId: 'p1' }))?.views).toBe(50 - failed.length);
  });

  it('50 upserts racing on one _id end with one document', async () => {
    const stats = db.collection<{ _id: string; views: number }>('stats_by_id');
    const results = await burst(50, () => stats.updateOne({ _id: 'p1' }, { $inc: { views: 1 } }, { upsert: true }));
    const failed = results.filter((r) => r.status === 'rejected');
    expect(failed.every((r) => duplicateKeyCode(r) === 11000)).toBe(true);
    expect(await stats.countDocuments({})).toBe(1);
    expect((await stats.findOne({ _id: 'p1' }))?.views).toBe(50 - failed.length);
  });
});
