/**
 * npm run bench:checkout [-- --seconds 8 --clients 1,16,64]
 * Places cash-on-delivery orders (1 to 3 lines, a different shopper and Idempotency-Key each time, stock
 * large enough) through POST /api/orderCheck_out on the locally served shop (warm functions, as a
 * production instance runs), at each concurrency, and prints orders/s, p50/p95/p99 and errors next to the
 * order's own floor, measured in the same run at the same concurrency: the database work no placement can
 * avoid, issued by this bench with the driver (each line's conditional stock take on its own unit, one
 * after the other, then the insert of an order document of the same size), in the same 1-to-3-line mix.
 * Target: 0 errors, and an order's p95 at most 2× its floor's p95: whatever the function adds (its reads,
 * the attempt record, pricing, HTTP) must cost no more than the writes themselves.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { ObjectId } from 'mongodb';
import { MongoClient } from 'mongodb';
import { seedSampleCatalogue } from '../scripts/seed';
import { closeDb } from '@server/db';
import { unitPrice } from '@shared/pricing';
import { ms, runClosedLoop, type LoadResult } from './db-floor';
import { benchDatabase, printTable, startServerProcess, setThrowawaySecrets } from './lib';
import { benchAddresses, signedInShoppers } from './shoppers';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '8' }, clients: { type: 'string', default: '1,16,64' } } });
const seconds = Number(values.seconds);
const levels = values.clients.split(',').map(Number);

setThrowawaySecrets();

const db = await benchDatabase('bench_checkout');
await seedSampleCatalogue({ reset: true, log: () => {} });
const client = await MongoClient.connect(db.uri);
const catalogue = client.db('bench_checkout');
const products = catalogue.collection<{ _id: ObjectId; price: number; discountPrice: number | null; sizes?: unknown }>('products');
// Stock large enough that no order is refused: this measures placement, not shortage.
await catalogue.collection('inventory').updateMany({}, { $set: { stock: 10_000_000 } });
// Lines cheap enough that three of them stay under the cash-on-delivery limit (pieces sold as one, no size).
const cheap = (await products.find({}).toArray())
  .filter((p) => !p.sizes && unitPrice(p) <= 800)
  .map((p) => ({ productId: p._id.toHexString(), price: unitPrice(p) }));
if (cheap.length < 3) throw new Error('the sample catalogue needs at least 3 products at or under ₹800');

const shopperCount = 400;
const tokens = await signedInShoppers(shopperCount, 7_100_000_000, 'Bench');
await closeDb();

const { shippingInfo, billingInfo } = benchAddresses('Bench');

let next = 0;
/** One COD order body of 1 to 3 distinct cheap lines, priced as the checkout page would show it. */
function orderBody(): string {
  const n = 1 + (next % 3);
  const start = next % cheap.length;
  const lines = Array.from({ length: n }, (_, i) => ({ ...cheap[(start + i) % cheap.length]!, quantity: 1 }));
  const subtotal = lines.reduce((s, l) => s + l.price, 0);
  return JSON.stringify({
    products: lines,
    shippingInfo,
    billingInfo,
    paymentMethod: 'cod',
    shippingCost: 100,
    totalAmount: Math.round((subtotal + 100) * 100) / 100,
  });
}

const server = await startServerProcess('warm', false);
let firstFailure = '';
const placeOrder = async () => {
  const i = next++;
  const res = await fetch(`${server.url}/api/orderCheck_out`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i % shopperCount]}`, 'idempotency-key': randomUUID() },
    body: orderBody(),
  });
  const text = await res.text();
  if (res.status !== 201) {
    firstFailure ||= `HTTP ${res.status}: ${text.slice(0, 200)}`;
    throw new Error(`HTTP ${res.status}`);
  }
};

// Warm the function instance and the connection pool.
await runClosedLoop(4, 1, placeOrder);

/**
 * The order's own floor, in a database of its own on the same server: each line's stock take (the conditional
 * $inc a placement makes on that unit's inventory document), one after the other as an order takes them, then
 * the insert of a copy of an order the shop just stored (same fields, same size). 1 to 3 lines, as the orders.
 */
const floorDb = client.db('bench_checkout_floor');
await floorDb.dropDatabase();
const floorUnits = floorDb.collection<{ _id: string; stock: number }>('inventory');
await floorUnits.insertMany(cheap.map((c) => ({ _id: c.productId, stock: 1_000_000_000 })));
const { _id: _storedId, ...storedOrder } = (await catalogue.collection('orders').findOne({}))!;
const floorOrders = floorDb.collection('orders');
// The unique indexes an order's insert maintains (the embedded database keeps only unique ones; indexes.ts).
await floorOrders.createIndexes([
  { key: { idempotencyKey: 1 }, unique: true, sparse: true },
  { key: { razorpayOrderId: 1 }, unique: true, sparse: true },
]);
let nextFloor = 0;
const orderFloor = async () => {
  const i = nextFloor++;
  const n = 1 + (i % 3);
  const start = i % cheap.length;
  for (let k = 0; k < n; k++)
    await floorUnits.updateOne({ _id: cheap[(start + k) % cheap.length]!.productId, stock: { $gte: 1 } }, { $inc: { stock: -1 } });
  await floorOrders.insertOne({ ...storedOrder, idempotencyKey: randomUUID(), createdAt: new Date() });
};
await runClosedLoop(4, 0.5, orderFloor);

const rows: (string | number)[][] = [];
let pass = true;
for (const clients of levels) {
  process.stderr.write(`  ${clients} clients...\n`);
  const orders: LoadResult = await runClosedLoop(clients, seconds, placeOrder);
  const own = await runClosedLoop(clients, Math.min(seconds, 5), orderFloor);
  const ratio = orders.p95 / own.p95;
  pass &&= orders.errors === 0 && own.errors === 0 && ratio <= 2;
  rows.push([
    clients,
    Math.round(orders.opsPerSecond),
    ms(orders.p50),
    ms(orders.p95),
    ms(orders.p99),
    orders.errors,
    ms(own.p50),
    ms(own.p95),
    `${ratio.toFixed(2)}×`,
  ]);
}
await floorDb.dropDatabase();
await server.stop();
const placed = await client.db('bench_checkout').collection('orders').countDocuments();
await client.close();
await db.stop();

console.log(`\nOrder placement (COD, 1-3 lines, POST /api/orderCheck_out through the local server; ${seconds} s per row; ms)\n`);
printTable(['clients', 'orders/s', 'p50', 'p95', 'p99', 'errors', 'floor p50', 'floor p95', 'p95 / floor'], rows);
console.log(`\n${placed} orders stored.${firstFailure ? ` First failure: ${firstFailure}` : ''}`);
console.log("Floor: the same mix of orders' own database work (each line's stock take, then the order's insert) through the driver.");
console.log(`Target: 0 errors and p95 ≤ 2× the floor at every concurrency: ${pass ? 'PASS' : 'FAIL'}`);
process.exit(pass ? 0 : 1);
