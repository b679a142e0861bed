/**
 * npm run bench:crash [-- --kills 10 --shoppers 12]
 * Shoppers place cash-on-delivery orders (some with a code), pay online (create the Razorpay order, pay it in
 * the local sandbox, confirm) and cancel their orders (a paid one is refunded), and an admin refunds pieces of
 * paid orders, while the whole local shop (its server with the functions and the sandbox, and the embedded
 * database) is killed with SIGKILL at a random moment and started again, `--kills` times. A request cut by a kill
 * is retried with its Idempotency-Key, as a browser would, or abandoned. Then the reconciliation runs as an
 * operator runs it after an outage (`npm run reconcile -- --settle-now`), and every invariant is checked and
 * printed: stock taken equals stock held by orders, per unit; nothing left open; a code's uses equal the orders
 * that used it; money captured equals money kept on paid orders plus money refunded; refunds never exceed what
 * was paid; an invoiced order's refund credit notes equal its refunds; one order per attempt; each confirmation
 * texted at least once and at most twice. Target: 0 violations.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MongoClient, type ObjectId } from 'mongodb';
import { freePort, startEmbeddedDb, type EmbeddedDb } from '../scripts/lib/ferretdb';
import { seedSampleCatalogue } from '../scripts/seed';
import { closeDb } from '@server/db';
import { SANDBOX_KEY_ID } from '@server/env';
import { discountsRepository } from '@server/repositories/discounts.repository';
import { usersRepository } from '@server/repositories/users.repository';
import { setUnitStock } from '../tests/fixtures/stock';
import { stockLedgerService } from '@server/services/stock-ledger.service';
import { roundToPaise } from '@shared/money';
import { unitPrice } from '@shared/pricing';
import { printTable, startServerProcess, setThrowawaySecrets } from './lib';
import { benchAddresses, signedInShoppers } from './shoppers';

const { values } = parseArgs({ options: { kills: { type: 'string', default: '10' }, shoppers: { type: 'string', default: '12' } } });
const kills = Number(values.kills);
const shopperCount = Number(values.shoppers);

setThrowawaySecrets();
process.env.MONGODB_DB = 'bench_crash';

const dataDir = mkdtempSync(join(tmpdir(), 'silver-shop-crash-'));
const dbPort = await freePort();
let db: EmbeddedDb = await startEmbeddedDb({ port: dbPort, dataDir, reuse: false });
process.env.MONGODB_URI = db.uri;

await seedSampleCatalogue({ reset: true, log: () => {} });
const client = await MongoClient.connect(db.uri);
const shop = () => client.db('bench_crash');
type ProductRow = { _id: ObjectId; price: number; discountPrice: number | null; sizes?: unknown };
const pieces = (await shop().collection<ProductRow>('products').find({}).toArray())
  .filter((p) => !p.sizes && unitPrice(p) <= 800)
  .slice(0, 6)
  .map((p) => ({ productId: p._id.toHexString(), price: unitPrice(p) }));
const START_STOCK = 60;
// A count, as an admin would save it: the change is a movement of each unit's ledger, checked at the end.
for (const { productId } of pieces) await setUnitStock(shop(), productId, START_STOCK);
const CODE = 'CRASH100';
await discountsRepository.create(
  CODE,
  {
    kind: 'flat',
    value: 100,
    minOrder: 0,
    maxOff: null,
    startsAt: null,
    endsAt: null,
    totalUses: 40,
    perShopperUses: null,
    firstOrderOnly: false,
    note: '',
  },
  'admin:bench',
);
const tokens = await signedInShoppers(shopperCount, 7_200_000_000, 'Crash');
// An admin refunding pieces of paid orders while the shop is killed under them.
const [adminToken] = await signedInShoppers(1, 7_300_000_000, 'Ops');
await usersRepository.setRole('7300000000', 'admin');
await closeDb();

const { shippingInfo, billingInfo } = benchAddresses('Crash');

/** 1 or 2 distinct pieces, as a cart would hold them, and their subtotal. */
function cart(): { products: { productId: string; price: number; quantity: number }[]; subtotal: number } {
  const start = randomInt(pieces.length);
  const lines = Array.from({ length: 1 + randomInt(2) }, (_, i) => ({
    ...pieces[(start + i) % pieces.length]!,
    quantity: 1 + randomInt(2),
  }));
  return { products: lines, subtotal: lines.reduce((s, l) => s + l.price * l.quantity, 0) };
}

let base = '';
let running = true;
/** Orders paid online, which the admin refunds piece by piece. */
const paidOrders: string[] = [];
const tally = { sent: 0, answered: 0, cut: 0, retried: 0, refused: 0, fiveHundreds: 0 };

/** The fields of the shop's answers a shopper reads on (the sandbox's pay answer included). */
type Answer = {
  order?: { _id?: string; id?: string };
  orderId?: string;
  razorpay_order_id?: string;
  razorpay_payment_id?: string;
  razorpay_signature?: string;
};

/** One API call as a browser makes it; null when the shop died under it (no answer). */
async function call(token: string, path: string, body: unknown, key?: string): Promise<{ status: number; body: Answer } | null> {
  tally.sent++;
  try {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const answer = { status: res.status, body: ((await res.json().catch(() => null)) ?? {}) as Answer };
    tally.answered++;
    if (res.status >= 500) tally.fiveHundreds++;
    else if (res.status >= 400) tally.refused++;
    return answer;
  } catch {
    tally.cut++;
    return null;
  }
}

/** A shopper: orders, pays, cancels; a request the shop died under is retried with its key (or given up). */
async function shopper(token: string): Promise<void> {
  const orders: string[] = [];
  let pending: { path: string; body: unknown; key: string } | null = null;
  while (running) {
    if (!base) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    if (pending && randomInt(10) < 7) {
      tally.retried++;
      const r = await call(token, pending.path, pending.body, pending.key);
      if (r) {
        if (r.body.order?._id) orders.push(r.body.order._id);
        if (r.body.orderId) orders.push(r.body.orderId);
        pending = null;
      }
      continue;
    }
    pending = null;
    const roll = randomInt(10);
    const { products, subtotal } = cart();
    const code = randomInt(3) === 0 ? { discountCode: CODE, discount: 100 } : {};
    const off = code.discountCode ? 100 : 0;
    if (roll < 5) {
      const body = {
        products,
        shippingInfo,
        billingInfo,
        paymentMethod: 'cod',
        shippingCost: 100,
        totalAmount: roundToPaise(subtotal - off + 100),
        ...code,
      };
      const key = randomUUID();
      const r = await call(token, '/api/orderCheck_out', body, key);
      if (!r) pending = { path: '/api/orderCheck_out', body, key };
      else if (r.status === 201 && r.body.order?._id) orders.push(r.body.order._id);
    } else if (roll < 8) {
      const body = {
        products,
        shippingInfo,
        billingInfo,
        amount: roundToPaise(subtotal - off),
        ...code,
      };
      const key = randomUUID();
      const created = await call(token, '/api/create-razorpay-order', body, key);
      if (!created) {
        pending = { path: '/api/create-razorpay-order', body, key };
        continue;
      }
      const { orderId, order } = created.body;
      if (created.status !== 200 || !orderId || !order?.id) continue;
      orders.push(orderId);
      // Some shoppers close Checkout without paying: the order waits for its hold to lapse.
      if (randomInt(5) === 0) continue;
      const paid = await call(token, '/razorpay-sandbox/checkout/pay', { key: SANDBOX_KEY_ID, order_id: order.id, outcome: 'success' });
      if (!paid || paid.status !== 200) continue;
      const confirmed = await call(token, `/api/orders/${orderId}/payment`, {
        razorpayOrderId: paid.body.razorpay_order_id,
        razorpayPaymentId: paid.body.razorpay_payment_id,
        razorpaySignature: paid.body.razorpay_signature,
      });
      if (confirmed?.status === 200) paidOrders.push(orderId);
    } else if (orders.length) {
      await call(token, `/api/orders/${orders[randomInt(orders.length)]}/cancel`, {});
    }
  }
}

/**
 * The admin: refunds one piece of the first line of a paid order every moment, through Razorpay (a cancel or a
 * refund already made refuses it), and sends a refund the shop died under again with its key, as the page does.
 */
async function refunder(token: string): Promise<void> {
  let pending: { path: string; body: unknown; key: string } | null = null;
  while (running) {
    await new Promise((r) => setTimeout(r, 150));
    if (!base) continue;
    if (pending) {
      tally.retried++;
      if (await call(token, pending.path, pending.body, pending.key)) pending = null;
      continue;
    }
    if (!paidOrders.length) continue;
    const path = `/api/admin/orders/${paidOrders[randomInt(paidOrders.length)]}/refunds`;
    const body = { lines: [{ index: 0, quantity: 1 }], method: 'razorpay' };
    const key = randomUUID();
    if (!(await call(token, path, body, key))) pending = { path, body, key };
  }
}

/** Starts the shop: the database on its own data (after a kill: what it had made durable), then the server. */
async function startShop(): Promise<Awaited<ReturnType<typeof startServerProcess>>> {
  db = await startEmbeddedDb({ port: dbPort, dataDir, reuse: false });
  const server = await startServerProcess('warm', false, { logs: false });
  base = server.url;
  return server;
}

const started = Date.now();
const load = [...Array.from({ length: shopperCount }, (_, i) => shopper(tokens[i]!)), refunder(adminToken!)];
// The seeding's database stops first: the shop's own is started (and killed) from here on, on the same data.
await db.stop();
let server = await startShop();
for (let k = 1; k <= kills; k++) {
  await new Promise((r) => setTimeout(r, 1500 + randomInt(2500)));
  // The whole shop at once, mid-request: no shutdown of any kind.
  base = '';
  await Promise.all([server.kill(), db.kill!()]);
  process.stderr.write(`  kill ${k}/${kills} after ${tally.sent} requests (${tally.cut} cut so far)\n`);
  server = await startShop();
}
// A last stretch of load on the restarted shop, then the shoppers stop.
await new Promise((r) => setTimeout(r, 2000));
running = false;
await Promise.all(load);

// The operator's settle-now, against the running shop's sandbox (its Razorpay answers the refunds asked again).
process.env.RAZORPAY_SANDBOX_URL = `${base}/razorpay-sandbox`;
const { reconcilePayments } = await import('@server/services/reconcile.service');
// Every process of the killed shops is gone and the last one serves no shopper: 5 s is enough (settle-now's own
// wait is for a shop that may be serving again).
const SETTLED_AFTER_MS = 5_000;
await new Promise((r) => setTimeout(r, SETTLED_AFTER_MS + 1000));
const settled = await reconcilePayments(new Date(), { abandonedAfterMs: SETTLED_AFTER_MS, settleNow: true });
await closeDb();

// ---- Invariants ----
type Line = { productId: ObjectId; quantity: number };
type OrderRow = {
  _id: ObjectId;
  orderNumber: string;
  invoiceNumber?: string;
  refundedPaise?: number;
  refund?: { amountPaise: number; status: string } | null;
  refunds?: Record<string, { key: string; paise: number; status: string }>;
  status: string;
  paymentMethod: string;
  paymentStatus: string;
  totalPaise: number;
  products: Line[];
  stock: { state: string };
  discount?: { code: string };
  idempotencyKey?: string;
  razorpayOrderId?: string;
  notices?: Record<string, { state: string }>;
  noticesDue?: string[];
};
const orders = await shop().collection<OrderRow>('orders').find({}).toArray();
const violations: string[] = [];
const checks: (string | number)[][] = [];
const check = (name: string, found: string[]) => {
  checks.push([name, found.length ? `${found.length} VIOLATION(S)` : 'ok']);
  violations.push(...found.map((f) => `${name}: ${f}`));
};

const inventory = await shop()
  .collection<{ _id: string; stock: number; open?: Record<string, number> }>('inventory')
  .find({ _id: { $in: pieces.map((p) => p.productId) } })
  .toArray();
check(
  'stock taken = stock held by orders, per unit',
  inventory.flatMap((u) => {
    const held = orders
      .filter((o) => o.stock.state === 'taken')
      .flatMap((o) => o.products)
      .filter((l) => l.productId.toHexString() === u._id)
      .reduce((n, l) => n + l.quantity, 0);
    return START_STOCK - u.stock === held ? [] : [`${u._id}: ${START_STOCK - u.stock} taken, ${held} held by orders`];
  }),
);
check(
  'no take left open',
  inventory.filter((u) => Object.keys(u.open ?? {}).length).map((u) => `${u._id}: ${JSON.stringify(u.open)}`),
);
const codeDoc = await shop().collection<{ _id: string; used: number; holders: string[] }>('discount_codes').findOne({ _id: CODE });
const usingCode = orders.filter((o) => o.discount?.code === CODE && o.status !== 'cancelled');
check(
  "a code's uses = the orders that used it",
  codeDoc!.used === usingCode.length && codeDoc!.holders.length === usingCode.length
    ? []
    : [`${CODE}: used ${codeDoc!.used}, ${codeDoc!.holders.length} marks, ${usingCode.length} orders`],
);
check('at most 40 uses of a 40-use code', codeDoc!.used <= 40 ? [] : [`${codeDoc!.used} uses`]);
const byKey = new Map<string, number>();
for (const o of orders) if (o.idempotencyKey) byKey.set(o.idempotencyKey, (byKey.get(o.idempotencyKey) ?? 0) + 1);
check(
  'one order per checkout attempt',
  [...byKey].filter(([, n]) => n > 1).map(([k, n]) => `${k}: ${n} orders`),
);
type Payment = { _id: string; amount: number; amount_refunded: number; status: string; order_id: string };
const payments = await shop()
  .collection<Payment>('razorpay_sandbox_payments')
  .find({ status: { $in: ['captured', 'refunded'] } })
  .toArray();
const byRazorpayOrder = new Map(orders.filter((o) => o.razorpayOrderId).map((o) => [o.razorpayOrderId!, o]));
check(
  'money captured = money kept on paid orders + money refunded',
  payments.flatMap((p) => {
    const o = byRazorpayOrder.get(p.order_id);
    if (!o) return [`payment ${p._id}: no order`];
    const kept = p.amount - p.amount_refunded;
    // A cancelled order keeps nothing; another keeps what it charged less the pieces refunded.
    const shouldKeep = o.status === 'cancelled' ? 0 : o.totalPaise - (o.refundedPaise ?? 0);
    const out =
      kept === shouldKeep ? [] : [`${o.orderNumber} (${o.status}, ${o.paymentStatus}): kept ${kept} paise, should keep ${shouldKeep}`];
    if (p.amount_refunded > p.amount) out.push(`${o.orderNumber}: refunded ${p.amount_refunded} of ${p.amount}`);
    return out;
  }),
);
check(
  'refunds never exceed what was paid, per order',
  orders.flatMap((o) => {
    const ledger = Object.values(o.refunds ?? {}).filter((e) => e.status !== 'failed');
    const refunded = ledger.reduce((n, e) => n + e.paise, 0) + (o.refund && o.refund.status !== 'failed' ? o.refund.amountPaise : 0);
    return refunded <= o.totalPaise && (o.refundedPaise ?? 0) <= o.totalPaise
      ? []
      : [`${o.orderNumber}: ${refunded} paise refunded (${o.refundedPaise ?? 0} counted) of ${o.totalPaise}`];
  }),
);
const refundNotes = await shop()
  .collection<{ orderId: ObjectId; kind: string; refundKey: string | null; amountPaise: number }>('credit_notes')
  .find({ kind: 'refund' })
  .toArray();
check(
  "an invoiced order's refund credit notes = its refunds made",
  orders
    .filter((o) => o.invoiceNumber)
    .flatMap((o) => {
      const made = Object.values(o.refunds ?? {})
        .filter((e) => e.status === 'processed')
        .reduce((n, e) => n + e.paise, 0);
      const credited = refundNotes.filter((n) => n.orderId.equals(o._id)).reduce((n, c) => n + c.amountPaise, 0);
      return made === credited ? [] : [`${o.orderNumber}: ${made} paise refunded, ${credited} credited`];
    }),
);
const capturedOrders = new Set(payments.map((p) => p.order_id));
check(
  'every order marked paid has its payment',
  orders.filter((o) => o.paymentStatus === 'paid' && !capturedOrders.has(o.razorpayOrderId ?? '')).map((o) => o.orderNumber),
);
const ledger = await stockLedgerService.check();
check(
  "every unit's stock = the sum of its ledger's movements",
  ledger.disagreeing.map((u) => `${u.unit}: stock ${u.stock} (+${u.inFlight} in flight), movements ${u.ledgerTotal}`),
);
const texts = await shop().collection<{ text: string }>('sms_outbox').find({}).toArray();
const confirmedOrders = orders.filter((o) => o.paymentMethod === 'cod' || o.paymentStatus === 'paid' || o.paymentStatus === 'refunded');
check(
  'each confirmation texted at least once, at most twice',
  confirmedOrders.flatMap((o) => {
    if (o.paymentMethod !== 'cod' && o.status === 'cancelled' && o.paymentStatus === 'refunded') return [];
    const n = texts.filter((t) => t.text.includes(`order ${o.orderNumber} `) && t.text.includes('is confirmed')).length;
    return n >= 1 && n <= 2
      ? []
      : [
          `${o.orderNumber} (${o.paymentMethod}, ${o.status}, ${o.paymentStatus}): ${n} confirmations; messages ${JSON.stringify(o.notices ?? {})}, due ${JSON.stringify(o.noticesDue ?? [])}`,
        ];
  }),
);

const seconds = (Date.now() - started) / 1000;
console.log(
  `\n${kills} kills of the whole shop (server, functions, database) in ${seconds.toFixed(0)} s, ${shopperCount} shoppers: ${tally.sent} requests, ${tally.answered} answered (${tally.refused} refused with a 4xx, ${tally.fiveHundreds} 5xx), ${tally.cut} cut by a kill, ${tally.retried} retries with the same key.`,
);
console.log(
  `Orders: ${orders.length} (${orders.filter((o) => o.paymentMethod === 'cod').length} COD, ${orders.filter((o) => o.paymentStatus === 'paid').length} paid online, ${orders.filter((o) => o.status === 'cancelled').length} cancelled); ${payments.length} payments captured.`,
);
console.log(
  `Settle-now: ${settled.abandoned.stockGivenBack.length} takes of unplaced orders given back (${settled.abandoned.stockGivenBack.reduce((n, r) => n + r.quantity, 0)} pieces), ${settled.abandoned.usesGivenBack.length} code uses given back, ${settled.abandoned.takesClosed} takes of stored orders closed, ${settled.abandoned.movesFinished.length} cancels finished, ${settled.abandoned.refundsStarted.length} refunds of cancelled orders started, ${settled.paid.length} payments found, ${settled.refundsAsked} refunds asked again, messages sent on ${settled.noticesRetried} orders${settled.errors.length ? `; errors: ${settled.errors.join('; ')}` : ''}.\n`,
);
printTable(['invariant', 'result'], checks);
for (const v of violations.slice(0, 30)) console.log(`  ${v}`);
console.log(`\n${violations.length} violations.`);

await server.stop();
await client.close();
// The ledger check read through the shop's own client (opened again after the settle-now closed it).
await closeDb();
await db.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exitCode = violations.length ? 1 : 0;
