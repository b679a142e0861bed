import type { ContactMessage } from '@shared/schemas/contact';
import { collections } from '../collections';
import { getDb } from '../db';
import { ObjectId } from 'mongodb';

/** Stores contact-form messages for the support team. */
export const contactRepository = {
  /** Saves one message and returns its id. */
  async insert(msg: ContactMessage): Promise<string> {
    const c = collections(await getDb());
    const _id = new ObjectId();
    await c.contactMessages.insertOne({ _id, ...msg, createdAt: new Date() });
    return _id.toHexString();
  },
};
