import type { ObjectId } from 'mongodb';
import {
  collections,
  type CatalogueDraftDoc,
  type CatalogueVersionDoc,
  type CategoryDoc,
  type CollectionDoc,
  type ProductDoc,
  type SubcategoryDoc,
} from '../collections';
import { getDb } from '../db';
import { insertOnce } from './insert-once';
import { unitsOf } from './inventory.repository';

/** The draft id of a product: one draft per product, whoever edits it. */
export const draftIdOf = (productId: ObjectId | string): string =>
  `product:${typeof productId === 'string' ? productId : productId.toHexString()}`;

/** What the back office's product list keeps of each live product: enough to search, filter, sort and show a row. */
export type ProductListDoc = Pick<
  ProductDoc,
  '_id' | 'name' | 'slug' | 'price' | 'discountPrice' | 'image' | 'sizes' | 'status' | 'categoryId' | 'subcategoryId' | 'createdAt'
>;

/** A live product as a list of pieces names it. */
export type PieceDoc = Pick<ProductDoc, '_id' | 'slug' | 'name' | 'status' | 'formerSlugs'>;
const PIECE = { projection: { slug: 1, name: 1, status: 1, formerSlugs: 1 } } as const;

/**
 * The back office's catalogue: product drafts (catalogue_drafts) and their saved versions (catalogue_versions),
 * and the reads of the live catalogue the editor needs. Never writes the live products collection.
 */
export const catalogueDraftsRepository = {
  /**
   * Every live product, newest first, with only the fields the list reads: one read of the collection, which the
   * service keeps for a while (see catalogueEditorService.list for why).
   */
  async listDocs(): Promise<ProductListDoc[]> {
    const c = collections(await getDb());
    const projection = {
      name: 1,
      slug: 1,
      price: 1,
      discountPrice: 1,
      image: 1,
      sizes: 1,
      status: 1,
      categoryId: 1,
      subcategoryId: 1,
      createdAt: 1,
    } as const;
    return (await c.products.find({}, { projection }).sort({ createdAt: -1, _id: -1 }).toArray()) as ProductListDoc[];
  },

  /** The ids of products with a unit at or under `threshold` pieces. */
  async lowStockProductIds(threshold: number): Promise<ObjectId[]> {
    const c = collections(await getDb());
    const units = await c.inventory.find({ stock: { $lte: threshold } }, { projection: { productId: 1 } }).toArray();
    return [...new Map(units.map((u) => [u.productId.toHexString(), u.productId])).values()];
  },

  /** Stock per unit of one product ('' for the product itself, else the size), read by each unit's _id. */
  async unitStock(product: Pick<ProductDoc, '_id' | 'sizes'>): Promise<Record<string, number>> {
    const c = collections(await getDb());
    const units = unitsOf(product);
    const docs = await Promise.all(units.map((u) => c.inventory.findOne({ _id: u.unit }, { projection: { stock: 1 } })));
    return Object.fromEntries(units.map((u, i) => [u.size ?? '', docs[i]?.stock ?? 0]));
  },

  /**
   * Every image path the catalogue refers to: live products, banners, collections and subcategories, saved drafts
   * (the home page's and the listings' too) and every saved version (a version can be restored, so its photos are
   * kept). Read as paths only.
   */
  async referencedImagePaths(): Promise<Set<string>> {
    const c = collections(await getDb());
    const [live, drafted, versions, banners, home, cols, subs, listings] = await Promise.all([
      c.products.find({}, { projection: { image: 1, thumbnail: 1 } }).toArray(),
      c.catalogueDrafts.find({}, { projection: { 'product.image': 1 } }).toArray(),
      c.catalogueVersions.find({}, { projection: { 'product.image': 1 } }).toArray(),
      c.banners.find({}, { projection: { image: 1 } }).toArray(),
      c.homeDrafts.findOne({ _id: 'home' }, { projection: { 'home.banners.image': 1 } }),
      c.collections.find({}, { projection: { image: 1 } }).toArray(),
      c.subcategories.find({}, { projection: { image: 1 } }).toArray(),
      c.listingDrafts.find({}, { projection: { 'listing.image': 1 } }).toArray(),
    ]);
    return new Set([
      ...live.flatMap((p) => [...(p.image ?? []), p.thumbnail]),
      ...drafted.flatMap((d) => d.product?.image ?? []),
      ...versions.flatMap((v) => v.product?.image ?? []),
      ...banners.map((b) => b.image),
      ...(home?.home?.banners ?? []).map((b) => b.image),
      ...[...cols, ...subs].flatMap((x) => x.image ?? []),
      ...listings.map((d) => d.listing?.image ?? '').filter(Boolean),
    ]);
  },

  /** Products priced from the silver rate, live or in a draft (the form's view of each decides), by id. */
  async ratePricedIds(): Promise<string[]> {
    const c = collections(await getDb());
    const [live, drafted] = await Promise.all([
      c.products.find({ pricing: { $exists: true } }, { projection: { _id: 1 } }).toArray(),
      c.catalogueDrafts.find({ 'product.pricing': { $type: 'object' } }, { projection: { productId: 1 } }).toArray(),
    ]);
    return [...new Set([...live.map((p) => p._id.toHexString()), ...drafted.map((d) => d.productId.toHexString())])];
  },

  /** Live products by id, with what a list of pieces shows of them (a banner's, a collection's). */
  async piecesByIds(ids: ObjectId[]): Promise<PieceDoc[]> {
    if (!ids.length) return [];
    return collections(await getDb())
      .products.find({ _id: { $in: ids } }, PIECE)
      .toArray();
  },

  /** Live products by web address, now or before (a changed slug keeps its old links), with what a list of pieces shows. */
  async piecesBySlugs(slugs: string[]): Promise<PieceDoc[]> {
    if (!slugs.length) return [];
    return collections(await getDb())
      .products.find({ $or: [{ slug: { $in: slugs } }, { formerSlugs: { $in: slugs } }] }, PIECE)
      .toArray();
  },

  /** A live product by id, or null. */
  async product(id: ObjectId): Promise<ProductDoc | null> {
    return collections(await getDb()).products.findOne({ _id: id });
  },

  /** Whether another live product than `except` has this slug. */
  async slugTaken(slug: string, except: ObjectId): Promise<boolean> {
    return (await collections(await getDb()).products.countDocuments({ slug, _id: { $ne: except } }, { limit: 1 })) > 0;
  },

  /** Every category, subcategory and collection (a few dozen: the form's choices and the slug ↔ id maps). */
  async taxonomy(): Promise<{ categories: CategoryDoc[]; subcategories: SubcategoryDoc[]; collections: CollectionDoc[] }> {
    const c = collections(await getDb());
    const [categories, subcategories, cols] = await Promise.all([
      c.categories.find().sort({ position: 1 }).toArray(),
      c.subcategories.find().sort({ position: 1 }).toArray(),
      c.collections.find().sort({ position: 1 }).toArray(),
    ]);
    return { categories, subcategories, collections: cols };
  },

  /** A draft by id, or null. */
  async draft(id: string): Promise<CatalogueDraftDoc | null> {
    return collections(await getDb()).catalogueDrafts.findOne({ _id: id });
  },

  /** The drafts of these products (the list marks the rows that have saved changes). */
  async draftsOf(productIds: ObjectId[]): Promise<CatalogueDraftDoc[]> {
    if (!productIds.length) return [];
    return collections(await getDb())
      .catalogueDrafts.find({ _id: { $in: productIds.map((id) => draftIdOf(id)) } }, { projection: { product: 0 } })
      .toArray();
  },

  /** Every draft of a product that is not live yet, newest first (few: they go live when published). */
  async newDrafts(): Promise<CatalogueDraftDoc[]> {
    return collections(await getDb())
      .catalogueDrafts.find({ isNew: true })
      .sort({ updatedAt: -1 })
      .toArray();
  },

  /** Writes a product's first draft; false when one exists already (someone saved first). */
  async insertDraft(doc: CatalogueDraftDoc): Promise<boolean> {
    return insertOnce(collections(await getDb()).catalogueDrafts, doc);
  },

  /**
   * Saves a draft over version `version` only if it is still at that version (one conditional update, so of
   * two saves from the same version exactly one wins); returns the saved draft, or null when it was not.
   */
  async saveDraftIf(
    id: string,
    version: number,
    set: Pick<CatalogueDraftDoc, 'product' | 'updatedAt' | 'updatedBy' | 'updatedByName'>,
  ): Promise<CatalogueDraftDoc | null> {
    return collections(await getDb()).catalogueDrafts.findOneAndUpdate(
      { _id: id, version },
      { $set: { ...set, waiting: true }, $inc: { version: 1 } },
      { returnDocument: 'after' },
    );
  },

  /** Keeps a saved version (its _id makes a retried record a no-op; inserted whole: see insertOnce). */
  async recordVersion(doc: CatalogueVersionDoc): Promise<void> {
    await insertOnce(collections(await getDb()).catalogueVersions, doc);
  },

  /** One saved version, with the product as saved, or null. */
  async version(draftId: string, version: number): Promise<CatalogueVersionDoc | null> {
    return collections(await getDb()).catalogueVersions.findOne({ _id: `${draftId}@${version}` });
  },

  /** A draft's saved versions, newest first. */
  async versions(draftId: string, limit = 50): Promise<CatalogueVersionDoc[]> {
    return collections(await getDb())
      .catalogueVersions.find({ draftId }, { projection: { product: 0 } })
      .sort({ version: -1 })
      .limit(limit)
      .toArray();
  },
};
