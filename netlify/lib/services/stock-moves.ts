/**
 * Moving an order's pieces after it holds them: a cancel gives them back, a payment that arrived after the hold
 * lapsed takes them again. The order's status and its stock state ('returning' or 'retaking', with a move id)
 * change in one update; then each unit is moved once for that move id (the unit records it); then the order
 * records the move finished. A process that dies anywhere in between leaves the order in its moving state,
 * and finishing it again (the recovery job does) moves only what was not moved.
 */

/** How long a unit keeps a finished move's record: far longer than any finisher of the move could still be running. */
export const MOVE_RECORD_KEEP_MS = 24 * 3600_000;
import { ObjectId } from 'mongodb';
import { unitId, type OrderDoc } from '../collections';
import { failPoint } from '../failpoints';
import { inventoryRepository } from '../repositories/inventory.repository';
import { ordersRepository } from '../repositories/orders.repository';
import { discountsService } from './discounts.service';

/** The stock fields of an order whose pieces start going back ('returning') or being taken again ('retaking'). */
export const startStockMove = (state: 'returning' | 'retaking'): OrderDoc['stock'] => ({
  state,
  holdExpiresAt: null,
  moveId: new ObjectId().toHexString(),
});

/**
 * Finishes an order's stock move: its code's use goes back (or is taken again), each unit's pieces move once,
 * and the order records the move done. Idempotent; returns the order as it stands after.
 */
export async function finishStockMove(order: OrderDoc): Promise<OrderDoc> {
  const { state, moveId } = order.stock;
  if ((state !== 'returning' && state !== 'retaking') || !moveId) return order;
  const returning = state === 'returning';
  // The code's use is marked by the order's try, not by the move: a finisher that read the order before a twin
  // finished this move (and a cancel then started the next) must not move the use back, so it reads the order
  // again first. Each use move is itself conditional on the mark, so twins of one move move it once.
  const current = await ordersRepository.findById(order._id.toHexString());
  if (!current || current.stock.moveId !== moveId) return current ?? order;
  if (returning) await discountsService.giveBack(current);
  else await discountsService.takeAgain(current);
  const byUnit = new Map<string, number>();
  for (const line of order.products) {
    const unit = unitId(line.productId, line.size);
    byUnit.set(unit, (byUnit.get(unit) ?? 0) + line.quantity);
  }
  for (const [unit, quantity] of byUnit) {
    await inventoryRepository.moveOnce(unit, returning ? quantity : -quantity, moveId, order._id, returning ? 'cancelled' : 'paid-late');
    failPoint('stock-move.after-unit');
  }
  const done = await ordersRepository.finishStockMove(order._id, moveId, returning ? 'returned' : 'taken');
  // The units keep the move's records for a day (the recovery job clears them): cleared now, a twin finisher
  // that read the order before this finished would find no record and move the pieces a second time.
  return done ?? (await ordersRepository.findById(order._id.toHexString())) ?? order;
}
