import { ObjectId, type AnyBulkWriteOperation } from 'mongodb';
import type { ProductEvent } from '../../../src/shared/schemas/events';
import { collections, type ProductStatsDoc } from '../collections';
import { getDb } from '../db';
import { findByIds } from './catalogue.repository';

/** Stores product events and their running counters. */
export const eventsRepository = {
  /** Which of the given product ids exist. */
  async existingProductIds(ids: string[]): Promise<string[]> {
    const c = collections(await getDb());
    return (await findByIds(c.products, ids, { _id: 1 })).map((d) => d._id.toHexString());
  },

  /** Appends the raw events and bumps each product's counters with single-document $inc updates. */
  async insert(events: ProductEvent[]): Promise<void> {
    const c = collections(await getDb());
    const at = new Date();
    await c.events.insertMany(
      events.map((e) => ({ productId: new ObjectId(e.productId), type: e.type, userId: e.userId, visitorId: e.visitorId, at })),
    );
    const counts = new Map<string, { views: number; clicks: number }>();
    for (const e of events) {
      const n = counts.get(e.productId) ?? { views: 0, clicks: 0 };
      if (e.type === 'view') n.views += 1;
      else n.clicks += 1;
      counts.set(e.productId, n);
    }
    const ops: AnyBulkWriteOperation<ProductStatsDoc>[] = [...counts].map(([id, n]) => ({
      updateOne: { filter: { _id: new ObjectId(id) }, update: { $inc: { views: n.views, clicks: n.clicks } }, upsert: true },
    }));
    await c.productStats.bulkWrite(ops, { ordered: false });
  },

  /** Counters of one product (zeros when none recorded). */
  async stats(productId: string): Promise<{ views: number; clicks: number }> {
    const c = collections(await getDb());
    const d = await c.productStats.findOne({ _id: new ObjectId(productId) });
    return { views: d?.views ?? 0, clicks: d?.clicks ?? 0 };
  },
};
