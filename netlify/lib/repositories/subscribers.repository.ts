import { MongoServerError } from 'mongodb';
import type { Subscription } from '@shared/schemas/subscribe';
import { collections } from '../collections';
import { getDb } from '../db';

/** Newsletter subscribers, one document per folded address. */
export const subscribersRepository = {
  /**
   * Adds the address unless its folded form is already listed; a repeat changes nothing (the first
   * consent time and page stay). One conditional upsert on a unique key, so racing sign-ups of one
   * address leave one document. Returns whether this call created it.
   */
  async add(sub: Subscription, emailKey: string, now: Date): Promise<{ created: boolean }> {
    const c = collections(await getDb());
    try {
      const r = await c.subscribers.updateOne(
        { emailKey },
        { $setOnInsert: { email: sub.email, source: sub.source, consentAt: now } },
        { upsert: true },
      );
      return { created: r.upsertedCount === 1 };
    } catch (err) {
      // Two first sign-ups raced and the unique index let one in: the address is listed either way.
      if (err instanceof MongoServerError && err.code === 11000) return { created: false };
      throw err;
    }
  },

  /** The stored subscriber for a folded address (for tests and support). */
  async find(emailKey: string) {
    const c = collections(await getDb());
    return c.subscribers.findOne({ emailKey }, { projection: { _id: 0 } });
  },

  /** How many documents hold this folded address (tests prove it is never more than one). */
  async count(emailKey: string): Promise<number> {
    const c = collections(await getDb());
    return c.subscribers.countDocuments({ emailKey });
  },
};
