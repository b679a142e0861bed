/**
 * The catalogue's read model: how stored rows become what the API answers and the pages show
 * (related products resolved, pairs, menus, listings, filters). Pure functions over rows already
 * read, so the API (catalogue.service.ts, a few rows per request) and the static build
 * (catalogue.snapshot.ts, every row once) join the catalogue the same way and cannot drift apart.
 */
import { ALL_PRODUCTS_SLUG } from '@shared/routes';
import type { Category, Collection, ListingFilters, Product, RelatedProduct, ShopSettings, Subcategory } from '@shared/types';
import type { ProductRow } from '../repositories/mappers';

export { ALL_PRODUCTS_SLUG };

/** Settings used until the content team imports their own (display rates only; charging is always INR). */
export const DEFAULT_SETTINGS: ShopSettings = {
  currencyRates: { INR: 1, USD: 0.0118, AED: 0.0434, EUR: 0.0109, AUD: 0.018, GBP: 0.0093 },
  grievanceOfficer: { name: 'Grievance Officer', email: 'grievance@example.com', phone: '+91 00000 00000', address: 'India' },
};

/** A category with its subcategories, for navigation menus. */
export type NavigationEntry = Category & { subCategories: Subcategory[] };

/** What GET /api/get-collection/products answers as its collection: every product is one listing. */
export function allProductsCollection(): Collection {
  return { _id: ALL_PRODUCTS_SLUG, slug: ALL_PRODUCTS_SLUG, name: 'All Products', description: '', image: [] };
}

/** Short form of a product for related and pair lists. */
export function toRelated(p: ProductRow | Product): RelatedProduct {
  return {
    _id: p._id,
    name: p.name,
    slug: p.slug,
    img: p.img,
    price: p.price,
    discountPrice: p.discountPrice,
    stock: p.stock,
    sized: Boolean(p.sizes),
  };
}

/** Short forms by _id, for resolving related and pair ids. */
export function relatedById(rows: readonly ProductRow[]): Map<string, RelatedProduct> {
  return new Map(rows.map((r) => [r._id, toRelated(r)]));
}

/** The entries of `ids` found in `byId`, in the order of `ids` (editorial order); unknown ids are skipped. */
export function inOrder<T>(ids: readonly string[], byId: ReadonlyMap<string, T>): T[] {
  return ids.flatMap((id) => {
    const found = byId.get(id);
    return found === undefined ? [] : [found];
  });
}

/** A stored row as the API and pages see it: related products resolved in editorial order, pair ids dropped. */
export function toProduct(row: ProductRow, related: ReadonlyMap<string, RelatedProduct>): Product {
  const { relatedIds, pairIds: _pairIds, ...rest } = row;
  return { ...rest, relatedProducts: inOrder(relatedIds, related) };
}

/** The pieces that pair with a product, in editorial order. */
export function pairsOf(row: ProductRow, related: ReadonlyMap<string, RelatedProduct>): RelatedProduct[] {
  return inOrder(row.pairIds, related);
}

/** Categories with their subcategories, both in menu order. */
export function navigationOf(categories: readonly Category[], subcategories: readonly Subcategory[]): NavigationEntry[] {
  return categories.map((cat) => ({ ...cat, subCategories: subcategories.filter((s) => s.category === cat._id) }));
}

/**
 * Products of each collection, subcategory and category, by _id, keeping the products' order. A
 * category holds every product of its subcategories (the subcategory says where a piece belongs, so a
 * category listing and its subcategory listings cannot disagree).
 */
export function productsByListing(
  products: readonly Product[],
  collections: readonly Collection[],
  subcategories: readonly Subcategory[],
  categories: readonly Category[],
): { byCollection: Map<string, Product[]>; bySubcategory: Map<string, Product[]>; byCategory: Map<string, Product[]> } {
  const byCollection = new Map<string, Product[]>(collections.map((c) => [c._id, []]));
  const bySubcategory = new Map<string, Product[]>(subcategories.map((s) => [s._id, []]));
  const byCategory = new Map<string, Product[]>(categories.map((c) => [c._id, []]));
  const categoryOf = new Map(subcategories.map((s) => [s._id, s.category]));
  for (const p of products) {
    for (const cid of p.collections) byCollection.get(cid)?.push(p);
    bySubcategory.get(p.subCategory)?.push(p);
    byCategory.get(categoryOf.get(p.subCategory) ?? '')?.push(p);
  }
  return { byCollection, bySubcategory, byCategory };
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
