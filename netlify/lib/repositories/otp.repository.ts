import { MongoServerError } from 'mongodb';
import { collections, type OtpChallengeDoc } from '../collections';
import { getDb } from '../db';

/** Wrong tries a code survives; the fifth wrong one kills it and a new code must be requested. */
export const MAX_WRONG_ATTEMPTS = 5;

/** What a new send writes: everything except the version, which the repository manages. */
export type NewChallenge = Omit<OtpChallengeDoc, '_id' | 'version'>;

/**
 * One-time code state per phone; the only code that touches otp_challenges. Every change is a single
 * conditional update, so concurrent sends and guesses cannot get around the limits.
 */
export const otpRepository = {
  /** The phone's current state, or null when no code was ever sent to it. */
  async find(phone: string): Promise<OtpChallengeDoc | null> {
    return collections(await getDb()).otpChallenges.findOne({ _id: phone });
  },

  /**
   * Replaces the phone's challenge if it is still at `seenVersion` (null: it did not exist). Returns false
   * when another request changed it first; the caller re-reads and re-applies its rules.
   */
  async replace(phone: string, seenVersion: number | null, next: NewChallenge): Promise<boolean> {
    const c = collections(await getDb());
    if (seenVersion === null) {
      try {
        await c.otpChallenges.insertOne({ _id: phone, version: 1, ...next });
        return true;
      } catch (err) {
        if (err instanceof MongoServerError && err.code === 11000) return false;
        throw err;
      }
    }
    const r = await c.otpChallenges.updateOne({ _id: phone, version: seenVersion }, { $set: next, $inc: { version: 1 } });
    return r.modifiedCount === 1;
  },

  /**
   * Uses up the code if it is the one stored at `version`, unexpired, unused and not locked by wrong tries.
   * Returns true exactly once per code, however many requests race.
   */
  async consume(phone: string, version: number, codeHash: string, now: Date): Promise<boolean> {
    const c = collections(await getDb());
    const r = await c.otpChallenges.updateOne(
      { _id: phone, version, codeHash, consumed: false, failedAttempts: { $lt: MAX_WRONG_ATTEMPTS }, expiresAt: { $gt: now } },
      { $set: { consumed: true, codeHash: null } },
    );
    return r.modifiedCount === 1;
  },

  /**
   * Counts a wrong try against the code at `version` while it is still live. Returns the failed-try count
   * after this one, or null when the code was no longer live (used, expired, replaced or already locked).
   */
  async countWrongAttempt(phone: string, version: number, now: Date): Promise<number | null> {
    const c = collections(await getDb());
    const doc = await c.otpChallenges.findOneAndUpdate(
      { _id: phone, version, consumed: false, failedAttempts: { $lt: MAX_WRONG_ATTEMPTS }, expiresAt: { $gt: now } },
      { $inc: { failedAttempts: 1 } },
      { returnDocument: 'after' },
    );
    return doc ? doc.failedAttempts : null;
  },
};
