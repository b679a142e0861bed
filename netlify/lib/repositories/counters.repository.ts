import { collections } from '../collections';
import { getDb } from '../db';

/** MongoDB's duplicate key error: two upserts of a counter that did not exist yet raced to insert it. */
const DUPLICATE_KEY = 11000;

/** Named sequences; the only code that touches the counters collection. */
export const countersRepository = {
  /**
   * The next value of a sequence (1 for a new one). One atomic $inc upsert, so concurrent callers always
   * get distinct values; the loser of a race to create the counter retries and then increments it.
   */
  async next(name: string): Promise<number> {
    const c = collections(await getDb());
    for (let attempt = 0; ; attempt++) {
      try {
        const doc = await c.counters.findOneAndUpdate({ _id: name }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after' });
        return doc!.seq;
      } catch (err) {
        if ((err as { code?: number }).code !== DUPLICATE_KEY || attempt >= 3) throw err;
      }
    }
  },
};
