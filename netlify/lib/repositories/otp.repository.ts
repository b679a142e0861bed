import { MongoServerError } from 'mongodb';
import { collections, type OtpChallengeDoc } from '../collections';
import { getDb } from '../db';

/** What a new send writes: everything except the version, which the repository manages. */
type NewChallenge = Omit<OtpChallengeDoc, '_id' | 'version'>;

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
   * Takes one of the code's guesses before it is compared: counts it against the code at `version` while
   * that code is live (unused, unexpired) and has taken fewer than `maxGuesses`. Returns the challenge
   * after the count (its hash to compare with, and how many guesses it has now taken), or null when the
   * code can take no more. One conditional update, so however many guesses arrive at once, at most
   * `maxGuesses` ever get a document to compare with.
   */
  async reserveGuess(phone: string, version: number, maxGuesses: number, now: Date): Promise<OtpChallengeDoc | null> {
    const c = collections(await getDb());
    return c.otpChallenges.findOneAndUpdate(
      { _id: phone, version, consumed: false, failedAttempts: { $lt: maxGuesses }, expiresAt: { $gt: now } },
      { $inc: { failedAttempts: 1 } },
      { returnDocument: 'after' },
    );
  },

  /**
   * Uses up the code stored at `version` if it is still unused and unexpired (its guess was reserved and
   * found right). Returns true exactly once per code, however many requests race.
   */
  async consume(phone: string, version: number, now: Date): Promise<boolean> {
    const c = collections(await getDb());
    const r = await c.otpChallenges.updateOne(
      { _id: phone, version, consumed: false, expiresAt: { $gt: now } },
      { $set: { consumed: true, codeHash: null } },
    );
    return r.modifiedCount === 1;
  },
};
