import { formatIndiaDateTime } from '@shared/india-time';
import { ObjectId } from 'mongodb';
import type { AdminProductDraft, AdminProductRow, AdminProductVersion, CatalogueOptions } from '@shared/api/catalogue-admin';
import type { ProductListQuery } from '@shared/schemas/catalogue-admin';
import { PRODUCT_MAX_PRICE, type ProductDraft, type ProductStatus } from '@shared/schemas/product';
import { formatINR } from '@shared/money';
import { slugFromName } from '@shared/slug';
import type { CatalogueDraftDoc, InventoryDoc, ProductDoc, UserDoc } from '../collections';
import type { AppError } from '../errors';
import { badRequest, conflict, notFound } from '../errors';
import { cached } from '../cache';
import { getEnv } from '../env';
import { catalogueDraftsRepository as drafts, draftIdOf, type ProductListDoc } from '../repositories/catalogue-drafts.repository';
import { inventoryRepository, stockFrom } from '../repositories/inventory.repository';
import { imageUrl, toProductRow } from '../repositories/mappers';
import type { Product } from '@shared/types';
import { liveFormOf } from './catalogue-live-form';
import { toProduct } from './catalogue.read-model';
import { stockChangesRepository } from '../repositories/stock-changes.repository';
import { silverRateRepository } from '../repositories/silver-rate.repository';
import { priceFromRate } from '@shared/silver-rate';

/** How a save (or a publish) is signed: '<role>:<phone>', as stock changes and discount codes record who. */
export const signature = (user: UserDoc) => ({ by: `${user.role}:${user.phone}`, name: `${user.firstName} ${user.lastName}`.trim() });

/** The live products the list last read, when, a read under way, and how many times the copy was dropped. */
let listSnapshot: { at: number; docs: ProductListDoc[] } | null = null;
let listLoading: Promise<ProductListDoc[]> | null = null;
let listGeneration = 0;

/**
 * Every live product as the list reads it, kept per warm instance. Why in memory: the embedded database plans no
 * query with a secondary index, so a filtered, sorted, counted query over 10,000 products scanned the collection
 * twice, 2.5 to 11 s a page (bench:catalogue); one read (3 to 10 s there) makes every page after it a filter over
 * 10,000 small rows. Live products change only when the catalogue is imported or published, never by a save
 * here, so a copy older than CATALOGUE_CACHE_SECONDS is still answered while a fresh read runs behind it (only
 * an instance's first call waits); clearCatalogueList() drops it.
 */
async function liveProducts(now = Date.now()): Promise<ProductListDoc[]> {
  const load = () => {
    if (listLoading) return listLoading;
    const generation = listGeneration;
    const loading = drafts
      .listDocs()
      .then((docs) => {
        // A read that began before the copy was dropped (an import meanwhile) answers its caller but is not kept.
        if (generation === listGeneration) listSnapshot = { at: Date.now(), docs };
        return docs;
      })
      .finally(() => {
        if (listLoading === loading) listLoading = null;
      });
    listLoading = loading;
    return loading;
  };
  if (!listSnapshot) return load();
  if (now - listSnapshot.at > getEnv().CATALOGUE_CACHE_SECONDS * 1000)
    void load().catch((err: unknown) => console.error('[catalogue] list refresh failed', err));
  return listSnapshot.docs;
}

/** Forgets the list's copy of the live products (after an import or publish in this process, and in tests). */
export function clearCatalogueList(): void {
  listGeneration += 1;
  listSnapshot = null;
  listLoading = null;
}

/** The products with a unit at or under the low-stock threshold, kept a few seconds (stock moves with every order). */
function lowStockIds(): Promise<Set<string>> {
  return cached('admin:low-stock', Math.min(5, getEnv().CATALOGUE_CACHE_SECONDS) * 1000, async () => {
    const ids = await drafts.lowStockProductIds(await stockChangesRepository.lowStockThreshold());
    return new Set(ids.map((id) => id.toHexString()));
  });
}

/** A moment as the shop's people read it (India's time). */
const indiaTime = formatIndiaDateTime;

/** The product id in a path, as an ObjectId (the schema has checked its shape). */
const idOf = (id: string) => new ObjectId(id);

/** The top-level fields whose values differ between two versions of a product. */
function changedFields(before: ProductDraft | null, after: ProductDraft): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]) as Set<keyof ProductDraft>;
  return [...keys].filter((k) => JSON.stringify(before?.[k] ?? null) !== JSON.stringify(after[k] ?? null)).sort();
}

/** The live product as the form edits it: references as slugs, attributes as a map, stock from its units. */
function draftFromLive(
  doc: ProductDoc,
  slugs: { subcategories: Map<string, string>; collections: Map<string, string> },
  stock: Record<string, number>,
): ProductDraft {
  const sizes = doc.sizes?.values.length ? doc.sizes : null;
  return {
    slug: doc.slug,
    name: doc.name,
    price: doc.price,
    discountPrice: doc.discountPrice ?? null,
    ...(sizes
      ? {
          sizes: {
            name: sizes.name,
            guide: sizes.guide,
            values: sizes.values.map((v) => ({
              value: v.value,
              stock: stock[v.value] ?? 0,
              price: v.price ?? null,
              discountPrice: v.discountPrice ?? null,
              sku: v.sku ?? null,
            })),
          },
        }
      : { stock: stock[''] ?? 0 }),
    description: doc.description ?? '',
    tags: doc.tags ?? [],
    attributes: Object.fromEntries((doc.attributes ?? []).map((a) => [a.name, a.value])),
    dynamicFields: (doc.dynamicFields ?? []).map((f) => ({ fieldName: f.fieldName, value: f.value })),
    subcategory: slugs.subcategories.get(doc.subcategoryId.toHexString()) ?? '',
    collections: (doc.collectionIds ?? []).map((id) => slugs.collections.get(id.toHexString())).filter((s): s is string => !!s),
    status: doc.status ?? 'active',
    ...(doc.weightGrams !== undefined ? { weightGrams: doc.weightGrams } : {}),
    ...(doc.hsn !== undefined ? { hsn: doc.hsn } : {}),
    ...(doc.seoTitle !== undefined ? { seoTitle: doc.seoTitle } : {}),
    ...(doc.seoDescription !== undefined ? { seoDescription: doc.seoDescription } : {}),
    image: doc.image ?? [],
    imageAlt: doc.imageAlt ?? [],
    ...(doc.pricing ? { pricing: doc.pricing } : {}),
  };
}

/**
 * A piece priced from the silver rate gets the price the day's rate gives (whatever the form sent): the one
 * rule of src/shared/silver-rate.ts. Without a rate set there is no such price, and the save says so.
 */
async function priced(product: ProductDraft): Promise<ProductDraft> {
  if (!product.pricing) return product;
  const rate = await silverRateRepository.current();
  if (!rate)
    throw badRequest('Set the day’s silver rate first (Silver rate, in the admin menu): without it this price cannot be worked out');
  const price = priceFromRate(product.weightGrams ?? 0, rate.rupeesPerGram, product.pricing);
  if (price > PRODUCT_MAX_PRICE)
    throw badRequest(
      `At today’s rate ${product.name} would cost ${formatINR(price)}: a piece must cost below ₹10,00,000. Check its weight and charges.`,
    );
  return { ...product, price };
}

/** The wire form of a draft. */
function toDraft(doc: CatalogueDraftDoc, liveStock: Record<string, number> | null): AdminProductDraft {
  return {
    _id: doc.productId.toHexString(),
    version: doc.version,
    isNew: doc.isNew,
    product: doc.product,
    imageUrls: doc.product.image.map(imageUrl),
    liveStock,
    savedAt: doc.updatedAt.toISOString(),
    savedBy: doc.updatedByName,
  };
}

/** The 409 of a save that came too late: who saved since, and when. */
function staleSave(current: CatalogueDraftDoc | null): AppError {
  if (!current) return conflict('Someone saved this product after you opened it. Reload it to see their changes, then make yours again.');
  return conflict(
    `${current.updatedByName || 'Someone'} saved this product at ${indiaTime(current.updatedAt)}, after you opened it. Reload it to see their changes, then make yours again.`,
  );
}

/**
 * The back office's products: the list, and drafts saved with a version each. Saving never changes the live
 * catalogue (publishing does); a save from an old version is refused with who saved since and when.
 */
export const catalogueEditorService = {
  /** The choices the form offers: categories, subcategories (with their category) and collections; the day's rate. */
  async options(): Promise<CatalogueOptions> {
    const [t, rate] = await Promise.all([drafts.taxonomy(), silverRateRepository.current()]);
    const categorySlug = new Map(t.categories.map((c) => [c._id.toHexString(), c.slug]));
    return {
      categories: t.categories.map((c) => ({ slug: c.slug, name: c.name })),
      subcategories: t.subcategories.map((s) => ({
        slug: s.slug,
        name: s.name,
        category: categorySlug.get(s.categoryId.toHexString()) ?? '',
      })),
      collections: t.collections.map((c) => ({ slug: c.slug, name: c.name })),
      silverRate: rate?.rupeesPerGram ?? null,
    };
  },

  /**
   * A page of the product list. Products not live yet (new drafts, few) come first, then live products newest
   * first, each with its first photo, price, stock and status and whether it has saved changes. Live products
   * are searched, filtered and paged in memory over one cached read of the collection (liveProducts); only the
   * page's stock is read per call, by unit _id.
   */
  async list(q: ProductListQuery): Promise<{ products: AdminProductRow[]; total: number }> {
    const t = await drafts.taxonomy();
    const category = q.category ? t.categories.find((c) => c.slug === q.category) : null;
    const subcategory = q.subcategory ? t.subcategories.find((s) => s.slug === q.subcategory) : null;
    if (q.category && !category) throw badRequest(`There is no category "${q.category}"`);
    if (q.subcategory && !subcategory) throw badRequest(`There is no subcategory "${q.subcategory}"`);
    const [live, low, newDrafts] = await Promise.all([
      liveProducts(),
      q.lowStock ? lowStockIds() : Promise.resolve(null),
      q.lowStock ? Promise.resolve([]) : drafts.newDrafts(),
    ]);

    const search = q.search.toLowerCase();
    const found = (texts: (string | null | undefined)[]) => !search || texts.some((s) => !!s && s.toLowerCase().includes(search));
    // New products have no stock units yet, so the low-stock filter never lists them.
    const inCategory = new Set(t.subcategories.filter((s) => !category || s.categoryId.equals(category._id)).map((s) => s.slug));
    const fresh = newDrafts.filter(({ product: p, productId }) => {
      if (!found([p.name, p.slug, productId.toHexString(), ...(p.sizes?.values.map((v) => v.sku) ?? [])])) return false;
      if (q.status && (p.status ?? 'draft') !== q.status) return false;
      if (category && !inCategory.has(p.subcategory)) return false;
      if (subcategory && p.subcategory !== subcategory.slug) return false;
      return !(q.noPhoto && p.image.length > 0);
    });
    const matching = live.filter((d) => {
      if (!found([d.name, d.slug, d._id.toHexString(), ...(d.sizes?.values.map((v) => v.sku) ?? [])])) return false;
      // Products stored before statuses existed have none, and count as active.
      if (q.status && (d.status ?? 'active') !== q.status) return false;
      if (category && !d.categoryId.equals(category._id)) return false;
      if (subcategory && !d.subcategoryId.equals(subcategory._id)) return false;
      if (low && !low.has(d._id.toHexString())) return false;
      return !(q.noPhoto && (d.image?.length ?? 0) > 0);
    });

    const offset = (q.page - 1) * q.pageSize;
    const freshPage = fresh.slice(offset, offset + q.pageSize);
    const skip = Math.max(0, offset - fresh.length);
    const docs = matching.slice(skip, skip + q.pageSize - freshPage.length);
    // Point reads by each unit's _id (both databases answer them from the _id index), one page's worth.
    const [stock, changed] = await Promise.all([inventoryRepository.stockOf(docs), drafts.draftsOf(docs.map((d) => d._id))]);
    // A draft that is as published (its version went live) has nothing waiting.
    const withDraft = new Set(changed.filter((d) => d.version !== (d.publishedVersion ?? 0)).map((d) => d.productId.toHexString()));
    const rows: AdminProductRow[] = [
      ...freshPage.map(({ productId, product: p }) => ({
        _id: productId.toHexString(),
        name: p.name,
        slug: p.slug ?? slugFromName(p.name),
        photo: p.image[0] ? imageUrl(p.image[0]) : null,
        price: p.price,
        discountPrice: p.discountPrice,
        stock: null,
        status: p.status ?? 'draft',
        draft: 'new' as const,
      })),
      ...docs.map((d) => ({
        _id: d._id.toHexString(),
        name: d.name,
        slug: d.slug,
        photo: d.image?.[0] ? imageUrl(d.image[0]) : null,
        price: d.price,
        discountPrice: d.discountPrice ?? null,
        stock: stock.get(d._id.toHexString())?.total ?? 0,
        status: d.status ?? 'active',
        draft: withDraft.has(d._id.toHexString()) ? ('changed' as const) : null,
      })),
    ];
    return { products: rows, total: matching.length + fresh.length };
  },

  /** A product as the form edits it: its saved draft, or the live product at version 0 when nobody has saved one. */
  async get(id: string): Promise<AdminProductDraft> {
    const productId = idOf(id);
    const [draft, live] = await Promise.all([drafts.draft(draftIdOf(productId)), drafts.product(productId)]);
    const liveStock = live ? await drafts.unitStock(live) : null;
    // A draft that went live as saved is the live product: an import since (a status, a price) is what the form
    // shows then, at the draft's version, so the next save starts from the shop as it is.
    const asPublished = draft && live && draft.publishedVersion === draft.version;
    if (draft && !asPublished) return toDraft(draft, liveStock);
    if (!live) throw notFound('Product');
    const t = await drafts.taxonomy();
    const product = draftFromLive(
      live,
      {
        subcategories: new Map(t.subcategories.map((s) => [s._id.toHexString(), s.slug])),
        collections: new Map(t.collections.map((c) => [c._id.toHexString(), c.slug])),
      },
      liveStock ?? {},
    );
    const imageUrls = product.image.map(imageUrl);
    if (draft) return { ...toDraft(draft, liveStock), product, imageUrls };
    return { _id: id, version: 0, isNew: false, product, imageUrls, liveStock, savedAt: null, savedBy: null };
  },

  /** Starts a new product: its first draft (version 1), not live until published; Draft unless told otherwise. */
  async create(user: UserDoc, input: ProductDraft, at = new Date()): Promise<AdminProductDraft> {
    const productId = new ObjectId();
    const product = await checked({ ...input, status: input.status ?? 'draft' }, productId);
    const who = signature(user);
    const doc: CatalogueDraftDoc = {
      _id: draftIdOf(productId),
      productId,
      isNew: true,
      version: 1,
      product,
      updatedAt: at,
      updatedBy: who.by,
      updatedByName: who.name,
      createdAt: at,
      waiting: true,
    };
    await drafts.insertDraft(doc);
    await keepVersion(doc, null);
    return toDraft(doc, null);
  },

  /**
   * Saves a product's draft over the version the editor loaded. The first save of a live product creates its
   * draft (version 0 → 1); any save from a version that is no longer the draft's is refused (409) with who
   * saved since and when. Every save keeps a version: who, when and which fields changed.
   */
  async save(user: UserDoc, id: string, version: number, input: ProductDraft, at = new Date()): Promise<AdminProductDraft> {
    const productId = idOf(id);
    const draftId = draftIdOf(productId);
    const [existing, live] = await Promise.all([drafts.draft(draftId), drafts.product(productId)]);
    if (!existing && !live) throw notFound('Product');
    const product = await checked({ ...input, status: input.status ?? existing?.product.status ?? 'active' }, productId);
    const who = signature(user);
    let saved: CatalogueDraftDoc | null;
    let before: ProductDraft | null;
    if (version === 0) {
      if (existing || !live) throw staleSave(existing);
      before = (await catalogueEditorService.get(id)).product;
      const doc: CatalogueDraftDoc = {
        _id: draftId,
        productId,
        isNew: false,
        version: 1,
        product,
        updatedAt: at,
        updatedBy: who.by,
        updatedByName: who.name,
        createdAt: at,
        waiting: true,
      };
      saved = (await drafts.insertDraft(doc)) ? doc : null;
    } else {
      before = existing?.version === version ? existing.product : null;
      saved = await drafts.saveDraftIf(draftId, version, { product, updatedAt: at, updatedBy: who.by, updatedByName: who.name });
    }
    if (!saved) throw staleSave(await drafts.draft(draftId));
    await keepVersion(saved, before);
    return toDraft(saved, live ? await drafts.unitStock(live) : null);
  },

  /**
   * The product as shoppers will see it once published, from its saved draft (or as live, without one): the same
   * mapping Publish writes with and the same read model the pages are built from. Stock is the live units', and a
   * draft's opening stock for units that do not exist yet. Refused (409) when the draft cannot be published as saved.
   */
  async preview(id: string, now = new Date()): Promise<{ product: Product; version: number; live: boolean; status: ProductStatus }> {
    const productId = idOf(id);
    const [draft, live] = await Promise.all([drafts.draft(draftIdOf(productId)), drafts.product(productId)]);
    if (!draft && !live) throw notFound('Product');
    let doc: ProductDoc;
    let opening: InventoryDoc[] = [];
    // A draft that went live as saved shows the live product (an import may have changed it since).
    if (draft && !(live && draft.publishedVersion === draft.version)) {
      const form = await liveFormOf(draft, await drafts.taxonomy(), now);
      if (typeof form === 'string') throw conflict(`This draft cannot be shown as it would be published. ${form}`);
      doc = {
        ...form.product,
        relatedIds: live?.relatedIds ?? [],
        pairIds: live?.pairIds ?? [],
        featured: live?.featured ?? false,
        createdAt: live?.createdAt ?? draft.createdAt,
      };
      opening = form.units;
    } else doc = live!;
    const liveUnits = await inventoryRepository.unitsOf(doc);
    const byUnit = new Map([...opening.map((u) => [u._id, u.stock] as const), ...liveUnits.map((u) => [u._id, u.stock] as const)]);
    const product = toProduct(toProductRow(doc, stockFrom(doc, byUnit)), new Map());
    return { product, version: draft?.version ?? 0, live: live !== null, status: doc.status ?? 'active' };
  },

  /**
   * Restores a saved version as a new draft: the version's product saved over the version the editor loaded (so a
   * save since is refused as any late save is), checked again as any save is, and kept as a version of its own.
   */
  async restore(user: UserDoc, id: string, version: number, restore: number, at = new Date()): Promise<AdminProductDraft> {
    const kept = await drafts.version(draftIdOf(idOf(id)), restore);
    if (!kept) throw notFound(`Version ${restore} of this product`);
    return catalogueEditorService.save(user, id, version, kept.product, at);
  },

  /** A product's saved versions, newest first. */
  async history(id: string): Promise<AdminProductVersion[]> {
    const versions = await drafts.versions(draftIdOf(idOf(id)));
    return versions.map((v) => ({ version: v.version, at: v.at.toISOString(), by: v.byName, changed: v.changed }));
  },
};

/** Records a saved draft as a version (who, when, what changed since `before`). */
async function keepVersion(doc: CatalogueDraftDoc, before: ProductDraft | null): Promise<void> {
  await drafts.recordVersion({
    _id: `${doc._id}@${doc.version}`,
    draftId: doc._id,
    productId: doc.productId,
    version: doc.version,
    at: doc.updatedAt,
    by: doc.updatedBy,
    byName: doc.updatedByName,
    changed: changedFields(before, doc.product),
    product: doc.product,
  });
}

/**
 * What the schema cannot know: the subcategory and collections must exist, and the web address (given, or made
 * from the name) must be free. Returns the product with its slug filled in.
 */
async function checked(input: ProductDraft, productId: ObjectId): Promise<ProductDraft> {
  const product = await priced(input);
  const slug = product.slug ?? slugFromName(product.name);
  if (!slug) throw badRequest('Give the piece a web address (slug): its name has no letters or digits to make one with');
  const t = await drafts.taxonomy();
  if (!t.subcategories.some((s) => s.slug === product.subcategory)) throw badRequest('Choose a subcategory from the list');
  const unknown = product.collections.filter((c) => !t.collections.some((col) => col.slug === c));
  if (unknown.length) throw badRequest(`There is no collection "${unknown[0]}"`);
  if (await drafts.slugTaken(slug, productId)) throw conflict(`Another product already uses the web address "${slug}". Choose another.`);
  return { ...product, slug };
}
