import { afterResponse } from '../after-response';
import type { OrderDoc } from '../collections';
import { dailyFiguresRepository } from './daily-figures.repository';

/**
 * Brings the owner's daily figures up to date with an order just written (after the answer on Netlify, so no
 * shopper waits on it) and hands the order back. A change whose count never ran (the process died first) is
 * counted by the catch-up job (dashboard_figures).
 */
export async function followFigures<T extends OrderDoc | null>(order: T): Promise<T> {
  if (order) {
    const id = order._id;
    await afterResponse('figures', async () => {
      if (!(await dailyFiguresRepository.syncOrder(id))) console.warn(`[figures] order ${id.toHexString()} left to the catch-up job`);
    });
  }
  return order;
}
