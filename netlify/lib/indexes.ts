import type { Collection, CreateIndexesOptions, Db, Document, IndexSpecification } from 'mongodb';
import { collections, type CollectionHandles } from './collections';

type IndexDef = { key: IndexSpecification & Document; name: string } & Pick<
  CreateIndexesOptions,
  'unique' | 'sparse' | 'expireAfterSeconds'
> & {
    /** Housekeeping only (TTL): created where the server supports it; FerretDB v1 does not, and nothing relies on it. */
    optional?: boolean;
  };

/** MongoDB's NotImplemented error code, which FerretDB answers for index options it lacks. */
const NOT_IMPLEMENTED = 238;

/**
 * Creates the indexes a collection lacks. Existing ones are looked up first rather than re-sent:
 * FerretDB v1.24 (SQLite) panics on a createIndexes that names indexes which already exist, and
 * skipping them also saves a round of work on every cold start.
 */
async function ensureCollectionIndexes(col: Collection<never>, defs: IndexDef[], embedded: boolean): Promise<void> {
  // Only unique indexes on the embedded database: FerretDB v1 (SQLite) plans no query with a secondary
  // index (it pushes down `_id` equality and nothing else), yet SQLite rewrites every expression index of a
  // document on each update, so a product's stock $inc cost twice what it did without them. On Atlas an
  // update touches only the index entries whose keys changed; leaving the unused ones out keeps the local
  // cost of a write close to production's, and unique indexes, which enforce rules, are always created.
  if (embedded) defs = defs.filter((d) => d.unique);
  let existing = new Set<string>();
  try {
    existing = new Set((await col.listIndexes().toArray()).map((i) => String(i['name'])));
  } catch (err) {
    // A collection that does not exist yet has no indexes (NamespaceNotFound).
    if ((err as { code?: number }).code !== 26) throw err;
  }
  const missing = defs.filter((d) => !existing.has(d.name));
  const required = missing.filter((d) => !d.optional).map(({ optional: _optional, ...d }) => d);
  if (required.length) await col.createIndexes(required as never);
  for (const { optional: _optional, ...def } of missing.filter((d) => d.optional)) {
    await col.createIndexes([def] as never).catch((err: { code?: number }) => {
      if (err.code !== NOT_IMPLEMENTED) throw err;
    });
  }
}

/**
 * Whether the server is the embedded database: FerretDB v1, which names its version in buildInfo ("unknown"
 * in our build, which sets none). A later FerretDB (v2 runs on PostgreSQL with real secondary indexes) gets
 * every index, as Atlas does.
 */
async function isEmbeddedFerretDb(db: Db): Promise<boolean> {
  const version = (await db.admin().command({ buildInfo: 1 }))['ferretdbVersion'];
  return typeof version === 'string' && !/^v?([2-9]|\d{2,})\./.test(version);
}

/**
 * Creates the indexes the API's lookups and rules rely on, once per process at first connection: all of
 * them on MongoDB, the unique ones only on the embedded database (see ensureCollectionIndexes).
 */
export async function ensureIndexes(db: Db): Promise<void> {
  const embedded = await isEmbeddedFerretDb(db);
  const ensure = (col: Collection<never>, defs: IndexDef[]) => ensureCollectionIndexes(col, defs, embedded);
  const c = collections(db) as unknown as Record<keyof CollectionHandles, Collection<never>>;
  await Promise.all([
    ensure(c.categories, [
      { key: { slug: 1 }, name: 'slug_unique', unique: true },
      { key: { position: 1 }, name: 'position' },
    ]),
    ensure(c.subcategories, [
      { key: { slug: 1 }, name: 'slug_unique', unique: true },
      { key: { categoryId: 1, position: 1 }, name: 'category_position' },
    ]),
    ensure(c.collections, [{ key: { slug: 1 }, name: 'slug_unique', unique: true }]),
    ensure(c.products, [
      { key: { slug: 1 }, name: 'slug_unique', unique: true },
      { key: { subcategoryId: 1, createdAt: -1 }, name: 'subcategory_latest' },
      { key: { collectionIds: 1, createdAt: -1 }, name: 'collection_latest' },
      { key: { featured: 1, createdAt: -1 }, name: 'featured_latest' },
      { key: { createdAt: -1 }, name: 'latest' },
    ]),
    // The back office's low-stock filter reads the units at or under the threshold.
    ensure(c.inventory, [{ key: { stock: 1 }, name: 'stock' }]),
    // A unit's history, newest first.
    ensure(c.stockLedger, [{ key: { unit: 1, at: -1 }, name: 'unit_at' }]),
    // New products waiting to go live, newest first; a draft's versions, newest first.
    ensure(c.catalogueDrafts, [
      { key: { isNew: 1, updatedAt: -1 }, name: 'new_latest' },
      { key: { waiting: 1 }, name: 'waiting' },
    ]),
    ensure(c.catalogueVersions, [{ key: { draftId: 1, version: -1 }, name: 'draft_versions' }]),
    ensure(c.cataloguePublishes, [{ key: { startedAt: -1 }, name: 'latest' }]),
    ensure(c.banners, [{ key: { key: 1 }, name: 'key_unique', unique: true }]),
    ensure(c.headings, [{ key: { position: 1 }, name: 'position' }]),
    // A product's events; the figures' check reads the events of recent days.
    ensure(c.events, [
      { key: { productId: 1, at: -1 }, name: 'product_at' },
      { key: { at: 1 }, name: 'at' },
    ]),
    // The figures' check reads the pending changes a dead process left.
    ensure(c.orderFigures, [{ key: { 'pending.at': 1 }, name: 'pending_at', sparse: true }]),
    ensure(c.contactMessages, [{ key: { createdAt: -1 }, name: 'created' }]),
    // One subscriber per folded address, even when two sign-ups race.
    ensure(c.subscribers, [{ key: { emailKey: 1 }, name: 'emailKey_unique', unique: true }]),
    // Tidies old windows on Atlas; limits stay correct without it (the window is part of the _id).
    ensure(c.users, [{ key: { phone: 1 }, name: 'phone_unique', unique: true }]),
    ensure(c.smsOutbox, [{ key: { to: 1, createdAt: -1 }, name: 'to_latest' }]),
    ensure(c.orders, [
      { key: { userId: 1, createdAt: -1 }, name: 'user_latest' },
      // Sparse: cash-on-delivery orders have no Razorpay id, and requests without a key store none.
      { key: { razorpayOrderId: 1 }, name: 'razorpay_order_unique', unique: true, sparse: true },
      { key: { idempotencyKey: 1 }, name: 'idempotency_unique', unique: true, sparse: true },
      { key: { status: 1, createdAt: -1 }, name: 'status_latest' },
      { key: { createdAt: -1 }, name: 'latest' },
      // The figures' check reads the orders changed in recent days.
      { key: { updatedAt: 1 }, name: 'updated' },
    ]),
    // The admin's list (open first, newest first) and an order's requests.
    ensure(c.returns, [
      { key: { status: 1, createdAt: -1 }, name: 'status_latest' },
      { key: { orderId: 1 }, name: 'order' },
    ]),
    ensure(c.creditNotes, [
      // A number goes to one credit note only (sparse: a note being issued has none yet).
      { key: { number: 1 }, name: 'number_unique', unique: true, sparse: true },
      { key: { orderId: 1 }, name: 'order' },
      { key: { issuedAt: 1 }, name: 'issued' },
    ]),
    ensure(c.rateLimits, [{ key: { expiresAt: 1 }, name: 'expires_ttl', expireAfterSeconds: 0, optional: true }]),
  ]);
}
