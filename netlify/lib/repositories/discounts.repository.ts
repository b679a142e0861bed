import type { ObjectId } from 'mongodb';
import type { DiscountCode, DiscountRule, DiscountStatus } from '@shared/discounts';
import { toPaise, toRupees } from '@shared/money';
import { collections, type DiscountCodeDoc } from '../collections';
import { toTerms, toTermsDoc } from './discount-terms';
import { getDb } from '../db';

/** How taking a use ended: taken, refused because the limit is reached, or unknown (no answer). */
type UseTakeOutcome = 'taken' | 'short' | { unknown: unknown };

/** The key of one shopper's uses of one code. */
const shopperKey = (code: string, userId: ObjectId) => `${code}|${userId.toHexString()}`;

/** A stored code → the rules the shared arithmetic reads. */
export function toRule(d: DiscountCodeDoc): DiscountRule {
  return {
    code: d._id,
    ...toTerms(d),
    minOrder: toRupees(d.minOrderPaise),
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    totalUses: d.totalUses,
    perShopperUses: d.perShopperUses,
    firstOrderOnly: d.firstOrderOnly,
    status: d.status,
  };
}

/** A stored code → what the admin page lists. */
export function toDiscountCode(d: DiscountCodeDoc): DiscountCode {
  return {
    ...toRule(d),
    startsAt: d.startsAt ? d.startsAt.toISOString() : null,
    endsAt: d.endsAt ? d.endsAt.toISOString() : null,
    used: d.used,
    note: d.note,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
    updatedBy: d.updatedBy,
  };
}

/** The rules an admin sets, as typed (rupees): everything but the code, its status, counters and audit fields. */
export type DiscountRulesInput = Omit<DiscountRule, 'code' | 'status'> & { note: string };

/** The rules as stored: the terms and the least order value in paise. */
export function toRulesDoc({ kind, value, maxOff, minOrder, ...rest }: DiscountRulesInput) {
  return { ...toTermsDoc({ kind, value, maxOff }), minOrderPaise: toPaise(minOrder), ...rest };
}

/**
 * Discount codes and their uses; the only code that touches those collections. A use is held by an order's
 * mark (its attemptId): taking one is a single conditional update that also pushes the mark (so a limit holds
 * however many orders race for the last use), and giving it back is a single update conditional on the mark
 * being there (so it happens at most once, whoever asks and however often).
 */
export const discountsRepository = {
  /** A code by its upper-case form, or null. */
  async find(code: string): Promise<DiscountCodeDoc | null> {
    return collections(await getDb()).discountCodes.findOne({ _id: code }, { projection: { holders: 0 } });
  },

  /** How many uses of this code the shopper's orders hold. */
  async shopperUses(code: string, userId: ObjectId): Promise<number> {
    const doc = await collections(await getDb()).discountShopperUses.findOne(
      { _id: shopperKey(code, userId) },
      { projection: { used: 1 } },
    );
    return doc?.used ?? 0;
  },

  /**
   * Takes one use of a code for an order if fewer than `limit` are held (no limit when null) and the code is
   * still active, pushing the order's mark. Conditional on the limit the caller checked against, so an
   * admin's edit in between makes this a 'short' the caller re-reads.
   */
  async takeUse(code: string, limit: number | null, mark: string): Promise<UseTakeOutcome> {
    try {
      const r = await collections(await getDb()).discountCodes.updateOne(
        { _id: code, status: 'active', totalUses: limit, ...(limit !== null ? { used: { $lt: limit } } : {}) },
        { $inc: { used: 1 }, $push: { holders: mark } },
      );
      return r.modifiedCount === 1 ? 'taken' : 'short';
    } catch (err) {
      return { unknown: err };
    }
  },

  /**
   * Takes one of a shopper's uses of a code if they hold fewer than `limit`. The shopper's count document is
   * made on their first use (a twin making it at the same moment is told apart by the unique _id).
   */
  async takeShopperUse(code: string, userId: ObjectId, limit: number, mark: string): Promise<UseTakeOutcome> {
    const c = collections(await getDb());
    const _id = shopperKey(code, userId);
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        const r = await c.discountShopperUses.updateOne({ _id, used: { $lt: limit } }, { $inc: { used: 1 }, $push: { holders: mark } });
        if (r.modifiedCount === 1) return 'taken';
        if (await c.discountShopperUses.findOne({ _id }, { projection: { _id: 1 } })) return 'short';
        try {
          await c.discountShopperUses.insertOne({ _id, code, userId, used: 1, holders: [mark] });
          return 'taken';
        } catch (err) {
          // Made by a twin a moment ago: count against it.
          if ((err as { code?: number }).code !== 11000) throw err;
        }
      }
      return 'short';
    } catch (err) {
      return { unknown: err };
    }
  },

  /**
   * Gives back the uses an order's mark holds, on the code and on the shopper's count: each only if the mark
   * is there, so a second call (a retry, a racing cancel) moves nothing. Returns whether the code's use was
   * given back here.
   */
  async giveBack(code: string, userId: ObjectId | null, mark: string): Promise<boolean> {
    const c = collections(await getDb());
    const [onCode] = await Promise.all([
      c.discountCodes.updateOne({ _id: code, holders: mark }, { $inc: { used: -1 }, $pullAll: { holders: [mark] } }),
      // null: a mark only the code holds (the shopper's count never took it).
      userId &&
        c.discountShopperUses.updateOne(
          { _id: shopperKey(code, userId), holders: mark },
          { $inc: { used: -1 }, $pullAll: { holders: [mark] } },
        ),
    ]);
    return onCode.modifiedCount === 1;
  },

  /**
   * Every mark holding a use, on a code or on a shopper's count, with the shopper when the count names one: what
   * the recovery job reads to find uses held by orders that were never stored (only orders in flight hold marks).
   */
  async heldMarks(): Promise<{ code: string; mark: string; userId: ObjectId | null }[]> {
    const c = collections(await getDb());
    const [codes, shoppers] = await Promise.all([
      c.discountCodes.find({ 'holders.0': { $exists: true } }, { projection: { holders: 1 } }).toArray(),
      c.discountShopperUses.find({ 'holders.0': { $exists: true } }, { projection: { code: 1, userId: 1, holders: 1 } }).toArray(),
    ]);
    const byMark = new Map<string, { code: string; mark: string; userId: ObjectId | null }>();
    for (const d of codes) for (const mark of d.holders) byMark.set(`${d._id}\n${mark}`, { code: d._id, mark, userId: null });
    for (const d of shoppers) for (const mark of d.holders) byMark.set(`${d.code}\n${mark}`, { code: d.code, mark, userId: d.userId });
    return [...byMark.values()];
  },

  /**
   * Takes a use whatever the limits, once per mark: for an order whose payment arrived after its hold had
   * lapsed (and given its use back), so the sale keeps the discount it was priced with.
   */
  async takeRegardless(code: string, userId: ObjectId, mark: string): Promise<void> {
    const c = collections(await getDb());
    await c.discountCodes.updateOne({ _id: code, holders: { $ne: mark } }, { $inc: { used: 1 }, $push: { holders: mark } });
    try {
      await c.discountShopperUses.updateOne(
        { _id: shopperKey(code, userId), holders: { $ne: mark } },
        { $inc: { used: 1 }, $push: { holders: mark }, $setOnInsert: { code, userId } },
        { upsert: true },
      );
    } catch (err) {
      // The shopper's document exists and already holds this mark (the upsert then collides): counted already.
      if ((err as { code?: number }).code !== 11000) throw err;
    }
  },

  /** Pulls a mark off the code and the shopper's count without giving the use back (see discountsService.retire). */
  async retire(code: string, userId: ObjectId, mark: string): Promise<void> {
    const c = collections(await getDb());
    await Promise.all([
      c.discountCodes.updateOne({ _id: code, holders: mark }, { $pullAll: { holders: [mark] } }),
      c.discountShopperUses.updateOne({ _id: shopperKey(code, userId), holders: mark }, { $pullAll: { holders: [mark] } }),
    ]);
  },

  /** Whether a use of this code is held by a mark starting with `prefix` but not `except` (a twin request's). */
  async heldByTwin(code: string, twin: { prefix: string; except: string }): Promise<boolean> {
    const doc = await collections(await getDb()).discountCodes.findOne({ _id: code }, { projection: { holders: 1 } });
    return (doc?.holders ?? []).some((m) => m.startsWith(twin.prefix) && !m.startsWith(twin.except));
  },

  /** Every code, newest first (without the marks of the orders holding uses). */
  async list(): Promise<DiscountCodeDoc[]> {
    return collections(await getDb())
      .discountCodes.find({}, { projection: { holders: 0 } })
      .sort({ createdAt: -1, _id: 1 })
      .toArray();
  },

  /** Stores a new code, active; false when the code exists already. */
  async create(code: string, rules: DiscountRulesInput, by: string, at = new Date()): Promise<boolean> {
    try {
      await collections(await getDb()).discountCodes.insertOne({
        _id: code,
        ...toRulesDoc(rules),
        status: 'active',
        used: 0,
        holders: [],
        createdAt: at,
        updatedAt: at,
        updatedBy: by,
      });
      return true;
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return false;
      throw err;
    }
  },

  /**
   * Changes a code's rules (not its uses or status), but only while it has not ended (one conditional write, so an End
   * arriving mid-edit wins); null when there is no such code or it has ended. (No projection: FerretDB's
   * findAndModify does not take one; toDiscountCode leaves the holders out anyway.)
   */
  async updateUnlessEnded(code: string, rules: DiscountRulesInput, by: string, at = new Date()): Promise<DiscountCodeDoc | null> {
    return collections(await getDb()).discountCodes.findOneAndUpdate(
      { _id: code, status: { $ne: 'ended' } },
      { $set: { ...toRulesDoc(rules), updatedAt: at, updatedBy: by } },
      { returnDocument: 'after' },
    );
  },

  /**
   * Moves a code to `to` if it is in one of `from` (an ended code stays ended); null when it is not there or
   * not in one of `from`.
   */
  async setStatus(code: string, from: DiscountStatus[], to: DiscountStatus, by: string, at = new Date()): Promise<DiscountCodeDoc | null> {
    return collections(await getDb()).discountCodes.findOneAndUpdate(
      { _id: code, status: { $in: from } },
      { $set: { status: to, updatedAt: at, updatedBy: by } },
      { returnDocument: 'after' },
    );
  },
};
