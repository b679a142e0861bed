/**
 * npm run bench:dashboard [-- --orders 100000 --events 2000000 --runs 30]
 * The owner's dashboard at a year of a busy shop (issue #34): a 500-piece catalogue (a tenth sold in sizes) imported
 * into a throw-away embedded database (or MONGODB_URI), then `orders` orders and `events` product views and clicks
 * spread over the last 365 India days, written with the driver in large batches. The daily figures are then built as
 * the hourly check builds them (checkFigures with fix, from nothing), and checked again without fix: a single
 * mismatch fails the run. Then GET /api/admin/dashboard's work (dashboardService.summary) is timed for today, the
 * last 7, 30 and 365 days and this month, each next to its floor: the same documents (readPlan) read by _id with the
 * driver. Budget: p95 ≤ 300 ms per range; a missed budget is printed, only a wrong figure exits non-zero (a mismatch,
 * a day the rebuild left, or a year's totals other than what was seeded).
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { BSON, MongoClient, ObjectId } from 'mongodb';
import { closeDb } from '@server/db';
import type { OrderDoc, OrderLineDoc, ReturnDoc, StatusChangeDoc } from '@server/collections';
import { orderFigures } from '@server/repositories/order-figures';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { dashboardService, readPlan } from '@server/services/dashboard.service';
import { checkFigures, type FiguresCheckReport } from '@server/services/figures-check.service';
import { daysOf, indiaDay, indiaDayStart, shiftDay } from '@shared/india-time';
import { orderNumber } from '@shared/orders';
import { unitPrice } from '@shared/pricing';
import { makeCatalogue, makeProduct } from '../tests/fixtures/catalogue';
import { ms } from './db-floor';
import { benchDatabase, percentile, printTable } from './lib';
import { benchAddresses } from './shoppers';
import { prng } from '../scripts/images/svg';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    events: { type: 'string', default: '2000000' },
    products: { type: 'string', default: '500' },
    runs: { type: 'string', default: '30' },
    warmups: { type: 'string', default: '3' },
  },
});
const ORDERS = Number(values.orders);
const EVENTS = Number(values.events);
const PRODUCTS = Number(values.products);
const RUNS = Number(values.runs);
const WARMUPS = Number(values.warmups);
const BUDGET_MS = 300;
const DAY_MS = 86_400_000;
const DB_NAME = 'bench_dashboard';

// Seeded, so two runs seed the same mix and their figures compare.
const rand = prng(34);

/** Seconds since `t`, with one decimal. */
const since = (t: number): string => ((performance.now() - t) / 1000).toFixed(1);

/** Thousands separated, as the tables print counts. */
const count = (n: number): string => n.toLocaleString('en-US');

const now = new Date();
const today = indiaDay(now);
const firstDay = shiftDay(today, -364);
const startMs = indiaDayStart(firstDay).getTime();

/**
 * A moment in the year up to now, more often recent than old (the shop grows): rand()^0.8 leans towards 1. Nothing
 * is dated after `now`, so today's range holds only what has happened by the time the bench runs.
 */
const momentInYear = (): number => startMs + rand() ** 0.8 * (now.getTime() - startMs);

/** A piece's index by popularity: the first pieces of the catalogue sell and are viewed far more than the last. */
const popularIndex = (n: number): number => Math.floor(rand() ** 2.2 * n);

const benchStarted = performance.now();
const db = await benchDatabase(DB_NAME);
process.env.UPLOADS_BASE ??= '/uploads';
process.env.SITE_URL ??= 'http://localhost:8888';
const client = await MongoClient.connect(db.uri, { maxPoolSize: 10 });
const mongo = client.db(DB_NAME);
let exitCode = 0;
try {
  // The catalogue, through the same import as the other benches: a tenth in sizes, some sold out or low in stock,
  // so the dashboard's stock lists have lines to rank.
  let started = performance.now();
  const subs = ['adjustable-rings', 'couple-bands', 'jhumkas'];
  const catalogueRows = Array.from({ length: PRODUCTS }, (_, i) =>
    makeProduct({
      slug: `bench-piece-${i}`,
      name: `Bench Piece ${i} ${['Lotus', 'Moon', 'Temple', 'Leaf'][i % 4]}`,
      subcategory: subs[i % 3]!,
      price: 499 + ((i * 137) % 45) * 100,
      ...(i % 10 === 0
        ? {
            stock: undefined,
            sizes: {
              guide: 'ring' as const,
              values: ['8', '10', '12', '14'].map((value, k) => ({ value, stock: (i + k) % 9, sku: `BP-${i}-${value}` })),
            },
          }
        : { stock: i % 40 }),
    }),
  );
  const imported = await importCatalogue({ ...makeCatalogue(catalogueRows), banners: [] }, { overwriteStock: true });
  if (!imported.ok) throw new Error(`import failed: ${JSON.stringify(imported.errors.slice(0, 3))}`);
  const pieces = (
    await mongo
      .collection<{
        _id: ObjectId;
        slug: string;
        name: string;
        price: number;
        discountPrice: number | null;
        sizes?: { values: { value: string }[] };
      }>('products')
      .find({})
      .toArray()
  )
    // Sorted by slug's number, so popularity follows the catalogue's order from run to run.
    .sort((a, b) => Number(a.slug.split('-').at(-1)) - Number(b.slug.split('-').at(-1)));
  process.stderr.write(`  ${pieces.length} products imported in ${since(started)} s\n`);

  const { shippingInfo, billingInfo } = benchAddresses('Bench');
  const shoppers = Array.from({ length: 5_000 }, () => new ObjectId());
  const codes = [
    { code: 'WELCOME10', kind: 'percent' as const, percent: 10, flatPaise: null, maxOffPaise: 50_000 },
    { code: 'FESTIVE15', kind: 'percent' as const, percent: 15, flatPaise: null, maxOffPaise: null },
    { code: 'FLAT200', kind: 'flat' as const, percent: null, flatPaise: 20_000, maxOffPaise: null },
    { code: 'SILVER5', kind: 'percent' as const, percent: 5, flatPaise: null, maxOffPaise: null },
  ];

  // What the seeded data must add up to over the year, to check the dashboard's answer against (not only timed).
  const truth = { orders: 0, salesPaise: 0, views: 0, clicks: 0, returns: 0 };
  const returns: ReturnDoc[] = [];

  /** One order as the shop would have stored it by now: placed at `at`, then moved on as far as time allows. */
  const makeOrder = (): OrderDoc => {
    const _id = new ObjectId();
    const userId = shoppers[Math.floor(rand() * shoppers.length)]!;
    const at = momentInYear();
    const cod = rand() < 0.4;
    const lines: OrderLineDoc[] = [];
    const lineCount = rand() < 0.6 ? 1 : rand() < 0.75 ? 2 : 3;
    for (let k = 0; k < lineCount; k++) {
      const p = pieces[popularIndex(pieces.length)]!;
      const size = p.sizes ? p.sizes.values[Math.floor(rand() * p.sizes.values.length)]!.value : null;
      lines.push({
        productId: p._id,
        name: p.name,
        slug: p.slug,
        thumbnail: `products/${p.slug}-1.jpg`,
        image: `products/${p.slug}-1.jpg`,
        ...(size ? { size, sizeName: 'Ring size' } : {}),
        pricePaise: Math.round(unitPrice(p) * 100),
        quantity: rand() < 0.85 ? 1 : 2,
      });
    }
    const subtotalPaise = lines.reduce((s, l) => s + l.pricePaise * l.quantity, 0);
    let discount: OrderDoc['discount'];
    if (rand() < 0.15) {
      const { code, ...terms } = codes[Math.floor(rand() * codes.length)]!;
      const off = terms.flatPaise ?? Math.round((subtotalPaise * terms.percent!) / 100);
      const amountPaise = Math.min(off, terms.maxOffPaise ?? off, subtotalPaise - 100);
      discount = { code, ...terms, amountPaise };
      // Each line's share of the code, the last taking what rounding left.
      let left = amountPaise;
      lines.forEach((l, k) => {
        const share = k === lines.length - 1 ? left : Math.floor((amountPaise * l.pricePaise * l.quantity) / subtotalPaise);
        l.discountPaise = share;
        left -= share;
      });
    }
    const shippingPaise = cod ? 4_900 : 0;
    const totalPaise = subtotalPaise - (discount?.amountPaise ?? 0) + shippingPaise;

    // Its life: an online payment never made (cancelled by the shop when its hold lapsed), or a sale moving on
    // through packing and delivery as far as the clock has gone, cancelled early by some, refused at the door by
    // a few cash shoppers, refunded in part after delivery for some.
    const history: StatusChangeDoc[] = [];
    const step = (status: OrderDoc['status'], t: number, by: string): boolean => {
      if (t > now.getTime()) return false;
      history.push({ status, at: new Date(t), by });
      return true;
    };
    let paymentStatus: OrderDoc['paymentStatus'] = cod ? 'cod_pending' : 'pending';
    let refund: OrderDoc['refund'] = null;
    let refunds: OrderDoc['refunds'];
    let stockState: OrderDoc['stock']['state'] = 'taken';
    if (!cod) step('pending_payment', at, 'customer');
    const fate = rand();
    if (!cod && fate < 0.05) {
      if (step('cancelled', at + 30 * 60_000, 'system')) {
        paymentStatus = 'failed';
        stockState = 'returned';
      }
    } else {
      const confirmedAt = cod ? at : at + 60_000;
      if (step('confirmed', confirmedAt, cod ? 'customer' : 'payment')) {
        if (!cod) paymentStatus = 'paid';
        const cancelEarly = fate > 0.93;
        const refused = cod && fate > 0.9 && !cancelEarly;
        if (cancelEarly) {
          if (step('cancelled', confirmedAt + 3 * 3_600_000, 'customer')) stockState = 'returned';
        } else if (
          step('packed', confirmedAt + 0.8 * DAY_MS, 'admin') &&
          step('shipped', confirmedAt + 1.5 * DAY_MS, 'admin') &&
          step('out_for_delivery', confirmedAt + 4 * DAY_MS, 'admin')
        ) {
          if (refused) {
            if (step('cancelled', confirmedAt + 4.4 * DAY_MS, 'admin')) stockState = 'returned';
          } else if (step('delivered', confirmedAt + 4.5 * DAY_MS, 'admin')) {
            if (cod) paymentStatus = 'paid';
            const deliveredAt = confirmedAt + 4.5 * DAY_MS;
            // A line refunded after delivery (a return, a fault) for some, by Razorpay or, for cash, by UPI.
            if (rand() < 0.03 && deliveredAt + 3 * DAY_MS <= now.getTime()) {
              const line = lines[0]!;
              const paise = line.pricePaise - Math.floor((line.discountPaise ?? 0) / line.quantity);
              const key = randomBytes(8).toString('hex');
              refunds = {
                [key]: {
                  key,
                  fingerprint: key,
                  lines: [{ index: 0, quantity: 1, paise }],
                  whole: false,
                  paise,
                  method: cod ? 'upi' : 'razorpay',
                  reference: cod ? `UPI${key}` : null,
                  razorpayRefundId: cod ? null : `rfnd_${key}`,
                  status: rand() < 0.05 ? 'failed' : 'processed',
                  by: 'admin',
                  at: new Date(deliveredAt + 3 * DAY_MS),
                  creditNote: null,
                },
              };
            }
            // A return or replacement asked for some delivered orders, a couple of days after delivery.
            if (rand() < 0.02 && deliveredAt + 2 * DAY_MS <= now.getTime()) {
              const line = lines[0]!;
              const askedAt = new Date(deliveredAt + 2 * DAY_MS);
              returns.push({
                _id: `${_id.toHexString()}-0`,
                orderId: _id,
                userId,
                orderNumber: orderNumber(_id.toHexString()),
                lineIndex: 0,
                productId: line.productId,
                name: line.name,
                size: line.size ?? null,
                replacementSize: null,
                quantity: 1,
                kind: rand() < 0.7 ? 'refund' : 'replacement',
                reason: 'size',
                note: '',
                status: 'requested',
                adminNote: '',
                condition: null,
                stockBack: null,
                replacementUnit: null,
                shipment: null,
                refundRef: null,
                history: [{ status: 'requested', at: askedAt, by: 'customer' }],
                noticesDue: [],
                notices: {},
                createdAt: askedAt,
                updatedAt: askedAt,
              });
            }
          }
        }
        // A paid online order cancelled is refunded whole, the same day.
        if (!cod && history.at(-1)?.status === 'cancelled') {
          paymentStatus = 'refunded';
          refund = {
            id: `rfnd_${_id.toHexString()}`,
            status: 'processed',
            amountPaise: totalPaise,
            at: history.at(-1)!.at,
            paymentId: `pay_${_id.toHexString()}`,
          };
        }
      }
    }
    if (!history.length) history.push({ status: 'pending_payment', at: new Date(at), by: 'customer' });
    const last = history.at(-1)!;
    const refundAt = refunds ? Object.values(refunds)[0]!.at : null;
    return {
      _id,
      userId,
      orderNumber: orderNumber(_id.toHexString()),
      products: lines,
      shippingInfo: shippingInfo as OrderDoc['shippingInfo'],
      billingInfo: billingInfo as OrderDoc['billingInfo'],
      paymentMethod: cod ? 'cod' : 'razorpay',
      subtotalPaise,
      ...(discount ? { discount } : {}),
      shippingPaise,
      totalPaise,
      status: last.status,
      paymentStatus,
      ...(cod ? {} : { razorpayOrderId: `order_${_id.toHexString()}`, razorpayPaymentId: `pay_${_id.toHexString()}` }),
      stock: { state: stockState, holdExpiresAt: null },
      statusHistory: history,
      needsAttention: null,
      refund,
      ...(refunds ? { refunds } : {}),
      createdAt: new Date(at),
      updatedAt: refundAt && refundAt > last.at ? refundAt : last.at,
    };
  };

  // Orders, 1,000 to an insert.
  started = performance.now();
  const orders = mongo.collection<OrderDoc>('orders');
  for (let done = 0; done < ORDERS;) {
    const batch = Array.from({ length: Math.min(1_000, ORDERS - done) }, makeOrder);
    for (const o of batch) {
      const figures = orderFigures(o);
      truth.orders += figures[indiaDay(o.createdAt)]?.['shop.orders'] ?? 0;
      truth.salesPaise += figures[indiaDay(o.createdAt)]?.['shop.salesPaise'] ?? 0;
    }
    await orders.insertMany(batch, { ordered: false });
    done += batch.length;
    if (done % 20_000 === 0 || done === ORDERS) process.stderr.write(`  orders: ${count(done)} in ${since(started)} s\n`);
  }
  const orderSeconds = (performance.now() - started) / 1000;
  if (returns.length) await mongo.collection<ReturnDoc>('returns').insertMany(returns, { ordered: false });
  truth.returns = returns.length;

  // Product events, 10,000 to an insert: visitors (a fifth of them clicks), leaning to the popular pieces.
  started = performance.now();
  const events = mongo.collection<{ productId: ObjectId; type: 'view' | 'click'; userId: null; visitorId: string; at: Date }>('events');
  for (let done = 0; done < EVENTS;) {
    const batch = Array.from({ length: Math.min(10_000, EVENTS - done) }, () => {
      const type = rand() < 0.8 ? ('view' as const) : ('click' as const);
      if (type === 'view') truth.views += 1;
      else truth.clicks += 1;
      return {
        productId: pieces[popularIndex(pieces.length)]!._id,
        type,
        userId: null,
        visitorId: `v${Math.floor(rand() * 200_000).toString(36)}`,
        at: new Date(momentInYear()),
      };
    });
    await events.insertMany(batch, { ordered: false });
    done += batch.length;
    if (done % 200_000 === 0 || done === EVENTS)
      process.stderr.write(
        `  events: ${count(done)} in ${since(started)} s (${count(Math.round(done / ((performance.now() - started) / 1000)))}/s)\n`,
      );
  }
  const eventSeconds = (performance.now() - started) / 1000;

  // The rollups, built from nothing as the hourly check would after a restore, then checked again without fix.
  process.stderr.write('  building the daily figures from the raw data (checkFigures with fix)...\n');
  started = performance.now();
  const built = await checkFigures({ since: null, fix: true });
  const buildSeconds = (performance.now() - started) / 1000;
  process.stderr.write(`  built in ${buildSeconds.toFixed(1)} s; checking again without fix...\n`);
  started = performance.now();
  const checked = await checkFigures({ since: null, fix: false });
  const checkSeconds = (performance.now() - started) / 1000;

  // What the documents weigh, as the database hands them over (the heaviest of each kind).
  const heaviest = async (name: string) =>
    Math.round((await mongo.collection(name).find({}).toArray()).reduce((m, d) => Math.max(m, BSON.calculateObjectSize(d)), 0) / 1024);
  const weights = { day: await heaviest('daily_figures'), shop: await heaviest('shop_months'), pieces: await heaviest('piece_months') };

  console.log(`\nSeeding (${count(PRODUCTS)} products; ${today} India, data from ${firstDay})\n`);
  printTable(
    ['step', 'documents', 'seconds', 'docs/s'],
    [
      ['orders (insertMany × 1,000)', count(ORDERS), orderSeconds.toFixed(1), count(Math.round(ORDERS / orderSeconds))],
      ['events (insertMany × 10,000)', count(EVENTS), eventSeconds.toFixed(1), count(Math.round(EVENTS / eventSeconds))],
      ['return requests', count(returns.length), '-', '-'],
    ],
  );
  console.log(`\nDaily figures, built and checked from the raw data\n`);
  printTable(
    ['step', 'seconds', 'orders', 'returns', 'events', 'days', 'uncounted', 'behind', 'mismatches', 'corrected', 'left'],
    [reportRow('rebuild: checkFigures fix', buildSeconds, built), reportRow('check: checkFigures no fix', checkSeconds, checked)],
  );
  console.log(
    `\nHeaviest documents: a day ${count(weights.day)} KB, a month of the shop ${count(weights.shop)} KB, a month of pieces ${count(weights.pieces)} KB`,
  );
  if (checked.mismatches.length) {
    console.error(`\nWRONG: the check without fix found ${checked.mismatches.length} mismatches after the rebuild, e.g.`);
    console.error(checked.mismatches.slice(0, 5));
    exitCode = 1;
  }
  if (built.left) {
    console.error(`\nWRONG: the rebuild left ${built.left} documents uncorrected with nothing else writing`);
    exitCode = 1;
  }

  // The ranges the dashboard's picker offers.
  const monthStart = `${today.slice(0, 8)}01`;
  const ranges: [string, string, string][] = [
    ['today', today, today],
    ['last 7 days', shiftDay(today, -6), today],
    ['last 30 days', shiftDay(today, -29), today],
    ['this month', monthStart, today],
    ['last 365 days', firstDay, today],
  ];
  /** The floor of a range: the documents the service reads for it (readPlan), each read by _id with the driver, all at once. */
  const floor = (from: string, to: string) => {
    const n = daysOf(from, to).length;
    const plan = readPlan(from, to, shiftDay(from, -n), today);
    const read = (name: string, ids: string[]) =>
      ids.map((id) => mongo.collection<{ _id: string }>(name).findOne({ _id: id }, { projection: { applied: 0 } }));
    return Promise.all([
      ...read('shop_months', plan.shopMonths),
      ...read('piece_months', plan.pieceMonths),
      ...read('daily_figures', [...plan.addDays, ...plan.subtractDays]),
    ]);
  };

  const rows: (string | number)[][] = [];
  for (const [name, from, to] of ranges) {
    for (let i = 0; i < WARMUPS; i++) {
      await dashboardService.summary({ from, to });
      await floor(from, to);
    }
    // Alternated run by run, so the machine's moment weighs on both alike.
    const served: number[] = [];
    const floors: number[] = [];
    let answer: Awaited<ReturnType<typeof dashboardService.summary>> | undefined;
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now();
      answer = await dashboardService.summary({ from, to });
      served.push(performance.now() - t);
      t = performance.now();
      await floor(from, to);
      floors.push(performance.now() - t);
    }
    served.sort((a, b) => a - b);
    floors.sort((a, b) => a - b);
    const p95 = percentile(served, 95);
    process.stderr.write(`  ${name}: p50 ${ms(percentile(served, 50))} ms\n`);
    rows.push([
      name,
      daysOf(from, to).length,
      count(answer!.totals.orders),
      ms(percentile(served, 50)),
      ms(p95),
      ms(served.at(-1)!),
      ms(percentile(floors, 50)),
      ms(percentile(floors, 95)),
      p95 <= BUDGET_MS ? 'yes' : 'NO',
    ]);
    // The year's range covers every seeded order and event: its totals must be what was seeded.
    if (name === 'last 365 days') {
      const t = answer!.totals;
      const got = { orders: t.orders, salesPaise: t.salesPaise, views: t.views, clicks: t.clicks, returns: t.returns.count };
      if (JSON.stringify(got) !== JSON.stringify(truth)) {
        console.error(`\nWRONG: the year's totals ${JSON.stringify(got)} are not the seeded ${JSON.stringify(truth)}`);
        exitCode = 1;
      }
    }
  }
  console.log(`\nDashboard summary (dashboardService.summary; ${RUNS} runs after ${WARMUPS} warm-ups, one at a time; ms)\n`);
  printTable(['range', 'days', 'orders', 'p50', 'p95', 'max', 'floor p50', 'floor p95', `p95 ≤ ${BUDGET_MS}`], rows);
  console.log(
    "\nFloor: the documents the service reads for the range and its comparison (readPlan: the shop's months, the pieces' months, the days at the ends), read by _id with the driver (Promise.all of findOne).",
  );
  console.log(`Whole run: ${since(benchStarted)} s.`);
  // The machine is shared: its load says how far these figures can be trusted.
  console.log(
    `Load average (1, 5, 15 min) at the end: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}`,
  );
  console.log(exitCode ? 'Result: WRONG figures (see above)' : 'Result: figures right');
} finally {
  await closeDb();
  await client.close();
  await db.stop();
}
process.exit(exitCode);

/** One check's report as a table row. */
function reportRow(step: string, seconds: number, r: FiguresCheckReport): (string | number)[] {
  return [
    step,
    seconds.toFixed(1),
    count(r.orders),
    count(r.returns),
    count(r.events),
    r.days,
    count(r.ordersUncounted),
    count(r.ordersBehind),
    r.mismatches.length,
    r.corrected,
    r.left,
  ];
}
