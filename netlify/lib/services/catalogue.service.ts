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

/** Resolves relatedIds of many rows with one query, keeping each row's editorial order. */
async function withRelated(rows: ProductRow[]): Promise<Product[]> {
  const ids = [...new Set(rows.flatMap((r) => r.relatedIds))];
  const related = ids.length ? await repo.products({ ids }) : [];
  const byId = new Map(related.map((r) => [r._id, toRelated(r)]));
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
  listCategories: (): Promise<Category[]> => repo.categories(),

  listSubcategories: (): Promise<Subcategory[]> => repo.subcategories(),

  /** Subcategories of a category; 404 when the category does not exist. */
  async subcategoriesOfCategory(categoryId: string): Promise<Subcategory[]> {
    if (!(await repo.categoryById(categoryId))) throw notFound('Category');
    return repo.subcategoriesOf(categoryId);
  },

  /** Categories with their subcategories, in menu order. */
  async navigation(): Promise<NavigationEntry[]> {
    const [cats, subs] = await Promise.all([repo.categories(), repo.subcategories()]);
    return cats.map((cat) => ({ ...cat, subCategories: subs.filter((s) => s.category === cat._id) }));
  },

  listCollections: (): Promise<Collection[]> => repo.collections(),

  /** Products marked featured (the home page's trending carousel), latest first. */
  async featuredProducts(): Promise<Product[]> {
    return withRelated(await repo.products({ featured: true }));
  },

  listBanners: (): Promise<Banner[]> => repo.banners(),

  /** A banner with its products resolved in the banner's order; 404 when unknown. */
  async bannerById(id: string): Promise<BannerWithProducts> {
    const banner = await repo.bannerById(id);
    if (!banner) throw notFound('Banner');
    const ids = banner.products.map((p) => p.productId);
    const rows = ids.length ? await withRelated(await repo.products({ ids })) : [];
    const byId = new Map(rows.map((r) => [r._id, r]));
    return { ...banner, productDetails: ids.flatMap((pid) => byId.get(pid) ?? []) };
  },

  listHeadings: (): Promise<Heading[]> => repo.headings(),

  /** A collection and its products (or every product for "products"); 404 when unknown. */
  async collectionListing(slugOrId: string): Promise<{ collection: Collection; products: Product[] }> {
    if (slugOrId === ALL_PRODUCTS_SLUG) {
      return {
        collection: { _id: ALL_PRODUCTS_SLUG, slug: ALL_PRODUCTS_SLUG, name: 'All Products', description: '', image: [] },
        products: await withRelated(await repo.products()),
      };
    }
    const collection = await repo.collectionBySlugOrId(slugOrId);
    if (!collection) throw notFound('Collection');
    return { collection, products: await withRelated(await repo.products({ collectionId: collection._id })) };
  },

  /** A subcategory (by slug, falling back to id) and its products; 404 when unknown. */
  async subcategoryListing(slugOrId: string): Promise<{ subCategory: Subcategory; products: Product[] }> {
    const subCategory = await repo.subcategoryBySlugOrId(slugOrId);
    if (!subCategory) throw notFound('Subcategory');
    return { subCategory, products: await withRelated(await repo.products({ subcategoryId: subCategory._id })) };
  },

  /** Filters for a listing slug (all products, a collection or a subcategory); 404 when unknown. */
  async listingFilters(slugOrId: string): Promise<ListingFilters> {
    if (slugOrId === ALL_PRODUCTS_SLUG) return filtersFor(await repo.products());
    const collection = await repo.collectionBySlugOrId(slugOrId);
    if (collection) return filtersFor(await repo.products({ collectionId: collection._id }));
    const sub = await repo.subcategoryBySlugOrId(slugOrId);
    if (sub) return filtersFor(await repo.products({ subcategoryId: sub._id }));
    throw notFound('Collection');
  },

  /** Pieces that pair with a product (earrings for a necklace, ...); 404 when the product is unknown. */
  async pairProducts(slugOrId: string): Promise<RelatedProduct[]> {
    const product = await repo.productBySlugOrId(slugOrId);
    if (!product) throw notFound('Product');
    if (!product.pairIds.length) return [];
    const rows = await repo.products({ ids: product.pairIds });
    const byId = new Map(rows.map((r) => [r._id, toRelated(r)]));
    return product.pairIds.flatMap((id) => byId.get(id) ?? []);
  },

  /** One product with related products resolved; 404 when unknown. */
  async productBySlugOrId(slugOrId: string): Promise<Product> {
    const row = await repo.productBySlugOrId(slugOrId);
    if (!row) throw notFound('Product');
    const [product] = await withRelated([row]);
    return product!;
  },

  /** Live price and stock for the given ids, in the order asked (unknown ids omitted). */
  async productAvailability(ids: string[]): Promise<ProductAvailability[]> {
    const found = await repo.availability(ids);
    const byId = new Map(found.map((a) => [a._id, a]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  /** Shop settings, with defaults until the first import provides them. */
  async getSettings(): Promise<ShopSettings> {
    return (await repo.settings()) ?? DEFAULT_SETTINGS;
  },
};
