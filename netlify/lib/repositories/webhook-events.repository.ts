import { MongoServerError } from 'mongodb';
import { collections } from '../collections';
import { getDb } from '../db';

/** Razorpay webhook events seen; the unique _id makes two deliveries of one event count once. */
export const webhookEventsRepository = {
  /** Records an event; false when it was already recorded (a duplicate delivery). */
  async record(eventId: string, event: string): Promise<boolean> {
    try {
      await collections(await getDb()).webhookEvents.insertOne({ _id: eventId, event, receivedAt: new Date() });
      return true;
    } catch (err) {
      if (err instanceof MongoServerError && err.code === 11000) return false;
      throw err;
    }
  },

  /** Forgets an event whose handling failed, so Razorpay's retry is handled again. */
  async forget(eventId: string): Promise<void> {
    await collections(await getDb()).webhookEvents.deleteOne({ _id: eventId });
  },
};
