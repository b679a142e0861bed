import { ObjectId, type Collection as MongoCollection, type Filter, type WithId } from 'mongodb';
import type { Banner, Category, Collection, Heading, ProductAvailability, ShopSettings, Subcategory } from '@shared/types';
import { isObjectId } from '@shared/ids';
import { collections, ON_SALE, type ProductDoc } from '../collections';
import { getDb } from '../db';
import { inventoryRepository, type ProductStock } from './inventory.repository';
import { toBanner, toCategory, toCollection, toHeading, toProductRow, toSizes, toSubcategory, type ProductRow } from './mappers';

const byPosition = { position: 1 } as const;
const latestFirst = { createdAt: -1, _id: -1 } as const;

async function c() {
  return collections(await getDb());
}

/** Above this many products, one read of the whole inventory beats a point read per unit. */
const POINT_READ_LIMIT = 40;

/** Products with their live stock (from the inventory), as rows. */
async function withStock(docs: ProductDoc[]): Promise<ProductRow[]> {
  const stock: Map<string, ProductStock> =
    docs.length > POINT_READ_LIMIT ? await inventoryRepository.allStock(docs) : await inventoryRepository.stockOf(docs);
  return docs.map((d) => toProductRow(d, stock.get(d._id.toHexString())!));
}

/** Reads the catalogue. The only module that queries catalogue collections. */
export const catalogueRepository = {
  /** All categories in menu order. */
  async categories(): Promise<Category[]> {
    return (await (await c()).categories.find().sort(byPosition).toArray()).map(toCategory);
  },

  /** One category by id, or null. */
  async categoryById(id: string): Promise<Category | null> {
    const d = await (await c()).categories.findOne({ _id: new ObjectId(id) });
    return d ? toCategory(d) : null;
  },

  /** All subcategories in menu order. */
  async subcategories(): Promise<Subcategory[]> {
    return (await (await c()).subcategories.find().sort(byPosition).toArray()).map(toSubcategory);
  },

  /** Subcategories of one category in menu order. */
  async subcategoriesOf(categoryId: string): Promise<Subcategory[]> {
    const docs = await (
      await c()
    ).subcategories
      .find({ categoryId: new ObjectId(categoryId) })
      .sort(byPosition)
      .toArray();
    return docs.map(toSubcategory);
  },

  /** One subcategory by slug, else by id (links may carry either), or null. */
  async subcategoryBySlugOrId(slugOrId: string): Promise<Subcategory | null> {
    const col = (await c()).subcategories;
    const d = (await col.findOne({ slug: slugOrId })) ?? (isObjectId(slugOrId) ? await col.findOne({ _id: new ObjectId(slugOrId) }) : null);
    return d ? toSubcategory(d) : null;
  },

  /** All collections in display order. */
  async collections(): Promise<Collection[]> {
    return (await (await c()).collections.find().sort(byPosition).toArray()).map(toCollection);
  },

  /** One collection by slug or id, or null. */
  async collectionBySlugOrId(slugOrId: string): Promise<Collection | null> {
    const col = (await c()).collections;
    const d = (await col.findOne({ slug: slugOrId })) ?? (isObjectId(slugOrId) ? await col.findOne({ _id: new ObjectId(slugOrId) }) : null);
    return d ? toCollection(d) : null;
  },

  /** Products matching a filter, latest first. */
  async products(filter: { subcategoryId?: string; collectionId?: string; featured?: boolean } = {}): Promise<ProductRow[]> {
    const q: Filter<ProductDoc> = { ...ON_SALE };
    if (filter.subcategoryId) q.subcategoryId = new ObjectId(filter.subcategoryId);
    if (filter.collectionId) q.collectionIds = new ObjectId(filter.collectionId);
    if (filter.featured !== undefined) q.featured = filter.featured;
    return withStock(await (await c()).products.find(q).sort(latestFirst).toArray());
  },

  /** Products on sale by id, in no particular order; unknown ids (and drafts, archived pieces) are absent. */
  async productsByIds(ids: string[]): Promise<ProductRow[]> {
    return withStock(await findByIds((await c()).products, ids, undefined, ON_SALE));
  },

  /** One product on sale by slug or id, or null. */
  async productBySlugOrId(slugOrId: string): Promise<ProductRow | null> {
    const col = (await c()).products;
    const d =
      (await col.findOne({ slug: slugOrId, ...ON_SALE })) ??
      (isObjectId(slugOrId) ? await col.findOne({ _id: new ObjectId(slugOrId), ...ON_SALE }) : null);
    return d ? (await withStock([d]))[0]! : null;
  },

  /** Web addresses products had before, with the current one, for products still shown (drafts' old links just end). */
  async formerSlugs(): Promise<{ from: string; to: string }[]> {
    const docs = await (
      await c()
    ).products
      .find({ formerSlugs: { $exists: true, $ne: [] }, status: { $ne: 'draft' } }, { projection: { slug: 1, formerSlugs: 1 } })
      .toArray();
    return docs.flatMap((d) => (d.formerSlugs ?? []).map((from) => ({ from, to: d.slug })));
  },

  /** Archived products, latest first: the build keeps their pages, which say they are no longer available. */
  async archivedProducts(): Promise<ProductRow[]> {
    return withStock(await (await c()).products.find({ status: 'archived' }).sort(latestFirst).toArray());
  },

  /** The names of these products (drafts and archived ones too), by id; unknown ids are left out. */
  async namesByIds(ids: string[]): Promise<Map<string, string>> {
    const docs = await findByIds((await c()).products, ids, { name: 1 });
    return new Map(docs.map((d) => [d._id.toHexString(), d.name]));
  },

  /** Every product's name, slug and sizes (with their SKUs), by name: what the admin's inventory page lists. */
  async stockKeepingProducts(): Promise<Pick<ProductDoc, '_id' | 'name' | 'slug' | 'sizes'>[]> {
    return (await c()).products
      .find({}, { projection: { name: 1, slug: 1, sizes: 1 } })
      .sort({ name: 1, _id: 1 })
      .toArray();
  },

  /**
   * Live price and stock of the given products, per size for those sold in sizes (unknown ids, and products no
   * longer on sale, are simply absent: a cart then says they are no longer sold).
   */
  async availability(ids: string[]): Promise<ProductAvailability[]> {
    const docs = await findByIds((await c()).products, ids, { price: 1, discountPrice: 1, sizes: 1 }, ON_SALE);
    const stock = await inventoryRepository.stockOf(docs);
    return docs.map((d) => {
      const s = stock.get(d._id.toHexString())!;
      return {
        _id: d._id.toHexString(),
        price: d.price,
        discountPrice: d.discountPrice ?? null,
        stock: s.total,
        sizes: toSizes(d, s)?.values ?? null,
      };
    });
  },

  /** All banners in display order. */
  async banners(): Promise<Banner[]> {
    return (await (await c()).banners.find().sort(byPosition).toArray()).map(toBanner);
  },

  /** One banner by id, or null. */
  async bannerById(id: string): Promise<Banner | null> {
    const d = await (await c()).banners.findOne({ _id: new ObjectId(id) });
    return d ? toBanner(d) : null;
  },

  /** All announcement headings in order. */
  async headings(): Promise<Heading[]> {
    return (await (await c()).headings.find().sort(byPosition).toArray()).map(toHeading);
  },

  /** Shop settings, or null before the first import. */
  async settings(): Promise<ShopSettings | null> {
    const d = await (await c()).settings.findOne({ _id: 'shop' });
    if (!d) return null;
    return {
      currencyRates: d.currencyRates as ShopSettings['currencyRates'],
      grievanceOfficer: d.grievanceOfficer,
      seller: d.seller ?? null,
      featureStrip: d.featureStrip ?? null,
    };
  },

  /** Number of products (seeding checks for an empty catalogue). */
  async productCount(): Promise<number> {
    return (await c()).products.countDocuments();
  },
};

/**
 * Point lookups by _id, run concurrently. FerretDB v1 (SQLite) pushes `_id` equality down to its index but
 * answers `_id: {$in: [...]}` with a full collection scan, which grows with the catalogue;
 * MongoDB serves both from the _id index, so this shape is fast on both. Callers bound ids (<= 100).
 */
export async function findByIds<T extends { _id: ObjectId }>(
  col: MongoCollection<T>,
  ids: string[],
  projection?: Record<string, 1>,
  also: Filter<T> = {},
): Promise<WithId<T>[]> {
  const unique = [...new Set(ids)];
  const docs = await Promise.all(
    unique.map((id) => col.findOne({ _id: new ObjectId(id), ...also } as Filter<T>, projection ? { projection } : {})),
  );
  return docs.filter((d) => d !== null) as WithId<T>[];
}
