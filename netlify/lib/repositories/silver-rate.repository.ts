import { MongoServerError } from 'mongodb';
import { collections } from '../collections';
import { getDb } from '../db';

/** The admin_settings document holding the rate. */
const SILVER_RATE = 'silver-rate';

/** The day's silver rate as stored: ₹ a gram of 92.5 silver, its version, who set it and when. */
export interface StoredSilverRate {
  rupeesPerGram: number;
  version: number;
  setAt: Date;
  setBy: string;
}

/** The day's silver rate (admin_settings 'silver-rate'): the only code reading or writing it. */
export const silverRateRepository = {
  /** The rate prices are worked out at now, or null before any is set. */
  async current(): Promise<StoredSilverRate | null> {
    const doc = await collections(await getDb()).adminSettings.findOne({ _id: SILVER_RATE });
    if (!doc?.rupeesPerGram) return null;
    return { rupeesPerGram: doc.rupeesPerGram, version: doc.version ?? 1, setAt: doc.updatedAt, setBy: doc.updatedBy };
  },

  /**
   * Sets the rate over the version the caller read (0: none set yet); false when another change came first. One
   * conditional update, or the first insert: of two admins setting it at once exactly one wins.
   */
  async setIf(version: number, rupeesPerGram: number, by: string, at: Date): Promise<boolean> {
    const c = collections(await getDb());
    if (version === 0) {
      try {
        await c.adminSettings.insertOne({ _id: SILVER_RATE, rupeesPerGram, version: 1, updatedAt: at, updatedBy: by });
        return true;
      } catch (err) {
        if (err instanceof MongoServerError && err.code === 11000) return false;
        throw err;
      }
    }
    const r = await c.adminSettings.updateOne(
      { _id: SILVER_RATE, version },
      { $set: { rupeesPerGram, updatedAt: at, updatedBy: by }, $inc: { version: 1 } },
    );
    return r.modifiedCount === 1;
  },

  /** Starts the rate when none is set (a catalogue file's); a rate admins set is never replaced by a file's. */
  async setIfNone(rupeesPerGram: number, by: string, at: Date): Promise<void> {
    await silverRateRepository.setIf(0, rupeesPerGram, by, at);
  },
};
