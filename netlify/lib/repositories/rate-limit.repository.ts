import { MongoServerError } from 'mongodb';
import { collections } from '../collections';
import { getDb } from '../db';

/**
 * Fixed-window counters for rate limits. One document per key and window; a hit is one conditional
 * upsert, so a refused request writes nothing and concurrent hits can never pass the limit together.
 */
export const rateLimitRepository = {
  /**
   * Counts one hit against `limit` in the window starting at windowStart. Returns true when the hit was
   * counted, false when the window is already full (nothing is written then).
   */
  async take(key: string, windowStart: Date, limit: number, expiresAt: Date): Promise<boolean> {
    const c = collections(await getDb());
    const _id = `${key}|${windowStart.toISOString()}`;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        // Matches only while below the limit; a full window makes the upsert collide with the existing
        // document's _id, which MongoDB (and the embedded database) refuse with E11000.
        await c.rateLimits.updateOne(
          { _id, count: { $lt: limit } },
          { $inc: { count: 1 }, $setOnInsert: { key, expiresAt } },
          { upsert: true },
        );
        return true;
      } catch (err) {
        if (!(err instanceof MongoServerError && err.code === 11000)) throw err;
        // E11000 means either "full" or "two first hits raced to create the window"; look to tell which.
        const doc = await c.rateLimits.findOne({ _id }, { projection: { count: 1 } });
        if (doc && doc.count >= limit) return false;
      }
    }
    return false;
  },
};
