import type { OrderDoc } from '../collections';
import { ordersRepository } from '../repositories/orders.repository';
import { cancelOrder } from './orders.service';
import { markPaid } from './payment-events.service';
import { getPaymentGateway } from './payments/gateway';

/** Unpaid online orders older than this are checked with Razorpay. */
export const RECONCILE_AFTER_MINUTES = 15;

/** What one reconciliation run did. */
export interface ReconcileReport {
  checked: number;
  paid: string[];
  cancelled: string[];
  stillWaiting: string[];
  errors: string[];
}

/**
 * Makes sure no paid order is lost and no stock is held forever. For every online order still unpaid after
 * 15 minutes it asks Razorpay for the order's payments: a captured payment marks it paid (even if the
 * shopper's browser never came back and the webhook never arrived); with none, once its 30-minute hold
 * has expired, the order is cancelled and its stock returned. Orders within their hold are left alone,
 * since a UPI payment may still complete.
 */
export async function reconcilePayments(now = new Date()): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, paid: [], cancelled: [], stillWaiting: [], errors: [] };
  const gateway = getPaymentGateway();
  const stale = await ordersRepository.pendingPaymentSince(new Date(now.getTime() - RECONCILE_AFTER_MINUTES * 60_000));
  for (const order of stale) {
    report.checked += 1;
    const id = order._id.toHexString();
    try {
      const outcome = await reconcileOne(order, now, gateway.fetchOrderPayments.bind(gateway));
      report[outcome].push(id);
    } catch (err) {
      report.errors.push(`${id}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return report;
}

async function reconcileOne(
  order: OrderDoc,
  now: Date,
  fetchPayments: (razorpayOrderId: string) => Promise<{ id: string; status: string }[]>,
): Promise<'paid' | 'cancelled' | 'stillWaiting'> {
  if (order.razorpayOrderId) {
    const captured = (await fetchPayments(order.razorpayOrderId)).find((p) => p.status === 'captured');
    if (captured) {
      await markPaid(order, captured.id, 'reconciliation');
      return 'paid';
    }
  }
  const expires = order.stock.holdExpiresAt;
  if (expires && expires.getTime() <= now.getTime()) {
    return (await cancelOrder(order, 'system', ['pending_payment'])) ? 'cancelled' : 'stillWaiting';
  }
  return 'stillWaiting';
}
