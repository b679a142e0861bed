import { collections, type VoidNumberDoc } from '../collections';
import { getDb } from '../db';

/** MongoDB's duplicate key error: two upserts of a counter that did not exist yet raced to insert it. */
const DUPLICATE_KEY = 11000;

/** Named sequences and the numbers taken from them never used; the only code that touches those collections. */
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

  /** The counters of the GST document series (`<series>:<financial year>`), with how far each was checked. */
  async documentSeries(
    series: readonly string[],
  ): Promise<{ name: string; seq: number; audit: { through: number; seenSeq: number; at: Date } | null }[]> {
    const c = collections(await getDb());
    const docs = await c.counters.find({ _id: { $regex: `^(${series.join('|')}):` } }).toArray();
    return docs.map((d) => ({ name: d._id, seq: d.seq, audit: d.audit ?? null }));
  },

  /** Records how far a series was checked, only if no other run moved it since (`was`: the audit it read). */
  async setAudit(name: string, was: { through: number } | null, audit: { through: number; seenSeq: number; at: Date }): Promise<boolean> {
    const c = collections(await getDb());
    const r = await c.counters.updateOne(
      { _id: name, ...(was ? { 'audit.through': was.through } : { audit: { $exists: false } }) },
      { $set: { audit } },
    );
    return r.modifiedCount === 1;
  },

  /** Records numbers as void (each once: its _id is the number); returns the ones recorded by this call. */
  async recordVoid(docs: VoidNumberDoc[]): Promise<string[]> {
    const c = collections(await getDb());
    const recorded: string[] = [];
    for (const doc of docs) {
      try {
        await c.voidNumbers.insertOne(doc);
        recorded.push(doc._id);
      } catch (err) {
        if ((err as { code?: number }).code !== DUPLICATE_KEY) throw err;
      }
    }
    return recorded;
  },

  /** Numbers recorded void in [from, to), by number. */
  async voidBetween(from: Date, to: Date): Promise<VoidNumberDoc[]> {
    const c = collections(await getDb());
    return c.voidNumbers
      .find({ at: { $gte: from, $lt: to } })
      .sort({ _id: 1 })
      .toArray();
  },
};
