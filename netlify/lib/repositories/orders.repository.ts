import { ObjectId, type Filter, type UpdateFilter } from 'mongodb';
import type { Order, OrderCreditNote, OrderDiscount } from '@shared/api/orders';
import type { AttentionRecord } from '@shared/attention';
import { trackingLink } from '@shared/couriers';
import { describeDiscount } from '@shared/discounts';
import { orderNumber, UNPAID_ONLINE_STATES, type OrderStatus, type PaymentStatus } from '@shared/orders';
import {
  collections,
  type CreditNoteRefDoc,
  type NoticeStateDoc,
  type OrderDiscountDoc,
  type OrderDoc,
  type RefundDoc,
  type StatusChangeDoc,
  type UndoDoc,
} from '../collections';
import { getDb } from '../db';
import { toTerms } from './discount-terms';
import { imageUrl } from './mappers';
import { refundEntries, toRefundEntry } from './refund-entries';
import { toRupees } from '@shared/money';
import { followFigures } from './figures-follow';

/**
 * An order's history as its shopper reads it: a step an admin undid never happened for them (they were never
 * told of it), so the step and its undo both leave; admins read the whole history (toAdminHistory).
 */
function shopperHistory(history: StatusChangeDoc[]): StatusChangeDoc[] {
  const out: StatusChangeDoc[] = [];
  for (const h of history) {
    if (!h.undid) out.push(h);
    else if (out.at(-1)?.status === h.undid) out.pop();
  }
  return out;
}

/** An order's whole history, undone steps and their undo included: what admins read. */
export function toAdminHistory(history: StatusChangeDoc[]): Order['statusHistory'] {
  return history.map((h) => ({ status: h.status, at: h.at.toISOString(), by: h.by, ...(h.undid ? { undid: h.undid } : {}) }));
}

/** A stored order's code as the API shows it: the code, how it reads, what it took off in rupees. */
export function toOrderDiscount(d: OrderDiscountDoc): OrderDiscount {
  return { code: d.code, description: describeDiscount(toTerms(d)), amount: toRupees(d.amountPaise) };
}

/** A credit note as an order lists it, for the API. */
export function toOrderCreditNote(n: CreditNoteRefDoc): OrderCreditNote {
  return { id: n.id, number: n.number, at: n.at.toISOString(), amount: toRupees(n.amountPaise), kind: n.kind };
}

/** Stored order → the API's wire shape (lines populated with the product as ordered). */
export function toOrder(d: OrderDoc): Order {
  return {
    _id: d._id.toHexString(),
    orderNumber: d.orderNumber ?? orderNumber(d._id.toHexString()),
    status: d.status,
    paymentStatus: d.paymentStatus,
    paymentMethod: d.paymentMethod,
    products: d.products.map((l) => ({
      productId: {
        _id: l.productId.toHexString(),
        name: l.name,
        slug: l.slug,
        thumbnail: imageUrl(l.thumbnail),
        image: l.image ? [imageUrl(l.image)] : [],
      },
      size: l.size ?? null,
      sizeName: l.sizeName ?? null,
      price: toRupees(l.pricePaise),
      quantity: l.quantity,
      ...(l.discountPaise ? { discount: toRupees(l.discountPaise) } : {}),
    })),
    shippingInfo: d.shippingInfo,
    billingInfo: d.billingInfo,
    subtotal: toRupees(d.subtotalPaise),
    discount: d.discount ? toOrderDiscount(d.discount) : null,
    shippingCost: toRupees(d.shippingPaise),
    totalAmount: toRupees(d.totalPaise),
    razorpayOrderId: d.razorpayOrderId ?? null,
    razorpayPaymentId: d.razorpayPaymentId ?? null,
    statusHistory: shopperHistory(d.statusHistory ?? []).map((h) => ({ status: h.status, at: h.at.toISOString(), by: h.by })),
    createdAt: d.createdAt.toISOString(),
    holdExpiresAt: d.stock?.holdExpiresAt ? d.stock.holdExpiresAt.toISOString() : null,
    cancelledBy: d.status === 'cancelled' ? (d.cancelledBy ?? null) : null,
    refund: d.refund
      ? {
          id: d.refund.id,
          status: d.refund.status,
          amount: toRupees(d.refund.amountPaise),
          at: d.refund.at.toISOString(),
          ...(d.refund.retryKey ? { retry: true } : {}),
          ...(d.refund.failure ? { failure: d.refund.failure } : {}),
        }
      : null,
    refunds: refundEntries(d).map(toRefundEntry),
    refundedAmount: toRupees(d.refundedPaise ?? 0),
    ...(d.replacedQty ? { replacedQty: d.replacedQty } : {}),
    creditNotes: (d.creditNotes ?? []).map(toOrderCreditNote),
    invoiceNumber: d.invoiceNumber ?? null,
    delivery: d.delivery ? { from: d.delivery.from, to: d.delivery.to } : null,
    shipment: d.shipment
      ? {
          courier: d.shipment.courier,
          awb: d.shipment.awb,
          trackingUrl: trackingLink(d.shipment),
          expectedDelivery: d.shipment.expectedDelivery,
          shippedAt: d.shipment.shippedAt.toISOString(),
        }
      : null,
  };
}

/**
 * Orders a shopper placed, as their lists show them: everything except online payments they never completed
 * whose stock hold has ended (cancelled for non-payment, or by the shopper before paying). Those were
 * attempts, not orders; admins still see them.
 */
const placedOrStillPayable: Filter<OrderDoc> = {
  $nor: [{ paymentMethod: 'razorpay', status: 'cancelled', paymentStatus: { $in: [...UNPAID_ONLINE_STATES] } }],
};

const asId = (id: string): ObjectId | null => (/^[0-9a-f]{24}$/i.test(id) ? new ObjectId(id) : null);

/** Orders; the only code that touches the orders collection. Every state change is one conditional update. */
export const ordersRepository = {
  /** Stores a new order. */
  async insert(doc: OrderDoc): Promise<void> {
    await collections(await getDb()).orders.insertOne(doc);
    await followFigures(doc, { placed: true });
  },

  /** An order by id, or null (also for malformed ids). */
  async findById(id: string): Promise<OrderDoc | null> {
    const _id = asId(id);
    return _id ? collections(await getDb()).orders.findOne({ _id }) : null;
  },

  /** An order by id if it belongs to this user, else null (the caller answers 404 either way). */
  async findOwned(id: string, userId: ObjectId): Promise<OrderDoc | null> {
    const _id = asId(id);
    return _id ? collections(await getDb()).orders.findOne({ _id, userId }) : null;
  },

  /** The request attempt that stored each of these orders (by order id), read in one query; ids not stored are absent. */
  async attemptIds(ids: string[]): Promise<Map<string, string>> {
    const _ids = ids.map(asId).filter((id): id is ObjectId => id !== null);
    if (!_ids.length) return new Map();
    const docs = await collections(await getDb())
      .orders.find({ _id: { $in: _ids } }, { projection: { _id: 1, attemptId: 1 } })
      .toArray();
    return new Map(docs.flatMap((d) => (d.attemptId ? [[d._id.toHexString(), d.attemptId] as const] : [])));
  },

  /** Which of these orders have an email address to write to (their messages are emailed as well as texted). */
  async idsWithEmail(ids: ObjectId[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const docs = await collections(await getDb())
      .orders.find({ _id: { $in: ids }, 'shippingInfo.email': { $nin: [null, ''] } }, { projection: { _id: 1 } })
      .toArray();
    return new Set(docs.map((d) => d._id.toHexString()));
  },

  /** The order placed by a request with this idempotency key, if any. */
  async findByIdempotencyKey(key: string): Promise<OrderDoc | null> {
    return collections(await getDb()).orders.findOne({ idempotencyKey: key });
  },

  /** The order paid through this Razorpay order, if any. */
  async findByRazorpayOrderId(razorpayOrderId: string): Promise<OrderDoc | null> {
    return collections(await getDb()).orders.findOne({ razorpayOrderId });
  },

  /**
   * Whether a user has placed an order before (for first-order codes): one that is not cancelled and not an
   * online attempt still waiting for its payment.
   */
  async hasPlacedOrder(userId: ObjectId): Promise<boolean> {
    const found = await collections(await getDb()).orders.findOne(
      { userId, status: { $nin: ['cancelled', 'pending_payment'] } },
      { projection: { _id: 1 } },
    );
    return found !== null;
  },

  /** A user's orders as their lists show them (no abandoned payment attempts), newest first. */
  async listByUser(userId: ObjectId, limit = 200): Promise<OrderDoc[]> {
    return collections(await getDb())
      .orders.find({ userId, ...placedOrStillPayable })
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit)
      .toArray();
  },

  /**
   * Moves an order to `to` if it is still in one of `from` (and matches `where`), appending the change to
   * its history. Returns the order after the change, or null when someone else moved it first.
   */
  async transition(
    id: ObjectId,
    from: readonly OrderStatus[],
    to: OrderStatus,
    change: { by: string; at?: Date; set?: Partial<OrderDoc>; unset?: (keyof OrderDoc)[]; where?: Filter<OrderDoc>; notices?: string[] },
  ): Promise<OrderDoc | null> {
    const at = change.at ?? new Date();
    const entry: StatusChangeDoc = { status: to, at, by: change.by };
    // The messages an event sends are queued in the same update as the event: exactly once per event.
    const push: Record<string, unknown> = { statusHistory: entry };
    if (change.notices?.length) push['noticesDue'] = { $each: change.notices };
    // A step is undoable only until the next one: every status change clears the undo offer unless it sets its own.
    const update: UpdateFilter<OrderDoc> = { $set: { undo: null, ...change.set, status: to, updatedAt: at }, $push: push as never };
    if (change.unset?.length) update.$unset = Object.fromEntries(change.unset.map((k) => [k, ''])) as never;
    return followFigures(
      await collections(await getDb()).orders.findOneAndUpdate({ ...change.where, _id: id, status: { $in: [...from] } }, update, {
        returnDocument: 'after',
      }),
    );
  },

  /** Which of these invoice numbers are on an order. */
  async invoiceNumbersIn(numbers: string[]): Promise<Set<string>> {
    const docs = await collections(await getDb())
      .orders.find({ invoiceNumber: { $in: numbers } }, { projection: { invoiceNumber: 1 } })
      .toArray();
    return new Set(docs.map((d) => d.invoiceNumber!));
  },

  /** Records an order's stock move finished (see stock-moves.ts), only if it is still that move. */
  async finishStockMove(id: ObjectId, moveId: string, state: 'taken' | 'returned'): Promise<OrderDoc | null> {
    return collections(await getDb()).orders.findOneAndUpdate(
      { _id: id, 'stock.moveId': moveId },
      { $set: { 'stock.state': state }, $unset: { 'stock.moveId': '' } },
      { returnDocument: 'after' },
    );
  },

  /** Orders whose stock move started before `before` and has not finished (its process died mid-way). */
  async withStockMoving(before: Date, limit = 200): Promise<OrderDoc[]> {
    return collections(await getDb())
      .orders.find({ 'stock.state': { $in: ['returning', 'retaking'] }, updatedAt: { $lt: before } })
      .limit(limit)
      .toArray();
  },

  /**
   * Cancelled orders paid online whose refund was never asked for (the cancel's process died between the two),
   * last changed before `before`.
   */
  async cancelledPaidUnrefunded(before: Date, limit = 200): Promise<OrderDoc[]> {
    return collections(await getDb())
      .orders.find({
        status: 'cancelled',
        paymentMethod: 'razorpay',
        paymentStatus: 'paid',
        refund: null,
        razorpayPaymentId: { $exists: true },
        updatedAt: { $lt: before },
      })
      .limit(limit)
      .toArray();
  },

  /** Sets payment facts without changing the status, if the order still matches `where`. */
  async setPayment(
    id: ObjectId,
    where: Filter<OrderDoc>,
    set: Partial<OrderDoc> & { paymentStatus?: PaymentStatus },
  ): Promise<OrderDoc | null> {
    return followFigures(
      await collections(await getDb()).orders.findOneAndUpdate(
        { ...where, _id: id },
        { $set: { ...set, updatedAt: new Date() } },
        { returnDocument: 'after' },
      ),
    );
  },

  /** One page of orders matching an admin's filter, newest first, and how many match in all. */
  async search(filter: Filter<OrderDoc>, skip: number, limit: number): Promise<{ docs: OrderDoc[]; total: number }> {
    const c = collections(await getDb());
    const [docs, total] = await Promise.all([
      c.orders.find(filter).sort({ createdAt: -1, _id: -1 }).skip(skip).limit(limit).toArray(),
      c.orders.countDocuments(filter),
    ]);
    return { docs, total };
  },

  /**
   * Claims the refund of a payment before Razorpay is asked: succeeds for one caller only, while the order has
   * no refund and still matches `where`. Returns the order with the refund 'requested', or null.
   */
  async claimRefund(id: ObjectId, where: Filter<OrderDoc>, refund: RefundDoc, set: Partial<OrderDoc> = {}): Promise<OrderDoc | null> {
    return followFigures(
      await collections(await getDb()).orders.findOneAndUpdate(
        { ...where, _id: id, refund: null },
        { $set: { ...set, refund, updatedAt: new Date() } },
        { returnDocument: 'after' },
      ),
    );
  },

  /**
   * Claims the retry of a cancelled order's failed refund: one conditional update on the failed refund as read
   * (its time) and the order still owing the money (paid), so of any number of retries racing one asks Razorpay.
   * Returns the order with the new refund 'requested', or null.
   */
  async claimRefundRetry(id: ObjectId, failedAt: Date, refund: RefundDoc): Promise<OrderDoc | null> {
    return followFigures(
      await collections(await getDb()).orders.findOneAndUpdate(
        { _id: id, 'refund.status': 'failed', 'refund.at': failedAt, paymentStatus: 'paid' },
        { $set: { refund, updatedAt: new Date() } },
        { returnDocument: 'after' },
      ),
    );
  },

  /**
   * Records what Razorpay answered for a claimed refund (once: only while it is still 'requested'), the payment
   * state it leaves (refunded, or paid when it failed) and the messages it sends.
   */
  async settleRefund(id: ObjectId, refund: RefundDoc, paymentStatus: PaymentStatus, notices: string[] = []): Promise<OrderDoc | null> {
    const update: UpdateFilter<OrderDoc> = { $set: { refund, paymentStatus, updatedAt: new Date() } };
    if (notices.length) update.$push = { noticesDue: { $each: notices } } as never;
    return followFigures(
      await collections(await getDb()).orders.findOneAndUpdate({ _id: id, 'refund.status': 'requested' }, update, {
        returnDocument: 'after',
      }),
    );
  },

  /**
   * Claims one queued message to send it: succeeds for one caller only. The message stays queued, marked
   * 'sending', until its send is recorded (finishNotices), so one whose sender died is sent by the
   * reconciliation job once the claim is stale: at least once, at most twice. Returns the order as it is now
   * (what the message is written from), or null when someone else holds it.
   */
  async claimNotice(id: ObjectId, key: string, state: NoticeStateDoc, staleBefore: Date): Promise<OrderDoc | null> {
    return collections(await getDb()).orders.findOneAndUpdate(
      {
        _id: id,
        noticesDue: key,
        $and: [
          // A message the request that stored the order is sending is not taken, unless that request died long ago.
          { $or: [{ [`notices.${key}.state`]: { $ne: 'sending' } }, { [`notices.${key}.at`]: { $lt: staleBefore } }] },
          // A message an admin's step holds for its undo window waits until the window has passed.
          { $or: [{ [`noticesHeld.${key}`]: { $exists: false } }, { [`noticesHeld.${key}`]: { $lte: state.at } }] },
        ],
      },
      { $set: { [`notices.${key}`]: state } } as UpdateFilter<OrderDoc>,
      { returnDocument: 'after' },
    );
  },

  /**
   * Records how sending some messages ended, in one update: `done` leave the queue (messages sent by the
   * request that stored them, which stay queued while it sends), `requeue` go back in for another try.
   */
  async finishNotices(id: ObjectId, states: Record<string, NoticeStateDoc>, queue: { done: string[]; requeue: string[] }): Promise<void> {
    const set = Object.fromEntries(Object.entries(states).map(([key, state]) => [`notices.${key}`, state]));
    const update: UpdateFilter<OrderDoc> = { $set: set } as UpdateFilter<OrderDoc>;
    // Never both in one update (MongoDB refuses two operators on one field): see sendClaimed.
    if (queue.done.length) update.$pullAll = { noticesDue: queue.done } as never;
    else if (queue.requeue.length) update.$addToSet = { noticesDue: { $each: queue.requeue } } as never;
    await collections(await getDb()).orders.updateOne({ _id: id }, update);
  },

  /**
   * Marks a line as asked to return, only while the order is delivered: one conditional update that an undo of
   * the delivery (undoStep, conditional on no marks) cannot pass, so of the two racing only one happens. False
   * when the order is no longer delivered.
   */
  async markReturnRequested(id: ObjectId, lineIndex: number): Promise<boolean> {
    const r = await collections(await getDb()).orders.updateOne(
      { _id: id, status: 'delivered' },
      { $addToSet: { returnLines: lineIndex } },
    );
    return r.matchedCount === 1;
  },

  /** Takes a line's mark back when its request could not be stored (so nothing half-written blocks an undo). */
  async unmarkReturnRequested(id: ObjectId, lineIndex: number): Promise<void> {
    await collections(await getDb()).orders.updateOne({ _id: id }, { $pull: { returnLines: lineIndex } });
  },

  /** Orders with messages still queued (a request that queued them died before sending, or a send failed). */
  async withNoticesDue(limit = 200): Promise<OrderDoc[]> {
    return collections(await getDb())
      .orders.find({ 'noticesDue.0': { $exists: true } })
      .limit(limit)
      .toArray();
  },

  /**
   * Undoes an admin's last step in ONE conditional update, so it happens at most once and never after anything
   * irreversible: the order is still in the step's status, nothing has changed it since (updatedAt is the
   * step's, so no later step, refund, payment or flag), and none of the step's messages has been taken to be
   * sent (all still queued, none with a sending state). The status goes back, the held messages are dropped,
   * `set`/`unset` reverse the step's own changes, and the history gains an entry naming the step undone.
   * Returns the order after the undo, or null when one of those conditions no longer holds.
   */
  async undoStep(
    id: ObjectId,
    undo: UndoDoc,
    change: { by: string; at: Date; set?: Partial<OrderDoc>; unset?: (keyof OrderDoc)[]; refund: RefundDoc | null },
  ): Promise<OrderDoc | null> {
    const entry: StatusChangeDoc = { status: undo.from, at: change.at, by: change.by, undid: undo.step };
    const filter: Filter<OrderDoc> = {
      _id: id,
      status: undo.step,
      updatedAt: undo.at,
      'undo.step': undo.step,
      'undo.at': undo.at,
      refund: change.refund,
      // Nothing depends on the step: no shopper has asked to return a piece (see markReturnRequested).
      'returnLines.0': { $exists: false },
    };
    const unset: Record<string, ''> = Object.fromEntries((change.unset ?? []).map((k) => [k, '']));
    if (undo.keys.length) filter['noticesDue'] = { $all: undo.keys };
    for (const key of undo.keys) {
      (filter as Record<string, unknown>)[`notices.${key}`] = { $exists: false };
      unset[`noticesHeld.${key}`] = '';
    }
    const update: UpdateFilter<OrderDoc> = {
      $set: { ...change.set, status: undo.from, undo: null, updatedAt: change.at },
      $push: { statusHistory: entry } as never,
    };
    if (undo.keys.length) update.$pullAll = { noticesDue: undo.keys } as never;
    if (Object.keys(unset).length) update.$unset = unset as never;
    return followFigures(await collections(await getDb()).orders.findOneAndUpdate(filter, update, { returnDocument: 'after' }));
  },

  /**
   * Invoiced orders changed since `since` that may owe a credit note: something refunded, or cancelled. The
   * caller checks each (credit notes are issued once per source, so looking again is harmless).
   */
  async invoicedWithCreditsSince(since: Date, limit = 500): Promise<OrderDoc[]> {
    return collections(await getDb())
      .orders.find({
        invoiceNumber: { $exists: true },
        updatedAt: { $gte: since },
        $or: [{ refundedPaise: { $gt: 0 } }, { status: 'cancelled' }],
      })
      .limit(limit)
      .toArray();
  },

  /** Orders with messages queued that an admin's step held for its undo window (sent or not yet due: the caller checks). */
  async withHeldNoticesDue(limit = 200): Promise<OrderDoc[]> {
    return collections(await getDb())
      .orders.find({ 'noticesDue.0': { $exists: true }, noticesHeld: { $exists: true } })
      .limit(limit)
      .toArray();
  },

  /** Flags an order for a person to look at: the sentence shown and its reason's code (attentionFields). */
  async flagForAttention(id: ObjectId, flag: { needsAttention: string; attention: AttentionRecord }): Promise<void> {
    await collections(await getDb()).orders.updateOne({ _id: id }, { $set: { ...flag, updatedAt: new Date() } });
  },

  /**
   * Claims the right to issue an order's invoice number: succeeds for one caller only while the order has
   * no number, is past payment and not cancelled, and nobody else holds a claim younger than `staleBefore`
   * (a claim whose request died is taken over). Returns the order when this caller holds the claim.
   */
  async claimInvoice(id: ObjectId, claimId: string, at: Date, staleBefore: Date): Promise<OrderDoc | null> {
    return collections(await getDb()).orders.findOneAndUpdate(
      {
        _id: id,
        invoiceNumber: { $exists: false },
        status: { $nin: ['pending_payment', 'cancelled'] },
        $or: [{ invoiceClaim: { $exists: false } }, { 'invoiceClaim.at': { $lt: staleBefore } }],
      },
      { $set: { invoiceClaim: { id: claimId, at } } },
      { returnDocument: 'after' },
    );
  },

  /** Orders whose GST invoice was issued in [from, to), oldest invoice first: the accountant's export. */
  async invoicedBetween(from: Date, to: Date, limit = 50_000): Promise<OrderDoc[]> {
    return collections(await getDb())
      .orders.find({ invoiceDate: { $gte: from, $lt: to }, invoiceNumber: { $exists: true } })
      .sort({ invoiceDate: 1, _id: 1 })
      .limit(limit)
      .toArray();
  },

  /**
   * Orders with a refund that changed on or after `since` (a refund's time is before its order's updatedAt),
   * for the accountant's export, which keeps the refunds of its range.
   */
  async refundedSince(since: Date, limit = 50_000): Promise<OrderDoc[]> {
    return collections(await getDb())
      .orders.find({ updatedAt: { $gte: since }, $or: [{ refundedPaise: { $gt: 0 } }, { refund: { $ne: null } }] })
      .sort({ updatedAt: 1, _id: 1 })
      .limit(limit)
      .toArray();
  },

  /** Writes the invoice number if this caller still holds the claim and none was written; the order after, or null. */
  async setInvoiceNumber(id: ObjectId, claimId: string, invoiceNumber: string, at: Date): Promise<OrderDoc | null> {
    return collections(await getDb()).orders.findOneAndUpdate(
      { _id: id, 'invoiceClaim.id': claimId, invoiceNumber: { $exists: false } },
      { $set: { invoiceNumber, invoiceDate: at, updatedAt: at }, $unset: { invoiceClaim: '' } },
      { returnDocument: 'after' },
    );
  },

  /**
   * Online orders a person cancelled before they were paid, since `since`: Razorpay may still take a payment for
   * them (the shopper pays the still-open Razorpay order), which must then be refunded.
   */
  async cancelledUnpaidSince(since: Date, limit = 200): Promise<OrderDoc[]> {
    return collections(await getDb())
      .orders.find({
        paymentMethod: 'razorpay',
        status: 'cancelled',
        paymentStatus: { $in: [...UNPAID_ONLINE_STATES] },
        refund: null,
        updatedAt: { $gte: since },
      })
      .sort({ updatedAt: 1 })
      .limit(limit)
      .toArray();
  },

  /** Unpaid online orders placed before `cutoff`, oldest first. */
  async pendingPaymentSince(cutoff: Date, limit = 200): Promise<OrderDoc[]> {
    return collections(await getDb())
      .orders.find({ status: 'pending_payment', createdAt: { $lte: cutoff } })
      .sort({ createdAt: 1 })
      .limit(limit)
      .toArray();
  },
};
