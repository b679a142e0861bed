import type { AnyBulkWriteOperation, Db } from 'mongodb';
import {
  collections,
  type BannerDoc,
  type CategoryDoc,
  type CollectionDoc,
  type HeadingDoc,
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
  /** Products; `stock` is written only for new products unless overwriteStock is set. */
  products: ProductDoc[];
  banners: BannerDoc[];
  /** When present, replaces the announcement list. */
  headings: HeadingDoc[] | null;
  settings: SettingsDoc | null;
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
    const toMap = (rows: { _id: { toHexString(): string }; slug: string }[]) => new Map(rows.map((r) => [r.slug, r._id.toHexString()]));
    const [cats, subs, cols, prods, banners] = await Promise.all([
      c.categories.find({}, proj).toArray(),
      c.subcategories.find({}, proj).toArray(),
      c.collections.find({}, proj).toArray(),
      c.products.find({}, proj).toArray(),
      c.banners.find({}, { projection: { _id: 1, key: 1 } }).toArray(),
    ]);
    return {
      categories: toMap(cats),
      subcategories: toMap(subs),
      collections: toMap(cols),
      products: toMap(prods),
      banners: new Map(banners.map((b) => [b.key, b._id.toHexString()])),
    };
  },

  /** Full stored rows of the named sections (others come back empty), headings in display order. */
  async stored(sections: (keyof StoredCatalogue)[]): Promise<StoredCatalogue> {
    const c = collections(await getDb());
    const want = new Set(sections);
    const all = <T>(name: keyof StoredCatalogue, read: () => Promise<T[]>): Promise<T[]> => (want.has(name) ? read() : Promise.resolve([]));
    const [categories, subcategories, cols, products, banners, headings, settings] = await Promise.all([
      all('categories', () => c.categories.find({}).toArray()),
      all('subcategories', () => c.subcategories.find({}).toArray()),
      all('collections', () => c.collections.find({}).toArray()),
      all('products', () => c.products.find({}).toArray()),
      all('banners', () => c.banners.find({}).toArray()),
      all('headings', () => c.headings.find({}).sort({ position: 1 }).toArray()),
      want.has('settings') ? c.settings.findOne({ _id: 'shop' }) : Promise.resolve(null),
    ]);
    return { categories, subcategories, collections: cols, products, banners, headings, settings };
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
    // with a scan, which made a 10,000-product first import take over 20 minutes.
    if (plan.products.length && (await c.products.estimatedDocumentCount()) === 0) {
      for (let i = 0; i < plan.products.length; i += 500) await c.products.insertMany(plan.products.slice(i, i + 500), { ordered: true });
      counts['products'] = plan.products.length;
    } else
      await run<ProductDoc>(
        'products',
        c.products,
        plan.products.map((p) => {
          const { _id, stock, createdAt, ...rest } = p;
          const set: Partial<ProductDoc> = plan.overwriteStock ? { ...rest, stock } : rest;
          const onInsert: Partial<ProductDoc> = plan.overwriteStock ? { _id, createdAt } : { _id, createdAt, stock };
          if (plan.keep.slugs.has(p.slug)) for (const field of plan.keep.fields) delete set[field];
          return { updateOne: { filter: { slug: p.slug }, update: { $set: set, $setOnInsert: onInsert }, upsert: true } };
        }),
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
      [c.categories, c.subcategories, c.collections, c.products, c.banners, c.headings, c.settings].map((col) =>
        (col as { deleteMany(f: object): Promise<unknown> }).deleteMany({}),
      ),
    );
  },
};
