/**
 * The database floor: the cost of the three single-document operations everything else is built from,
 * measured through the official driver at a given concurrency. bench:db prints them; bench:checkout and
 * the sign-in benches measure their own operations next to these in the same run.
 */
import { MongoClient, ObjectId, type Db } from 'mongodb';
import { percentile } from './lib';

/** The operations of the floor, in the order they are printed. */
export const FLOOR_OPERATIONS = ['point read by _id', 'conditional $inc (one doc)', 'insert'] as const;
/** One floor operation. */
export type FloorOperation = (typeof FLOOR_OPERATIONS)[number];

/** What one measured run of an operation at one concurrency gives. */
export interface LoadResult {
  ops: number;
  opsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/**
 * Runs `clients` loops calling op for `seconds`, each loop waiting for its call before the next (a closed
 * loop, like shoppers), and reports throughput and latency percentiles in milliseconds.
 */
export async function runClosedLoop(
  clients: number,
  seconds: number,
  op: (client: number, i: number) => Promise<unknown>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: unknown;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const t = performance.now();
        try {
          await op(client, i);
          latencies.push(performance.now() - t);
        } catch (err) {
          errors += 1;
          firstError ??= err;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  if (firstError) console.error(`  first error at ${clients} clients:`, firstError instanceof Error ? firstError.message : firstError);
  latencies.sort((a, b) => a - b);
  return {
    ops: latencies.length,
    opsPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
  };
}

/** Prepared collections for the floor operations; call close() when done. */
export interface FloorFixture {
  measure(op: FloorOperation, clients: number, seconds: number): Promise<LoadResult>;
  close(): Promise<void>;
}

/** Seeds 1,000 product-like documents and a hot counter document in a database of its own. */
export async function prepareFloor(uri: string, dbName: string, maxClients: number): Promise<FloorFixture> {
  // A pool as large as the highest concurrency, so clients wait on the server, not on the pool.
  const client = await MongoClient.connect(uri, { maxPoolSize: Math.max(10, maxClients) });
  const db: Db = client.db(dbName);
  await db.dropDatabase();
  const products = db.collection<{ _id: ObjectId; name: string; price: number; stock: number }>('floor_products');
  const ids = Array.from({ length: 1000 }, () => new ObjectId());
  await products.insertMany(ids.map((_id, i) => ({ _id, name: `Ring ${i}`, price: 1000 + i, stock: 1_000_000_000 })));
  const hot = ids[0]!;
  const inserts = db.collection<{ at: Date; client: number; i: number }>('floor_inserts');
  const ops: Record<FloorOperation, (c: number, i: number) => Promise<unknown>> = {
    'point read by _id': (c, i) => products.findOne({ _id: ids[(c * 7919 + i) % ids.length]! }),
    // The shape of a stock hold: a condition on the current value and a relative change, on one hot document.
    'conditional $inc (one doc)': () => products.updateOne({ _id: hot, stock: { $gte: 1 } }, { $inc: { stock: -1 } }),
    insert: (c, i) => inserts.insertOne({ at: new Date(), client: c, i }),
  };
  return {
    async measure(op, clients, seconds) {
      // A short warm-up fills the pool so connection set-up is not measured.
      await runClosedLoop(clients, 0.3, ops[op]);
      return runClosedLoop(clients, seconds, ops[op]);
    },
    async close() {
      await db.dropDatabase().catch(() => undefined);
      await client.close();
    },
  };
}

/** Milliseconds with one decimal. */
export const ms = (n: number): string => (Number.isFinite(n) ? n.toFixed(1) : '-');
