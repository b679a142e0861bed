import type { Filter, UpdateFilter } from 'mongodb';
import type { ReturnRequest } from '@shared/api/returns';
import { trackingLink } from '@shared/couriers';
import type { ReturnStatus } from '@shared/returns';
import { collections, type NoticeStateDoc, type ReturnDoc, type ReturnStepDoc } from '../collections';
import { getDb } from '../db';
import { dailyFiguresRepository } from './daily-figures.repository';

/** Stored request → what the shopper's and the admin's pages read. */
export function toReturnRequest(d: ReturnDoc): ReturnRequest {
  return {
    _id: d._id,
    orderId: d.orderId.toHexString(),
    orderNumber: d.orderNumber,
    lineIndex: d.lineIndex,
    name: d.name,
    size: d.size,
    replacementSize: d.replacementSize,
    quantity: d.quantity,
    kind: d.kind,
    reason: d.reason,
    note: d.note,
    status: d.status,
    adminNote: d.adminNote,
    condition: d.condition,
    shipment: d.shipment
      ? {
          courier: d.shipment.courier,
          awb: d.shipment.awb,
          trackingUrl: trackingLink(d.shipment),
          expectedDelivery: d.shipment.expectedDelivery,
          shippedAt: d.shipment.shippedAt.toISOString(),
        }
      : null,
    refundRef: d.refundRef,
    history: d.history.map((h) => ({ status: h.status, at: h.at.toISOString(), by: h.by })),
    createdAt: d.createdAt.toISOString(),
  };
}

/** Return requests; the only code that touches the returns collection. Every step is one conditional update. */
export const returnsRepository = {
  /** Stores a new request; false when one for this line already exists (a doubled request). */
  async insert(doc: ReturnDoc): Promise<boolean> {
    try {
      await collections(await getDb()).returns.insertOne(doc);
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return false;
      throw err;
    }
    // Counted by the request that stored it, once; one whose process died here is counted by the figures' check.
    await dailyFiguresRepository.countReturn(doc);
    return true;
  },

  /** A request by id, or null. */
  async findById(id: string): Promise<ReturnDoc | null> {
    return collections(await getDb()).returns.findOne({ _id: id });
  },

  /** An order's requests, by line. */
  async listByOrder(orderId: ReturnDoc['orderId']): Promise<ReturnDoc[]> {
    return collections(await getDb())
      .returns.find({ orderId })
      .sort({ lineIndex: 1 })
      .toArray();
  },

  /** Requests in these statuses (all without), newest first. */
  async list(statuses: readonly ReturnStatus[] | null, limit = 500): Promise<ReturnDoc[]> {
    const filter: Filter<ReturnDoc> = statuses ? { status: { $in: [...statuses] } } : {};
    return collections(await getDb())
      .returns.find(filter)
      .sort({ createdAt: -1 })
      .limit(limit)
      .toArray();
  },

  /**
   * Moves a request to `to` if it is still in `from` (and matches `where`), appending the step to its history and
   * queueing its messages in the same update. Returns the request after, or null when someone else moved it first.
   */
  async step(
    id: string,
    from: ReturnStatus,
    to: ReturnStatus,
    change: { by: string; at: Date; set?: Partial<ReturnDoc>; where?: Filter<ReturnDoc>; notices?: string[] },
  ): Promise<ReturnDoc | null> {
    const entry: ReturnStepDoc = { status: to, at: change.at, by: change.by };
    const push: Record<string, unknown> = { history: entry };
    if (change.notices?.length) push['noticesDue'] = { $each: change.notices };
    return collections(await getDb()).returns.findOneAndUpdate(
      { ...change.where, _id: id, status: from },
      { $set: { ...change.set, status: to, updatedAt: change.at }, $push: push as never },
      { returnDocument: 'after' },
    );
  },

  /** Records a sellable piece's stock as back (stockBack 'due' → 'given'), after the unit recorded it (giveBackReturn). */
  async markStockGiven(id: string): Promise<void> {
    await collections(await getDb()).returns.updateOne({ _id: id, stockBack: 'due' }, { $set: { stockBack: 'given' } });
  },

  /** Requests received as sellable whose pieces are not yet recorded back, last changed before `before`. */
  async stockBackDue(before: Date): Promise<ReturnDoc[]> {
    return collections(await getDb())
      .returns.find({ stockBack: 'due', updatedAt: { $lt: before } })
      .toArray();
  },

  /**
   * Claims one queued message to send it, counting the try: the request as it is now for one caller, null for
   * the rest. It stays queued, 'sending', until finishNotice records the send, so a sender that died leaves it
   * for the reconciliation job once the claim is older than `staleBefore`.
   */
  async claimNotice(id: string, key: string, at: Date, staleBefore: Date): Promise<ReturnDoc | null> {
    return collections(await getDb()).returns.findOneAndUpdate(
      // Queued until its send is recorded; one 'sending' is another caller's, unless that caller died long ago.
      {
        _id: id,
        noticesDue: key,
        $or: [{ [`notices.${key}.state`]: { $ne: 'sending' } }, { [`notices.${key}.at`]: { $lt: staleBefore } }],
      },
      {
        $set: { [`notices.${key}.state`]: 'sending', [`notices.${key}.at`]: at },
        $inc: { [`notices.${key}.attempts`]: 1 },
      } as UpdateFilter<ReturnDoc>,
      { returnDocument: 'after' },
    );
  },

  /** Records how sending one message ended: it leaves the queue, unless `requeue` keeps a failed one for another try. */
  async finishNotice(id: string, key: string, state: NoticeStateDoc, requeue = false): Promise<void> {
    await collections(await getDb()).returns.updateOne({ _id: id }, {
      $set: { [`notices.${key}`]: state },
      ...(requeue ? {} : { $pull: { noticesDue: key } }),
    } as UpdateFilter<ReturnDoc>);
  },

  /** Requests with messages still queued (failed tries waiting for another), oldest first. */
  async withNoticesDue(limit = 200): Promise<ReturnDoc[]> {
    return collections(await getDb())
      .returns.find({ 'noticesDue.0': { $exists: true } })
      .sort({ updatedAt: 1 })
      .limit(limit)
      .toArray();
  },
};
