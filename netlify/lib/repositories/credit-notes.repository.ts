import type { ObjectId } from 'mongodb';
import { collections, type CreditNoteDoc, type CreditNoteRefDoc, type OrderDoc } from '../collections';
import { getDb } from '../db';

/** MongoDB's duplicate key error: the credit note of this source exists already. */
const DUPLICATE_KEY = 11000;

/** GST credit notes; the only code that touches the credit_notes collection (and the order's list of them). */
export const creditNotesRepository = {
  /** Which of these credit-note numbers are on a note. */
  async numbersIn(numbers: string[]): Promise<Set<string>> {
    const c = collections(await getDb());
    const docs = await c.creditNotes.find({ number: { $in: numbers } }, { projection: { number: 1 } }).toArray();
    return new Set(docs.map((d) => d.number!));
  },

  /** Creates the credit note of a source unless it exists (its _id is the source); the stored note either way. */
  async createOnce(doc: CreditNoteDoc): Promise<CreditNoteDoc> {
    const c = collections(await getDb());
    try {
      await c.creditNotes.insertOne(doc);
      return doc;
    } catch (err) {
      if ((err as { code?: number }).code !== DUPLICATE_KEY) throw err;
      return (await c.creditNotes.findOne({ _id: doc._id }))!;
    }
  },

  /** A credit note by id, or null. */
  async findById(id: string): Promise<CreditNoteDoc | null> {
    return collections(await getDb()).creditNotes.findOne({ _id: id });
  },

  /**
   * Claims the right to number a credit note: one caller only, while it has no number and nobody holds a claim
   * younger than `staleBefore`. Returns the note when this caller holds the claim.
   */
  async claim(id: string, claimId: string, at: Date, staleBefore: Date): Promise<CreditNoteDoc | null> {
    return collections(await getDb()).creditNotes.findOneAndUpdate(
      { _id: id, number: { $exists: false }, $or: [{ claim: { $exists: false } }, { 'claim.at': { $lt: staleBefore } }] },
      { $set: { claim: { id: claimId, at } } },
      { returnDocument: 'after' },
    );
  },

  /** Writes the number if this caller still holds the claim and none was written; the note after, or null. */
  async setNumber(id: string, claimId: string, number: string, at: Date): Promise<CreditNoteDoc | null> {
    return collections(await getDb()).creditNotes.findOneAndUpdate(
      { _id: id, 'claim.id': claimId, number: { $exists: false } },
      { $set: { number, issuedAt: at }, $unset: { claim: '' } },
      { returnDocument: 'after' },
    );
  },

  /** Credit notes issued in [from, to), oldest first: the accountant's export. */
  async issuedBetween(from: Date, to: Date, limit = 50_000): Promise<CreditNoteDoc[]> {
    return collections(await getDb())
      .creditNotes.find({ issuedAt: { $gte: from, $lt: to }, number: { $exists: true } })
      .sort({ issuedAt: 1, _id: 1 })
      .limit(limit)
      .toArray();
  },

  /**
   * Lists an issued note on its order (once: only while the order does not list it) and, for a refund's note,
   * on the refund entry. Returns the order after, or null when it was listed already.
   */
  async listOnOrder(orderId: ObjectId, ref: CreditNoteRefDoc, refundKey: string | null): Promise<OrderDoc | null> {
    const set: Record<string, unknown> = { updatedAt: new Date() };
    if (refundKey) set[`refunds.${refundKey}.creditNote`] = ref.number;
    return collections(await getDb()).orders.findOneAndUpdate(
      { _id: orderId, 'creditNotes.id': { $ne: ref.id } },
      { $push: { creditNotes: ref }, $set: set } as never,
      { returnDocument: 'after' },
    );
  },
};
