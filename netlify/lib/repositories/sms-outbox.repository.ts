import { collections, type SmsOutboxDoc } from '../collections';
import { getDb } from '../db';

/** The local stand-in's record of texts it would have sent. Never used in production. */
export const smsOutboxRepository = {
  /** Keeps one text. */
  async add(to: string, text: string): Promise<void> {
    await collections(await getDb()).smsOutbox.insertOne({ to, text, createdAt: new Date() } as SmsOutboxDoc);
  },

  /** The latest texts to a phone, newest first (tests and `npm run sms:outbox` read codes here). */
  async latest(to?: string, limit = 10): Promise<SmsOutboxDoc[]> {
    const c = collections(await getDb());
    return c.smsOutbox
      .find(to ? { to } : {})
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit)
      .toArray();
  },
};
