import { randomUUID } from 'node:crypto';
import { MongoClient, ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { serveRazorpaySandbox } from '../setup/razorpay-sandbox';
import { makeCatalogue, makeProduct, defaultProducts } from '../fixtures/catalogue';
import { checkoutRequest, makeShopper } from '../fixtures/shoppers';
import { setStock as setStockIn, stockOf as stockIn } from '../fixtures/stock';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { stableId } from '@server/services/catalogue-ids';
import { reconcilePayments } from '@server/services/reconcile.service';
import { discountsRepository, type DiscountRulesInput } from '@server/repositories/discounts.repository';
import { discountRules } from '../fixtures/discounts';
import { codOrderBody, onlineOrderBody } from '../fixtures/placed-orders';
import orderCheckout from '@functions/order_checkout';
import createRazorpayOrder from '@functions/create_razorpay_order';
import discountCheck from '@functions/discount_check';
import cancelOrder from '@functions/cancel_order';
import confirmOrderPayment from '@functions/confirm_order_payment';
import adminOrderStatus from '@functions/admin_order_status';
import { usersRepository } from '@server/repositories/users.repository';
import { statusChange } from '../fixtures/orders';

const { uri, name } = setupTestDatabase();
const sandbox = serveRazorpaySandbox();
let client: MongoClient;
const orders = () => client.db(name).collection('orders');
const codes = () => client.db(name).collection<{ _id: string; used: number; holders: string[] }>('discount_codes');
const idOf = (slug: string) => stableId('products', slug).toHexString();
const stockOf = (slug: string) => stockIn(client.db(name), slug);
const setStock = (slug: string, stock: number) => setStockIn(client.db(name), slug, stock);

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  const catalogue = makeCatalogue([
    ...defaultProducts(),
    makeProduct({ slug: 'disc-ring', name: 'Disc Ring', price: 1999, stock: 500 }),
    makeProduct({ slug: 'disc-chain', name: 'Disc Chain', price: 2499, stock: 500 }),
    makeProduct({ slug: 'disc-stud', name: 'Disc Stud', price: 450.5, stock: 500 }),
  ]);
  expect((await importCatalogue(catalogue, { overwriteStock: true })).ok).toBe(true);
  return () => client.close();
});

/** Creates a code for a test (a fresh code each time, so tests never share uses). */
async function makeCode(overrides: Partial<DiscountRulesInput> = {}, prefix = 'T'): Promise<string> {
  const code = `${prefix}${randomUUID().slice(0, 8).toUpperCase()}`;
  expect(await discountsRepository.create(code, discountRules(overrides), 'admin:test')).toBe(true);
  return code;
}

type Line = { slug: string; price: number; quantity: number };

/** A COD order as the checkout sends it with a code applied (the amounts it showed). */
const codOrder = (lines: Line[], code: string | undefined, discount = 0) =>
  codOrderBody(lines, code ? { discount: { code, amount: discount } } : {});

/** An online order request with a code applied. */
const onlineOrder = (lines: Line[], code: string, discount: number) => onlineOrderBody(lines, { discount: { code, amount: discount } });

/** Apply at checkout. */
function check(token: string, code: string, lines: Line[], paymentMethod: 'cod' | 'razorpay' = 'razorpay') {
  return call(
    discountCheck,
    '/api/discounts/check',
    checkoutRequest(
      { code, paymentMethod, products: lines.map((l) => ({ productId: idOf(l.slug), price: l.price, quantity: l.quantity })) },
      token,
      null,
    ),
  );
}

const usedOf = async (code: string) => (await codes().findOne({ _id: code }))?.used;

const ring: Line = { slug: 'disc-ring', price: 1999, quantity: 1 };

describe('Apply at checkout', () => {
  it('answers the saving and the new total, whatever case the code is typed in', async () => {
    const shopper = await makeShopper();
    const code = await makeCode({ kind: 'percent', value: 15, maxOff: 500 });
    const lines = [ring, { slug: 'disc-chain', price: 2499, quantity: 2 }];
    const r = await check(shopper.token, `  ${code.toLowerCase()} `, lines, 'razorpay');
    // 15% of ₹6,997 is ₹1,049.55, capped at ₹500.
    expect(r).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: 'You save ₹500',
        discount: { code, amount: 500, description: '15% off (up to ₹500)' },
        subtotal: 6997,
        shippingCost: 0,
        total: 6497,
      },
    });
    const flat = await makeCode({ kind: 'flat', value: 250 });
    expect((await check(shopper.token, flat, [ring], 'cod')).body).toMatchObject({
      message: 'You save ₹250',
      discount: { amount: 250, description: '₹250 off' },
      subtotal: 1999,
      shippingCost: 100,
      total: 1849,
    });
    // Percentages come to whole rupees, rounded up in the shopper’s favour (7.5% of ₹450.50 is ₹33.79 → ₹34).
    const odd = await makeCode({ kind: 'percent', value: 7.5 });
    expect((await check(shopper.token, odd, [{ slug: 'disc-stud', price: 450.5, quantity: 1 }])).body.discount.amount).toBe(34);
  });

  it('refuses with the exact reason: unknown, paused, ended, not started, expired, minimum, used up, already used, first order', async () => {
    const shopper = await makeShopper();
    const refusal = async (code: string, lines: Line[] = [ring], token = shopper.token) => {
      const r = await check(token, code, lines);
      expect(r.status).toBe(422);
      return r.body.message as string;
    };
    expect(await refusal('NOSUCH1')).toBe('NOSUCH1 is not a discount code we know. Please check it.');
    expect((await check(shopper.token, 'x!', [ring])).status).toBe(400);

    const paused = await makeCode();
    await discountsRepository.setStatus(paused, ['active'], 'paused', 'admin:test');
    expect(await refusal(paused)).toBe(`The code ${paused} is not available just now.`);
    const ended = await makeCode();
    await discountsRepository.setStatus(ended, ['active'], 'ended', 'admin:test');
    expect(await refusal(ended)).toBe(`The code ${ended} has ended.`);

    const later = await makeCode({ startsAt: new Date('2099-12-01T04:30:00Z') });
    expect(await refusal(later)).toBe(`The code ${later} starts on Tue, 1 Dec 2099, 10:00 am.`);
    const expired = await makeCode({ endsAt: new Date('2025-11-30T18:29:00Z') });
    expect(await refusal(expired)).toBe(`The code ${expired} expired on Sun, 30 Nov 2025, 11:59 pm.`);

    const minimum = await makeCode({ minOrder: 2500 });
    expect(await refusal(minimum)).toBe(`Add ₹501 more to use ${minimum}: it needs an order of ₹2,500 or more.`);

    const once = await makeCode({ totalUses: 1 });
    const first = await makeShopper();
    expect((await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(codOrder([ring], once, 200), first.token))).status).toBe(201);
    expect(await refusal(once)).toBe(`The code ${once} has been fully used.`);

    const perShopper = await makeCode({ perShopperUses: 1 });
    expect(
      (await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(codOrder([ring], perShopper, 200), shopper.token))).status,
    ).toBe(201);
    expect(await refusal(perShopper)).toBe(`You have already used the code ${perShopper}.`);

    // The shopper has now placed orders: a first-order code is for someone who has not.
    const welcome = await makeCode({ firstOrderOnly: true });
    expect(await refusal(welcome)).toBe(`The code ${welcome} is for a first order only.`);
    const newcomer = await makeShopper();
    expect((await check(newcomer.token, welcome, [ring])).status).toBe(200);
  });

  it('needs a signed-in shopper', async () => {
    const code = await makeCode();
    const r = await call(
      discountCheck,
      '/api/discounts/check',
      checkoutRequest({ code, products: [{ productId: idOf('disc-ring'), price: 1999, quantity: 1 }] }, null, null),
    );
    expect(r.status).toBe(401);
  });
});

describe('a code on an order', () => {
  it('is re-priced by the server: lines carry their shares, the COD fee is added after, and the rule uses the discounted value', async () => {
    const shopper = await makeShopper();
    const code = await makeCode({ kind: 'percent', value: 10 });
    // ₹2,499 + ₹450.50 = ₹2,949.50: over the COD limit before the discount, ₹2,654.55 after — still over.
    const lines = [
      { slug: 'disc-chain', price: 2499, quantity: 1 },
      { slug: 'disc-stud', price: 450.5, quantity: 1 },
    ];
    const over = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(codOrder(lines, code, 294.95), shopper.token));
    expect(over).toMatchObject({ status: 400, body: { message: 'COD is not available for orders of ₹2,499 or more' } });

    // A flat ₹500 off brings ₹2,949.50 to ₹2,449.50: under the limit, so cash on delivery is offered.
    const flat = await makeCode({ kind: 'flat', value: 500 });
    const r = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(codOrder(lines, flat, 500), shopper.token));
    expect(r.status).toBe(201);
    expect(r.body.order).toMatchObject({
      subtotal: 2949.5,
      discount: { code: flat, amount: 500, description: '₹500 off' },
      shippingCost: 100,
      totalAmount: 2549.5,
    });
    const shares = r.body.order.products.map((l: { discount?: number }) => l.discount ?? 0);
    // In proportion to ₹2,499 and ₹450.50, to the paisa, adding up to ₹500.
    expect(shares).toEqual([423.63, 76.37]);
    expect(await usedOf(flat)).toBe(1);
  });

  it('refuses a code that stopped applying after Apply, leaving no order, no stock taken and no use held', async () => {
    const shopper = await makeShopper();
    const code = await makeCode();
    expect((await check(shopper.token, code, [ring])).status).toBe(200);
    await discountsRepository.setStatus(code, ['active'], 'paused', 'admin:test');
    await setStock('disc-ring', 50);
    const r = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(codOrder([ring], code, 200), shopper.token));
    expect(r).toMatchObject({ status: 422, body: { success: false, message: `The code ${code} is not available just now.` } });
    expect(await orders().countDocuments({ userId: shopper.user._id })).toBe(0);
    expect(await stockOf('disc-ring')).toBe(50);
    expect(await usedOf(code)).toBe(0);
  });

  it('refuses an amount the browser showed that differs from the server’s', async () => {
    const shopper = await makeShopper();
    const code = await makeCode({ kind: 'flat', value: 300 });
    const r = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(codOrder([ring], code, 400), shopper.token));
    expect(r).toMatchObject({
      status: 409,
      body: { message: 'Prices have changed: your order total is now ₹1,799. Please review your order and try again.' },
    });
    expect(await usedOf(code)).toBe(0);
  });

  it('100 concurrent orders with a code limited to 10 uses: exactly 10 discounted orders, 90 clear refusals, nothing half-written', async () => {
    await setStock('disc-stud', 500);
    const code = await makeCode({ kind: 'flat', value: 50, totalUses: 10 });
    const stud = { slug: 'disc-stud', price: 450.5, quantity: 1 };
    const shoppers = await Promise.all(Array.from({ length: 100 }, () => makeShopper()));
    const results = await Promise.all(
      shoppers.map((s) => call(orderCheckout, '/api/orderCheck_out', checkoutRequest(codOrder([stud], code, 50), s.token))),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(90);
    for (const r of results.filter((x) => x.status === 422)) expect(r.body.message).toBe(`The code ${code} has been fully used.`);
    expect(await orders().countDocuments({ 'discount.code': code })).toBe(10);
    expect(await orders().countDocuments({ userId: { $in: shoppers.map((s) => s.user._id) } })).toBe(10);
    expect(await stockOf('disc-stud')).toBe(490);
    const doc = await codes().findOne({ _id: code });
    expect(doc).toMatchObject({ used: 10 });
    expect(doc!.holders).toHaveLength(10);
  });

  it('one shopper racing 10 orders (different attempts) with a one-per-shopper code gets it once', async () => {
    const shopper = await makeShopper();
    const code = await makeCode({ kind: 'flat', value: 100, perShopperUses: 1 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(orderCheckout, '/api/orderCheck_out', checkoutRequest(codOrder([ring], code, 100), shopper.token)),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(422);
      expect(r.body.message).toBe(`You have already used the code ${code}.`);
    }
    expect(await orders().countDocuments({ userId: shopper.user._id })).toBe(1);
    expect(await usedOf(code)).toBe(1);
  });

  it('a retried request with the same Idempotency-Key (twins at once, then replays) uses the code once', async () => {
    const shopper = await makeShopper();
    const code = await makeCode({ kind: 'flat', value: 100, totalUses: 1 });
    const key = randomUUID();
    const body = codOrder([ring], code, 100);
    const twins = await Promise.all(
      Array.from({ length: 6 }, () => call(orderCheckout, '/api/orderCheck_out', checkoutRequest(body, shopper.token, key))),
    );
    expect(twins.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(twins.map((r) => r.body.order._id)).size).toBe(1);
    const replay = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(body, shopper.token, key));
    expect(replay).toMatchObject({ status: 201, body: { order: { _id: twins[0]!.body.order._id, discount: { code } } } });
    expect(await orders().countDocuments({ userId: shopper.user._id })).toBe(1);
    const doc = await codes().findOne({ _id: code });
    expect(doc).toMatchObject({ used: 1 });
    expect(doc!.holders).toHaveLength(1);
  });

  it('twins of one attempt with a once-per-shopper code all answer the one order, never "already used"', async () => {
    const shopper = await makeShopper();
    const code = await makeCode({ kind: 'flat', value: 100, perShopperUses: 1 });
    const key = randomUUID();
    const body = codOrder([ring], code, 100);
    const twins = await Promise.all(
      Array.from({ length: 6 }, () => call(orderCheckout, '/api/orderCheck_out', checkoutRequest(body, shopper.token, key))),
    );
    expect(twins.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(twins.map((r) => r.body.order._id)).size).toBe(1);
    expect(await usedOf(code)).toBe(1);
  });

  it('a delivered order keeps its use but no longer its mark, so a code’s document holds only orders in flight', async () => {
    const shopper = await makeShopper();
    const admin = await makeShopper('Admin');
    await usersRepository.setRole(admin.phone, 'admin');
    const code = await makeCode({ kind: 'flat', value: 100 });
    const placed = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(codOrder([ring], code, 100), shopper.token));
    const id = placed.body.order._id as string;
    for (const status of ['packed', 'shipped', 'out_for_delivery', 'delivered']) {
      const r = await call(adminOrderStatus, `/api/admin/orders/${id}/status`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(statusChange(status)),
      });
      expect(r.status).toBe(200);
    }
    expect(await codes().findOne({ _id: code })).toMatchObject({ used: 1, holders: [] });
  });

  it('a cancelled order gives its use back exactly once, however many cancels race', async () => {
    const shopper = await makeShopper();
    const code = await makeCode({ kind: 'flat', value: 100, totalUses: 1, perShopperUses: 1 });
    const placed = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(codOrder([ring], code, 100), shopper.token));
    expect(placed.status).toBe(201);
    expect(await usedOf(code)).toBe(1);
    const id = placed.body.order._id as string;
    const cancels = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(cancelOrder, `/api/orders/${id}/cancel`, { method: 'POST', headers: { authorization: `Bearer ${shopper.token}` } }),
      ),
    );
    expect(cancels.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(await usedOf(code)).toBe(0);
    // The shopper's own use came back too: they may use it again.
    expect((await check(shopper.token, code, [ring])).status).toBe(200);
  });

  it('an unpaid online order whose hold lapses gives its use back once; a payment arriving after that takes it again', async () => {
    const shopper = await makeShopper();
    const code = await makeCode({ kind: 'percent', value: 10, totalUses: 5 });
    const created = await call(
      createRazorpayOrder,
      '/api/create-razorpay-order',
      checkoutRequest(onlineOrder([ring], code, 200), shopper.token),
    );
    expect(created.status).toBe(200);
    // Razorpay is asked for the discounted amount, in paise.
    expect(created.body.order.amount).toBe(179900);
    expect(await usedOf(code)).toBe(1);

    const later = new Date(Date.now() + 31 * 60_000);
    await Promise.all([reconcilePayments(later), reconcilePayments(later)]);
    expect(await orders().findOne({ _id: new ObjectId(created.body.orderId as string) })).toMatchObject({ status: 'cancelled' });
    expect(await usedOf(code)).toBe(0);

    // The shopper paid in the end (a UPI payment that completed late): the sale keeps its discount and its use.
    const paid = await sandbox.pay(created.body.order.id, 'success');
    const confirmed = await call(
      confirmOrderPayment,
      `/api/orders/${created.body.orderId}/payment`,
      checkoutRequest(
        {
          razorpayOrderId: paid.body.razorpay_order_id,
          razorpayPaymentId: paid.body.razorpay_payment_id,
          razorpaySignature: paid.body.razorpay_signature,
        },
        shopper.token,
        null,
      ),
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.order).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      discount: { code, amount: 200 },
      totalAmount: 1799,
    });
    expect(await usedOf(code)).toBe(1);
  });
});

describe('first-order codes (issue #33: attacks that must fail)', () => {
  const placeCod = (token: string, code: string, amount: number) =>
    call(orderCheckout, '/api/orderCheck_out', checkoutRequest(codOrder([ring], code, amount), token));

  it('one new shopper sending 8 orders at once with first-order codes gets exactly one first order', async () => {
    const shopper = await makeShopper();
    // Two first-order codes, one allowing a shopper several uses: neither may make two first orders.
    const welcome = await makeCode({ kind: 'flat', value: 100, firstOrderOnly: true });
    const generous = await makeCode({ kind: 'flat', value: 100, firstOrderOnly: true, perShopperUses: 5 });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => placeCod(shopper.token, i % 2 ? welcome : generous, 100)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({
        success: false,
        message: expect.stringMatching(/^The code T[0-9A-F]{8} is for a first order only\.$/),
      });
    }
    expect(await orders().countDocuments({ userId: shopper.user._id })).toBe(1);
    expect((await usedOf(welcome))! + (await usedOf(generous))!).toBe(1);
    // The order placed is the shopper's first order for good: a later first-order code is refused too.
    const later = await makeCode({ kind: 'flat', value: 100, firstOrderOnly: true });
    expect(await placeCod(shopper.token, later, 100)).toMatchObject({
      status: 422,
      body: { success: false, message: `The code ${later} is for a first order only.` },
    });
    expect(await orders().countDocuments({ userId: shopper.user._id })).toBe(1);
  });

  it('twins of one attempt with a first-order code all answer the one order', async () => {
    const shopper = await makeShopper();
    const welcome = await makeCode({ kind: 'flat', value: 100, firstOrderOnly: true, perShopperUses: 2 });
    const key = randomUUID();
    const body = codOrder([ring], welcome, 100);
    const twins = await Promise.all(
      Array.from({ length: 6 }, () => call(orderCheckout, '/api/orderCheck_out', checkoutRequest(body, shopper.token, key))),
    );
    expect(twins.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(twins.map((r) => r.body.order._id)).size).toBe(1);
    expect(await usedOf(welcome)).toBe(1);
  });

  it('a cancelled first order releases its claim: the shopper can still use the code', async () => {
    const shopper = await makeShopper();
    const welcome = await makeCode({ kind: 'flat', value: 100, firstOrderOnly: true });
    const placed = await placeCod(shopper.token, welcome, 100);
    expect(placed.status).toBe(201);
    const cancelled = await call(cancelOrder, `/api/orders/${placed.body.order._id}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect(cancelled.status).toBe(200);
    // Even when the cancel's give-back never ran (the process died after the cancel), the claim of a cancelled order is dead.
    const attemptId = (await orders().findOne({ _id: new ObjectId(placed.body.order._id as string) }))!['attemptId'] as string;
    await client
      .db(name)
      .collection('users')
      .updateOne({ _id: shopper.user._id }, { $set: { firstOrderClaim: { mark: attemptId, at: new Date() } } });
    expect((await placeCod(shopper.token, welcome, 100)).status).toBe(201);
  });

  it('an abandoned online first order (its hold lapsed) releases its claim', async () => {
    const shopper = await makeShopper();
    const welcome = await makeCode({ kind: 'flat', value: 100, firstOrderOnly: true, perShopperUses: 3 });
    const other = await makeCode({ kind: 'flat', value: 50, firstOrderOnly: true });
    const created = await call(
      createRazorpayOrder,
      '/api/create-razorpay-order',
      checkoutRequest(onlineOrder([ring], welcome, 100), shopper.token),
    );
    expect(created.status).toBe(200);
    // While it is held, no other first order.
    expect((await placeCod(shopper.token, other, 50)).status).toBe(422);
    await reconcilePayments(new Date(Date.now() + 31 * 60_000));
    expect(await orders().findOne({ _id: new ObjectId(created.body.orderId as string) })).toMatchObject({ status: 'cancelled' });
    expect((await placeCod(shopper.token, other, 50)).status).toBe(201);
  });

  it('a claim left by a try that died before storing its order is released by the next try once it is stale', async () => {
    const shopper = await makeShopper();
    const welcome = await makeCode({ kind: 'flat', value: 100, firstOrderOnly: true });
    await client
      .db(name)
      .collection('users')
      .updateOne({ _id: shopper.user._id }, { $set: { firstOrderClaim: { mark: 'dead-try-0', at: new Date(Date.now() - 60 * 60_000) } } });
    expect((await placeCod(shopper.token, welcome, 100)).status).toBe(201);
  });
});

describe('a code worth more than the goods (issue #33: attacks that must fail)', () => {
  it('leaves the goods at ₹1, the same charge for cash on delivery and online, never free goods behind a COD fee', async () => {
    const shopper = await makeShopper();
    for (const rules of [
      { kind: 'flat' as const, value: 5000 },
      { kind: 'percent' as const, value: 100 },
    ]) {
      const code = await makeCode(rules);
      // Apply quotes what the order will charge, whichever way it is paid.
      expect((await check(shopper.token, code, [ring], 'cod')).body).toMatchObject({
        discount: { amount: 1998 },
        subtotal: 1999,
        shippingCost: 100,
        total: 101,
      });
      expect((await check(shopper.token, code, [ring], 'razorpay')).body).toMatchObject({ discount: { amount: 1998 }, total: 1 });

      const cod = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(codOrder([ring], code, 1998), shopper.token));
      expect(cod.status).toBe(201);
      expect(cod.body.order).toMatchObject({ subtotal: 1999, discount: { amount: 1998 }, shippingCost: 100, totalAmount: 101 });
      expect(cod.body.order.products[0].discount).toBe(1998);

      const online = await call(
        createRazorpayOrder,
        '/api/create-razorpay-order',
        checkoutRequest(onlineOrder([ring], code, 1998), shopper.token),
      );
      expect(online.status).toBe(200);
      expect(online.body.order.amount).toBe(100);
    }
  });
});
