import { SignJWT } from 'jose';
import { MongoClient, ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { serveRazorpaySandbox } from '../setup/razorpay-sandbox';
import { makeCatalogue, makeProduct, defaultProducts } from '../fixtures/catalogue';
import { makeShopper } from '../fixtures/shoppers';
import { stockOf as stockIn } from '../fixtures/stock';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { usersRepository } from '@server/repositories/users.repository';
import getOrderAll from '@functions/get_order_all';
import adminOrder from '@functions/admin_order';
import adminOrderStatus from '@functions/admin_order_status';
import cancelOrder from '@functions/cancel_order';
import getOrders from '@functions/get_orders';
import { statusChange } from '../fixtures/orders';
import { makeAdmin, placeCodOrder, placePaidOrder, startOnlineOrder } from '../fixtures/placed-orders';

const { uri, name } = setupTestDatabase();
const sandbox = serveRazorpaySandbox();
let client: MongoClient;
const db = () => client.db(name);
const stockOf = (slug: string, size?: string) => stockIn(client.db(name), slug, size);
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const patch = (token: string, status: unknown) => ({
  method: 'PATCH',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify(statusChange(status)),
});
const post = (token: string) => ({ method: 'POST', headers: { authorization: `Bearer ${token}` } });

let admin: Awaited<ReturnType<typeof makeShopper>>;

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  expect(
    (
      await importCatalogue(
        makeCatalogue([...defaultProducts(), makeProduct({ slug: 'admin-cuff', name: 'Admin Cuff', price: 500, stock: 100 })]),
        { overwriteStock: true },
      )
    ).ok,
  ).toBe(true);
  admin = await makeAdmin();
  return () => client.close();
});

const CUFF = { slug: 'admin-cuff', price: 500 };

/** A COD order of `quantity` cuffs for a shopper; returns its id. */
const codOrder = async (token: string, quantity = 1): Promise<string> => (await placeCodOrder(token, [{ ...CUFF, quantity }])).id;

/** A paid online order of two cuffs; returns its id and Razorpay payment id. */
const paidOrder = (token: string) => placePaidOrder(sandbox, token, [{ ...CUFF, quantity: 2 }]);

describe('admin authorisation', () => {
  it('every admin call: 401 without a token, 403 for a customer and for a forged role claim, 200 for an admin', async () => {
    const customer = await makeShopper();
    const orderId = await codOrder(customer.token);
    // A genuine token of the customer's, re-signed with an added role claim: the role is read from the user record.
    const forged = await new SignJWT({ ver: customer.user.tokenVersion, role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(customer.user._id.toHexString())
      .setIssuer('chandi-kala')
      .setAudience('chandi-kala-shop')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(process.env.AUTH_SECRET));
    const calls: [typeof getOrderAll, string, (t?: string) => RequestInit][] = [
      [getOrderAll, '/api/get_order-all', (t) => (t ? bearer(t) : {})],
      [adminOrder, `/api/admin/orders/${orderId}`, (t) => (t ? bearer(t) : {})],
      [
        adminOrderStatus,
        `/api/admin/orders/${orderId}/status`,
        (t) => (t ? patch(t, 'packed') : { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{"status":"packed"}' }),
      ],
    ];
    for (const [fn, path, init] of calls) {
      expect((await call(fn, path, init())).status, path).toBe(401);
      expect((await call(fn, path, init(customer.token))).status, path).toBe(403);
      expect((await call(fn, path, init(forged))).status, path).toBe(403);
    }
    expect(
      (await db()
        .collection('orders')
        .findOne({ _id: new ObjectId(orderId) }))!['status'],
    ).toBe('confirmed');
    for (const [fn, path, init] of calls) expect((await call(fn, path, init(admin.token))).status, path).toBe(200);
  });

  it('a revoked admin loses access at once', async () => {
    const ops = await makeShopper('Ops');
    await usersRepository.setRole(ops.phone, 'admin');
    expect((await call(getOrderAll, '/api/get_order-all', bearer(ops.token))).status).toBe(200);
    await usersRepository.setRole(ops.phone, 'customer');
    expect((await call(getOrderAll, '/api/get_order-all', bearer(ops.token))).status).toBe(403);
  });
});

describe('GET /api/get_order-all', () => {
  it('filters by status, searches and pages on the server, with the total', async () => {
    const shopper = await makeShopper('Zoya');
    const ids = [];
    for (let i = 0; i < 7; i++) ids.push(await codOrder(shopper.token));
    const page1 = await call(getOrderAll, '/api/get_order-all?status=confirmed&search=Admin%20Cuff&page=1&pageSize=5', bearer(admin.token));
    expect(page1.body).toMatchObject({ success: true, page: 1, pageSize: 5 });
    expect(page1.body.total).toBeGreaterThanOrEqual(7);
    expect(page1.body.getOrder).toHaveLength(5);
    expect(page1.body.getOrder[0]).toMatchObject({ status: 'confirmed', customer: { phone: shopper.phone } });
    const byNumber = await call(getOrderAll, `/api/get_order-all?search=HRM-${ids[3]!.slice(-6).toUpperCase()}`, bearer(admin.token));
    expect(byNumber.body.getOrder.map((o: { _id: string }) => o._id)).toEqual([ids[3]]);
    const byPhone = await call(getOrderAll, `/api/get_order-all?search=${shopper.phone}`, bearer(admin.token));
    expect(byPhone.body.total).toBe(0); // the delivery phone is the address's, not the account's
    const none = await call(getOrderAll, '/api/get_order-all?search=no%20such%20thing%20(', bearer(admin.token));
    expect(none.body).toMatchObject({ getOrder: [], total: 0 });
    for (const bad of ['?status=lost', '?page=0', '?pageSize=1000', '?search[$gt]=', '?page=abc']) {
      expect((await call(getOrderAll, `/api/get_order-all${bad}`, bearer(admin.token))).status, bad).toBe(400);
    }
  });
});

describe("GET /api/get_order-all: the dashboard's filters", () => {
  /** Moves an order's placing to `at` (an instant), as if it had been placed then. */
  const placedAt = (id: string, at: string) =>
    db()
      .collection('orders')
      .updateOne({ _id: new ObjectId(id) }, { $set: { createdAt: new Date(at) } });
  /** The ids a list query answers, sorted (the list is newest first; the sets are what matter here). */
  const idsOf = async (query: string): Promise<string[]> => {
    const r = await call(getOrderAll, `/api/get_order-all${query}`, bearer(admin.token));
    expect(r.status, query).toBe(200);
    expect(r.body.total, query).toBe(r.body.getOrder.length);
    return r.body.getOrder.map((o: { _id: string }) => o._id).sort();
  };
  const sorted = (...ids: string[]) => [...ids].sort();

  it('select by India day placed (both ends included), payment and sales only, with status and search', async () => {
    const shopper = await makeShopper('Farah');
    // 10 to 12 March 2025 in India: from 9 March 18:30 UTC to before 12 March 18:30 UTC.
    const firstMoment = await codOrder(shopper.token);
    await placedAt(firstMoment, '2025-03-09T18:30:00.000Z');
    const dayBefore = await codOrder(shopper.token);
    await placedAt(dayBefore, '2025-03-09T18:29:59.999Z');
    const paidLastMoment = (await paidOrder(shopper.token)).id;
    await placedAt(paidLastMoment, '2025-03-12T18:29:59.999Z');
    const dayAfter = await codOrder(shopper.token);
    await placedAt(dayAfter, '2025-03-12T18:30:00.000Z');
    // An online attempt never paid, abandoned (cancelled): placed in the range, never a sale.
    const attempt = (await startOnlineOrder(shopper.token, [{ ...CUFF, quantity: 1 }])).orderId;
    expect((await call(adminOrderStatus, `/api/admin/orders/${attempt}/status`, patch(admin.token, 'cancelled'))).status).toBe(200);
    await placedAt(attempt, '2025-03-11T06:00:00.000Z');
    // A cash sale cancelled afterwards: still a sale.
    const cancelledSale = await codOrder(shopper.token);
    expect((await call(adminOrderStatus, `/api/admin/orders/${cancelledSale}/status`, patch(admin.token, 'cancelled'))).status).toBe(200);
    await placedAt(cancelledSale, '2025-03-11T07:00:00.000Z');

    const range = '?from=2025-03-10&to=2025-03-12';
    expect(await idsOf(range)).toEqual(sorted(firstMoment, paidLastMoment, attempt, cancelledSale));
    expect(await idsOf(`${range}&payment=cod`)).toEqual(sorted(firstMoment, cancelledSale));
    expect(await idsOf(`${range}&payment=online`)).toEqual(sorted(paidLastMoment, attempt));
    expect(await idsOf(`${range}&payment=all`)).toEqual(sorted(firstMoment, paidLastMoment, attempt, cancelledSale));
    expect(await idsOf(`${range}&sale=yes`)).toEqual(sorted(firstMoment, paidLastMoment, cancelledSale));
    expect(await idsOf(`${range}&payment=online&sale=yes`)).toEqual([paidLastMoment]);
    expect(await idsOf(`${range}&status=cancelled`)).toEqual(sorted(attempt, cancelledSale));
    expect(await idsOf(`${range}&status=cancelled&sale=yes`)).toEqual([cancelledSale]);
    expect(await idsOf(`${range}&search=HRM-${firstMoment.slice(-6).toUpperCase()}`)).toEqual([firstMoment]);
    expect(await idsOf(`${range}&search=HRM-${dayAfter.slice(-6).toUpperCase()}`)).toEqual([]);
    // One day, and either end alone.
    expect(await idsOf('?from=2025-03-09&to=2025-03-09')).toEqual([dayBefore]);
    expect(await idsOf('?from=2025-03-13&to=2025-03-13')).toEqual([dayAfter]);
    expect(await idsOf(`?to=2025-03-09&search=Admin%20Cuff`)).toEqual([dayBefore]);
    expect(await idsOf(`?from=2025-03-12&to=2025-03-12`)).toEqual([paidLastMoment]);
    const fromOnly = await idsOf('?from=2025-03-12&pageSize=100');
    expect(fromOnly).toContain(paidLastMoment);
    expect(fromOnly).toContain(dayAfter);
    expect(fromOnly).not.toContain(cancelledSale);

    for (const [bad, message] of [
      ['?from=2025-03-12&to=2025-03-10', 'From must be on or before To'],
      ['?from=2025-02-30', 'From must be a real date'],
      ['?to=12-03-2025', 'To must be a date (YYYY-MM-DD)'],
      ['?from=1999-12-31', 'From must be in the years 2000 to 2099'],
      ['?payment=upi', 'payment must be all, online or cod'],
      ['?sale=no', 'sale must be yes when given'],
      ['?from[$gt]=', ''],
    ]) {
      const r = await call(getOrderAll, `/api/get_order-all${bad}`, bearer(admin.token));
      expect(r.status, bad).toBe(400);
      expect(r.body.message, bad).toContain(message);
    }
  });
});

describe('shipping', () => {
  const ship = (token: string, body: unknown) => ({
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  it('marks an order Shipped only with its courier and tracking number, which the shopper then sees with a link to follow it', async () => {
    const shopper = await makeShopper();
    const id = await codOrder(shopper.token);
    await call(adminOrderStatus, `/api/admin/orders/${id}/status`, patch(admin.token, 'packed'));
    const path = `/api/admin/orders/${id}/status`;
    const refused = async (body: unknown, status = 400) => {
      const r = await call(adminOrderStatus, path, ship(admin.token, body));
      expect(r.status).toBe(status);
      return r.body.message as string;
    };
    expect(await refused({ status: 'shipped' })).toBe('Enter the courier and the tracking (AWB) number to mark this order shipped.');
    expect(await refused({ status: 'shipped', shipment: { courier: 'Delhivery', awb: '' } })).toContain('Enter the tracking (AWB) number');
    expect(await refused({ status: 'shipped', shipment: { courier: 'Other', awb: 'AB12345' } })).toContain('Name the courier');
    expect(await refused({ status: 'shipped', shipment: { courier: 'Delhivery', awb: 'AB12345', trackingUrl: 'http://x.in' } })).toContain(
      'A tracking link starts with https://',
    );
    expect(await refused({ status: 'shipped', shipment: { courier: 'Delhivery', awb: 'AB12345', expectedDelivery: '2020-01-01' } })).toBe(
      'Expected delivery cannot be a date in the past.',
    );
    expect((await call(adminOrder, `/api/admin/orders/${id}`, bearer(admin.token))).body.order.status).toBe('packed');

    const shipped = await call(
      adminOrderStatus,
      path,
      ship(admin.token, { status: 'shipped', shipment: { courier: 'Delhivery', awb: 'DL98765432', expectedDelivery: '2099-12-04' } }),
    );
    expect(shipped.status).toBe(200);
    const seen = (await call(getOrders, `/api/get_orders/${id}`, bearer(shopper.token))).body.order;
    expect(seen.shipment).toEqual({
      courier: 'Delhivery',
      awb: 'DL98765432',
      trackingUrl: 'https://www.delhivery.com/track-v2/package/DL98765432',
      expectedDelivery: '2099-12-04',
      shippedAt: expect.any(String),
    });

    // A courier of the admin's own naming, with its own link.
    const other = await codOrder(shopper.token);
    await call(adminOrderStatus, `/api/admin/orders/${other}/status`, patch(admin.token, 'packed'));
    const own = await call(
      adminOrderStatus,
      `/api/admin/orders/${other}/status`,
      ship(admin.token, {
        status: 'shipped',
        shipment: { courier: 'Trackon', awb: 'TR-5512', trackingUrl: 'https://trackon.in/t/TR-5512' },
      }),
    );
    expect(own.body.order.shipment).toMatchObject({ courier: 'Trackon', awb: 'TR-5512', trackingUrl: 'https://trackon.in/t/TR-5512' });
  });
});

describe('status changes', () => {
  it('allows only the forward path and cancelling; each change is in the history with who and when, and texts the shopper', async () => {
    const shopper = await makeShopper();
    const id = await codOrder(shopper.token);
    const skip = await call(adminOrderStatus, `/api/admin/orders/${id}/status`, patch(admin.token, 'shipped'));
    expect(skip).toMatchObject({ status: 409, body: { success: false, message: 'An order that is confirmed cannot become shipped.' } });
    for (const next of ['packed', 'shipped', 'out_for_delivery', 'delivered']) {
      const r = await call(adminOrderStatus, `/api/admin/orders/${id}/status`, patch(admin.token, next));
      expect(r.status, next).toBe(200);
      expect(r.body.order.status).toBe(next);
    }
    const back = await call(adminOrderStatus, `/api/admin/orders/${id}/status`, patch(admin.token, 'packed'));
    expect(back.status).toBe(409);
    expect((await call(adminOrderStatus, `/api/admin/orders/${id}/status`, patch(admin.token, 'cancelled'))).status).toBe(409);
    expect((await call(adminOrderStatus, `/api/admin/orders/${id}/status`, patch(admin.token, 'teleported'))).status).toBe(400);
    const order = (await call(adminOrder, `/api/admin/orders/${id}`, bearer(admin.token))).body.order;
    expect(order.statusHistory.map((h: { status: string; by: string }) => `${h.status}:${h.by}`)).toEqual([
      'confirmed:customer',
      `packed:admin:${admin.phone}`,
      `shipped:admin:${admin.phone}`,
      `out_for_delivery:admin:${admin.phone}`,
      `delivered:admin:${admin.phone}`,
    ]);
    const texts = await db().collection('sms_outbox').find({ to: shopper.phone }).toArray();
    expect(texts.map((t) => t['text'])).toContain(
      `Chandi Kala: your order HRM-${id.slice(-6).toUpperCase()} is now Shipped with Delhivery (AWB DL1234567890). Details: http://localhost:8888/Order-success/${id}`,
    );
    // Each step texts once, however the step was reached.
    expect(texts.filter((t) => /is now Shipped/.test(t['text'] as string))).toHaveLength(1);
  });

  it('a cancel sent twice at once restocks once; a paid online order is refunded once through Razorpay', async () => {
    const shopper = await makeShopper();
    const before = await stockOf('admin-cuff');
    const cod = await codOrder(shopper.token, 3);
    const results = await Promise.all(
      [1, 2, 3].map(() => call(adminOrderStatus, `/api/admin/orders/${cod}/status`, patch(admin.token, 'cancelled'))),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await stockOf('admin-cuff')).toBe(before);

    const paid = await paidOrder(shopper.token);
    expect(await stockOf('admin-cuff')).toBe(before - 2);
    const twice = await Promise.all(
      [1, 2].map(() => call(adminOrderStatus, `/api/admin/orders/${paid.id}/status`, patch(admin.token, 'cancelled'))),
    );
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    expect(await stockOf('admin-cuff')).toBe(before);
    const refunds = await db().collection('razorpay_sandbox_refunds').find({ payment_id: paid.paymentId }).toArray();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!['amount']).toBe(100000);
    const order = await db()
      .collection('orders')
      .findOne({ _id: new ObjectId(paid.id) });
    expect(order).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      refund: { id: refunds[0]!['_id'], amountPaise: 100_000 },
    });
  });
});

describe('a shopper cancels their own order', () => {
  it('within 24 hours and before shipping; not after, not once shipped, not someone else’s', async () => {
    const shopper = await makeShopper();
    const before = await stockOf('admin-cuff');
    const id = await codOrder(shopper.token, 2);
    const r = await call(cancelOrder, `/api/orders/${id}/cancel`, post(shopper.token));
    expect(r).toMatchObject({ status: 200, body: { success: true, message: 'Your order was cancelled.', order: { status: 'cancelled' } } });
    expect(await stockOf('admin-cuff')).toBe(before);
    expect((await call(cancelOrder, `/api/orders/${id}/cancel`, post(shopper.token))).status).toBe(200);
    expect(await stockOf('admin-cuff')).toBe(before);

    const old = await codOrder(shopper.token);
    await db()
      .collection('orders')
      .updateOne({ _id: new ObjectId(old) }, { $set: { createdAt: new Date(Date.now() - 25 * 3600_000) } });
    expect(await call(cancelOrder, `/api/orders/${old}/cancel`, post(shopper.token))).toMatchObject({
      status: 409,
      body: { message: 'Orders can be cancelled within 24 hours of placing them. Please contact us for help with this order.' },
    });

    const shipped = await codOrder(shopper.token);
    await call(adminOrderStatus, `/api/admin/orders/${shipped}/status`, patch(admin.token, 'packed'));
    await call(adminOrderStatus, `/api/admin/orders/${shipped}/status`, patch(admin.token, 'shipped'));
    expect((await call(cancelOrder, `/api/orders/${shipped}/cancel`, post(shopper.token))).status).toBe(409);

    const stranger = await makeShopper();
    expect((await call(cancelOrder, `/api/orders/${shipped}/cancel`, post(stranger.token))).status).toBe(404);
    expect((await call(cancelOrder, `/api/orders/${shipped}/cancel`, { method: 'POST' })).status).toBe(401);
  });

  it('an admin may read any order; a customer only their own', async () => {
    const shopper = await makeShopper();
    const id = await codOrder(shopper.token);
    expect((await call(getOrders, `/api/get_orders/${id}`, bearer(admin.token))).status).toBe(200);
    expect((await call(getOrders, `/api/get_orders/${id}`, bearer((await makeShopper()).token))).status).toBe(404);
  });
});
