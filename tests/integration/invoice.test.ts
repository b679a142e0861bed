import { MongoClient, ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { serveRazorpaySandbox } from '../setup/razorpay-sandbox';
import { makeCatalogue, makeProduct, defaultProducts } from '../fixtures/catalogue';
import { deliveryAddress, makeShopper } from '../fixtures/shoppers';
import { makeAdmin, placeCodOrder, placePaidOrder, startOnlineOrder } from '../fixtures/placed-orders';
import { importCatalogue } from '@server/services/catalogue-import.service';
import invoice from '@functions/invoice';
import adminOrderStatus from '@functions/admin_order_status';
import type { Invoice } from '@shared/api/orders';

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
  admin = await makeAdmin();
  owner = await makeShopper('Owner');
  return () => client.close();
});

const CUFF = { slug: 'invoice-cuff', price: 1299 };
const RING = { slug: 'invoice-ring', price: 999 };

/** A delivery address in each state the tests ship to: the state must be its PIN code's. */
const ADDRESS_IN = {
  Karnataka: {},
  Rajasthan: { city: 'Jaipur', pincode: '302001' },
} as const;

/** A COD order of `quantity` pieces (₹1,299 cuffs, or ₹999 rings) shipped to `state`; returns its id. */
async function codOrder(
  token: string,
  quantity = 1,
  state: keyof typeof ADDRESS_IN = 'Karnataka',
  piece: 'cuff' | 'ring' = 'cuff',
): Promise<string> {
  return (
    await placeCodOrder(token, [{ ...(piece === 'cuff' ? CUFF : RING), quantity }], {
      shippingInfo: { ...deliveryAddress, state, ...ADDRESS_IN[state] },
    })
  ).id;
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
    expect(inv.totals).toEqual({
      value: 209_800,
      discount: 0,
      taxable: 203_690,
      cgst: 0,
      sgst: 0,
      igst: 6_110,
      tax: 6_110,
      gross: 209_800,
    });
    expect(inv.amountInWords).toBe('Rupees Two Thousand Ninety Eight Only');
    expect(inv.payment).toBe('Cash on delivery');
    // The same number on every later request.
    expect((await call(invoice, path(id), bearer(owner.token))).body.invoice.invoiceNumber).toBe(inv.invoiceNumber);
  });

  it('within the seller state the tax is CGST + SGST', async () => {
    const id = await codOrder(owner.token, 1, 'Rajasthan');
    const inv = (await call(invoice, path(id), bearer(owner.token))).body.invoice as Invoice;
    expect(inv.supply).toBe('intra');
    // CGST and SGST are equal to the paisa: each half is 129900 × 300 / 20600 = 1891.75 → ₹18.92, and the
    // taxable value is what remains (₹1,261.16), rather than rounding the taxable value first (₹1,261.17) and
    // leaving an odd paisa of tax to one half.
    expect(inv.lines[0]).toMatchObject({ gross: 129_900, taxable: 126_116, cgst: 1_892, sgst: 1_892, igst: 0 });
  });

  it('a discounted order is taxed line by line on the value after each share; the COD fee is not discounted', async () => {
    // A cuff (₹1,299) and a ring (₹999) to Rajasthan, cash on delivery, then given DIWALI10 (10% off ₹2,298 =
    // ₹229.80, shared ₹129.90 + ₹99.90) as the checkout stores it: total ₹2,298 − ₹229.80 + ₹100 = ₹2,168.20.
    const { id } = await placeCodOrder(owner.token, [CUFF, RING], {
      shippingInfo: { ...deliveryAddress, state: 'Rajasthan', ...ADDRESS_IN.Rajasthan },
    });
    const orders = db().collection('orders');
    const doc = await orders.findOne({ _id: new ObjectId(id) });
    const share = (name: string) => (name === 'Invoice Cuff' ? 12990 : 9990);
    await orders.updateOne(
      { _id: new ObjectId(id) },
      {
        $set: {
          discount: { code: 'DIWALI10', kind: 'percent', percent: 10, flatPaise: null, maxOffPaise: null, amountPaise: 22980 },
          products: (doc!.products as { name: string }[]).map((l) => ({ ...l, discountPaise: share(l.name) })),
          totalPaise: 216820,
        },
      },
    );
    const inv = (await call(invoice, path(id), bearer(owner.token))).body.invoice as Invoice;
    expect(inv.supply).toBe('intra');
    expect(inv.discount).toEqual({ code: 'DIWALI10', description: '10% off', amount: 229.8 });
    const byName = (d: string) => inv.lines.find((l) => l.description === d);
    // Cuff: 129900 − 12990 = 116910; half = 116910 × 300 / 20600 = 1702.57 → 1703; taxable 116910 − 3406 = 113504.
    expect(byName('Invoice Cuff')).toMatchObject({
      value: 129_900,
      discount: 12_990,
      gross: 116_910,
      taxable: 113_504,
      cgst: 1_703,
      sgst: 1_703,
    });
    // Ring: 99900 − 9990 = 89910; half = 1309.37 → 1309; taxable 89910 − 2618 = 87292.
    expect(byName('Invoice Ring')).toMatchObject({
      value: 99_900,
      discount: 9_990,
      gross: 89_910,
      taxable: 87_292,
      cgst: 1_309,
      sgst: 1_309,
    });
    // The COD fee keeps its full ₹100: half = 145.63 → 146; taxable 9708.
    expect(byName('COD fee')).toMatchObject({ value: 10_000, discount: 0, gross: 10_000, taxable: 9_708, cgst: 146, sgst: 146 });
    expect(inv.totals).toEqual({
      value: 239_800,
      discount: 22_980,
      taxable: 210_504,
      cgst: 3_158,
      sgst: 3_158,
      igst: 0,
      tax: 6_316,
      gross: 216_820,
    });
    expect(inv.amountInWords).toBe('Rupees Two Thousand One Hundred Sixty Eight and Twenty Paise Only');
  });

  it('a discounted order whose lines lack their shares is shared again by the same rule', async () => {
    const id = await codOrder(owner.token, 2, 'Karnataka', 'ring');
    // ₹200 flat off 2 × ₹999, no shares stored: the one line takes it all; total ₹1,998 − ₹200 + ₹100 = ₹1,898.
    await db()
      .collection('orders')
      .updateOne(
        { _id: new ObjectId(id) },
        {
          $set: {
            discount: { code: 'FLAT200', kind: 'flat', percent: null, flatPaise: 20000, maxOffPaise: null, amountPaise: 20000 },
            totalPaise: 189800,
          },
        },
      );
    const inv = (await call(invoice, path(id), bearer(owner.token))).body.invoice as Invoice;
    // 199800 − 20000 = 179800 → 179800 × 10000 / 10300 = 174563.11 → 174563 taxable, 5237 IGST.
    expect(inv.lines[0]).toMatchObject({ value: 199_800, discount: 20_000, gross: 179_800, taxable: 174_563, igst: 5_237 });
    expect(inv.totals.gross).toBe(189_800);
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
    const { orderId } = await startOnlineOrder(owner.token, [CUFF]);
    const r = await call(invoice, path(orderId), bearer(owner.token));
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/still awaiting payment/);
    expect(
      (await db()
        .collection('orders')
        .findOne({ _id: new ObjectId(orderId) }))!['invoiceNumber'],
    ).toBeUndefined();
  });

  it('a paid order shows its Razorpay payment id', async () => {
    const placed = await placePaidOrder(sandbox, owner.token, [CUFF]);
    const inv = (await call(invoice, path(placed.id), bearer(owner.token))).body.invoice as Invoice;
    expect(inv.payment).toBe(`Razorpay ${placed.paymentId}`);
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
