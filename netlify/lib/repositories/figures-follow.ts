import type { ObjectId } from 'mongodb';
import { afterResponse } from '../after-response';
import type { OrderDoc } from '../collections';
import { dailyFiguresRepository } from './daily-figures.repository';

/** Orders written since the running count began, waiting for the next one (by id: a later write reads again). */
const waiting = new Map<string, { id: ObjectId; placed?: OrderDoc }>();
/** The count the waiting orders will be in, and the one running (the next starts when it ends). */
let next: Promise<void> | null = null;
let running: Promise<void> = Promise.resolve();

/**
 * Counts the waiting orders together once the running count ends: under load every order written while one
 * count runs goes into the next, so each figures document is written once per count, not once per order (on a
 * database that writes one document at a time, that is what lets checkout keep its pace); alone, an order is
 * counted at once.
 */
function countWaiting(): Promise<void> {
  if (!next) {
    next = running.then(async () => {
      next = null;
      const orders = [...waiting.values()];
      waiting.clear();
      for (const id of await dailyFiguresRepository.syncOrders(orders)) {
        console.warn(`[figures] order ${id.toHexString()} left to the catch-up job`);
      }
    });
    running = next.catch(() => {});
  }
  return next;
}

/**
 * Brings the owner's daily figures up to date with an order just written (after the answer on Netlify, so no
 * shopper waits on it) and hands the order back; `placed` when the write was its insert. A change whose count
 * never ran (the process died first) is counted by the catch-up job (dashboard_figures).
 */
export async function followFigures<T extends OrderDoc | null>(order: T, how: { placed?: boolean } = {}): Promise<T> {
  if (order) {
    const key = order._id.toHexString();
    // Two writes of one order in one count: it is read as stored, not taken from the insert.
    waiting.set(key, { id: order._id, placed: how.placed && !waiting.has(key) ? order : undefined });
    await afterResponse('figures', countWaiting);
  }
  return order;
}
