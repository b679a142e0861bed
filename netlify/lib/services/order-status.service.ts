import type { ObjectId } from 'mongodb';
import {
  canTransition,
  CUSTOMER_CANCEL_HOURS,
  CUSTOMER_CANCELLABLE,
  OPEN_STATUSES,
  orderNumber,
  STATUS_LABELS,
  type OrderStatus,
} from '../../../src/shared/orders';
import type { OrderDoc, UserDoc } from '../collections';
import { AppError, conflict, notFound } from '../errors';
import { ordersRepository } from '../repositories/orders.repository';
import { usersRepository } from '../repositories/users.repository';
import { cancelOrder } from './orders.service';
import { getPaymentGateway } from './payments/gateway';
import { getSmsSender } from './sms';

/** Texts the shopper that their order moved (never fails the change itself). */
async function notify(order: OrderDoc): Promise<void> {
  try {
    const user = await usersRepository.findById(order.userId.toHexString());
    if (!user) return;
    const number = orderNumber(order._id.toHexString());
    const status = STATUS_LABELS[order.status];
    await getSmsSender().send({
      to: user.phone,
      template: 'order_status',
      vars: { order: number, status },
      text: `Chandi Kala: your order ${number} is now ${status}.`,
    });
  } catch (err) {
    console.warn(`[orders] could not text the shopper about ${order._id.toHexString()}:`, err instanceof Error ? err.message : err);
  }
}

/**
 * Cancels an order, returns its stock exactly once and, if it was paid online, refunds it through Razorpay
 * and records the refund. Only the request that actually cancels refunds, so a retried cancel cannot
 * refund twice. A refund that fails leaves the order cancelled and flagged for an admin.
 */
async function cancelWithRefund(order: OrderDoc, by: string, from: readonly OrderStatus[]): Promise<OrderDoc> {
  const cancelled = await cancelOrder(order, by, from);
  if (!cancelled) {
    const now = await ordersRepository.findById(order._id.toHexString());
    if (now?.status === 'cancelled') return now;
    throw conflict(`This order can no longer be cancelled (it is ${STATUS_LABELS[now?.status ?? order.status].toLowerCase()}).`);
  }
  let result = cancelled;
  if (cancelled.paymentMethod === 'razorpay' && cancelled.paymentStatus === 'paid' && cancelled.razorpayPaymentId) {
    try {
      const refund = await getPaymentGateway().refund(cancelled.razorpayPaymentId, Math.round(cancelled.totalAmount * 100), {
        orderId: cancelled._id.toHexString(),
        reason: `cancelled by ${by}`,
      });
      result =
        (await ordersRepository.setRefund(
          cancelled._id,
          { id: refund.id, status: refund.status, amount: cancelled.totalAmount, at: new Date() },
          'refunded',
        )) ?? cancelled;
    } catch (err) {
      const reason = `Refund failed, refund by hand: ${err instanceof Error ? err.message : String(err)}`;
      console.error(`[orders] ${cancelled._id.toHexString()}: ${reason}`);
      await ordersRepository.setNeedsAttention(cancelled._id, reason);
      result = { ...cancelled, needsAttention: reason };
    }
  }
  await notify(result);
  return result;
}

/** Moving orders along their life: admins step them forward or cancel; shoppers cancel within the policy. */
export const orderStatusService = {
  /**
   * An admin's status change, along allowed transitions only (confirmed → packed → shipped →
   * out_for_delivery → delivered; cancelled from any open status). Appended to the history with who and when.
   */
  async changeByAdmin(admin: UserDoc, orderId: string, to: OrderStatus): Promise<OrderDoc> {
    const order = await ordersRepository.findById(orderId);
    if (!order) throw notFound('Order');
    if (!canTransition(order.status, to)) {
      throw new AppError(
        409,
        `An order that is ${STATUS_LABELS[order.status].toLowerCase()} cannot become ${STATUS_LABELS[to].toLowerCase()}.`,
      );
    }
    const by = `admin:${admin.phone}`;
    if (to === 'cancelled') return cancelWithRefund(order, by, OPEN_STATUSES);
    const moved = await ordersRepository.transition(order._id, [order.status], to, { by });
    if (!moved) throw conflict('This order changed while you were looking at it. Reload and try again.');
    await notify(moved);
    return moved;
  },

  /** A shopper cancels their own order: within 24 hours of placing it and before it ships. */
  async cancelByCustomer(user: UserDoc, orderId: string, now = new Date()): Promise<OrderDoc> {
    const order = await ordersRepository.findOwned(orderId, user._id as ObjectId);
    if (!order) throw notFound('Order');
    if (order.status === 'cancelled') return order;
    if (!CUSTOMER_CANCELLABLE.includes(order.status)) {
      throw new AppError(
        409,
        `This order is ${STATUS_LABELS[order.status].toLowerCase()}, so it can no longer be cancelled. Please contact us.`,
      );
    }
    if (now.getTime() - order.createdAt.getTime() > CUSTOMER_CANCEL_HOURS * 3600_000) {
      throw new AppError(409, 'Orders can be cancelled within 24 hours of placing them. Please contact us for help with this order.');
    }
    return cancelWithRefund(order, 'customer', CUSTOMER_CANCELLABLE);
  },
};
