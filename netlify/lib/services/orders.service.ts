import type { ObjectId } from 'mongodb';
import type { Order } from '@shared/api/orders';
import type { UserDoc } from '../collections';
import { notFound } from '../errors';
import { ordersRepository, toOrder } from '../repositories/orders.repository';

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

  /** The orders the user placed (payment attempts they never completed leave once their hold ends), newest first. */
  async listForUser(userId: ObjectId): Promise<Order[]> {
    return (await ordersRepository.listByUser(userId)).map(toOrder);
  },
};
