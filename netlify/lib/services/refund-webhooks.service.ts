/**
 * Razorpay's refund.processed / refund.failed webhooks. Each settles the refund it names once, by a
 * conditional update on the refund still waiting: 'processed' is final, 'failed' gives the amount back once.
 * Duplicates, replays and events arriving in either order (or before the request that asked for the refund
 * heard back) all end in one state.
 */
import type { OrderDoc } from '../collections';
import { orderRefundsRepository } from '../repositories/order-refunds.repository';
import { refundEntries } from '../repositories/refund-entries';
import { settleFailed, settleProcessed } from './refunds.service';
import { refundNoticeKeys, sendNoticesSoon } from './notices/notices.service';
import { WHOLE_REFUND_KEY } from './notices/order-messages';

/** The refund a webhook names: Razorpay's refund id, its payment, amount in paise, and our ledger or retry key from its notes. */
interface RefundEvent {
  id: string;
  payment_id: string;
  amount: number;
  key: string | null;
  /** notes.retry_key: the admin's retry of a cancelled order's refund this event is about. */
  retryKey?: string | null;
}

/** Applies a refund webhook to the order whose payment it refunds; 'ignored' when no refund of ours matches. */
export async function applyRefundEvent(
  outcome: 'processed' | 'failed',
  refund: RefundEvent,
): Promise<'refund processed' | 'refund failed' | 'ignored'> {
  const order = await orderRefundsRepository.findByPaymentId(refund.payment_id);
  if (!order) {
    console.warn(`[webhook] refund.${outcome} for a payment this shop does not know (${refund.payment_id}); ignored`);
    return 'ignored';
  }
  const entry =
    (refund.key ? order.refunds?.[refund.key] : undefined) ?? refundEntries(order).find((e) => e.razorpayRefundId === refund.id);
  if (entry) {
    if (entry.paise !== refund.amount)
      console.warn(`[webhook] refund ${refund.id} of ${order.orderNumber}: amount ${refund.amount} ≠ ${entry.paise}`);
    if (outcome === 'processed') await settleProcessed(order._id, entry.key, refund.id);
    else await settleFailed(order._id, entry, `Razorpay reported refund ${refund.id} failed`);
    return outcome === 'processed' ? 'refund processed' : 'refund failed';
  }
  // A refund still waiting for its id is matched by its payment and, for an admin's retry, by the retry key in the
  // event's notes: a late event about the refund that failed before it (same payment, no or another key) must not
  // settle the retry, and the retry's own event settles it even before the retry's request heard its id.
  const awaitingId =
    order.refund?.id === null &&
    order.refund.paymentId === refund.payment_id &&
    (order.refund.retryKey ?? null) === (refund.retryKey ?? null);
  if (order.refund && (order.refund.id === refund.id || awaitingId)) {
    await settleWholeRefund(order, refund.id, outcome);
    return outcome === 'processed' ? 'refund processed' : 'refund failed';
  }
  console.warn(`[webhook] refund.${outcome} ${refund.id} matches no refund of ${order.orderNumber}; ignored`);
  return 'ignored';
}

/**
 * Settles a cancelled order's whole-order refund from a webhook (once: only while it is not final). A refund Razorpay
 * answered 'pending' (the first one, or an admin's retry) tells the shopper it is refunded now, when Razorpay has made
 * it, queued with the settlement so it goes once however often the webhook comes.
 */
async function settleWholeRefund(order: OrderDoc, refundId: string, outcome: 'processed' | 'failed'): Promise<void> {
  const key = order.refund?.retryKey ?? WHOLE_REFUND_KEY;
  const notices = outcome === 'processed' ? refundNoticeKeys(key, order) : [];
  const settled = await orderRefundsRepository.settleWhole(order._id, refundId, outcome, notices);
  // Razorpay answered this refund: a flag saying it had not (for this refund only) is stale.
  const staleFlag = settled?.attention?.code === 'refund_no_answer' && settled.attention.refundKey === key;
  if (settled?.needsAttention && outcome === 'processed' && staleFlag)
    await orderRefundsRepository.clearAttention(order._id, settled.needsAttention);
  if (settled && notices.length) await sendNoticesSoon(order._id);
}
