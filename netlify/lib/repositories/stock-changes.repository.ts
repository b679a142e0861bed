import type { ObjectId } from 'mongodb';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '@shared/inventory';
import { collections, type StockChangeDoc } from '../collections';
import { getDb } from '../db';

/** The record of admins' stock changes and the inventory page's settings; the only code touching them. */
export const stockChangesRepository = {
  /** Records one change (under its own id when it has one: the id its movement in the ledger carries). */
  async record(change: Omit<StockChangeDoc, '_id'> & { _id?: ObjectId }): Promise<StockChangeDoc> {
    const c = collections(await getDb());
    const r = await c.stockChanges.insertOne(change as StockChangeDoc);
    return { ...change, _id: r.insertedId as ObjectId };
  },

  /** Recorded changes, newest first: of one unit, or across the shop. */
  async list(unit: string | undefined, limit = 50): Promise<StockChangeDoc[]> {
    const c = collections(await getDb());
    return c.stockChanges
      .find(unit ? { unit } : {})
      .sort({ at: -1, _id: -1 })
      .limit(limit)
      .toArray();
  },

  /** The low-stock threshold (the default until an admin sets one). */
  async lowStockThreshold(): Promise<number> {
    const doc = await collections(await getDb()).adminSettings.findOne({ _id: 'inventory' });
    return doc?.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
  },

  /** Sets the low-stock threshold. */
  async setLowStockThreshold(threshold: number, by: string, at = new Date()): Promise<void> {
    await collections(await getDb()).adminSettings.updateOne(
      { _id: 'inventory' },
      { $set: { lowStockThreshold: threshold, updatedAt: at, updatedBy: by } },
      { upsert: true },
    );
  },
};
