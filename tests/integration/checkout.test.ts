import { randomUUID } from 'node:crypto';
import { MongoClient, ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { serveRazorpaySandbox } from '../setup/razorpay-sandbox';
import { makeCatalogue, makeProduct, defaultProducts } from '../fixtures/catalogue';
import { billingAddress, checkoutRequest, deliveryAddress, makeShopper } from '../fixtures/shoppers';
import { setStock as setStockIn, stockOf as stockIn } from '../fixtures/stock';
import { codOrderBody, onlineOrderBody, type PlacedLine } from '../fixtures/placed-orders';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { stableId } from '@server/services/catalogue-ids';
import { reconcilePayments } from '@server/services/reconcile.service';
import orderCheckout from '@functions/order_checkout';
import createRazorpayOrder from '@functions/create_razorpay_order';
import getOrders from '@functions/get_orders';
import getOrderDetails from '@functions/get_order_details';
import { deliveryWindow } from '@shared/delivery';

const { uri, name } = setupTestDatabase();
const sandbox = serveRazorpaySandbox();
let client: MongoClient;
const orders = () => client.db(name).collection('orders');
const idOf = (slug: string) => stableId('products', slug).toHexString();
const stockOf = (slug: string, size?: string) => stockIn(client.db(name), slug, size);
const setStock = (slug: string, stock: number, size?: string) => setStockIn(client.db(name), slug, stock, size);

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  const catalogue = makeCatalogue([
    ...defaultProducts(),
    makeProduct({ slug: 'five-left-pendant', name: 'Five Left Pendant', price: 999, stock: 5 }),
    makeProduct({ slug: 'anklet-pair', name: 'Anklet Pair', price: 1150.5, stock: 100 }),
    makeProduct({ slug: 'hold-bangle', name: 'Hold Bangle', price: 899, stock: 5 }),
  ]);
  expect((await importCatalogue(catalogue, { overwriteStock: true })).ok).toBe(true);
  return () => client.close();
});

/** A COD order payload as the checkout page sends it. */
const codOrder = (lines: PlacedLine[], shippingCost = 100) => codOrderBody(lines, { shippingCost });

/** An online order request as the checkout page sends it. */
const onlineOrder = (lines: PlacedLine[]) => onlineOrderBody(lines);

describe('cash on delivery', () => {
  it('places a confirmed order priced by the server, takes the stock, and shows it only to its owner', async () => {
    const shopper = await makeShopper();
    await setStock('leaf-ring', 10);
    const r = await call(
      orderCheckout,
      '/api/orderCheck_out',
      checkoutRequest(codOrder([{ slug: 'leaf-ring', price: 899, quantity: 2 }]), shopper.token),
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      success: true,
      message: 'Order placed successfully!',
      order: {
        status: 'confirmed',
        paymentStatus: 'cod_pending',
        paymentMethod: 'cod',
        subtotal: 1798,
        shippingCost: 100,
        totalAmount: 1898,
      },
    });
    expect(r.body.order.products[0]).toMatchObject({
      productId: { _id: idOf('leaf-ring'), name: 'Leaf Ring', slug: 'leaf-ring' },
      price: 899,
      quantity: 2,
    });
    expect(r.body.order.statusHistory).toEqual([{ status: 'confirmed', at: expect.any(String), by: 'customer' }]);
    expect(await stockOf('leaf-ring')).toBe(8);

    const orderId = r.body.order._id;
    const own = await call(getOrders, `/api/get_orders/${orderId}`, { headers: { authorization: `Bearer ${shopper.token}` } });
    expect(own).toMatchObject({ status: 200, body: { success: true, order: { _id: orderId, shippingInfo: { city: 'Bengaluru' } } } });
    const stranger = await makeShopper('Kabir');
    const theirs = await call(getOrders, `/api/get_orders/${orderId}`, { headers: { authorization: `Bearer ${stranger.token}` } });
    const missing = await call(getOrders, `/api/get_orders/${new ObjectId().toHexString()}`, {
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(theirs).toMatchObject({ status: 404, body: { success: false } });
    expect(theirs.body).toEqual(missing.body);
    expect((await call(getOrders, `/api/get_orders/${orderId}`)).status).toBe(401);

    const list = await call(getOrderDetails, '/api/get_order-details', { headers: { authorization: `Bearer ${shopper.token}` } });
    expect(list.body.userOrders.map((o: { _id: string }) => o._id)).toEqual([orderId]);
    expect(
      (await call(getOrderDetails, '/api/get_order-details', { headers: { authorization: `Bearer ${stranger.token}` } })).body.userOrders,
    ).toEqual([]);
  });

  it('200 concurrent buyers of a product with stock 5: exactly 5 orders, stock 0, 195 clear 409s, no 5xx', async () => {
    await setStock('five-left-pendant', 5);
    const shoppers = await Promise.all(Array.from({ length: 200 }, () => makeShopper()));
    const results = await Promise.all(
      shoppers.map((s) =>
        call(
          orderCheckout,
          '/api/orderCheck_out',
          checkoutRequest(codOrder([{ slug: 'five-left-pendant', price: 999, quantity: 1 }]), s.token),
        ),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(195);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(new Set(results.filter((r) => r.status === 409).map((r) => r.body.message))).toEqual(
      new Set(['Five Left Pendant is out of stock.']),
    );
    expect(await stockOf('five-left-pendant')).toBe(0);
    expect(await orders().countDocuments({ 'products.productId': stableId('products', 'five-left-pendant') })).toBe(5);
  });

  it('a shortage on one line gives back what the other lines took', async () => {
    const shopper = await makeShopper();
    await setStock('leaf-ring', 3);
    await setStock('five-left-pendant', 1);
    const r = await call(
      createRazorpayOrder,
      '/api/create-razorpay-order',
      checkoutRequest(
        onlineOrder([
          { slug: 'leaf-ring', price: 899, quantity: 1 },
          { slug: 'five-left-pendant', price: 999, quantity: 2 },
        ]),
        shopper.token,
      ),
    );
    expect(r.body).toMatchObject({ success: false, message: 'Only 1 of Five Left Pendant is in stock.' });
    expect(r.status).toBe(409);
    expect(await stockOf('leaf-ring')).toBe(3);
    expect(await stockOf('five-left-pendant')).toBe(1);
  });

  it('the same Idempotency-Key sent 20 times at once places one order and answers all 20 identically', async () => {
    const shopper = await makeShopper();
    await setStock('leaf-ring', 50);
    const key = randomUUID();
    const body = codOrder([{ slug: 'leaf-ring', price: 899, quantity: 1 }]);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call(orderCheckout, '/api/orderCheck_out', checkoutRequest(body, shopper.token, key))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await orders().countDocuments({ userId: shopper.user._id })).toBe(1);
    expect(await stockOf('leaf-ring')).toBe(49);
    // A later retry with the same key (a reload) gets the same order; the key cannot be reused for another order.
    const retry = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(body, shopper.token, key));
    expect(retry.body.order._id).toBe(results[0]!.body.order._id);
    const other = await call(
      orderCheckout,
      '/api/orderCheck_out',
      checkoutRequest(codOrder([{ slug: 'leaf-ring', price: 899, quantity: 2 }]), shopper.token, key),
    );
    expect(other.status).toBe(422);
  });

  it('refuses tampered prices, totals and COD fees, naming the real total, and charges nothing', async () => {
    const shopper = await makeShopper();
    await setStock('lotus-ring', 10);
    const cases = [
      { ...codOrder([{ slug: 'lotus-ring', price: 1, quantity: 1 }]) },
      { ...codOrder([{ slug: 'lotus-ring', price: 1299, quantity: 1 }]), totalAmount: 100 },
      codOrder([{ slug: 'lotus-ring', price: 1299, quantity: 1 }], 0),
    ];
    for (const body of cases) {
      const r = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(body, shopper.token));
      expect(r).toMatchObject({ status: 409, body: { success: false } });
      expect(r.body.message).toBe('Prices have changed: your order total is now ₹1,399. Please review your order and try again.');
    }
    expect(await stockOf('lotus-ring')).toBe(10);
    expect(await orders().countDocuments({ userId: shopper.user._id })).toBe(0);
  });

  it('refuses COD for orders of ₹2,499 or more with 400', async () => {
    const shopper = await makeShopper();
    await setStock('temple-jhumka', 10);
    const r = await call(
      orderCheckout,
      '/api/orderCheck_out',
      checkoutRequest(codOrder([{ slug: 'temple-jhumka', price: 3299, quantity: 1 }]), shopper.token),
    );
    expect(r).toMatchObject({ status: 400, body: { success: false, message: 'COD is not available for orders of ₹2,499 or more' } });
    expect(await stockOf('temple-jhumka')).toBe(10);
  });

  it('keeps paise exact: ₹1,150.50 × 3 + ₹100 = ₹3,551.50 with no float noise', async () => {
    const shopper = await makeShopper();
    const body = {
      ...onlineOrder([{ slug: 'anklet-pair', price: 1150.5, quantity: 3 }]),
    };
    const r = await call(createRazorpayOrder, '/api/create-razorpay-order', checkoutRequest(body, shopper.token));
    expect(r.status).toBe(200);
    expect(r.body.order.amount).toBe(345150);
    const stored = await orders().findOne({ _id: new ObjectId(r.body.orderId as string) });
    expect(stored).toMatchObject({ subtotalPaise: 345150, totalPaise: 345150, shippingPaise: 0 });
  });

  it('refuses bad lines, bad addresses and missing tokens with clear 4xx, writing nothing', async () => {
    const shopper = await makeShopper();
    const base = codOrder([{ slug: 'leaf-ring', price: 899, quantity: 1 }]);
    const line = base.products[0]!;
    const cases: [unknown, number, string][] = [
      [{ ...base, products: [{ ...line, quantity: 0 }] }, 400, 'quantity must be a whole number of at least 1'],
      [{ ...base, products: [{ ...line, quantity: 1.5 }] }, 400, 'quantity must be a whole number of at least 1'],
      [{ ...base, products: [line, line] }, 400, 'Each product (in each size) may appear only once in an order'],
      [{ ...base, products: [] }, 400, 'No items selected'],
      [{ ...base, products: [{ ...line, productId: new ObjectId().toHexString() }] }, 400, 'no longer sold'],
      [{ ...base, products: [{ ...line, productId: { $gt: '' } }] }, 400, 'productId'],
      [{ ...base, shippingInfo: { ...deliveryAddress, pincode: '56002' } }, 400, 'PIN code must be 6 digits'],
      [{ ...base, shippingInfo: { ...deliveryAddress, firstName: '' } }, 400, 'First name is required'],
      [{ ...base, shippingInfo: { ...deliveryAddress, firstName: '\u200b\u200c' } }, 400, 'shippingInfo.firstName: First name is required'],
      [{ ...base, shippingInfo: { ...deliveryAddress, city: '\u3164' } }, 400, 'shippingInfo.city: City is required'],
      [
        { ...base, shippingInfo: { ...deliveryAddress, firstName: 'Meera\u202e' } },
        400,
        'First name contains characters that are not allowed',
      ],
      [
        { ...base, shippingInfo: { ...deliveryAddress, address: '21\tResidency Road' } },
        400,
        'Address contains characters that are not allowed',
      ],
      [
        { ...base, billingInfo: { ...billingAddress, city: '\u2067Pune\u2069' } },
        400,
        'billingInfo.city: City contains characters that are not allowed',
      ],
      [{ ...base, shippingInfo: { ...deliveryAddress, apartment: '\u0007' } }, 400, 'Apartment contains characters that are not allowed'],
      [{ ...base, shippingInfo: { ...deliveryAddress, pincode: '110001' } }, 400, 'PIN code 110001 is in Delhi, not Karnataka'],
      [{ ...base, shippingInfo: { ...deliveryAddress, pincode: '999999' } }, 400, 'PIN code 999999 does not exist. Please check it.'],
      [
        { ...base, billingInfo: { ...billingAddress, state: 'Kerala' } },
        400,
        'Billing address: PIN code 560025 is in Karnataka, not Kerala',
      ],
      [{ ...base, paymentMethod: 'crypto' }, 400, 'paymentMethod'],
      [{ ...base, userId: 'someone' }, 400, ''],
    ];
    for (const [body, status, message] of cases) {
      const r = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(body, shopper.token));
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(r.body.message).toContain(message);
    }
    expect((await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(base, null))).status).toBe(401);
    const badKey = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(base, shopper.token, 'not-a-uuid'));
    expect(badKey.status).toBe(400);
    expect(await orders().countDocuments({ userId: shopper.user._id })).toBe(0);
  });
});

describe('online payment through Razorpay (local sandbox, real SDK code path)', () => {
  it('creates a Razorpay order and a pending order holding stock; after payment the verified order is paid and confirmed', async () => {
    const shopper = await makeShopper();
    await setStock('lotus-ring', 4);
    const created = await call(
      createRazorpayOrder,
      '/api/create-razorpay-order',
      checkoutRequest(onlineOrder([{ slug: 'lotus-ring', price: 1299, quantity: 2 }]), shopper.token),
    );
    expect(created).toMatchObject({
      status: 200,
      body: { success: true, order: { amount: 259800, currency: 'INR' }, key: 'rzp_test_sandboxlocal' },
    });
    expect(created.body.order.id).toMatch(/^order_/);
    expect(await stockOf('lotus-ring')).toBe(2);
    const pending = await orders().findOne({ _id: new ObjectId(created.body.orderId as string) });
    expect(pending).toMatchObject({ status: 'pending_payment', paymentStatus: 'pending', razorpayOrderId: created.body.order.id });

    const paid = await sandbox.pay(created.body.order.id);
    expect(paid.status).toBe(200);
    const confirm = await call(
      orderCheckout,
      '/api/orderCheck_out',
      checkoutRequest(
        {
          ...codOrder([{ slug: 'lotus-ring', price: 1299, quantity: 2 }], 0),
          paymentMethod: 'razorpay',
          razorpayOrderId: paid.body.razorpay_order_id,
          razorpayPaymentId: paid.body.razorpay_payment_id,
          razorpaySignature: paid.body.razorpay_signature,
        },
        shopper.token,
      ),
    );
    expect(confirm).toMatchObject({
      status: 201,
      body: { order: { status: 'confirmed', paymentStatus: 'paid', razorpayPaymentId: paid.body.razorpay_payment_id } },
    });
    expect(confirm.body.order.statusHistory.map((h: { status: string }) => h.status)).toEqual(['pending_payment', 'confirmed']);
    expect(await stockOf('lotus-ring')).toBe(2);
  });

  it('refuses a client amount that differs from the server total (409) and creates nothing', async () => {
    const shopper = await makeShopper();
    const r = await call(
      createRazorpayOrder,
      '/api/create-razorpay-order',
      checkoutRequest({ ...onlineOrder([{ slug: 'leaf-ring', price: 899, quantity: 1 }]), amount: 1 }, shopper.token),
    );
    expect(r).toMatchObject({
      status: 409,
      body: { message: 'Prices have changed: your order total is now ₹899. Please review your order and try again.' },
    });
    expect(await orders().countDocuments({ userId: shopper.user._id })).toBe(0);
  });

  it('a forged signature, a reused signature and a payment id from another order are refused with 400; nothing is paid', async () => {
    const shopper = await makeShopper();
    await setStock('leaf-ring', 10);
    const mk = async () =>
      (
        await call(
          createRazorpayOrder,
          '/api/create-razorpay-order',
          checkoutRequest(onlineOrder([{ slug: 'leaf-ring', price: 899, quantity: 1 }]), shopper.token),
        )
      ).body;
    const a = await mk();
    const b = await mk();
    const paidA = (await sandbox.pay(a.order.id)).body;
    const confirm = (razorpayOrderId: string, razorpayPaymentId: string, razorpaySignature: string, token = shopper.token) =>
      call(
        orderCheckout,
        '/api/orderCheck_out',
        checkoutRequest(
          {
            ...codOrder([{ slug: 'leaf-ring', price: 899, quantity: 1 }], 0),
            paymentMethod: 'razorpay',
            razorpayOrderId,
            razorpayPaymentId,
            razorpaySignature,
          },
          token,
        ),
      );
    expect((await confirm(a.order.id, paidA.razorpay_payment_id, 'f'.repeat(64))).status).toBe(400);
    // A's genuine payment and signature presented for order B.
    expect((await confirm(b.order.id, paidA.razorpay_payment_id, paidA.razorpay_signature)).status).toBe(400);
    // Another shopper presenting A's genuine payment.
    const thief = await makeShopper('Thief');
    expect((await confirm(a.order.id, paidA.razorpay_payment_id, paidA.razorpay_signature, thief.token)).status).toBe(404);
    expect(await orders().countDocuments({ userId: shopper.user._id, paymentStatus: 'paid' })).toBe(0);
    // The genuine confirmation still works, and repeating it changes nothing.
    expect((await confirm(a.order.id, paidA.razorpay_payment_id, paidA.razorpay_signature)).body.order.paymentStatus).toBe('paid');
    expect((await confirm(a.order.id, paidA.razorpay_payment_id, paidA.razorpay_signature)).status).toBe(201);
    expect(await orders().countDocuments({ userId: shopper.user._id, paymentStatus: 'paid' })).toBe(1);
  });

  it('a failed payment keeps the hold; once the hold expires the order is cancelled and the stock returns, once', async () => {
    const shopper = await makeShopper();
    await setStock('hold-bangle', 5);
    const created = (
      await call(
        createRazorpayOrder,
        '/api/create-razorpay-order',
        checkoutRequest(onlineOrder([{ slug: 'hold-bangle', price: 899, quantity: 2 }]), shopper.token),
      )
    ).body;
    expect((await sandbox.pay(created.order.id, 'failure')).status).toBe(400);
    expect(await stockOf('hold-bangle')).toBe(3);
    // A dismissed second attempt (no payment at all), too.
    const dismissed = (
      await call(
        createRazorpayOrder,
        '/api/create-razorpay-order',
        checkoutRequest(onlineOrder([{ slug: 'hold-bangle', price: 899, quantity: 1 }]), shopper.token),
      )
    ).body;
    expect(await stockOf('hold-bangle')).toBe(2);

    const early = await reconcilePayments(new Date(Date.now() + 20 * 60_000));
    expect(early.stillWaiting).toEqual(expect.arrayContaining([created.orderId, dismissed.orderId]));
    expect(await stockOf('hold-bangle')).toBe(2);

    const later = new Date(Date.now() + 31 * 60_000);
    const [first, second] = await Promise.all([reconcilePayments(later), reconcilePayments(later)]);
    const cancelledNow = [...first.cancelled, ...second.cancelled].filter((id) => id === created.orderId || id === dismissed.orderId);
    expect(cancelledNow.sort()).toEqual([created.orderId, dismissed.orderId].sort());
    expect(await stockOf('hold-bangle')).toBe(5);
    const cancelled = await orders().findOne({ _id: new ObjectId(created.orderId as string) });
    expect(cancelled).toMatchObject({ status: 'cancelled', stock: { state: 'returned' } });
  });
});

describe('one checkout attempt, many requests', () => {
  it('twins of one attempt racing for the last piece all answer the one order; stock 0, nothing given back twice', async () => {
    const shopper = await makeShopper();
    await setStock('hold-bangle', 1);
    const key = randomUUID();
    const body = codOrder([{ slug: 'hold-bangle', price: 899, quantity: 1 }]);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => call(orderCheckout, '/api/orderCheck_out', checkoutRequest(body, shopper.token, key))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.body.order._id)).size).toBe(1);
    expect(await orders().countDocuments({ userId: shopper.user._id })).toBe(1);
    expect(await stockOf('hold-bangle')).toBe(0);
    // Another shopper is refused with what is true: none left.
    const other = await makeShopper();
    const refused = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(body, other.token, randomUUID()));
    expect(refused).toMatchObject({ status: 409, body: { message: 'Hold Bangle is out of stock.' } });
  });

  it('a replay after the price changed answers the order it placed, at the price it was placed at', async () => {
    const shopper = await makeShopper();
    await setStock('leaf-ring', 20);
    const key = randomUUID();
    const body = codOrder([{ slug: 'leaf-ring', price: 899, quantity: 1 }]);
    const first = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(body, shopper.token, key));
    expect(first.status).toBe(201);
    const products = client.db(name).collection('products');
    await products.updateOne({ slug: 'leaf-ring' }, { $set: { price: 949 } });
    try {
      const replay = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(body, shopper.token, key));
      expect(replay).toMatchObject({ status: 201, body: { order: { _id: first.body.order._id, totalAmount: 999 } } });
      // A new attempt with the old figures is told the new total.
      const fresh = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(body, shopper.token, randomUUID()));
      expect(fresh).toMatchObject({ status: 409, body: { message: expect.stringContaining('₹1,049') } });
    } finally {
      await products.updateOne({ slug: 'leaf-ring' }, { $set: { price: 899 } });
    }
    expect(await orders().countDocuments({ userId: shopper.user._id })).toBe(1);
    expect(await stockOf('leaf-ring')).toBe(19);
  });

  it('a retry of an attempt whose stored order has an id not derived from its key answers that order', async () => {
    const shopper = await makeShopper();
    await setStock('leaf-ring', 20);
    const key = randomUUID();
    const body = codOrder([{ slug: 'leaf-ring', price: 899, quantity: 1 }]);
    const first = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(body, shopper.token, key));
    expect(first.status).toBe(201);
    // The same order stored with a random _id, so it can be found only through its key.
    const stored = await orders().findOne({ _id: new ObjectId(first.body.order._id as string) });
    const legacyId = new ObjectId();
    await orders().deleteOne({ _id: stored!._id });
    await orders().insertOne({ ...stored!, _id: legacyId });
    const retry = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(body, shopper.token, key));
    expect(retry).toMatchObject({ status: 201, body: { order: { _id: legacyId.toHexString() } } });
    expect(await orders().countDocuments({ userId: shopper.user._id })).toBe(1);
    expect(await stockOf('leaf-ring')).toBe(19);
  });
});

describe('the promise kept with the order', () => {
  it('stores the delivery window of the PIN code’s class, counted from when the order was placed', async () => {
    const shopper = await makeShopper();
    await setStock('leaf-ring', 20);
    const placed = await call(
      orderCheckout,
      '/api/orderCheck_out',
      checkoutRequest(codOrder([{ slug: 'leaf-ring', price: 899, quantity: 1 }]), shopper.token),
    );
    expect(placed.status).toBe(201);
    const stored = await orders().findOne({ _id: new ObjectId(placed.body.order._id as string) });
    // 560025 is in Bengaluru Urban: a metro PIN.
    expect(stored!['delivery']).toEqual(deliveryWindow('metro', stored!['createdAt'] as Date));
    expect(placed.body.order.delivery).toEqual({ from: stored!['delivery'].from, to: stored!['delivery'].to });
  });

  it('refuses an online order to a PIN in another state before anything is held or created', async () => {
    const shopper = await makeShopper();
    await setStock('leaf-ring', 20);
    const r = await call(
      createRazorpayOrder,
      '/api/create-razorpay-order',
      checkoutRequest(
        { ...onlineOrder([{ slug: 'leaf-ring', price: 899, quantity: 1 }]), shippingInfo: { ...deliveryAddress, state: 'Goa' } },
        shopper.token,
      ),
    );
    expect(r).toMatchObject({ status: 400, body: { message: 'PIN code 560025 is in Karnataka, not Goa' } });
    expect(await orders().countDocuments({ userId: shopper.user._id })).toBe(0);
    expect(await stockOf('leaf-ring')).toBe(20);
  });
});
