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
} from '../../../src/shared/types';
import { catalogueRepository as repo } from '../repositories/catalogue.repository';
import type { ProductRow } from '../repositories/mappers';
import { notFound } from '../errors';
import { cached } from '../cache';
import { getEnv } from '../env';

/** Caches a catalogue read for CATALOGUE_CACHE_SECONDS: catalogue rows change only on import. */
function memo<T>(key: string, load: () => Promise<T>): Promise<T> {
  return cached(key, getEnv().CATALOGUE_CACHE_SECONDS * 1000, load);
}

/** Answers that carry stock, which every order moves, are cached for one second at most. */
function memoLive<T>(key: string, load: () => Promise<T>): Promise<T> {
  return cached(key, Math.min(1, getEnv().CATALOGUE_CACHE_SECONDS) * 1000, load);
}

/** The listing slug that means "every product" (/collections/products). */
export const ALL_PRODUCTS_SLUG = 'products';

/** Settings used until the content team imports their own (display rates only; charging is always INR). */
export const DEFAULT_SETTINGS: ShopSettings = {
  currencyRates: { INR: 1, USD: 0.0118, AED: 0.0434, EUR: 0.0109, AUD: 0.018, GBP: 0.0093 },
  grievanceOfficer: { name: 'Grievance Officer', email: 'grievance@example.com', phone: '+91 00000 00000', address: 'India' },
};

/** A category with its subcategories, for navigation menus. */
export type NavigationEntry = Category & { subCategories: Subcategory[] };

/** Short form of a product for related and pair lists. */
export function toRelated(p: ProductRow | Product): RelatedProduct {
  return { _id: p._id, name: p.name, slug: p.slug, img: p.img, price: p.price, discountPrice: p.discountPrice, stock: p.stock };
}

/** Resolves relatedIds of many rows, keeping each row's editorial order; rows already loaded are reused. */
async function withRelated(rows: ProductRow[]): Promise<Product[]> {
  const byId = new Map(rows.map((r) => [r._id, toRelated(r)]));
  const missing = [...new Set(rows.flatMap((r) => r.relatedIds))].filter((id) => !byId.has(id));
  if (missing.length) for (const r of await repo.productsByIds(missing)) byId.set(r._id, toRelated(r));
  return rows.map((r) => toProduct(r, byId));
}

function toProduct(row: ProductRow, relatedById: Map<string, RelatedProduct>): Product {
  const { relatedIds, pairIds: _pairIds, ...rest } = row;
  return { ...rest, relatedProducts: relatedIds.flatMap((id) => relatedById.get(id) ?? []) };
}

/** Filters offered for a set of products: tags, attributes, short-valued dynamic fields and the top price. */
export function filtersFor(products: readonly Pick<Product, 'tags' | 'attributes' | 'dynamicFields' | 'price'>[]): ListingFilters {
  const tags = new Set<string>();
  const attributes = new Map<string, Set<string>>();
  const fields = new Map<string, Set<string>>();
  let maxPrice = 0;
  for (const p of products) {
    p.tags.forEach((t) => tags.add(t));
    for (const [name, value] of Object.entries(p.attributes)) {
      if (!attributes.has(name)) attributes.set(name, new Set());
      attributes.get(name)!.add(value);
    }
    for (const f of p.dynamicFields) {
      if (!fields.has(f.fieldName)) fields.set(f.fieldName, new Set());
      fields.get(f.fieldName)!.add(f.value);
    }
    maxPrice = Math.max(maxPrice, p.price);
  }
  const sorted = (s: Set<string>) => [...s].sort((a, b) => a.localeCompare(b, 'en-IN', { numeric: true }));
  return {
    tags: sorted(tags),
    attributes: Object.fromEntries(
      [...attributes].map(([name, values]) => [name, { options: sorted(values).map((v) => ({ value: v, label: v })) }]),
    ),
    // Free-text fields (care notes, weights that differ on every piece) make useless filters, so only
    // fields with a handful of short values are offered.
    dynamicFields: Object.fromEntries(
      [...fields].filter(([, v]) => v.size <= 12 && [...v].every((x) => x.length <= 40)).map(([name, v]) => [name, sorted(v)]),
    ),
    maxPrice,
  };
}

/** Business rules for reading the catalogue; the API functions and the Astro build both call these. */
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
      return cats.map((cat) => ({ ...cat, subCategories: subs.filter((s) => s.category === cat._id) }));
    }),

  /** Every collection in display order. */
  listCollections: (): Promise<Collection[]> => memo('collections', () => repo.collections()),

  /** Products marked featured (the home page's trending carousel), latest first. */
  featuredProducts: (): Promise<Product[]> => memoLive('featured', async () => withRelated(await repo.products({ featured: true }))),

  /** Every banner in display order. */
  listBanners: (): Promise<Banner[]> => memo('banners', () => repo.banners()),

  /** A banner with its products resolved in the banner's order; 404 when unknown. */
  bannerById: (id: string): Promise<BannerWithProducts> =>
    memoLive(`banner:${id}`, async () => {
      const banner = await repo.bannerById(id);
      if (!banner) throw notFound('Banner');
      const ids = banner.products.map((p) => p.productId);
      const rows = ids.length ? await withRelated(await repo.productsByIds(ids)) : [];
      const byId = new Map(rows.map((r) => [r._id, r]));
      return { ...banner, productDetails: ids.flatMap((pid) => byId.get(pid) ?? []) };
    }),

  /** Every announcement heading in order (the client shows the visible ones). */
  listHeadings: (): Promise<Heading[]> => memo('headings', () => repo.headings()),

  /** A collection and its products (or every product for "products"); 404 when unknown. */
  collectionListing: (slugOrId: string): Promise<{ collection: Collection; products: Product[] }> =>
    memoLive(`collection:${slugOrId}`, async () => {
      if (slugOrId === ALL_PRODUCTS_SLUG) {
        return {
          collection: { _id: ALL_PRODUCTS_SLUG, slug: ALL_PRODUCTS_SLUG, name: 'All Products', description: '', image: [] },
          products: await withRelated(await repo.products()),
        };
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
      const rows = await repo.productsByIds(product.pairIds);
      const byId = new Map(rows.map((r) => [r._id, toRelated(r)]));
      return product.pairIds.flatMap((id) => byId.get(id) ?? []);
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
    const byId = new Map(found.map((a) => [a._id, a]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  /** Shop settings, with defaults until the first import provides them. */
  getSettings: (): Promise<ShopSettings> => memo('settings', async () => (await repo.settings()) ?? DEFAULT_SETTINGS),
};
