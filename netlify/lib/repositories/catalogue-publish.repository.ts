import { MongoServerError, type ObjectId } from 'mongodb';
import {
  collections,
  ledgerStart,
  type CatalogueDraftDoc,
  type CataloguePublishDoc,
  type InventoryDoc,
  type LiveProductFields,
} from '../collections';
import { getDb } from '../db';
import type { PublishState } from '@shared/api/catalogue-admin';

/** The lock only one publish holds at a time. */
const PUBLISH_LOCK = 'catalogue-publish';

/** Optional product fields the back office can empty (the draft then leaves them out; a fixed price has no pricing). */
const CLEARABLE = ['weightGrams', 'hsn', 'seoTitle', 'seoDescription', 'pricing'] as const;

/** States of a publish whose pages were rebuilt, or are being (a failed one's were not). */
const REBUILT: PublishState[] = ['building', 'live', 'triggered'];

/** States of a publish that still holds the lock. */
const RUNNING: PublishState[] = ['applying', 'building'];

/**
 * Publishing the catalogue: the drafts waiting to go live, the writes that put one live (the product by its id,
 * its new stock units, the draft marked published at its version), the publish log, and the lock that keeps
 * publishes one at a time.
 */
export const cataloguePublishRepository = {
  /**
   * Drafts whose saved version is not live yet (new products saved as Draft stay out: nothing of them goes live).
   * Read by their `waiting` flag; drafts saved before the flag existed have none and are checked by version.
   */
  async waitingDrafts(): Promise<CatalogueDraftDoc[]> {
    const drafts = await collections(await getDb())
      .catalogueDrafts.find({ $or: [{ waiting: true }, { waiting: { $exists: false } }] }, { sort: { updatedAt: 1 } })
      .toArray();
    return drafts.filter((d) => d.version !== (d.publishedVersion ?? 0) && !(d.isNew && d.product.status === 'draft'));
  },

  /**
   * Takes the publish lock for `holder` until `until`; false while another holds it (a holder that died lets go
   * when its time lapses). One conditional update, or the lock's first insert: of two callers exactly one wins.
   */
  async claimLock(holder: string, now: Date, until: Date): Promise<boolean> {
    const c = collections(await getDb());
    const taken = await c.locks.findOneAndUpdate(
      { _id: PUBLISH_LOCK, $or: [{ holder: null }, { until: { $lte: now } }] },
      { $set: { holder, until } },
    );
    if (taken) return true;
    try {
      await c.locks.insertOne({ _id: PUBLISH_LOCK, holder, until });
      return true;
    } catch (err) {
      if (err instanceof MongoServerError && err.code === 11000) return false;
      throw err;
    }
  },

  /** Keeps the lock for `holder` until `until` (a publish whose deploy started may take a Netlify build's time). */
  async extendLock(holder: string, until: Date): Promise<void> {
    await collections(await getDb()).locks.updateOne({ _id: PUBLISH_LOCK, holder }, { $set: { until } });
  },

  /** Lets the lock go, if `holder` still holds it. */
  async releaseLock(holder: string): Promise<void> {
    await collections(await getDb()).locks.updateOne({ _id: PUBLISH_LOCK, holder }, { $set: { holder: null } });
  },

  /** Who holds the lock now (null when free or lapsed). */
  async lockHolder(now: Date): Promise<string | null> {
    const lock = await collections(await getDb()).locks.findOne({ _id: PUBLISH_LOCK });
    return lock?.holder && lock.until > now ? lock.holder : null;
  },

  /** Records a publish as it starts. */
  async insert(doc: CataloguePublishDoc): Promise<void> {
    await collections(await getDb()).cataloguePublishes.insertOne(doc);
  },

  /** A publish by id, or null. */
  async findById(id: ObjectId): Promise<CataloguePublishDoc | null> {
    return collections(await getDb()).cataloguePublishes.findOne({ _id: id });
  },

  /** The latest publishes, newest first. */
  async latest(limit: number): Promise<CataloguePublishDoc[]> {
    return collections(await getDb())
      .cataloguePublishes.find({}, { sort: { startedAt: -1 }, limit })
      .toArray();
  },

  /** When the latest publish whose pages were rebuilt (or are being) began, or null when none has. */
  async lastRebuildStart(): Promise<Date | null> {
    const [last] = await collections(await getDb())
      .cataloguePublishes.find({ state: { $in: REBUILT } }, { sort: { startedAt: -1 }, limit: 1, projection: { startedAt: 1 } })
      .toArray();
    return last?.startedAt ?? null;
  },

  /** The publishes still marked running (one, or a dead one whose lock lapsed). */
  async running(): Promise<CataloguePublishDoc[]> {
    return collections(await getDb())
      .cataloguePublishes.find({ state: { $in: RUNNING } })
      .toArray();
  },

  /**
   * Moves a publish from `from` to the fields in `set`, only if it is still in `from` (of two requests following
   * one deploy, exactly one records its end); returns whether this call moved it.
   */
  async moveIf(id: ObjectId, from: PublishState, set: Partial<CataloguePublishDoc>): Promise<boolean> {
    const r = await collections(await getDb()).cataloguePublishes.updateOne({ _id: id, state: from }, { $set: set });
    return r.modifiedCount === 1;
  },

  /** Notes who pressed Publish while `id` runs (its end publishes what is waiting then); false if it has ended. */
  async queue(id: ObjectId, by: { by: string; name: string }): Promise<boolean> {
    const r = await collections(await getDb()).cataloguePublishes.updateOne(
      { _id: id, state: { $in: RUNNING } },
      { $set: { queuedBy: by } },
    );
    return r.matchedCount === 1;
  },

  /** A publish putting drafts live says it is alive, so no one takes it for one that died on the way. */
  async touch(id: ObjectId, at: Date): Promise<void> {
    await collections(await getDb()).cataloguePublishes.updateOne({ _id: id, state: 'applying' }, { $set: { updatedAt: at } });
  },

  /**
   * Puts one draft live: the product written by its id (fields the back office does not edit, such as related
   * pieces, kept; a changed slug kept among its former ones, so old links redirect), stock units for sizes that
   * have none yet (their opening stock; existing units' stock is never written here), then the draft marked
   * published at `version`, only if nobody saved over that version meanwhile (their save stays waiting).
   * Each write is idempotent, so a publish that died half-way is finished by the next one.
   */
  async putLive(draftId: string, version: number, product: LiveProductFields, units: InventoryDoc[], createdAt: Date): Promise<void> {
    const c = collections(await getDb());
    const before = await c.products.findOne({ _id: product._id }, { projection: { slug: 1, formerSlugs: 1 } });
    const formerSlugs = [
      ...new Set([...(before?.formerSlugs ?? []), ...(before && before.slug !== product.slug ? [before.slug] : [])]),
    ].filter((s) => s !== product.slug);
    // A field the editor emptied (SEO, HSN, weight) is left out of the draft: it goes from the live product too.
    const emptied = CLEARABLE.filter((k) => product[k] === undefined);
    // A new product's empty lists are $set, not $setOnInsert: FerretDB v1 drops top-level empty arrays from
    // $setOnInsert (the import works around it the same way), and a product without them broke the build.
    const firstTime = before ? {} : { relatedIds: [], pairIds: [], featured: false };
    await c.products.updateOne(
      { _id: product._id },
      {
        $set: { ...product, formerSlugs, ...firstTime },
        $setOnInsert: { createdAt },
        ...(emptied.length ? { $unset: Object.fromEntries(emptied.map((k) => [k, ''])) } : {}),
      },
      { upsert: true },
    );
    // A new unit's first stock is the first movement of its ledger.
    const published = { key: 'opening', cause: 'publish' } as const;
    await Promise.all(
      units.map((u) =>
        c.inventory.updateOne(
          { _id: u._id },
          { $setOnInsert: { productId: u.productId, size: u.size, stock: u.stock, ...ledgerStart(published, u.stock, new Date()) } },
          { upsert: true },
        ),
      ),
    );
    // The product is live now, whatever was saved since; that later save keeps waiting.
    await c.catalogueDrafts.updateOne({ _id: draftId }, { $set: { isNew: false } });
    await c.catalogueDrafts.updateOne({ _id: draftId, version }, { $set: { publishedVersion: version, waiting: false } });
  },
};
