/**
 * One-time changes a database from an earlier version gets at first connection: flags stored as sentences alone
 * get their reason's code, so the admin's hint and the refunds' "no answer" clearing work on old orders too.
 */
import { randomBytes } from 'node:crypto';
import { MongoClient, ObjectId, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { codeUncodedAttention } from '../../netlify/lib/migrations';

let client: MongoClient;
let db: Db;

beforeAll(async () => {
  client = await MongoClient.connect(inject('mongoUri'));
  db = client.db(`migrations_${randomBytes(4).toString('hex')}`);
});

afterAll(async () => {
  await db.dropDatabase().catch(() => undefined);
  await client.close();
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
