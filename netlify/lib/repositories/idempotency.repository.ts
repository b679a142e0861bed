import { MongoServerError } from 'mongodb';
import { collections, type IdempotencyKeyDoc } from '../collections';
import { getDb } from '../db';

/** Idempotency-Key claims; the unique _id makes the first request with a key the only one that acts. */
export const idempotencyRepository = {
  /** Claims a key; returns null when this request won it, or the existing claim when another request holds it. */
  async claim(id: string, fingerprint: string): Promise<IdempotencyKeyDoc | null> {
    const c = collections(await getDb());
    try {
      await c.idempotencyKeys.insertOne({ _id: id, fingerprint, createdAt: new Date() });
      return null;
    } catch (err) {
      if (!(err instanceof MongoServerError && err.code === 11000)) throw err;
      return (await c.idempotencyKeys.findOne({ _id: id })) ?? { _id: id, fingerprint, createdAt: new Date() };
    }
  },

  /** Whether a claim still exists (a request that failed gives its key back so a retry can act). */
  async exists(id: string): Promise<boolean> {
    const c = collections(await getDb());
    return (await c.idempotencyKeys.countDocuments({ _id: id }, { limit: 1 })) > 0;
  },

  /** Gives a key back after its request failed without placing an order. */
  async release(id: string): Promise<void> {
    const c = collections(await getDb());
    await c.idempotencyKeys.deleteOne({ _id: id });
  },
};
