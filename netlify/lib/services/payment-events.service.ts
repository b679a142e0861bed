/**
 * What a captured online payment does to an order, whoever reports it first (the shopper's browser,
 * Razorpay's webhook, the reconciliation job), and refunds. Every step is a conditional update on the state
 * it starts from, taken from the state table in src/shared/orders.ts, so replays, late and duplicate events
 * and parallel twins all end in one state, with money and stock moved once.
 */
import { attentionFields } from '@shared/attention';
import { statusesMovableTo, UNPAID_ONLINE_STATES } from '@shared/orders';
import { type OrderDoc, type RefundDoc } from '../collections';
import type { Filter } from 'mongodb';
import { ordersRepository } from '../repositories/orders.repository';
import { noticeKeys, sendNoticesSoon, type NoticeEvent } from './notices/notices.service';
import { definiteRefusal, refundOnce, wholeRazorpayKey } from './payments/refund-call';
import { WHOLE_REFUND_KEY } from './notices/order-messages';
import { finishStockMove, startStockMove } from './stock-moves';
import { deliveryWindow } from '@shared/delivery';

/** What recording a captured payment did. */
type PaymentOutcome =
  /** The order is paid and confirmed (now, or by an earlier report of the same payment). */
  | { kind: 'paid'; order: OrderDoc }
  /** The order was cancelled by a person (or refunded) before the payment arrived: the payment is refunded, never kept. */
  | { kind: 'refunded'; order: OrderDoc };

/**
 * Refunds a payment of an order through Razorpay, once: the refund is claimed on the order (while it has
 * none and matches `where`) before Razorpay is asked, so concurrent cancels, webhooks and replays refund one
 * time. Razorpay is asked with an idempotency key kept on the refund (razorpayKey). A refund Razorpay refuses is
 * recorded as failed (failure: 'refused') and flags the order for an admin, who may retry it; one Razorpay did not
 * answer stays requested and flagged, and is asked again with the same key by the reconciliation job. Returns the
 * order after the refund, or null when another caller holds the refund (or the order no longer matches).
 */
export async function refundPayment(
  order: OrderDoc,
  opts: { paymentId: string; where: Filter<OrderDoc>; set?: Partial<OrderDoc>; reason: string; event?: NoticeEvent },
): Promise<OrderDoc | null> {
  // Only what line refunds left: pinned to refundedPaise as read, so a line refund racing this one makes
  // one of the two claims fail (line refunds need refund: null) and money goes back once.
  let claimed: OrderDoc | null = null;
  let requested: RefundDoc | null = null;
  let leftPaise = 0;
  for (let cur: OrderDoc | null = order, attempt = 0; cur && !cur.refund && cur.paymentStatus !== 'refunded' && attempt < 20; attempt++) {
    const already = cur.refundedPaise ?? 0;
    leftPaise = cur.totalPaise - already;
    if (leftPaise <= 0) return cur;
    requested = {
      id: null,
      status: 'requested',
      amountPaise: leftPaise,
      at: new Date(),
      paymentId: opts.paymentId,
      razorpayKey: wholeRazorpayKey(order._id, opts.paymentId),
    };
    const where: Filter<OrderDoc> = { ...opts.where, refundedPaise: already === 0 ? { $not: { $gt: 0 } } : already };
    claimed = await ordersRepository.claimRefund(order._id, where, requested, opts.set);
    if (claimed) break;
    // A line refund may have moved refundedPaise since it was read: read again and claim what is left now.
    cur = await ordersRepository.findById(order._id.toHexString());
  }
  if (!claimed || !requested) return null;
  let settled: OrderDoc | null;
  try {
    const refund = await refundOnce(
      opts.paymentId,
      leftPaise,
      { orderId: order._id.toHexString(), reason: opts.reason },
      requested.razorpayKey!,
    );
    const failed = refund.status === 'failed';
    const notices = opts.event ? noticeKeys(opts.event, claimed) : [];
    settled = await ordersRepository.settleRefund(
      order._id,
      { ...requested, id: refund.id, status: refund.status, ...(failed ? { failure: 'refused' as const } : {}) },
      failed ? 'paid' : 'refunded',
      notices,
    );
    if (failed)
      await ordersRepository.flagForAttention(order._id, attentionFields({ code: 'refund_failed', detail: 'Razorpay refused it' }));
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    console.error(`[payments] refund of ${opts.paymentId} for ${claimed.orderNumber} failed: ${detail}`);
    if (definiteRefusal(err)) {
      // Razorpay refused it: no refund was made, so it is failed for certain and may be retried.
      settled = await ordersRepository.settleRefund(order._id, { ...requested, status: 'failed', failure: 'refused' }, 'paid');
      const flag = attentionFields({ code: 'refund_failed', detail });
      await ordersRepository.flagForAttention(order._id, flag);
      if (settled) settled = { ...settled, ...flag };
    } else {
      // No answer: Razorpay may have made it. It stays requested (never retried under a new key); asking again with
      // its key (the reconciliation job) or its webhook settles it, and the admin is told to look before refunding.
      const flag = attentionFields({ code: 'refund_no_answer', amountPaise: requested.amountPaise, detail, refundKey: WHOLE_REFUND_KEY });
      await ordersRepository.flagForAttention(order._id, flag);
      settled = null;
    }
  }
  await sendNoticesSoon(order._id);
  return settled ?? (await ordersRepository.findById(order._id.toHexString()));
}

/**
 * Records a payment Razorpay captured for an online order. Along the state table:
 * - awaiting payment → paid and confirmed (the confirmation text and email are queued in the same update);
 * - cancelled by the shop because its hold lapsed → revived, paid, its stock taken again (it may go negative)
 *   and flagged for an admin: a payment that arrived late is a sale kept;
 * - cancelled by the shopper or an admin → the payment is refunded automatically, once; the order stays
 *   cancelled and its stock is not taken again;
 * - already paid with this payment, or refunded → nothing changes: a refunded order is never paid again.
 */
export async function recordCapturedPayment(order: OrderDoc, paymentId: string, by: string): Promise<PaymentOutcome> {
  if (order.paymentMethod !== 'razorpay') throw new Error(`order ${order.orderNumber} is not an online order`);
  let current: OrderDoc | null = order;
  for (let attempt = 0; attempt < 5 && current; attempt++) {
    const cur: OrderDoc = current;
    if (cur.refund || cur.paymentStatus === 'refunded') {
      if (cur.refund?.paymentId !== paymentId) await flagStrayPayment(cur, paymentId);
      return { kind: 'refunded', order: cur };
    }
    if (cur.paymentStatus === 'paid') {
      if (cur.razorpayPaymentId !== paymentId) await flagStrayPayment(cur, paymentId);
      return cur.status === 'cancelled' ? { kind: 'refunded', order: cur } : { kind: 'paid', order: cur };
    }
    const moved = await applyPayment(cur, paymentId, by);
    if (moved) return moved;
    // Someone else changed the order meanwhile (paid it, cancelled it, expired it): look again.
    current = await ordersRepository.findById(cur._id.toHexString());
  }
  throw new Error(`could not record payment ${paymentId} for order ${order.orderNumber}`);
}

/**
 * The delivery window counted from the payment, for the update that records it: an online order is packed once
 * paid, so its promise starts then (from the PIN class its creation stored), not when Checkout opened.
 */
function promiseFromNow(order: OrderDoc): Pick<OrderDoc, 'delivery'> | Record<string, never> {
  return order.delivery ? { delivery: deliveryWindow(order.delivery.pinClass, new Date()) } : {};
}

/** One try at moving an unpaid online order for a captured payment; null when the order changed under it. */
async function applyPayment(read: OrderDoc, paymentId: string, by: string): Promise<PaymentOutcome | null> {
  const revivable = statusesMovableTo('confirmed', 'payment');
  // A cancel still giving its pieces back (or one that died doing so) is finished first: the revive reads 'returned'.
  const cur = read.stock.state === 'returning' ? await finishStockMove(read) : read;
  if (cur.status === 'pending_payment') {
    const paid = await ordersRepository.transition(cur._id, ['pending_payment'], 'confirmed', {
      by,
      where: { paymentStatus: { $in: [...UNPAID_ONLINE_STATES] }, 'stock.state': 'taken' },
      set: {
        paymentStatus: 'paid',
        razorpayPaymentId: paymentId,
        stock: { state: 'taken', holdExpiresAt: null },
        ...promiseFromNow(cur),
      },
      notices: noticeKeys('confirmed', cur),
    });
    if (!paid) return null;
    await sendNoticesSoon(paid._id);
    return { kind: 'paid', order: paid };
  }
  if (cur.status === 'cancelled' && cur.cancelledBy === 'system' && revivable.includes('cancelled')) {
    const revived = await ordersRepository.transition(cur._id, ['cancelled'], 'confirmed', {
      by,
      where: { cancelledBy: 'system', paymentStatus: { $in: [...UNPAID_ONLINE_STATES] }, 'stock.state': 'returned', refund: null },
      set: {
        paymentStatus: 'paid',
        razorpayPaymentId: paymentId,
        // Its pieces are taken again unit by unit after this update (stock-moves.ts).
        stock: startStockMove('retaking'),
        ...attentionFields({ code: 'paid_after_hold' }),
        ...promiseFromNow(cur),
      },
      unset: ['cancelledBy'],
      notices: noticeKeys('confirmed', cur),
    });
    if (!revived) return null;
    // The sale keeps its pieces, whatever the stock now, and the discount it was priced with (its code's use).
    const held = await finishStockMove(revived);
    console.warn(`[payments] order ${revived.orderNumber} was paid after its hold lapsed; flagged for an admin`);
    await sendNoticesSoon(revived._id);
    return { kind: 'paid', order: held };
  }
  if (cur.status === 'cancelled') {
    // A person cancelled it (its stock may already be sold to someone else): the money goes back.
    const refunded = await refundPayment(cur, {
      paymentId,
      where: { status: 'cancelled', paymentStatus: { $in: [...UNPAID_ONLINE_STATES] } },
      set: { paymentStatus: 'paid' },
      reason: 'payment received for a cancelled order',
      event: 'refunded',
    });
    return refunded ? { kind: 'refunded', order: refunded } : null;
  }
  throw new Error(`order ${cur.orderNumber} is ${cur.status} but unpaid; payment ${paymentId} not recorded`);
}

/** A second payment for an order already paid or refunded: never kept silently, an admin refunds it. */
async function flagStrayPayment(order: OrderDoc, paymentId: string): Promise<void> {
  const flag = attentionFields({ code: 'stray_payment', paymentId, amountPaise: order.totalPaise });
  console.warn(`[payments] ${order.orderNumber}: ${flag.needsAttention}`);
  await ordersRepository.flagForAttention(order._id, flag);
}

/**
 * Records a failed payment attempt. The order stays pending with its hold: the shopper (or a UPI app) may
 * still pay the same Razorpay order before the hold expires. Never touches a paid order.
 */
export async function recordPaymentFailure(order: OrderDoc): Promise<void> {
  await ordersRepository.setPayment(order._id, { paymentStatus: 'pending', status: 'pending_payment' }, { paymentStatus: 'failed' });
}
