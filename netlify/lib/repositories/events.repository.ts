import { MongoBulkWriteError, MongoServerError, ObjectId, type AnyBulkWriteOperation, type Collection } from 'mongodb';
import type { ProductEvent } from '@shared/schemas/events';
import { collections, type ProductStatsDoc } from '../collections';
import { getDb } from '../db';
import { findByIds } from './catalogue.repository';
import { dailyFiguresRepository } from './daily-figures.repository';

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
    // The owner's daily figures count the same events, beside the running counters.
    await Promise.all([upsertCounters(c.productStats, ops), dailyFiguresRepository.countEvents(events.map((e) => ({ ...e, at })))]);
  },

  /** Views and clicks counted from the raw events of one product (the source of truth the counters must match). */
  async countStored(productId: string): Promise<{ views: number; clicks: number }> {
    const c = collections(await getDb());
    const productId_ = new ObjectId(productId);
    const [views, clicks] = await Promise.all([
      c.events.countDocuments({ productId: productId_, type: 'view' }),
      c.events.countDocuments({ productId: productId_, type: 'click' }),
    ]);
    return { views, clicks };
  },

  /** Counters of one product (zeros when none recorded). */
  async stats(productId: string): Promise<{ views: number; clicks: number }> {
    const c = collections(await getDb());
    const d = await c.productStats.findOne({ _id: new ObjectId(productId) });
    return { views: d?.views ?? 0, clicks: d?.clicks ?? 0 };
  },
};

/** How often an upsert that lost a race on its key is retried; a second try finds the winner's document. */
const UPSERT_RETRIES = 3;

/**
 * Applies counter upserts. Two first events for one product may both try to insert its counter; MongoDB
 * answers the loser with E11000 (duplicate key) even though its $inc never applied. Those operations are
 * retried, now as plain updates of the document the winner created, so every event is counted exactly once
 * and the caller never gets a 500 after its events were stored.
 */
async function upsertCounters(col: Collection<ProductStatsDoc>, ops: AnyBulkWriteOperation<ProductStatsDoc>[]): Promise<void> {
  let pending = ops;
  for (let attempt = 0; pending.length; attempt++) {
    try {
      await col.bulkWrite(pending, { ordered: false });
      return;
    } catch (err) {
      const lost = duplicateKeyIndexes(err, pending.length);
      if (!lost || attempt >= UPSERT_RETRIES) throw err;
      pending = lost.map((i) => pending[i]!);
    }
  }
}

/** Indexes of the operations a bulk write refused only for a duplicate key, or null when anything else failed. */
function duplicateKeyIndexes(err: unknown, operations: number): number[] | null {
  if (err instanceof MongoBulkWriteError) {
    const errors = [err.writeErrors].flat();
    if (errors.length && errors.every((e) => e.code === 11000)) return errors.map((e) => e.index);
    return null;
  }
  // A single-operation bulk write may surface as a plain server error.
  if (operations === 1 && err instanceof MongoServerError && err.code === 11000) return [0];
  return null;
}
