import { ObjectId, type AnyBulkWriteOperation, type Collection, type Db } from 'mongodb';
import {
  collections,
  ledgerStart,
  movementSet,
  type MovementNote,
  type BannerDoc,
  type CategoryDoc,
  type CollectionDoc,
  type HeadingDoc,
  type InventoryDoc,
  type ProductDoc,
  type SettingsDoc,
  type SubcategoryDoc,
} from '../collections';
import { getDb } from '../db';

/** Everything one import writes, already mapped to documents. */
export interface CatalogueWritePlan {
  categories: CategoryDoc[];
  subcategories: SubcategoryDoc[];
  collections: CollectionDoc[];
  products: ProductDoc[];
  /** The stock of every unit of those products (a product, or a product in one size). */
  inventory: InventoryDoc[];
  banners: BannerDoc[];
  /** When present, replaces the announcement list. */
  headings: HeadingDoc[] | null;
  settings: SettingsDoc | null;
  /** Write the file's stock over stored units' (otherwise only new units get it: orders own stock). */
  overwriteStock: boolean;
  /**
   * Product fields that products already stored keep (e.g. what a Shopify export lacks): `slugs` are those
   * products. Written with $set on the others rather than $setOnInsert, which FerretDB v1 drops empty arrays from.
   */
  keep: { fields: (keyof ProductDoc)[]; slugs: Set<string> };
}

/** What is stored now, for the sections an import touches: the import compares against it to say what changes. */
export interface StoredCatalogue {
  categories: CategoryDoc[];
  subcategories: SubcategoryDoc[];
  collections: CollectionDoc[];
  products: ProductDoc[];
  /** Stock units of the stored products (read with the products section). */
  inventory: InventoryDoc[];
  banners: BannerDoc[];
  headings: HeadingDoc[];
  settings: SettingsDoc | null;
}

/** Slug → id of what is already stored, so an import can reference existing rows. */
export interface ExistingIds {
  categories: Map<string, string>;
  subcategories: Map<string, string>;
  collections: Map<string, string>;
  products: Map<string, string>;
  banners: Map<string, string>;
  /** A product's old web address (changed by a publish) → its current one. */
  formerProductSlugs: Map<string, string>;
}

function upsertBySlug<T extends { _id: unknown; slug: string }>(docs: T[]): AnyBulkWriteOperation<T>[] {
  return docs.map((d) => {
    const { _id, ...rest } = d;
    return {
      updateOne: { filter: { slug: d.slug } as never, update: { $set: rest as never, $setOnInsert: { _id } as never }, upsert: true },
    };
  });
}

/** Writes catalogue imports; the only code that modifies catalogue collections. */
export const catalogueWriteRepository = {
  /** Ids of stored rows by slug (banner by key). */
  async existingIds(): Promise<ExistingIds> {
    const c = collections(await getDb());
    const proj = { projection: { _id: 1, slug: 1 } };
    const productProj = { projection: { _id: 1, slug: 1, formerSlugs: 1 } };
    const toMap = (rows: { _id: { toHexString(): string }; slug: string }[]) => new Map(rows.map((r) => [r.slug, r._id.toHexString()]));
    const [cats, subs, cols, prods, banners] = await Promise.all([
      c.categories.find({}, proj).toArray(),
      c.subcategories.find({}, proj).toArray(),
      c.collections.find({}, proj).toArray(),
      c.products.find({}, productProj).toArray(),
      c.banners.find({}, { projection: { _id: 1, key: 1 } }).toArray(),
    ]);
    return {
      categories: toMap(cats),
      subcategories: toMap(subs),
      collections: toMap(cols),
      products: toMap(prods),
      banners: new Map(banners.map((b) => [b.key, b._id.toHexString()])),
      formerProductSlugs: new Map(prods.flatMap((p) => (p.formerSlugs ?? []).map((old) => [old, p.slug] as [string, string]))),
    };
  },

  /** Full stored rows of the named sections (others come back empty), headings in display order. */
  async stored(sections: (keyof StoredCatalogue)[]): Promise<StoredCatalogue> {
    const c = collections(await getDb());
    const want = new Set(sections);
    const all = <T>(name: keyof StoredCatalogue, read: () => Promise<T[]>): Promise<T[]> => (want.has(name) ? read() : Promise.resolve([]));
    const [categories, subcategories, cols, products, inventory, banners, headings, settings] = await Promise.all([
      all('categories', () => c.categories.find({}).toArray()),
      all('subcategories', () => c.subcategories.find({}).toArray()),
      all('collections', () => c.collections.find({}).toArray()),
      all('products', () => c.products.find({}).toArray()),
      all('products', () => c.inventory.find({}, { projection: { holds0: 0, holds1: 0, holds2: 0 } }).toArray()),
      all('banners', () => c.banners.find({}).toArray()),
      all('headings', () => c.headings.find({}).sort({ position: 1 }).toArray()),
      want.has('settings') ? c.settings.findOne({ _id: 'shop' }) : Promise.resolve(null),
    ]);
    return { categories, subcategories, collections: cols, products, inventory, banners, headings, settings };
  },

  /**
   * Applies a validated plan: parents before children, each collection in one bulk upsert. Without
   * multi-document transactions (FerretDB v1) an outage mid-way can leave some collections updated;
   * rerunning the same import converges because every write is an idempotent upsert.
   */
  async apply(plan: CatalogueWritePlan): Promise<Record<string, number>> {
    const db: Db = await getDb();
    const c = collections(db);
    const counts: Record<string, number> = {};
    const run = async <T extends object>(
      name: string,
      col: {
        bulkWrite(
          ops: AnyBulkWriteOperation<T>[],
          o: object,
        ): Promise<{ upsertedCount: number; modifiedCount: number; matchedCount: number }>;
      },
      ops: AnyBulkWriteOperation<T>[],
    ) => {
      if (!ops.length) return;
      const r = await col.bulkWrite(ops, { ordered: true });
      counts[name] = r.upsertedCount + r.matchedCount;
    };
    await run('categories', c.categories, upsertBySlug(plan.categories));
    await run('subcategories', c.subcategories, upsertBySlug(plan.subcategories));
    await run('collections', c.collections, upsertBySlug(plan.collections));
    // A first load into an empty collection inserts in batches: FerretDB v1 answers each upsert-by-slug
    // with a scan, which would make a large first import crawl.
    if (plan.products.length && (await c.products.estimatedDocumentCount()) === 0) {
      for (let i = 0; i < plan.products.length; i += 500) await c.products.insertMany(plan.products.slice(i, i + 500), { ordered: true });
      counts['products'] = plan.products.length;
    } else
      await run<ProductDoc>(
        'products',
        c.products,
        plan.products.map((p) => {
          const { _id, createdAt, ...set } = p;
          if (plan.keep.slugs.has(p.slug)) for (const field of plan.keep.fields) delete (set as Partial<ProductDoc>)[field];
          return { updateOne: { filter: { slug: p.slug }, update: { $set: set, $setOnInsert: { _id, createdAt } }, upsert: true } };
        }),
      );
    // Stock lives in units of its own; a unit that exists keeps its stock (orders move it) unless overwriteStock.
    // A new unit's stock is the first movement of its ledger; an overwritten one's change is a movement too.
    const at = new Date();
    const imported = { key: 'opening', cause: 'import' } as const;
    if (plan.inventory.length && (await c.inventory.estimatedDocumentCount()) === 0) {
      for (let i = 0; i < plan.inventory.length; i += 1000)
        await c.inventory.insertMany(
          plan.inventory.slice(i, i + 1000).map((u) => ({ ...u, ...ledgerStart(imported, u.stock, at) })),
          { ordered: true },
        );
      counts['inventory'] = plan.inventory.length;
    } else if (plan.overwriteStock) {
      counts['inventory'] = await overwriteStock(
        c.inventory,
        plan.inventory,
        { key: `import-${new ObjectId().toHexString()}`, cause: 'import' },
        at,
      );
    } else
      await run<InventoryDoc>(
        'inventory',
        c.inventory,
        plan.inventory.map(({ _id, productId, size, stock }) => ({
          updateOne: {
            filter: { _id },
            update: { $set: { productId, size }, $setOnInsert: { stock, ...ledgerStart(imported, stock, at) } },
            upsert: true,
          },
        })),
      );
    await run<BannerDoc>(
      'banners',
      c.banners,
      plan.banners.map((b) => {
        const { _id, ...rest } = b;
        return { updateOne: { filter: { key: b.key }, update: { $set: rest, $setOnInsert: { _id } }, upsert: true } };
      }),
    );
    if (plan.headings) {
      await c.headings.deleteMany({});
      if (plan.headings.length) await c.headings.insertMany(plan.headings);
      counts['headings'] = plan.headings.length;
    }
    if (plan.settings) {
      const { _id, ...rest } = plan.settings;
      await c.settings.updateOne({ _id }, { $set: rest }, { upsert: true });
      counts['settings'] = 1;
    }
    return counts;
  },

  /** Deletes every catalogue row (used by `npm run seed -- --reset` and tests). */
  async clearCatalogue(): Promise<void> {
    const c = collections(await getDb());
    await Promise.all(
      [c.categories, c.subcategories, c.collections, c.products, c.inventory, c.banners, c.headings, c.settings].map((col) =>
        (col as { deleteMany(f: object): Promise<unknown> }).deleteMany({}),
      ),
    );
  },
};

/**
 * Sets units' stock to the imported counts, each change a movement of its ledger: read, then written only if the
 * stock is still what was read (an order racing the import is read again, never overwritten unrecorded).
 * Returns how many units were written or found as imported.
 */
async function overwriteStock(
  inventory: Collection<InventoryDoc>,
  units: readonly InventoryDoc[],
  note: MovementNote,
  at: Date,
): Promise<number> {
  let done = 0;
  for (const { _id, productId, size, stock } of units) {
    for (let attempt = 0; attempt < 10; attempt++) {
      const now = await inventory.findOne({ _id }, { projection: { stock: 1 } });
      if (!now) {
        const inserted = await inventory
          .insertOne({ _id, productId, size, stock, ...ledgerStart({ key: 'opening', cause: 'import' }, stock, at) })
          .then(() => true)
          .catch((err: unknown) => {
            if ((err as { code?: number }).code === 11000) return false;
            throw err;
          });
        if (inserted) break;
        continue;
      }
      const change = stock - now.stock;
      const r = await inventory.updateOne(
        { _id, stock: now.stock },
        { $set: { productId, size, stock, ...(change !== 0 ? movementSet(note, change, at) : {}) } },
      );
      if (r.matchedCount === 1) break;
      if (attempt === 9) throw new Error(`The stock of ${_id} kept changing while it was imported; import again.`);
    }
    done++;
  }
  return done;
}
