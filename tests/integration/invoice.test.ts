import { MongoClient, ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { serveRazorpaySandbox } from '../setup/razorpay-sandbox';
import { makeCatalogue, makeProduct, defaultProducts } from '../fixtures/catalogue';
import { billingAddress, checkoutRequest, deliveryAddress, makeShopper } from '../fixtures/shoppers';
import { importCatalogue, stableId } from '../../netlify/lib/services/catalogue-import.service';
import { usersRepository } from '../../netlify/lib/repositories/users.repository';
import orderCheckout from '../../netlify/functions/order_checkout';
import createRazorpayOrder from '../../netlify/functions/create_razorpay_order';
import invoice from '../../netlify/functions/invoice';
import adminOrderStatus from '../../netlify/functions/admin_order_status';
import type { Invoice } from '../../src/shared/api/orders';

const { uri, name } = setupTestDatabase();
const sandbox = serveRazorpaySandbox();
let client: MongoClient;
const db = () => client.db(name);
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const path = (id: string) => `/api/invoice/${id}`;

let admin: Awaited<ReturnType<typeof makeShopper>>;
let owner: Awaited<ReturnType<typeof makeShopper>>;

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  expect(
    (
      await importCatalogue(
        makeCatalogue([
          ...defaultProducts(),
          makeProduct({ slug: 'invoice-cuff', name: 'Invoice Cuff', price: 1299, stock: 500 }),
          makeProduct({ slug: 'invoice-ring', name: 'Invoice Ring', price: 999, stock: 50 }),
        ]),
        { overwriteStock: true },
      )
    ).ok,
  ).toBe(true);
  admin = await makeShopper('Admin');
  await usersRepository.setRole(admin.phone, 'admin');
  owner = await makeShopper('Owner');
  return () => client.close();
});

const cuff = stableId('products', 'invoice-cuff').toHexString();
const ring = stableId('products', 'invoice-ring').toHexString();

/** A COD order of `quantity` pieces (₹1,299 cuffs, or ₹999 rings) shipped to `state`; returns its id. */
/** A delivery address in each state the tests ship to: the state must be its PIN code's. */
const ADDRESS_IN = {
  Karnataka: {},
  Rajasthan: { city: 'Jaipur', pincode: '302001' },
} as const;

async function codOrder(
  token: string,
  quantity = 1,
  state: keyof typeof ADDRESS_IN = 'Karnataka',
  piece: 'cuff' | 'ring' = 'cuff',
): Promise<string> {
  const [productId, price] = piece === 'cuff' ? [cuff, 1299] : [ring, 999];
  const r = await call(
    orderCheckout,
    '/api/orderCheck_out',
    checkoutRequest(
      {
        products: [{ productId, price, quantity }],
        shippingInfo: { ...deliveryAddress, state, ...ADDRESS_IN[state] },
        billingInfo: billingAddress,
        paymentMethod: 'cod',
        shippingCost: 100,
        totalAmount: price * quantity + 100,
      },
      token,
    ),
  );
  expect(r.status).toBe(201);
  return r.body.order._id;
}

describe('GET /api/invoice/{id}', () => {
  it('the owner gets a GST invoice: seller, HSN 7113, 3% tax included, totals to the paisa', async () => {
    const id = await codOrder(owner.token, 2, 'Karnataka', 'ring');
    const r = await call(invoice, path(id), bearer(owner.token));
    expect(r.status).toBe(200);
    const inv = r.body.invoice as Invoice;
    expect(inv.invoiceNumber).toMatch(/^INV\/\d{4}-\d{2}\/\d{6}$/);
    expect(inv.seller).toMatchObject({ gstin: '08AABCC1234D1ZB', state: 'Rajasthan', stateCode: '08' });
    expect(inv.placeOfSupply).toEqual({ state: 'Karnataka', code: '29' });
    expect(inv.supply).toBe('inter');
    expect(inv.lines.map((l) => l.hsn)).toEqual(['7113', '7113']);
    // 2 × ₹999 = ₹1,998 → ₹1,939.81 taxable + ₹58.19 IGST; shipping ₹100 → ₹97.09 + ₹2.91.
    expect(inv.lines[0]).toMatchObject({ quantity: 2, gross: 199_800, taxable: 193_981, igst: 5_819, cgst: 0, sgst: 0 });
    expect(inv.lines[1]).toMatchObject({
      description: 'COD fee',
      gross: 10_000,
      taxable: 9_709,
      igst: 291,
    });
    expect(inv.totals).toEqual({ taxable: 203_690, cgst: 0, sgst: 0, igst: 6_110, tax: 6_110, gross: 209_800 });
    expect(inv.amountInWords).toBe('Rupees Two Thousand Ninety Eight Only');
    expect(inv.payment).toBe('Cash on delivery');
    // The same number on every later request.
    expect((await call(invoice, path(id), bearer(owner.token))).body.invoice.invoiceNumber).toBe(inv.invoiceNumber);
  });

  it('within the seller state the tax is CGST + SGST', async () => {
    const id = await codOrder(owner.token, 1, 'Rajasthan');
    const inv = (await call(invoice, path(id), bearer(owner.token))).body.invoice as Invoice;
    expect(inv.supply).toBe('intra');
    expect(inv.lines[0]).toMatchObject({ gross: 129_900, taxable: 126_117, cgst: 1_892, sgst: 1_891, igst: 0 });
  });

  it('an admin may read it; another customer gets 404; no token 401', async () => {
    const id = await codOrder(owner.token);
    const stranger = await makeShopper('Stranger');
    expect((await call(invoice, path(id))).status).toBe(401);
    const refused = await call(invoice, path(id), bearer(stranger.token));
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ success: false, message: 'Order not found' });
    const asAdmin = await call(invoice, path(id), bearer(admin.token));
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.invoice.orderId).toBe(id);
    expect((await call(invoice, '/api/invoice/not-an-id', bearer(owner.token))).status).toBe(400);
  });

  it('an order still awaiting payment has no invoice (409) and gets no number', async () => {
    const created = await call(
      createRazorpayOrder,
      '/api/create-razorpay-order',
      checkoutRequest(
        {
          products: [{ productId: cuff, price: 1299, quantity: 1 }],
          shippingInfo: deliveryAddress,
          billingInfo: billingAddress,
          amount: 1299,
        },
        owner.token,
      ),
    );
    expect(created.status).toBe(200);
    const r = await call(invoice, path(created.body.orderId), bearer(owner.token));
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/still awaiting payment/);
    expect(
      (await db()
        .collection('orders')
        .findOne({ _id: new ObjectId(created.body.orderId) }))!['invoiceNumber'],
    ).toBeUndefined();
  });

  it('a paid order shows its Razorpay payment id', async () => {
    const created = await call(
      createRazorpayOrder,
      '/api/create-razorpay-order',
      checkoutRequest(
        {
          products: [{ productId: cuff, price: 1299, quantity: 1 }],
          shippingInfo: deliveryAddress,
          billingInfo: billingAddress,
          amount: 1299,
        },
        owner.token,
      ),
    );
    const paid = (await sandbox.pay(created.body.order.id)).body;
    const placed = await call(
      orderCheckout,
      '/api/orderCheck_out',
      checkoutRequest(
        {
          products: [{ productId: cuff, price: 1299, quantity: 1 }],
          shippingInfo: deliveryAddress,
          billingInfo: billingAddress,
          paymentMethod: 'razorpay',
          shippingCost: 0,
          totalAmount: 1299,
          razorpayOrderId: paid.razorpay_order_id,
          razorpayPaymentId: paid.razorpay_payment_id,
          razorpaySignature: paid.razorpay_signature,
        },
        owner.token,
      ),
    );
    const inv = (await call(invoice, path(placed.body.order._id), bearer(owner.token))).body.invoice as Invoice;
    expect(inv.payment).toBe(`Razorpay ${paid.razorpay_payment_id}`);
    expect(inv.lines).toHaveLength(1);
  });

  it('an order cancelled before it was invoiced has none; one invoiced before cancelling keeps its invoice', async () => {
    const never = await codOrder(owner.token);
    const invoiced = await codOrder(owner.token);
    const number = (await call(invoice, path(invoiced), bearer(owner.token))).body.invoice.invoiceNumber;
    for (const id of [never, invoiced]) {
      const r = await call(adminOrderStatus, `/api/admin/orders/${id}/status`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'cancelled' }),
      });
      expect(r.status).toBe(200);
    }
    expect((await call(invoice, path(never), bearer(owner.token))).status).toBe(409);
    const kept = await call(invoice, path(invoiced), bearer(owner.token));
    expect(kept.body.invoice).toMatchObject({ invoiceNumber: number, status: 'cancelled' });
  });

  it('concurrent first requests give one order one number; different orders get distinct, increasing numbers', async () => {
    const ids = [await codOrder(owner.token), await codOrder(owner.token), await codOrder(owner.token)];
    // Ten parallel first requests for each of three orders, interleaved.
    const answers = await Promise.all(ids.flatMap((id) => Array.from({ length: 10 }, () => call(invoice, path(id), bearer(owner.token)))));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const byOrder = new Map<string, Set<string>>();
    for (const a of answers) {
      const inv = a.body.invoice as Invoice;
      byOrder.set(inv.orderId, (byOrder.get(inv.orderId) ?? new Set()).add(inv.invoiceNumber));
    }
    for (const id of ids) expect(byOrder.get(id)!.size).toBe(1);
    const numbers = ids.map((id) => [...byOrder.get(id)!][0]!);
    expect(new Set(numbers).size).toBe(3);
    // Stored numbers agree with what was served; none left half-claimed.
    const stored = await db()
      .collection('orders')
      .find({ _id: { $in: ids.map((id) => new ObjectId(id)) } })
      .toArray();
    for (const doc of stored) {
      expect(doc['invoiceNumber']).toBe(numbers[ids.indexOf(doc._id.toHexString())]);
      expect(doc['invoiceClaim']).toBeUndefined();
    }
    // A later order's number is higher than every earlier one (same financial year).
    const later = (await call(invoice, path(await codOrder(owner.token)), bearer(owner.token))).body.invoice.invoiceNumber as string;
    const seq = (n: string) => Number(n.split('/')[2]);
    expect(seq(later)).toBeGreaterThan(Math.max(...numbers.map(seq)));
    // Numbers are unique across every invoiced order.
    const all = (
      await db()
        .collection('orders')
        .find({ invoiceNumber: { $exists: true } })
        .toArray()
    ).map((d) => d['invoiceNumber']);
    expect(new Set(all).size).toBe(all.length);
  });
});
