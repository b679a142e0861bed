import type { OrderDoc } from '../collections';
import { inventoryRepository } from '../repositories/inventory.repository';
import { ordersRepository } from '../repositories/orders.repository';

/** Why an admin must look at an order that was paid after its stock hold had lapsed. */
export const PAID_AFTER_HOLD_LAPSED = 'Paid after its stock hold had expired: stock was taken again and may be short.';

/**
 * Marks an online order paid and confirmed, whoever learnt of the payment first (the shopper's browser,
 * Razorpay's webhook, or reconciliation). A paid order is never lost: if its hold had lapsed (it was
 * cancelled and its stock returned), it is revived, its stock taken again even if that goes negative, and
 * flagged for an admin. Concurrent callers cannot double-apply it: each step is a conditional update.
 */
export async function markPaid(order: OrderDoc, paymentId: string, by: string): Promise<OrderDoc> {
  let current: OrderDoc | null = order;
  for (let attempt = 0; attempt < 5 && current; attempt++) {
    if (current.paymentStatus === 'paid') return current;
    const lapsed = current.stock.state === 'returned';
    const moved = await ordersRepository.transition(current._id, ['pending_payment', 'cancelled'], 'confirmed', {
      by,
      where: { paymentStatus: { $ne: 'paid' }, 'stock.state': current.stock.state },
      set: {
        paymentStatus: 'paid',
        razorpayPaymentId: paymentId,
        stock: { state: 'taken', holdExpiresAt: null },
        ...(lapsed ? { needsAttention: PAID_AFTER_HOLD_LAPSED } : {}),
      },
    });
    if (moved) {
      if (lapsed) {
        for (const line of moved.products) await inventoryRepository.takeRegardless(line.productId, line.quantity);
        console.warn(`[payments] order ${moved._id.toHexString()} was paid after its hold lapsed; flagged for an admin`);
      }
      return moved;
    }
    // Someone else changed the order meanwhile (paid it, cancelled it, expired it): look again.
    current = await ordersRepository.findById(current._id.toHexString());
  }
  if (current?.paymentStatus === 'paid') return current;
  throw new Error(`could not mark order ${order._id.toHexString()} paid`);
}

/**
 * Records a failed payment attempt. The order stays pending with its hold: the shopper (or a UPI app) may
 * still pay the same Razorpay order before the hold expires. Never touches a paid order.
 */
export async function recordPaymentFailure(order: OrderDoc): Promise<void> {
  await ordersRepository.setPayment(order._id, { paymentStatus: 'pending', status: 'pending_payment' }, { paymentStatus: 'failed' });
}
