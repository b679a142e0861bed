import { collections, type MailOutboxDoc } from '../collections';
import { getDb } from '../db';

/** The local SMTP stand-in's record of emails it received instead of delivering. Never used in production. */
export const mailOutboxRepository = {
  /** Keeps one received email. */
  async add(mail: Omit<MailOutboxDoc, '_id'>): Promise<void> {
    await collections(await getDb()).mailOutbox.insertOne(mail as MailOutboxDoc);
  },

  /** The latest emails to an address (any case), newest first; everyone's without one. */
  async latest(to?: string, limit = 10): Promise<MailOutboxDoc[]> {
    return collections(await getDb())
      .mailOutbox.find(to ? { to: to.toLowerCase() } : {})
      .sort({ receivedAt: -1, _id: -1 })
      .limit(limit)
      .toArray();
  },
};
