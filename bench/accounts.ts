/**
 * npm run bench:accounts [-- --seconds 5 --clients 16]
 * Sign-in and order reads through the locally served shop (warm functions), next to the database floor
 * measured in the same run at the same concurrency:
 *   POST /api/user_login       (a new phone each time: a code challenge written and a text kept)
 *   POST /api/verify-otp       (a right code each time: the code used up, the user upserted, a token signed)
 *   GET  /api/get_order-details (a shopper with 100 orders)
 *   GET  /api/get_order-all     (an admin's first page, 20 of 100+ orders, with the total)
 *   POST /api/admin/orders/{id}/refunds (one unit of a paid online order through the Razorpay sandbox: the
 *        ledger claim, the SDK call with its idempotency key, the settlement, the text and the webhook)
 * Prints ops/s, p50/p95/p99 and errors per operation, and the floor's conditional-$inc and point-read p95.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { MongoClient, ObjectId } from 'mongodb';
import { closeDb } from '@server/db';
import type { OrderDoc } from '@server/collections';
import { ordersRepository } from '@server/repositories/orders.repository';
import { usersRepository } from '@server/repositories/users.repository';
import { issueToken } from '@server/services/tokens';
import { orderNumber } from '@shared/orders';
import { ms, prepareFloor, runClosedLoop, type LoadResult } from './db-floor';
import { benchDatabase, percentile, printTable, startServerProcess, setThrowawaySecrets } from './lib';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, clients: { type: 'string', default: '16' } } });
const seconds = Number(values.seconds);
const clients = Number(values.clients);

setThrowawaySecrets();
// The per-network cap on code sends is raised: every request comes from 127.0.0.1.
process.env.OTP_IP_SENDS_PER_HOUR = '100000';

const db = await benchDatabase('bench_accounts');
const client = await MongoClient.connect(db.uri);
const mongo = client.db('bench_accounts');

// A shopper with 100 orders, and an admin.
const shopper = await usersRepository.signIn('7000000001', { firstName: 'Bench', lastName: 'Shopper', email: '' });
const admin = await usersRepository.signIn('7000000002', { firstName: 'Bench', lastName: 'Admin', email: '' });
await usersRepository.setRole(admin.phone, 'admin');
const address = {
  firstName: 'Bench',
  lastName: 'Shopper',
  email: '',
  country: 'India' as const,
  address: '1 Test Street',
  apartment: '',
  city: 'Pune',
  state: 'Maharashtra' as const,
  pincode: '411001',
  phone: '9876543210',
};
const { email: _email, ...billing } = address;
for (let i = 0; i < 100; i++) {
  const _id = new ObjectId();
  const at = new Date(Date.now() - i * 3600_000);
  const doc: OrderDoc = {
    _id,
    userId: shopper._id,
    orderNumber: orderNumber(_id.toHexString()),
    products: [1, 2].map((n) => ({
      productId: new ObjectId(),
      name: `Ring ${i}-${n}`,
      slug: `ring-${i}-${n}`,
      thumbnail: 'products/ring.jpg',
      image: 'products/ring.jpg',
      pricePaise: 99_900,
      quantity: n,
    })),
    shippingInfo: address,
    billingInfo: billing,
    paymentMethod: i % 2 ? 'cod' : 'razorpay',
    subtotalPaise: 299_700,
    shippingPaise: 0,
    totalPaise: 299_700,
    status: i % 5 ? 'confirmed' : 'delivered',
    paymentStatus: i % 2 ? 'cod_pending' : 'paid',
    stock: { state: 'taken', holdExpiresAt: null },
    statusHistory: [{ status: 'confirmed', at, by: 'customer' }],
    needsAttention: null,
    refund: null,
    createdAt: at,
    updatedAt: at,
  };
  await ordersRepository.insert(doc);
}
// Paid online orders to refund one unit at a time (20 units each), with their captured sandbox payments; another
// shopper's, so the order reads above still list 100.
const refundShopper = await usersRepository.signIn('7000000003', { firstName: 'Bench', lastName: 'Refunds', email: '' });
const REFUND_ORDERS = 300;
const UNITS = 20;
const refundOrders: string[] = [];
for (let i = 0; i < REFUND_ORDERS; i++) {
  const _id = new ObjectId();
  const at = new Date();
  const paymentId = `pay_bench${String(i).padStart(6, '0')}`;
  await ordersRepository.insert({
    _id,
    userId: refundShopper._id,
    orderNumber: orderNumber(_id.toHexString()),
    products: [
      {
        productId: new ObjectId(),
        name: 'Bench Toe Ring',
        slug: 'bench-toe-ring',
        thumbnail: 'products/ring.jpg',
        image: 'products/ring.jpg',
        pricePaise: 49_900,
        quantity: UNITS,
      },
    ],
    shippingInfo: address,
    billingInfo: billing,
    paymentMethod: 'razorpay',
    subtotalPaise: 49_900 * UNITS,
    shippingPaise: 0,
    totalPaise: 49_900 * UNITS,
    status: 'confirmed',
    paymentStatus: 'paid',
    razorpayOrderId: `order_bench${String(i).padStart(6, '0')}`,
    razorpayPaymentId: paymentId,
    stock: { state: 'taken', holdExpiresAt: null },
    statusHistory: [{ status: 'confirmed', at, by: 'razorpay' }],
    needsAttention: null,
    refund: null,
    createdAt: at,
    updatedAt: at,
  });
  await mongo.collection('razorpay_sandbox_payments').insertOne({
    _id: paymentId as never,
    entity: 'payment',
    amount: 49_900 * UNITS,
    currency: 'INR',
    status: 'captured',
    order_id: `order_bench${String(i).padStart(6, '0')}`,
    method: 'upi',
    amount_refunded: 0,
    refund_status: null,
    captured: true,
    error_code: null,
    error_description: null,
    created_at: Math.floor(Date.now() / 1000),
  });
  refundOrders.push(_id.toHexString());
}
const shopperToken = await issueToken({ userId: shopper._id.toHexString(), version: shopper.tokenVersion });
const adminToken = await issueToken({ userId: admin._id.toHexString(), version: admin.tokenVersion });
await closeDb();

const server = await startServerProcess('warm', false);
const floor = await prepareFloor(db.uri, 'bench_accounts_floor', clients);
let phoneSeq = 0;
const nextPhone = () => `8${String(100_000_000 + phoneSeq++).slice(-9)}`;
const post = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const ok = async (res: Response, status = 200) => {
  const text = await res.text();
  if (res.status !== status) throw new Error(`HTTP ${res.status}: ${text.slice(0, 160)}`);
};

/** Runs op once per item, `clients` at a time, and reports like runClosedLoop. */
async function runOverItems<T>(items: T[], op: (item: T) => Promise<void>): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let first: unknown;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        const t = performance.now();
        try {
          await op(item);
          latencies.push(performance.now() - t);
        } catch (err) {
          errors += 1;
          first ??= err;
        }
      }
    }),
  );
  if (first) console.error('  first error:', first instanceof Error ? first.message : first);
  latencies.sort((a, b) => a - b);
  const elapsed = (performance.now() - started) / 1000;
  return {
    ops: latencies.length,
    opsPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
  };
}

const login = (phone: string) => post('/api/user_login', { firstName: 'Bench', lastName: 'Login', phone });

// Warm the instance.
await runClosedLoop(2, 0.5, () => login(nextPhone()).then((r) => ok(r)));

process.stderr.write('  user_login...\n');
const loginResult = await runClosedLoop(clients, seconds, () => login(nextPhone()).then((r) => ok(r)));

// Codes to check: as many phones as the login run managed, from the outbox.
process.stderr.write('  verify-otp...\n');
const sent = await mongo.collection<{ to: string; text: string; createdAt: Date }>('sms_outbox').find({}).sort({ createdAt: -1 }).toArray();
const latestByPhone = new Map<string, string>();
for (const t of sent) if (!latestByPhone.has(t.to)) latestByPhone.set(t.to, /^(\d{4})/.exec(t.text)![1]!);
const verifyResult = await runOverItems([...latestByPhone].slice(0, Math.max(200, loginResult.ops)), ([mobile, otp]) =>
  post('/api/verify-otp', { mobile, otp }).then((r) => ok(r)),
);

process.stderr.write('  get_order-details...\n');
const detailsResult = await runClosedLoop(clients, seconds, () =>
  fetch(`${server.url}/api/get_order-details`, { headers: { authorization: `Bearer ${shopperToken}` } }).then((r) => ok(r)),
);
process.stderr.write('  get_order-all...\n');
const allResult = await runClosedLoop(clients, seconds, () =>
  fetch(`${server.url}/api/get_order-all?page=1&pageSize=20`, { headers: { authorization: `Bearer ${adminToken}` } }).then((r) => ok(r)),
);
process.stderr.write('  refunds...\n');
// Round by round over the orders, so concurrent refunds mostly hit different orders (as admins would).
const refundItems = Array.from({ length: UNITS }, () => refundOrders).flat();
const refundResult = await runOverItems(refundItems.slice(0, Math.max(400, Math.round(detailsResult.opsPerSecond * seconds))), (orderId) =>
  fetch(`${server.url}/api/admin/orders/${orderId}/refunds`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ lines: [{ index: 0, quantity: 1 }], method: 'razorpay' }),
  }).then((r) => ok(r, 201)),
);
process.stderr.write('  floor...\n');
const inc = await floor.measure('conditional $inc (one doc)', clients, seconds);
const read = await floor.measure('point read by _id', clients, seconds);
await floor.close();
await server.stop();
await client.close();
await db.stop();

const row = (name: string, r: LoadResult) => [
  name,
  clients,
  Math.round(r.opsPerSecond),
  ms(r.p50),
  ms(r.p95),
  ms(r.p99),
  r.errors,
  `${(r.p95 / inc.p95).toFixed(2)}×`,
];
console.log(
  `\nSign-in, order reads and refunds through the local server at ${clients} concurrent clients (ms); floor measured in the same run\n`,
);
printTable(
  ['operation', 'clients', 'ops/s', 'p50', 'p95', 'p99', 'errors', 'p95 / floor $inc p95'],
  [
    row('POST /api/user_login', loginResult),
    row('POST /api/verify-otp', verifyResult),
    row('GET /api/get_order-details (100 orders)', detailsResult),
    row('GET /api/get_order-all (page of 20)', allResult),
    row('POST /api/admin/orders/{id}/refunds (one unit, sandbox)', refundResult),
    [
      'floor: conditional $inc (one doc)',
      clients,
      Math.round(inc.opsPerSecond),
      ms(inc.p50),
      ms(inc.p95),
      ms(inc.p99),
      inc.errors,
      '1.00×',
    ],
    [
      'floor: point read by _id',
      clients,
      Math.round(read.opsPerSecond),
      ms(read.p50),
      ms(read.p95),
      ms(read.p99),
      read.errors,
      `${(read.p95 / inc.p95).toFixed(2)}×`,
    ],
  ],
);
const errors = loginResult.errors + verifyResult.errors + detailsResult.errors + allResult.errors + refundResult.errors;
process.exit(errors ? 1 : 0);
