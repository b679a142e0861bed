import { MongoServerError } from 'mongodb';
import { collections } from '../collections';
import { getDb } from '../db';

/**
 * Fixed-window counters for rate limits. One document per key and window; a hit is one conditional
 * upsert, so a refused request writes nothing and concurrent hits can never pass the limit together.
 */
export const rateLimitRepository = {
  /**
   * Counts a hit of `weight` (1 for a request; the number of events for an event batch) against `limit` in
   * the window starting at windowStart. Returns true when it was counted, false when it does not fit in
   * what is left of the window (nothing is written then: a refused hit never uses up the window).
   */
  async take(key: string, windowStart: Date, limit: number, expiresAt: Date, weight = 1): Promise<boolean> {
    if (weight > limit) return false;
    const c = collections(await getDb());
    const _id = `${key}|${windowStart.toISOString()}`;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        // Matches only while the hit still fits; a full window makes the upsert collide with the existing
        // document's _id, which MongoDB (and the embedded database) refuse with E11000.
        await c.rateLimits.updateOne(
          { _id, count: { $lte: limit - weight } },
          { $inc: { count: weight }, $setOnInsert: { key, expiresAt } },
          { upsert: true },
        );
        return true;
      } catch (err) {
        if (!(err instanceof MongoServerError && err.code === 11000)) throw err;
        // E11000 means either "full" or "two first hits raced to create the window"; look to tell which.
        const doc = await c.rateLimits.findOne({ _id }, { projection: { count: 1 } });
        if (doc && doc.count + weight > limit) return false;
      }
    }
    return false;
  },
};
