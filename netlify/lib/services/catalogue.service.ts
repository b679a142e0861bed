import { scheduleState } from '@shared/banner-schedule';
import type {
  Banner,
  BannerWithProducts,
  Category,
  Collection,
  Heading,
  ListingFilters,
  Product,
  ProductAvailability,
  RelatedProduct,
  ShopSettings,
  Subcategory,
} from '@shared/types';
import { catalogueRepository as repo } from '../repositories/catalogue.repository';
import type { ProductRow } from '../repositories/mappers';
import { notFound } from '../errors';
import { cached } from '../cache';
import { getEnv } from '../env';
import {
  ALL_PRODUCTS_SLUG,
  allProductsCollection,
  DEFAULT_SETTINGS,
  filtersFor,
  inOrder,
  navigationOf,
  pairsOf,
  relatedById,
  toProduct,
  toRelated,
  type NavigationEntry,
} from './catalogue.read-model';

/** Caches a catalogue read for CATALOGUE_CACHE_SECONDS: catalogue rows change only on import. */
function memo<T>(key: string, load: () => Promise<T>): Promise<T> {
  return cached(key, getEnv().CATALOGUE_CACHE_SECONDS * 1000, load);
}

/** Answers that carry stock, which every order moves, are cached for one second at most. */
function memoLive<T>(key: string, load: () => Promise<T>): Promise<T> {
  return cached(key, Math.min(1, getEnv().CATALOGUE_CACHE_SECONDS) * 1000, load);
}

/** Resolves the related products of rows, reading only the related rows not already loaded. */
async function withRelated(rows: ProductRow[]): Promise<Product[]> {
  const related = relatedById(rows);
  const missing = [...new Set(rows.flatMap((r) => r.relatedIds))].filter((id) => !related.has(id));
  if (missing.length) for (const r of await repo.productsByIds(missing)) related.set(r._id, toRelated(r));
  return rows.map((r) => toProduct(r, related));
}

/** Business rules for reading the catalogue, as the API functions answer; the build reads catalogue.snapshot.ts. */
export const catalogueService = {
  /** Every category in menu order. */
  listCategories: (): Promise<Category[]> => memo('categories', () => repo.categories()),

  /** Every subcategory in menu order. */
  listSubcategories: (): Promise<Subcategory[]> => memo('subcategories', () => repo.subcategories()),

  /** Subcategories of a category; 404 when the category does not exist. */
  subcategoriesOfCategory: (categoryId: string): Promise<Subcategory[]> =>
    memo(`subcategoriesOf:${categoryId}`, async () => {
      if (!(await repo.categoryById(categoryId))) throw notFound('Category');
      return repo.subcategoriesOf(categoryId);
    }),

  /** Categories with their subcategories, in menu order. */
  navigation: (): Promise<NavigationEntry[]> =>
    memo('navigation', async () => {
      const [cats, subs] = await Promise.all([repo.categories(), repo.subcategories()]);
      return navigationOf(cats, subs);
    }),

  /** Every collection in display order. */
  listCollections: (): Promise<Collection[]> => memo('collections', () => repo.collections()),

  /** Products marked featured (the home page's trending carousel), latest first. */
  featuredProducts: (): Promise<Product[]> => memoLive('featured', async () => withRelated(await repo.products({ featured: true }))),

  /** Every banner in display order. */
  listBanners: async (now = new Date()): Promise<Banner[]> =>
    // A banner outside its schedule answers as inactive, as the pages built now leave it out.
    (await memo('banners', () => repo.banners())).map((b) => (scheduleState(b, now) === 'showing' ? b : { ...b, status: 'inactive' })),

  /** A banner with its products resolved in the banner's order; 404 when unknown. */
  bannerById: (id: string): Promise<BannerWithProducts> =>
    memoLive(`banner:${id}`, async () => {
      const banner = await repo.bannerById(id);
      if (!banner) throw notFound('Banner');
      const ids = banner.products.map((p) => p.productId);
      const products = ids.length ? await withRelated(await repo.productsByIds(ids)) : [];
      return { ...banner, productDetails: inOrder(ids, new Map(products.map((p) => [p._id, p]))) };
    }),

  /** Every announcement heading in order (the client shows the visible ones). */
  listHeadings: (): Promise<Heading[]> => memo('headings', () => repo.headings()),

  /** A collection and its products (or every product for "products"); 404 when unknown. */
  collectionListing: (slugOrId: string): Promise<{ collection: Collection; products: Product[] }> =>
    memoLive(`collection:${slugOrId}`, async () => {
      if (slugOrId === ALL_PRODUCTS_SLUG) {
        return { collection: allProductsCollection(), products: await withRelated(await repo.products()) };
      }
      const collection = await repo.collectionBySlugOrId(slugOrId);
      if (!collection) throw notFound('Collection');
      return { collection, products: await withRelated(await repo.products({ collectionId: collection._id })) };
    }),

  /** A subcategory (by slug, falling back to id) and its products; 404 when unknown. */
  subcategoryListing: (slugOrId: string): Promise<{ subCategory: Subcategory; products: Product[] }> =>
    memoLive(`subcategory:${slugOrId}`, async () => {
      const subCategory = await repo.subcategoryBySlugOrId(slugOrId);
      if (!subCategory) throw notFound('Subcategory');
      return { subCategory, products: await withRelated(await repo.products({ subcategoryId: subCategory._id })) };
    }),

  /** Filters for a listing slug (all products, a collection or a subcategory); 404 when unknown. */
  listingFilters: (slugOrId: string): Promise<ListingFilters> =>
    memo(`filters:${slugOrId}`, async () => {
      if (slugOrId === ALL_PRODUCTS_SLUG) return filtersFor(await repo.products());
      const collection = await repo.collectionBySlugOrId(slugOrId);
      if (collection) return filtersFor(await repo.products({ collectionId: collection._id }));
      const sub = await repo.subcategoryBySlugOrId(slugOrId);
      if (sub) return filtersFor(await repo.products({ subcategoryId: sub._id }));
      throw notFound('Collection');
    }),

  /** Pieces that pair with a product (earrings for a necklace, ...); 404 when the product is unknown. */
  pairProducts: (slugOrId: string): Promise<RelatedProduct[]> =>
    memoLive(`pairs:${slugOrId}`, async () => {
      const product = await repo.productBySlugOrId(slugOrId);
      if (!product) throw notFound('Product');
      if (!product.pairIds.length) return [];
      return pairsOf(product, relatedById(await repo.productsByIds(product.pairIds)));
    }),

  /** One product with related products resolved; 404 when unknown. */
  productBySlugOrId: (slugOrId: string): Promise<Product> =>
    memoLive(`product:${slugOrId}`, async () => {
      const row = await repo.productBySlugOrId(slugOrId);
      if (!row) throw notFound('Product');
      const [product] = await withRelated([row]);
      return product!;
    }),

  /** Live price and stock for the given ids, in the order asked (unknown ids omitted); never cached here. */
  async productAvailability(ids: string[]): Promise<ProductAvailability[]> {
    const found = await repo.availability(ids);
    return inOrder(ids, new Map(found.map((a) => [a._id, a])));
  },

  /** Shop settings, with defaults until the first import provides them. */
  getSettings: (): Promise<ShopSettings> => memo('settings', async () => (await repo.settings()) ?? DEFAULT_SETTINGS),
};
