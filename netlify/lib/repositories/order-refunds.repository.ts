import type { Filter, ObjectId, UpdateFilter } from 'mongodb';
import { collections, type OrderDoc, type RefundEntryDoc } from '../collections';
import { attentionFields, type Attention } from '@shared/attention';
import { getDb } from '../db';
import { followFigures } from './figures-follow';

/**
 * A field's value is exactly `n`, where a missing field counts as 0 (orders from before refunds have none).
 * `$not: { $gt: 0 }` matches both 0 and a missing field.
 */
const countIs = (n: number): unknown => (n === 0 ? { $not: { $gt: 0 } } : n);

/** What a claim expects the order to still look like: the refund counters as they were read. */
interface RefundClaimState {
  /** order.refundedPaise as read (0 when absent). */
  refundedPaise: number;
  /** The lines the claim touches, with the units already refunded of each as read. */
  lineQty: Record<string, number>;
  /** The same lines' units replaced as read (a replacement shipping meanwhile makes the claim fail). */
  replacedQty: Record<string, number>;
}

/**
 * The order's refund ledger; like ordersRepository it touches only the orders collection, and every change
 * is one conditional update on the state it was read in.
 */
export const orderRefundsRepository = {
  /**
   * Claims a refund entry: succeeds only while the order is paid, has no whole-order refund, does not hold
   * this key yet, and its counters are as read (so no other refund slipped in between and the sum stays
   * within `paidPaise`). Pushes the entry and raises refundedPaise, the lines' quantities and the pending
   * count in the same update. Returns the order after, or null when any condition failed.
   */
  async claim(
    id: ObjectId,
    entry: RefundEntryDoc,
    seen: RefundClaimState,
    paidPaise: number,
    notices: string[] = [],
  ): Promise<OrderDoc | null> {
    if (seen.refundedPaise + entry.paise > paidPaise) return null;
    const filter: Record<string, unknown> = {
      _id: id,
      paymentStatus: 'paid',
      refund: null,
      [`refunds.${entry.key}`]: { $exists: false },
      refundedPaise: countIs(seen.refundedPaise),
    };
    for (const [index, qty] of Object.entries(seen.lineQty)) filter[`refundedQty.${index}`] = countIs(qty);
    for (const [index, qty] of Object.entries(seen.replacedQty)) filter[`replacedQty.${index}`] = countIs(qty);
    const inc: Record<string, number> = { refundedPaise: entry.paise, refundsPending: entry.status === 'requested' ? 1 : 0 };
    for (const line of entry.lines) inc[`refundedQty.${line.index}`] = line.quantity;
    return followFigures(
      await collections(await getDb()).orders.findOneAndUpdate(
        filter as Filter<OrderDoc>,
        {
          $set: { [`refunds.${entry.key}`]: entry, updatedAt: new Date() },
          $inc: inc,
          ...(notices.length ? { $push: { noticesDue: { $each: notices } } } : {}),
        } as UpdateFilter<OrderDoc>,
        { returnDocument: 'after' },
      ),
    );
  },

  /**
   * Settles a requested entry as processed (final): once, only while it is still 'requested'. Returns the
   * order after, or null when it was settled already (by a webhook, a twin request).
   */
  async markProcessed(id: ObjectId, key: string, razorpayRefundId: string | null, notices: string[] = []): Promise<OrderDoc | null> {
    const at = new Date();
    const set: Record<string, unknown> = { [`refunds.${key}.status`]: 'processed', [`refunds.${key}.settledAt`]: at, updatedAt: at };
    if (razorpayRefundId) set[`refunds.${key}.razorpayRefundId`] = razorpayRefundId;
    const update: Record<string, unknown> = { $set: set, $inc: { refundsPending: -1 } };
    if (notices.length) update['$push'] = { noticesDue: { $each: notices } };
    return collections(await getDb()).orders.findOneAndUpdate(
      { _id: id, [`refunds.${key}.status`]: 'requested' } as Filter<OrderDoc>,
      update as UpdateFilter<OrderDoc>,
      { returnDocument: 'after' },
    );
  },

  /** Records Razorpay's refund id on an entry still waiting for its outcome (Razorpay said 'pending'). */
  async setRefundId(id: ObjectId, key: string, razorpayRefundId: string): Promise<void> {
    await collections(await getDb()).orders.updateOne(
      { _id: id, [`refunds.${key}.status`]: 'requested' } as Filter<OrderDoc>,
      {
        $set: { [`refunds.${key}.razorpayRefundId`]: razorpayRefundId },
      } as UpdateFilter<OrderDoc>,
    );
  },

  /**
   * Settles a requested entry as failed: once, only while it is still 'requested', giving its paise and
   * quantities back and flagging the order for a person in the same update. Null when it was settled already.
   */
  async markFailed(id: ObjectId, entry: RefundEntryDoc, error: string, attention: Attention): Promise<OrderDoc | null> {
    const at = new Date();
    const inc: Record<string, number> = { refundedPaise: -entry.paise, refundsPending: -1 };
    for (const line of entry.lines) inc[`refundedQty.${line.index}`] = -line.quantity;
    return followFigures(
      await collections(await getDb()).orders.findOneAndUpdate(
        { _id: id, [`refunds.${entry.key}.status`]: 'requested' } as Filter<OrderDoc>,
        {
          $set: {
            [`refunds.${entry.key}.status`]: 'failed',
            [`refunds.${entry.key}.error`]: error,
            [`refunds.${entry.key}.settledAt`]: at,
            ...attentionFields(attention),
            updatedAt: at,
          },
          $inc: inc,
        } as UpdateFilter<OrderDoc>,
        { returnDocument: 'after' },
      ),
    );
  },

  /** Marks a paid order refunded once everything paid went back and no refund is still waiting; null otherwise. */
  async markFullyRefunded(id: ObjectId, paidPaise: number): Promise<OrderDoc | null> {
    return collections(await getDb()).orders.findOneAndUpdate(
      { _id: id, paymentStatus: 'paid', refundedPaise: paidPaise, refundsPending: countIs(0) } as Filter<OrderDoc>,
      { $set: { paymentStatus: 'refunded', updatedAt: new Date() } },
      { returnDocument: 'after' },
    );
  },

  /** The order whose payment (or whole-order refund's payment) this is, for refund webhooks. */
  async findByPaymentId(paymentId: string): Promise<OrderDoc | null> {
    return collections(await getDb()).orders.findOne({ $or: [{ razorpayPaymentId: paymentId }, { 'refund.paymentId': paymentId }] });
  },

  /**
   * Settles a cancelled order's whole-order refund from a webhook, once (only while it is neither processed
   * nor failed): processed keeps the order refunded; failed puts the money back as due (paid) and flags it.
   */
  async settleWhole(id: ObjectId, refundId: string, outcome: 'processed' | 'failed', notices: string[] = []): Promise<OrderDoc | null> {
    const at = new Date();
    const set: Record<string, unknown> = { 'refund.id': refundId, 'refund.status': outcome, updatedAt: at };
    if (outcome === 'failed') {
      set['paymentStatus'] = 'paid';
      // Razorpay's own report: a definite failure, so the refund may be retried.
      set['refund.failure'] = 'reported';
      Object.assign(set, attentionFields({ code: 'refund_failed_reported', refundId }));
    } else set['paymentStatus'] = 'refunded';
    const update: UpdateFilter<OrderDoc> = { $set: set } as UpdateFilter<OrderDoc>;
    // The shopper's message that the refund is made, queued with the settlement so it goes once.
    if (notices.length) update.$push = { noticesDue: { $each: notices } } as never;
    return followFigures(
      await collections(await getDb()).orders.findOneAndUpdate(
        { _id: id, 'refund.status': { $nin: ['processed', 'failed'] } } as Filter<OrderDoc>,
        update,
        { returnDocument: 'after' },
      ),
    );
  },

  /** Clears an order's attention flag if it is still exactly `reason` (a newer flag stays). */
  async clearAttention(id: ObjectId, reason: string): Promise<void> {
    await collections(await getDb()).orders.updateOne(
      { _id: id, needsAttention: reason },
      { $set: { needsAttention: null, attention: null, updatedAt: new Date() } },
    );
  },

  /**
   * Claims `quantity` units of a line for a return request's replacement: once per request, and only while the
   * line's refunded and replaced units are as read (the caller checked they leave room), so a refund of the
   * same units racing it makes one of the two fail. False when any condition failed.
   */
  async claimReplacement(
    id: ObjectId,
    lineIndex: number,
    quantity: number,
    requestId: string,
    seen: { refunded: number; replaced: number },
  ): Promise<boolean> {
    const r = await collections(await getDb()).orders.updateOne(
      {
        _id: id,
        replacedFor: { $ne: requestId },
        [`refundedQty.${lineIndex}`]: countIs(seen.refunded),
        [`replacedQty.${lineIndex}`]: countIs(seen.replaced),
      } as Filter<OrderDoc>,
      { $inc: { [`replacedQty.${lineIndex}`]: quantity }, $push: { replacedFor: requestId } } as UpdateFilter<OrderDoc>,
    );
    return r.modifiedCount === 1;
  },

  /** Gives back a request's replacement claim when its replacement did not ship (only if the request holds one). */
  async releaseReplacement(id: ObjectId, lineIndex: number, quantity: number, requestId: string): Promise<void> {
    await collections(await getDb()).orders.updateOne(
      { _id: id, replacedFor: requestId } as Filter<OrderDoc>,
      { $inc: { [`replacedQty.${lineIndex}`]: -quantity }, $pullAll: { replacedFor: [requestId] } } as UpdateFilter<OrderDoc>,
    );
  },

  /**
   * Cancelled orders whose whole refund (or an admin's retry of it), asked with a stored key, has waited for
   * Razorpay's answer since before `before`, for the reconciliation job.
   */
  async withWholeRefundWaitingSince(before: Date, limit = 200): Promise<OrderDoc[]> {
    return collections(await getDb())
      .orders.find({
        'refund.status': 'requested',
        'refund.at': { $lt: before },
        $or: [{ 'refund.retryKey': { $exists: true } }, { 'refund.razorpayKey': { $exists: true } }],
      } as Filter<OrderDoc>)
      .limit(limit)
      .toArray();
  },

  /** Orders with refunds still waiting for Razorpay's answer (requested), for the reconciliation job. */
  async withRefundsPending(limit = 200): Promise<OrderDoc[]> {
    return collections(await getDb())
      .orders.find({ refundsPending: { $gt: 0 } } as Filter<OrderDoc>)
      .limit(limit)
      .toArray();
  },
};
