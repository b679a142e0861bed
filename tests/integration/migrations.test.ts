/**
 * One-time changes a database from an earlier version gets at first connection: flags stored as sentences alone
 * get their reason's code, so the admin's hint and the refunds' "no answer" clearing work on old orders too; orders
 * stored in rupees become paise and read exactly as they did.
 */
import { readFileSync } from 'node:fs';
import { EJSON } from 'bson';
import { MongoClient, ObjectId, type Db, type Document } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '../setup/test-db';
import { codeUncodedAttention, codesInPaise, ordersInPaise } from '@server/migrations';
import type { DiscountCodeDoc, OrderDoc } from '@server/collections';
import { toRule } from '@server/repositories/discounts.repository';
import type { DiscountRule } from '@shared/discounts';
import { toOrder } from '@server/repositories/orders.repository';
import { buildInvoice } from '@server/services/invoice.service';
import type { Invoice, Order } from '@shared/api/orders';
import type { SellerDetails } from '@shared/types';

// The shop's environment too (the API's shape of an order reads the uploads' base from it).
const { uri, name } = setupTestDatabase();
let client: MongoClient;
let db: Db;

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  db = client.db(name);
  return () => client.close();
});

/** Stores an order flagged the way earlier versions did: the sentence, no code. */
async function flagged(needsAttention: string | null, extra: Record<string, unknown> = {}): Promise<ObjectId> {
  const _id = new ObjectId();
  await db.collection('orders').insertOne({ _id, needsAttention, ...extra });
  return _id;
}

const attentionOf = async (id: ObjectId) => (await db.collection('orders').findOne({ _id: id }))?.['attention'];

describe('flags stored before attention reasons had codes', () => {
  it('get the code of their sentence once; a "no answer" flag takes the key of the one refund still waiting', async () => {
    const hold = await flagged('Paid after its stock hold had expired: stock was taken again and may be short.');
    const failed = await flagged('Refund failed, refund by hand: timeout');
    const reported = await flagged('Razorpay reported the refund rfnd_1 failed: refund it by hand.');
    const notDone = await flagged('A refund of ₹500 did not go through (Razorpay 400): refund it again or by hand.');
    const noAnswer = await flagged('No answer from Razorpay for a refund of ₹333 (timeout): check Razorpay.', {
      refunds: { rA: { key: 'rA', status: 'processed' }, rB: { key: 'rB', status: 'requested' } },
    });
    const twoWaiting = await flagged('No answer from Razorpay for a refund of ₹100 (timeout): check Razorpay.', {
      refunds: { rC: { key: 'rC', status: 'requested' }, rD: { key: 'rD', status: 'requested' } },
    });
    const stray = await flagged('A second payment (pay_2) of up to ₹900 was captured for this order: refund it by hand.');
    const unknown = await flagged('Something a person wrote');
    const none = await flagged(null);
    const coded = await flagged('Refund failed, refund by hand: x', { attention: { code: 'paid_after_hold' } });

    expect(await codeUncodedAttention(db)).toBe(7);
    expect(await attentionOf(hold)).toEqual({ code: 'paid_after_hold' });
    expect(await attentionOf(failed)).toEqual({ code: 'refund_failed' });
    expect(await attentionOf(reported)).toEqual({ code: 'refund_failed_reported' });
    expect(await attentionOf(notDone)).toEqual({ code: 'refund_not_done' });
    expect(await attentionOf(noAnswer)).toEqual({ code: 'refund_no_answer', refundKey: 'rB' });
    expect(await attentionOf(twoWaiting)).toEqual({ code: 'refund_no_answer' });
    expect(await attentionOf(stray)).toEqual({ code: 'stray_payment' });
    // A sentence no version wrote keeps no code (it shows as it is); one already coded is left alone.
    expect(await attentionOf(unknown)).toBeUndefined();
    expect(await attentionOf(none)).toBeUndefined();
    expect(await attentionOf(coded)).toEqual({ code: 'paid_after_hold' });
    // Twice is once.
    expect(await codeUncodedAttention(db)).toBe(0);
  });
});

/**
 * Orders as the last rupee version (204fb89) stored them, placed through its own checkout, refunds and cancel: a
 * COD order with a 10% code shared across its lines, a paid order with one line refunded through Razorpay and its
 * credit note, a paid order cancelled (its whole refund), a delivered COD order refunded by UPI. Beside each, what
 * that version's API answered for it and its invoice.
 */
const readRupeeDatabase = () =>
  EJSON.parse(readFileSync(new URL('../fixtures/rupee-orders.json', import.meta.url), 'utf8')) as {
    seller: SellerDetails;
    orders: { doc: Document; answer: Order; invoice: Invoice | null }[];
    codes: { doc: Document; rule: DiscountRule }[];
  };
const rupeeDatabase = readRupeeDatabase();
/** A fresh copy of the old orders, to store. */
const rupeeOrders = () => readRupeeDatabase().orders.map((o) => o.doc);

describe('orders stored in rupees', () => {
  const copy = async (name: string) => {
    const orders = db.collection(name);
    await orders.insertMany(rupeeOrders());
    return orders;
  };

  it('become whole paise once, and read exactly as they did: every amount, line share, refund and invoice', async () => {
    const orders = await copy('orders');
    expect(await ordersInPaise(db)).toBe(4);
    expect(await ordersInPaise(db)).toBe(0);
    for (const old of rupeeDatabase.orders) {
      const doc = (await orders.findOne({ _id: old.doc['_id'] })) as unknown as OrderDoc;
      // Nothing in rupees is left, and every amount is a whole number of paise.
      expect(doc).not.toHaveProperty('totalAmount');
      expect(doc).not.toHaveProperty('subtotal');
      expect(doc).not.toHaveProperty('discount.amount');
      expect(doc).not.toHaveProperty('refund.amount');
      const amounts = [
        doc.subtotalPaise,
        doc.shippingPaise,
        doc.totalPaise,
        ...doc.products.flatMap((l) => [l.pricePaise, l.discountPaise ?? 0]),
        doc.discount?.amountPaise ?? 0,
        doc.refund?.amountPaise ?? 0,
        ...(doc.creditNotes ?? []).map((n) => n.amountPaise),
      ];
      expect(amounts.every(Number.isInteger)).toBe(true);
      for (const entry of Object.values(doc.refunds ?? {})) expect(entry).not.toHaveProperty('amount');
      expect(toOrder(doc)).toEqual(old.answer);
      if (old.invoice) expect(buildInvoice(doc, rupeeDatabase.seller)).toEqual(old.invoice);
    }
    const cod = (await orders.findOne({ paymentMethod: 'cod', status: 'confirmed' })) as unknown as OrderDoc;
    // 2 × ₹450.50 + ₹500 with 10% off (₹141, shared ₹90.68 and ₹50.32) and the ₹100 COD fee.
    expect(cod).toMatchObject({ subtotalPaise: 140_100, shippingPaise: 10_000, totalPaise: 140_100 - 14_100 + 10_000 });
    expect(cod.products.map((l) => [l.pricePaise, l.discountPaise])).toEqual([
      [45_050, 9_068],
      [50_000, 5_032],
    ]);
  });

  it('are converted once when two first connections run the migration together', async () => {
    const twin = db.client.db(`${db.databaseName}_twin`);
    await twin.collection('orders').insertMany(rupeeOrders());
    const [a, b] = await Promise.all([ordersInPaise(twin), ordersInPaise(twin)]);
    expect(a + b).toBe(4);
    const docs = (await twin.collection('orders').find().toArray()) as unknown as OrderDoc[];
    for (const doc of docs) {
      const old = rupeeDatabase.orders.find((o) => String(o.doc['_id']) === String(doc._id))!;
      expect(toOrder(doc)).toEqual(old.answer);
    }
    await twin.dropDatabase();
  });
});

describe('discount codes stored in rupees', () => {
  it('become paise once, with the same rules: a flat ₹200.50 over ₹999.50, 10% off, 12.5% capped at ₹500', async () => {
    const codes = db.collection('discount_codes');
    await codes.insertMany(readRupeeDatabase().codes.map((c) => c.doc));
    const [a, b] = await Promise.all([codesInPaise(db), codesInPaise(db)]);
    expect(a + b).toBe(3);
    expect(await codesInPaise(db)).toBe(0);
    for (const old of rupeeDatabase.codes) {
      const doc = (await codes.findOne({ _id: old.doc['_id'] })) as unknown as DiscountCodeDoc;
      expect(doc).not.toHaveProperty('value');
      expect(doc).not.toHaveProperty('minOrder');
      expect(toRule(doc)).toEqual(old.rule);
    }
    expect(await codes.findOne({ _id: 'OLDFLAT' as never })).toMatchObject({ flatPaise: 20_050, minOrderPaise: 99_950, percent: null });
    expect(await codes.findOne({ _id: 'OLDCAP' as never })).toMatchObject({ percent: 12.5, maxOffPaise: 50_000, flatPaise: null });
  });
});
