import type { ObjectId } from 'mongodb';
import type { Order } from '../../../src/shared/api/orders';
import { OPEN_STATUSES, type OrderStatus } from '../../../src/shared/orders';
import type { OrderDoc, UserDoc } from '../collections';
import { notFound } from '../errors';
import { inventoryRepository } from '../repositories/inventory.repository';
import { ordersRepository, toOrder } from '../repositories/orders.repository';

/**
 * Cancels an open order and returns its stock exactly once: the status and the stock state flip in one
 * conditional update, so only the call that wins restocks (a retried or racing cancel does nothing).
 * Returns the cancelled order, or null when it was no longer in one of `from`.
 */
export async function cancelOrder(order: OrderDoc, by: string, from: readonly OrderStatus[] = OPEN_STATUSES): Promise<OrderDoc | null> {
  const hadStock = order.stock.state === 'taken';
  const cancelled = await ordersRepository.transition(order._id, from, 'cancelled', {
    by,
    where: { 'stock.state': order.stock.state, paymentStatus: order.paymentStatus },
    set: {
      stock: { state: 'returned', holdExpiresAt: null },
      ...(order.paymentStatus === 'pending' || order.paymentStatus === 'failed' ? { paymentStatus: 'failed' } : {}),
    },
  });
  if (cancelled && hadStock) {
    for (const line of cancelled.products) await inventoryRepository.giveBack(line.productId, line.quantity);
  }
  return cancelled;
}

/** Reading orders: their owners see their own; anyone else gets the same 404 as for a missing order. */
export const ordersService = {
  /**
   * One order for its owner, or for an admin. Anyone else gets the same "not found" as for a missing
   * order, so ids cannot be probed.
   */
  async getForReader(orderId: string, reader: UserDoc): Promise<Order> {
    const doc = reader.role === 'admin' ? await ordersRepository.findById(orderId) : await ordersRepository.findOwned(orderId, reader._id);
    if (!doc) throw notFound('Order');
    return toOrder(doc);
  },

  /** The user's orders, newest first. */
  async listForUser(userId: ObjectId): Promise<Order[]> {
    return (await ordersRepository.listByUser(userId)).map(toOrder);
  },
};
