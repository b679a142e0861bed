/**
 * A checkout killed mid-way loses nothing: each failure point (FAILPOINT) kills a real checkout in a child
 * process with SIGKILL right after its step, exactly as a dead shop or a recycled Netlify instance stops; then
 * the recovery runs and the invariants hold: every unit's stock taken equals the stock held by orders, a code's
 * uses equal the orders that used it, and a stored order's confirmation is sent once.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestDatabase } from './../setup/test-db';
import { serveRazorpaySandbox } from '../setup/razorpay-sandbox';
import { makeCatalogue, makeProduct, defaultProducts } from '../fixtures/catalogue';
import { checkoutRequest, makeShopper } from '../fixtures/shoppers';
import { discountRules } from '../fixtures/discounts';
import {
  codOrderBody,
  makeAdmin,
  onlineOrderBody,
  placePaidOrder,
  productIdOf,
  approvedReturn,
  replacementReady as replacementReadyFor,
  returnStep,
} from '../fixtures/placed-orders';
import { setStock as setStockIn, stockOf as stockIn } from '../fixtures/stock';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { stockLedgerService } from '@server/services/stock-ledger.service';
import { discountsRepository } from '@server/repositories/discounts.repository';
import { inventoryRepository } from '@server/repositories/inventory.repository';
import { nothingRecovered, recoverAbandonedTakes } from '@server/services/abandoned-takes.service';
import { invoiceNumber } from '@shared/invoice/gst';
import { reconcilePayments } from '@server/services/reconcile.service';
import type { FailPoint } from '@server/failpoints';
import adminAccounts from '@functions/admin_accounts';
import adminReturn from '@functions/admin_return';
import adminOrderRefunds from '@functions/admin_order_refunds';
import { call } from '../setup/test-db';

const { uri, name } = setupTestDatabase();
const sandbox = serveRazorpaySandbox();
let client: MongoClient;
const db = () => client.db(name);
const stockOf = (slug: string) => stockIn(db(), slug);
const setStock = (slug: string, stock: number) => setStockIn(db(), slug, stock);

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  const catalogue = makeCatalogue([
    ...defaultProducts(),
    makeProduct({ slug: 'crash-ring', name: 'Crash Ring', price: 700, stock: 10 }),
    makeProduct({ slug: 'crash-studs', name: 'Crash Studs', price: 450, stock: 10 }),
  ]);
  expect((await importCatalogue(catalogue, { overwriteStock: true })).ok).toBe(true);
});

afterAll(async () => {
  await client.close();
});

const CHILD = fileURLToPath(new URL('./crash/checkout.child.ts', import.meta.url));
/**
 * The child bundled once for the file with esbuild (packages left in node_modules, so the bundle stays small):
 * each of the file's two dozen children then starts in a fraction of a second, where loading every module
 * through tsx took over a second of CPU, on a machine where the whole test run is CPU-bound.
 */
const CHILD_BUNDLE = fileURLToPath(new URL(`../../.cache/crash-child/checkout.child.${process.pid}.mjs`, import.meta.url));

beforeAll(async () => {
  await build({
    entryPoints: [CHILD],
    outfile: CHILD_BUNDLE,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)),
    // A child's stack traces (on stderr) still name the .ts sources.
    sourcemap: 'inline',
    logLevel: 'warning',
  });
});

afterAll(() => rmSync(CHILD_BUNDLE, { force: true }));

/** How a checkout in its own process ended: its answer, or the signal that killed it. */
interface ChildOutcome {
  signal: NodeJS.Signals | null;
  answer: { status: number; body: any } | null;
}

/** Runs one checkout request in a child process, dying at `failPoint` when given. */
function checkoutInChild(
  fn: 'order_checkout' | 'create_razorpay_order' | 'cancel_order' | 'invoice' | 'admin_return' | 'admin_order_refunds',
  path: string,
  init: RequestInit,
  failPoint?: FailPoint,
): Promise<ChildOutcome> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, MONGODB_URI: uri, MONGODB_DB: name, RAZORPAY_SANDBOX_URL: sandbox.url, FAILPOINT: failPoint ?? '' };
    // Node itself runs the child (no CLI in between), so the SIGKILL is the child's own exit.
    const child = spawn(process.execPath, ['--enable-source-maps', CHILD_BUNDLE], { env, stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      const line = out.split('\n').find((l) => l.startsWith('ANSWER '));
      resolve({ signal, answer: line ? JSON.parse(line.slice('ANSWER '.length)) : null });
    });
    child.stdin.end(JSON.stringify({ fn, path, init }));
  });
}

/** Creates a code with one use left for anybody (fresh each time, so tests never share uses). */
async function oneUseCode(): Promise<string> {
  const code = `CRASH${randomUUID().slice(0, 6).toUpperCase()}`;
  expect(await discountsRepository.create(code, discountRules({ kind: 'flat', value: 100, totalUses: 1 }), 'admin:test')).toBe(true);
  return code;
}

/** The pieces of a product this shopper's orders hold (not cancelled, still holding their stock). */
async function heldByOrders(slug: string, userId: ObjectId): Promise<number> {
  const orders = await db()
    .collection('orders')
    .find({ userId, 'products.productId': new ObjectId(productIdOf(slug)), 'stock.state': 'taken' })
    .toArray();
  const id = productIdOf(slug);
  return orders
    .flatMap((o) => o.products)
    .filter((l) => l.productId.toHexString() === id)
    .reduce((n, l) => n + l.quantity, 0);
}

/** An order as stored. */
const orderOf = (id: string) =>
  db()
    .collection('orders')
    .findOne({ _id: new ObjectId(id) });

/** A code's counted uses and the orders that hold one. */
async function usesOf(code: string): Promise<{ used: number; orders: number; holders: string[] }> {
  const doc = await db().collection<{ _id: string; used: number; holders: string[] }>('discount_codes').findOne({ _id: code });
  const orders = await db()
    .collection('orders')
    .countDocuments({ 'discount.code': code, status: { $ne: 'cancelled' } });
  return { used: doc?.used ?? 0, orders, holders: doc?.holders ?? [] };
}

/**
 * Recovery as an operator runs it after an outage (`npm run reconcile -- --settle-now`), with nothing of the
 * killed shop still running: what is older than a second is abandoned (settle-now's own few seconds, shortened so
 * the test waits less; a mark's time is whole seconds). Two runs at once still claim each step for one of them.
 */
const settleNow = async () => {
  await new Promise((r) => setTimeout(r, 1_100));
  return reconcilePayments(new Date(), { abandonedAfterMs: 1_000, settleNow: true });
};

/** A COD order of one Crash Ring and one Crash Studs with a ₹100 code, as the checkout posts it. */
const codOrder = (code: string) =>
  codOrderBody(
    [
      { slug: 'crash-ring', price: 700 },
      { slug: 'crash-studs', price: 450 },
    ],
    { discount: { code, amount: 100 } },
  );

/** A COD checkout of one ring and one studs (10 of each in stock) with a one-use code, killed right after its insert. */
async function killedAfterInsert() {
  await setStock('crash-ring', 10);
  await setStock('crash-studs', 10);
  const shopper = await makeShopper();
  const code = await oneUseCode();
  const killed = await checkoutInChild(
    'order_checkout',
    '/api/orderCheck_out',
    checkoutRequest(codOrder(code), shopper.token),
    'checkout.after-insert',
  );
  expect(killed).toEqual({ signal: 'SIGKILL', answer: null });
  const order = await db().collection('orders').findOne({ userId: shopper.user._id });
  return { shopper, code, order };
}

describe('a cash-on-delivery checkout killed', () => {
  for (const point of ['checkout.after-stock', 'checkout.after-discount'] as const) {
    it(`right after ${point.slice('checkout.'.length)} leaves pieces and a use the recovery gives back, once`, async () => {
      await setStock('crash-ring', 10);
      await setStock('crash-studs', 10);
      const shopper = await makeShopper();
      const code = await oneUseCode();

      const killed = await checkoutInChild('order_checkout', '/api/orderCheck_out', checkoutRequest(codOrder(code), shopper.token), point);
      expect(killed).toEqual({ signal: 'SIGKILL', answer: null });
      expect(await stockOf('crash-ring')).toBe(9);
      expect(await db().collection('orders').countDocuments({ userId: shopper.user._id })).toBe(0);
      if (point === 'checkout.after-discount') expect((await usesOf(code)).used).toBe(1);

      // Not yet: the scheduled job waits far longer than any live checkout takes.
      expect((await recoverAbandonedTakes()).stockGivenBack).toEqual([]);
      expect(await stockOf('crash-ring')).toBe(9);

      // Two runs at once (the job and an operator) give each piece back once.
      const [a, b] = await Promise.all([settleNow(), settleNow()]);
      const given = [...a.abandoned.stockGivenBack, ...b.abandoned.stockGivenBack];
      expect(given.map((g) => `${g.quantity} × ${g.name}`).sort()).toEqual(['1 × Crash Ring', '1 × Crash Studs']);
      expect(await stockOf('crash-ring')).toBe(10);
      expect(await stockOf('crash-studs')).toBe(10);
      expect(await usesOf(code)).toEqual({ used: 0, orders: 0, holders: [] });

      // The admin's stock history says what happened.
      const history = await db()
        .collection('stock_changes')
        .find({ productId: { $exists: true }, reason: 'recovered' })
        .sort({ at: -1 })
        .limit(2)
        .toArray();
      expect(history.map((h) => `${h.name}: ${h.from} → ${h.to} by ${h.by}`).sort()).toEqual([
        'Crash Ring: 9 → 10 by system',
        'Crash Studs: 9 → 10 by system',
      ]);

      // The shopper's retry places the order, and the one-use code is theirs again.
      const retry = await checkoutInChild('order_checkout', '/api/orderCheck_out', checkoutRequest(codOrder(code), shopper.token));
      expect(retry.answer?.status).toBe(201);
      expect(await stockOf('crash-ring')).toBe(9);
      expect(await heldByOrders('crash-ring', shopper.user._id)).toBe(1);
      expect(await usesOf(code)).toMatchObject({ used: 1, orders: 1 });
    });
  }

  it('right after its insert keeps the order with its stock and code, and sends its confirmation once', async () => {
    const { shopper, code, order } = await killedAfterInsert();
    expect(order?.status).toBe('confirmed');
    expect(await db().collection('sms_outbox').countDocuments({ to: shopper.phone })).toBe(0);

    const report = await settleNow();
    expect(report.abandoned.stockGivenBack).toEqual([]);
    expect(report.abandoned.takesClosed).toBeGreaterThanOrEqual(2);
    expect(await stockOf('crash-ring')).toBe(9);
    expect(await heldByOrders('crash-ring', shopper.user._id)).toBe(1);
    expect(await usesOf(code)).toMatchObject({ used: 1, orders: 1 });
    // Nothing is left open on the units, so a later run decides nothing again.
    expect(
      await db()
        .collection<{ _id: string }>('inventory')
        .countDocuments({ _id: { $in: [productIdOf('crash-ring'), productIdOf('crash-studs')] }, open: { $exists: true, $ne: {} } }),
    ).toBe(0);
    expect((await settleNow()).abandoned).toEqual(nothingRecovered());

    const texts = await db().collection('sms_outbox').find({ to: shopper.phone }).toArray();
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toContain(`order ${order!.orderNumber} for Rs 1,150 is confirmed`);
  });

  it('right after its insert, its pieces and code use given back by a recovery that ran before the insert: the next run takes them again, once', async () => {
    const { shopper, code, order } = await killedAfterInsert();
    // What a recovery run that read 'no order' just before the insert did: the open takes and the use given back.
    const mark = order!['attemptId'] as string;
    for (const take of (await inventoryRepository.openTakes()).filter((t) => t.mark === mark)) await inventoryRepository.giveBackOpen(take);
    await discountsRepository.giveBack(code, shopper.user._id, mark);
    expect(await stockOf('crash-ring')).toBe(10);
    expect(await usesOf(code)).toMatchObject({ used: 0, orders: 1 });

    const [a, b] = await Promise.all([settleNow(), settleNow()]);
    expect([...a.abandoned.takesRetaken, ...b.abandoned.takesRetaken]).toEqual([order!['orderNumber'], order!['orderNumber']]);
    expect(await stockOf('crash-ring')).toBe(9);
    expect(await stockOf('crash-studs')).toBe(9);
    expect(await usesOf(code)).toMatchObject({ used: 1, orders: 1 });
    expect((await settleNow()).abandoned.takesRetaken).toEqual([]);
    expect(await stockOf('crash-ring')).toBe(9);
  });

  it('answered normally leaves nothing open on its units', async () => {
    await setStock('crash-ring', 10);
    const shopper = await makeShopper();
    const body = codOrderBody([{ slug: 'crash-ring', price: 700, quantity: 2 }]);
    const placed = await checkoutInChild('order_checkout', '/api/orderCheck_out', checkoutRequest(body, shopper.token));
    expect(placed.answer?.status).toBe(201);
    const unit = await db()
      .collection<{ _id: string; open?: object }>('inventory')
      .findOne({ _id: productIdOf('crash-ring') });
    expect(unit?.open ?? {}).toEqual({});
  });
});

describe('an online checkout killed after its Razorpay order was created', () => {
  it('gives its pieces back once its try is abandoned: no order was stored, so nobody can pay for it', async () => {
    await setStock('crash-studs', 10);
    const shopper = await makeShopper();
    const body = onlineOrderBody([{ slug: 'crash-studs', price: 450, quantity: 3 }]);
    const killed = await checkoutInChild(
      'create_razorpay_order',
      '/api/create-razorpay-order',
      checkoutRequest(body, shopper.token),
      'checkout.after-razorpay-order',
    );
    expect(killed).toEqual({ signal: 'SIGKILL', answer: null });
    expect(await stockOf('crash-studs')).toBe(7);

    await settleNow();
    expect(await stockOf('crash-studs')).toBe(10);
    expect(await heldByOrders('crash-studs', shopper.user._id)).toBe(0);
  });
});

describe('a cancel killed', () => {
  for (const point of ['cancel.after-status', 'stock-move.after-unit'] as const) {
    it(`right after ${point} gives every piece and the code's use back once, when the recovery finishes it`, async () => {
      await setStock('crash-ring', 10);
      await setStock('crash-studs', 10);
      const shopper = await makeShopper();
      const code = await oneUseCode();
      const placed = await checkoutInChild('order_checkout', '/api/orderCheck_out', checkoutRequest(codOrder(code), shopper.token));
      expect(placed.answer?.status).toBe(201);
      const id = placed.answer!.body.order._id as string;

      const killed = await checkoutInChild('cancel_order', `/api/orders/${id}/cancel`, checkoutRequest({}, shopper.token, null), point);
      expect(killed).toEqual({ signal: 'SIGKILL', answer: null });
      const order = await orderOf(id);
      expect(order?.status).toBe('cancelled');
      expect(order?.stock.state).toBe('returning');
      // At most the first unit went back before the kill.
      expect((await stockOf('crash-ring')) + (await stockOf('crash-studs'))).toBeLessThan(20);

      // The recovery finishes the move, once, however often it runs.
      await Promise.all([settleNow(), settleNow()]);
      expect(await stockOf('crash-ring')).toBe(10);
      expect(await stockOf('crash-studs')).toBe(10);
      expect(await usesOf(code)).toEqual({ used: 0, orders: 0, holders: [] });
      expect((await orderOf(id))?.stock.state).toBe('returned');
      // Run again (even a day later, when the move's records on the units are cleared), nothing moves twice.
      await settleNow();
      await reconcilePayments(new Date(Date.now() + 25 * 3600_000));
      expect(await stockOf('crash-ring')).toBe(10);
      expect(await stockOf('crash-studs')).toBe(10);
      const units = await db()
        .collection<{ _id: string; moved?: object }>('inventory')
        .find({ _id: { $in: [productIdOf('crash-ring'), productIdOf('crash-studs')] } })
        .toArray();
      expect(units.map((u) => u.moved ?? {})).toEqual([{}, {}]);
    });
  }

  it('right after claiming its message to the shopper has the message sent once by the recovery', async () => {
    await setStock('crash-ring', 10);
    const shopper = await makeShopper();
    const body = codOrderBody([{ slug: 'crash-ring', price: 700 }]);
    const placed = await checkoutInChild('order_checkout', '/api/orderCheck_out', checkoutRequest(body, shopper.token));
    const id = placed.answer!.body.order._id as string;
    const cancelledTexts = () =>
      db()
        .collection('sms_outbox')
        .countDocuments({ to: shopper.phone, text: { $regex: 'is now Cancelled' } });

    const killed = await checkoutInChild(
      'cancel_order',
      `/api/orders/${id}/cancel`,
      checkoutRequest({}, shopper.token, null),
      'notice.after-claim',
    );
    expect(killed.signal).toBe('SIGKILL');
    expect(await stockOf('crash-ring')).toBe(10);
    expect(await cancelledTexts()).toBe(0);

    // The scheduled run leaves a claim younger than ten minutes to its sender; after the outage it is sent, once.
    await reconcilePayments();
    expect(await cancelledTexts()).toBe(0);
    await Promise.all([settleNow(), settleNow()]);
    expect(await cancelledTexts()).toBe(1);
    await settleNow();
    expect(await cancelledTexts()).toBe(1);
  });

  it('of an order paid online right after its status asks for the refund it owes, once', async () => {
    await setStock('crash-studs', 10);
    const shopper = await makeShopper();
    const body = onlineOrderBody([{ slug: 'crash-studs', price: 450 }]);
    const created = await checkoutInChild('create_razorpay_order', '/api/create-razorpay-order', checkoutRequest(body, shopper.token));
    expect(created.answer?.status).toBe(200);
    const { orderId, order: razorpayOrder } = created.answer!.body;
    const paid = await sandbox.pay(razorpayOrder.id);
    expect(paid.status).toBe(200);
    // The payment is recorded (as the webhook or the reconciliation would) before the shopper cancels.
    await reconcilePayments(new Date(Date.now() + 20 * 60_000));
    expect((await orderOf(orderId))?.paymentStatus).toBe('paid');

    const killed = await checkoutInChild(
      'cancel_order',
      `/api/orders/${orderId}/cancel`,
      checkoutRequest({}, shopper.token, null),
      'cancel.after-status',
    );
    expect(killed.signal).toBe('SIGKILL');
    expect((await orderOf(orderId))?.refund).toBeNull();

    const [a, b] = await Promise.all([settleNow(), settleNow()]);
    expect([...a.abandoned.refundsStarted, ...b.abandoned.refundsStarted]).toHaveLength(1);
    const after = await orderOf(orderId);
    expect(after?.paymentStatus).toBe('refunded');
    expect(after?.refund).toMatchObject({ status: 'processed', amountPaise: 45_000 });
    const payment = await db().collection('razorpay_sandbox_payments').findOne({ order_id: razorpayOrder.id });
    expect(payment).toMatchObject({ amount: 45000, amount_refunded: 45000 });
    expect(await stockOf('crash-studs')).toBe(10);
  });
});

describe('an invoice killed after taking its number', () => {
  it("leaves the number on no document; the recovery records it void and the accountant's export lists it", async () => {
    await setStock('crash-ring', 10);
    const shopper = await makeShopper();
    const admin = await makeShopper('Accounts');
    await db()
      .collection('users')
      .updateOne({ _id: admin.user._id }, { $set: { role: 'admin' } });
    const placed = await checkoutInChild(
      'order_checkout',
      '/api/orderCheck_out',
      checkoutRequest(codOrderBody([{ slug: 'crash-ring', price: 700 }]), shopper.token),
    );
    const id = placed.answer!.body.order._id as string;

    const asked = { headers: { authorization: `Bearer ${shopper.token}` } };
    const killed = await checkoutInChild('invoice', `/api/invoice/${id}`, asked, 'document-number.after-counter');
    expect(killed).toEqual({ signal: 'SIGKILL', answer: null });
    const counter = await db()
      .collection<{ _id: string; seq: number }>('counters')
      .findOne({ _id: { $regex: '^invoice:' } });
    const fy = counter!._id.slice('invoice:'.length);
    const taken = invoiceNumber(fy, counter!.seq);
    expect((await orderOf(id))?.invoiceNumber).toBeUndefined();

    const [a, b] = await Promise.all([settleNow(), settleNow()]);
    expect([...a.abandoned.numbersVoided, ...b.abandoned.numbersVoided]).toEqual([taken]);
    expect((await settleNow()).abandoned.numbersVoided).toEqual([]);

    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const res = await adminAccounts(
      new Request(`http://localhost/api/admin/accounts?from=${today}&to=${today}`, { headers: { authorization: `Bearer ${admin.token}` } }),
    );
    expect(res.status).toBe(200);
    const voidRow = (await res.text()).split('\n').find((line) => line.startsWith('Void number,'));
    expect(voidRow).toContain(`Void number,${taken},${today}`);
    expect(voidRow).toContain('no document carries it');
  });
});

describe('a replacement killed', () => {
  const ship = { action: 'ship', shipment: { courier: 'Delhivery', awb: 'DLCRASH0001' } };
  const replacementReady = (adminToken: string) => replacementReadyFor(db(), adminToken, { slug: 'crash-ring', price: 700 });

  /** A replacement ready to ship whose click is killed right after its take: the admin, the request, the stock before. */
  async function killedAfterTake(): Promise<{ admin: Awaited<ReturnType<typeof makeAdmin>>; rid: string; before: number }> {
    await setStock('crash-ring', 10);
    const admin = await makeAdmin('Crash');
    const rid = await replacementReady(admin.token);
    const before = await stockOf('crash-ring');
    const killed = await checkoutInChild(
      'admin_return',
      `/api/admin/returns/${rid}`,
      returnStep(admin.token, ship),
      'replacement.after-take',
    );
    expect(killed).toEqual({ signal: 'SIGKILL', answer: null });
    return { admin, rid, before };
  }

  it('right after its take gives the piece back once; the next click ships it, taking it once', async () => {
    const { admin, rid, before } = await killedAfterTake();
    expect(await stockOf('crash-ring')).toBe(before - 1);

    const [a, b] = await Promise.all([settleNow(), settleNow()]);
    expect([...a.abandoned.stockGivenBack, ...b.abandoned.stockGivenBack]).toEqual([
      expect.objectContaining({ quantity: 1, mark: `return:${rid}`, stock: before }),
    ]);
    expect(await stockOf('crash-ring')).toBe(before);
    const shipped = await call(adminReturn, `/api/admin/returns/${rid}`, returnStep(admin.token, ship));
    expect(shipped.status).toBe(200);
    expect(await stockOf('crash-ring')).toBe(before - 1);
    expect((await settleNow()).abandoned).toEqual(nothingRecovered());
    expect(await stockOf('crash-ring')).toBe(before - 1);

    // The dead click's give-back is remembered (the request shipped with the next click's take, not its own) for a
    // day, then forgotten: no click can ship with it any more.
    const givenBackFor = async () => (await inventoryRepository.givenBackPendingTakes()).filter((g) => g.ref === rid);
    expect(await givenBackFor()).toHaveLength(1);
    const dayLater = await recoverAbandonedTakes(new Date(Date.now() + 25 * 3600_000), 10 * 60_000, { askRefunds: false });
    expect(dayLater.takesRetaken).toEqual([]);
    expect(await givenBackFor()).toEqual([]);
    expect(await stockOf('crash-ring')).toBe(before - 1);
  });

  it('given back as dead, then shipped by its step after all (a stalled write landing late): the recovery takes it again once', async () => {
    const { rid, before } = await killedAfterTake();
    expect((await settleNow()).abandoned.stockGivenBack).toEqual([expect.objectContaining({ quantity: 1, mark: `return:${rid}` })]);
    expect(await stockOf('crash-ring')).toBe(before);
    // The click's step to shipped, naming its take, lands after all (a write that was on its way when it stopped).
    const units = await db()
      .collection('inventory')
      .find({ pendingGivenBack: { $exists: true } })
      .toArray();
    const givenBack = units.flatMap((u) => Object.entries(u['pendingGivenBack'] as Record<string, { ref: string }>));
    const takeId = givenBack.find(([, g]) => g.ref === rid)![0];
    await db()
      .collection('returns')
      .updateOne({ _id: rid } as never, { $set: { status: 'replacement_shipped', replacementTakeId: takeId } });

    const [a, b] = await Promise.all([settleNow(), settleNow()]);
    expect([...a.abandoned.takesRetaken, ...b.abandoned.takesRetaken]).toEqual([`return ${rid}`]);
    expect(await stockOf('crash-ring')).toBe(before - 1);
    expect((await settleNow()).abandoned).toEqual(nothingRecovered());
  });

  it('right after its step keeps the piece with the shipped replacement', async () => {
    await setStock('crash-ring', 10);
    const admin = await makeAdmin('Crash');
    const rid = await replacementReady(admin.token);
    const before = await stockOf('crash-ring');
    const killed = await checkoutInChild(
      'admin_return',
      `/api/admin/returns/${rid}`,
      returnStep(admin.token, ship),
      'replacement.after-step',
    );
    expect(killed).toEqual({ signal: 'SIGKILL', answer: null });
    expect(
      (
        await db()
          .collection('returns')
          .findOne({ _id: rid } as never)
      )?.['status'],
    ).toBe('replacement_shipped');

    const report = await settleNow();
    expect(report.abandoned.stockGivenBack).toEqual([]);
    expect(report.abandoned.takesClosed).toBe(1);
    expect(await stockOf('crash-ring')).toBe(before - 1);
    expect((await settleNow()).abandoned).toEqual(nothingRecovered());
  });
});

describe('a return killed', () => {
  it('right after it is received as sellable leaves its piece due; the recovery puts it back once, and a retry adds nothing', async () => {
    await setStock('crash-ring', 10);
    const admin = await makeAdmin('Crash');
    const rid = await approvedReturn(db(), admin.token, { slug: 'crash-ring', price: 700 }, 'refund');
    const before = await stockOf('crash-ring');
    const receive = returnStep(admin.token, { action: 'receive', condition: 'sellable' });
    const killed = await checkoutInChild('admin_return', `/api/admin/returns/${rid}`, receive, 'return.after-received');
    expect(killed).toEqual({ signal: 'SIGKILL', answer: null });
    const request = () =>
      db()
        .collection('returns')
        .findOne({ _id: rid } as never);
    expect(await request()).toMatchObject({ status: 'received', stockBack: 'due' });
    expect(await stockOf('crash-ring')).toBe(before);

    const [a, b] = await Promise.all([settleNow(), settleNow()]);
    expect([...a.abandoned.returnsRestocked, ...b.abandoned.returnsRestocked]).toContain(rid);
    expect(await stockOf('crash-ring')).toBe(before + 1);
    expect(await request()).toMatchObject({ stockBack: 'given' });
    // The admin's click sent again finds the piece received and back: nothing more comes back.
    expect((await call(adminReturn, `/api/admin/returns/${rid}`, receive)).status).toBe(200);
    expect(await stockOf('crash-ring')).toBe(before + 1);

    // The unit's record that the request's pieces came back is kept a day, then forgotten (the request says 'given').
    const recordsFor = async () => (await inventoryRepository.returnsBack()).filter((b) => b.returnId === rid);
    expect(await recordsFor()).toHaveLength(1);
    await recoverAbandonedTakes(new Date(Date.now() + 25 * 3600_000), 10 * 60_000, { askRefunds: false });
    expect(await recordsFor()).toEqual([]);
    expect(await stockOf('crash-ring')).toBe(before + 1);
  });
});

describe('a refund killed', () => {
  it('right after its claim is asked of Razorpay by the recovery with its own key, made once, and credited once', async () => {
    const admin = await makeAdmin('Crash');
    const shopper = await makeShopper();
    const { id, paymentId } = await placePaidOrder(sandbox, shopper.token, [
      { slug: 'crash-ring', price: 700 },
      { slug: 'crash-studs', price: 450 },
    ]);
    const refundInit = (key: string): RequestInit => ({
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ lines: [{ index: 1, quantity: 1 }], method: 'razorpay' }),
    });
    const key = randomUUID();
    const killed = await checkoutInChild('admin_order_refunds', `/api/admin/orders/${id}/refunds`, refundInit(key), 'refund.after-claim');
    expect(killed).toEqual({ signal: 'SIGKILL', answer: null });
    const sandboxRefunds = () => db().collection('razorpay_sandbox_refunds').find({ payment_id: paymentId }).toArray();
    // Claimed (the studs' ₹450 counted against what was paid), but Razorpay was never asked.
    const claimed = await db()
      .collection('orders')
      .findOne({ _id: new ObjectId(id) });
    expect(claimed?.['refundedPaise']).toBe(45_000);
    expect(Object.values(claimed?.['refunds'] ?? {})).toEqual([expect.objectContaining({ status: 'requested', paise: 45_000 })]);
    expect(await sandboxRefunds()).toEqual([]);

    await Promise.all([settleNow(), settleNow()]);
    expect((await sandboxRefunds()).map((r) => r['amount'])).toEqual([45_000]);
    const settled = await db()
      .collection('orders')
      .findOne({ _id: new ObjectId(id) });
    expect(Object.values(settled?.['refunds'] ?? {})).toEqual([expect.objectContaining({ status: 'processed', paise: 45_000 })]);
    expect(settled?.['refundedPaise']).toBe(45_000);

    // The admin's click sent again (its key kept by the page) answers that refund; nothing is refunded twice.
    const again = await call(adminOrderRefunds, `/api/admin/orders/${id}/refunds`, refundInit(key));
    expect(again.status).toBe(200);
    expect(again.body.refund).toMatchObject({ amount: 450, status: 'processed' });
    expect((await sandboxRefunds()).map((r) => r['amount'])).toEqual([45_000]);
    const notes = await db()
      .collection('credit_notes')
      .find({ orderId: new ObjectId(id) })
      .toArray();
    expect(notes.map((n) => n['amountPaise'])).toEqual([45_000]);
  });
});

describe('the stock ledger, after everything above', () => {
  it('agrees with every unit: each take, give-back and move was recorded with the change itself', async () => {
    expect((await stockLedgerService.check()).disagreeing).toEqual([]);
  });
});
