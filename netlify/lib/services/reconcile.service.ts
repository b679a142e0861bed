import type { OrderDoc } from '../collections';
import { stockLedgerService } from './stock-ledger.service';
import { ordersRepository } from '../repositories/orders.repository';
import { sendAllDueNotices, STALE_SENDING_MS } from './notices/notices.service';
import { sendAllDueReturnNotices } from './returns.service';
import { creditNotesService } from './credit-notes.service';
import { settleStuckRefunds, STUCK_REFUND_MS } from './refunds.service';
import { cancelOrder } from './order-status.service';
import { recordCapturedPayment } from './payment-events.service';
import { getPaymentGateway } from './payments/gateway';
import { ABANDONED_AFTER_MS, nothingRecovered, recoverAbandonedTakes, type AbandonedTakesReport } from './abandoned-takes.service';

/** Unpaid online orders older than this are checked with Razorpay. */
const RECONCILE_AFTER_MINUTES = 15;

/**
 * How long after a person cancels an unpaid online order Razorpay is still asked about it: its Razorpay order
 * stays payable, and a payment that arrives anyway must be refunded even if its webhook is lost.
 */
const WATCH_CANCELLED_HOURS = 24;

/** What one reconciliation run did. */
interface ReconcileReport {
  checked: number;
  paid: string[];
  cancelled: string[];
  refunded: string[];
  stillWaiting: string[];
  errors: string[];
  /** Orders whose queued messages (texts, emails) were sent or retried. */
  noticesRetried: number;
  /** Online refunds still waiting for Razorpay's answer after 10 minutes, asked about again. */
  refundsAsked: number;
  /** Credit notes owed by refunds or cancellations whose request did not issue them, issued now. */
  creditNotesIssued: number;
  /** Stock and code uses of checkout tries that died before storing their order, given back. */
  abandoned: AbandonedTakesReport;
  /** Stock movements copied from their units into the ledger. */
  movementsRecorded: number;
}

/**
 * Makes sure no paid order is lost, no payment is kept for an order nobody will get, no stock is held
 * forever and no message is forgotten. First, stock and code uses taken by checkout tries that died before
 * storing their order (older than `abandonedAfterMs`) are given back; a smaller `abandonedAfterMs` (settle-now,
 * after an outage) also shortens every other wait below, since nothing that died is still working on it. For every online order still unpaid after 15 minutes it asks Razorpay
 * for the order's payments: a captured payment marks it paid (even if the shopper's browser never came back
 * and the webhook never arrived); with none, once its 30-minute hold has expired, the order is cancelled and
 * its stock returned. Orders within their hold are left alone, since a UPI payment may still complete.
 * Unpaid orders a person cancelled in the last day are asked about too: a payment for one is refunded.
 * Then refunds Razorpay has not answered for 10 minutes are asked about again (same idempotency key), credit
 * notes a refund or cancellation still owes are issued; last, messages still queued on orders and
 * on return requests are sent.
 */
export async function reconcilePayments(
  now = new Date(),
  { abandonedAfterMs = ABANDONED_AFTER_MS, settleNow = false } = {},
): Promise<ReconcileReport> {
  // A step older than this is dead; after an outage (settle-now) that is a few seconds, and nothing waits longer.
  const staleMs = (defaultMs: number) => Math.min(defaultMs, abandonedAfterMs);
  const report: ReconcileReport = {
    checked: 0,
    paid: [],
    cancelled: [],
    refunded: [],
    stillWaiting: [],
    errors: [],
    noticesRetried: 0,
    creditNotesIssued: 0,
    refundsAsked: 0,
    abandoned: nothingRecovered(),
    movementsRecorded: 0,
  };
  // First, so pieces a dead checkout left off the shelf are on sale again whatever fails below.
  try {
    report.abandoned = await recoverAbandonedTakes(now, abandonedAfterMs, { settleNow });
  } catch (err) {
    report.errors.push(`abandoned checkouts: ${err instanceof Error ? err.message : String(err)}`);
  }
  const gateway = getPaymentGateway();
  const fetchPayments = gateway.fetchOrderPayments.bind(gateway);
  const stale = await ordersRepository.pendingPaymentSince(new Date(now.getTime() - staleMs(RECONCILE_AFTER_MINUTES * 60_000)));
  const cancelled = await ordersRepository.cancelledUnpaidSince(new Date(now.getTime() - WATCH_CANCELLED_HOURS * 3600_000));
  for (const order of [...stale, ...cancelled]) {
    report.checked += 1;
    const id = order._id.toHexString();
    try {
      const outcome = await reconcileOne(order, now, fetchPayments);
      if (outcome) report[outcome].push(id);
    } catch (err) {
      report.errors.push(`${id}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  try {
    report.refundsAsked = (await settleStuckRefunds(now, staleMs(STUCK_REFUND_MS))).asked;
  } catch (err) {
    report.errors.push(`refunds: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    report.creditNotesIssued = (await creditNotesService.issueMissing(now)).issued;
  } catch (err) {
    report.errors.push(`credit notes: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    report.noticesRetried =
      (await sendAllDueNotices(staleMs(STALE_SENDING_MS))).orders + (await sendAllDueReturnNotices(staleMs(STALE_SENDING_MS))).requests;
  } catch (err) {
    report.errors.push(`messages: ${err instanceof Error ? err.message : String(err)}`);
  }
  // Last, so the movements of everything above (cancels' stock, recovered takes' orders) are in the ledger too.
  try {
    report.movementsRecorded = await stockLedgerService.record();
  } catch (err) {
    report.errors.push(`stock ledger: ${err instanceof Error ? err.message : String(err)}`);
  }
  return report;
}

async function reconcileOne(
  order: OrderDoc,
  now: Date,
  fetchPayments: (razorpayOrderId: string) => Promise<{ id: string; status: string }[]>,
): Promise<'paid' | 'cancelled' | 'refunded' | 'stillWaiting' | null> {
  if (order.razorpayOrderId) {
    const captured = (await fetchPayments(order.razorpayOrderId)).find((p) => p.status === 'captured');
    if (captured) return (await recordCapturedPayment(order, captured.id, 'reconciliation')).kind;
  }
  if (order.status === 'cancelled') return null;
  const expires = order.stock.holdExpiresAt;
  if (expires && expires.getTime() <= now.getTime()) {
    return (await cancelOrder(order, 'system', 'system'))?.cancelledHere ? 'cancelled' : 'stillWaiting';
  }
  return 'stillWaiting';
}
