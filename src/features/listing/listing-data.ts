/**
 * Build-time shaping of listing pages from the catalogue snapshot: which slugs exist, what each one
 * lists, and the compact payloads the listing island receives. Used by page frontmatter and the
 * listing data endpoint, which pass in the snapshot (loadCatalogueSnapshot): this module stays free of
 * server imports. Filter groups and the price slider's span come from the products on each listing. Every function is an in-memory lookup,
 * so a 10,000-product build stays fast.
 */
import type { Crumb } from '../../components/layout/breadcrumbs';
import type { CatalogueView, Product } from '../../shared/types';
import { itemSizes, listingFacets, priceBounds, productPrices } from '../../shared/listing-filters';
import type { PriceBounds } from '../../shared/listing-filters';
import { ALL_PRODUCTS_SLUG, routes } from '../../shared/routes';
import { toCardProduct } from '../product-card/card';
import { CARD_SIZES } from '../product-card/ProductCard';
import { CARD_WIDTHS } from '../product-card/ProductPicture';
import type { LeadImage } from '../../shared/images';
import type { CardProduct } from '../product-card/card';
import { PAGE_SIZE } from './filters';
import type { ListingData, ListingItem } from './filters';

/** Title used when a listing has no name. */
export const FALLBACK_TITLE = 'Products';

/** What one listing URL shows. */
export interface ListingSource {
  slug: string;
  kind: 'all' | 'collection' | 'subcategory';
  title: string;
  description: string;
  products: Product[];
}

/** A subcategory's URL slug: its slug, falling back to its id when it has none. */
const subSlug = (s: { slug: string; _id: string }) => s.slug || s._id;
const collectionSlug = (c: { slug: string; _id: string }) => c.slug || c._id;

/** Every /collections/{slug} to pre-render: each collection and each subcategory, the collection winning a shared slug. */
export function listingSlugs(snapshot: CatalogueView): string[] {
  const slugs = new Set<string>();
  snapshot.collections.forEach((c) => slugs.add(collectionSlug(c)));
  snapshot.subcategories.forEach((s) => slugs.add(subSlug(s)));
  // /collections/products is its own page (every product).
  slugs.delete(ALL_PRODUCTS_SLUG);
  return [...slugs];
}

const sources = new WeakMap<CatalogueView, Map<string, ListingSource | null>>();

/** What a slug lists: every product, a collection (preferred) or a subcategory; null when unknown. */
export function resolveListing(snapshot: CatalogueView, slug: string): ListingSource | null {
  let cache = sources.get(snapshot);
  if (!cache) sources.set(snapshot, (cache = new Map()));
  if (cache.has(slug)) return cache.get(slug) ?? null;

  let source: ListingSource | null = null;
  if (slug === ALL_PRODUCTS_SLUG) {
    source = {
      slug,
      kind: 'all',
      title: FALLBACK_TITLE,
      description:
        'Every piece of handcrafted 92.5 sterling silver jewellery at Chandi Kala: rings, earrings, necklaces, anklets and more.',
      products: snapshot.products,
    };
  } else {
    const collection = snapshot.collections.find((c) => collectionSlug(c) === slug);
    const sub = collection ? undefined : snapshot.subcategories.find((s) => subSlug(s) === slug);
    if (collection) {
      source = {
        slug,
        kind: 'collection',
        title: collection.name || FALLBACK_TITLE,
        description: collection.description,
        products: snapshot.productsByCollection.get(collection._id) ?? [],
      };
    } else if (sub) {
      source = {
        slug,
        kind: 'subcategory',
        title: sub.name || FALLBACK_TITLE,
        description: '',
        products: snapshot.productsBySubcategory.get(sub._id) ?? [],
      };
    }
  }
  if (source && !source.description) {
    source.description = `Shop ${source.title.toLowerCase()} in hallmarked 92.5 sterling silver at Chandi Kala: ${source.products.length} handcrafted pieces, prices in ₹, 7-day replacement and cash on delivery.`;
  }
  cache.set(slug, source);
  return source;
}

/** The compact payload of a listing: every item in Latest order plus its facets. */
export interface ListingPayload {
  all: ListingData;
  /** The first page (what the static HTML renders) with every facet. */
  firstPage: ListingData;
  total: number;
  /** The price slider's span over every price on the listing. */
  bounds: PriceBounds;
}

const payloads = new WeakMap<ListingSource, ListingPayload>();

/**
 * Builds (once per listing per build) the compact items (card fields, creation time, facet indexes, sizes),
 * the filter groups offered and the price slider's span, all from the products on the listing.
 */
export function listingPayload(source: ListingSource, pageSize: number = PAGE_SIZE): ListingPayload {
  const cached = payloads.get(source);
  if (cached) return cached;
  const { facets, productFacets } = listingFacets(source.products);
  const items: ListingItem[] = source.products
    .map((p, i) => {
      const item: ListingItem = { ...toCardProduct(p), createdAt: Date.parse(p.createdAt) || 0, facets: productFacets[i]! };
      const sizes = itemSizes(p);
      if (sizes) item.sizes = sizes;
      return item;
    })
    .sort((a, b) => b.createdAt - a.createdAt);
  const payload = {
    all: { items, facets },
    firstPage: { items: items.slice(0, pageSize), facets },
    total: items.length,
    bounds: priceBounds(source.products.flatMap(productPrices)),
  };
  payloads.set(source, payload);
  return payload;
}

/**
 * The first row of a listing on a phone (two cards), preloaded from <head>: one of them is the page's
 * largest paint, and preloading makes them the first requests instead of the header's icons.
 */
export function listingLeadImages(payload: ListingPayload): LeadImage[] {
  return payload.firstPage.items
    .slice(0, 2)
    .filter((p) => p.thumbnail)
    .map((p) => ({ src: p.thumbnail, sizes: CARD_SIZES, widths: CARD_WIDTHS }));
}

/**
 * "You Might Also Like" for a listing: pieces related to its products that are not on it, then
 * featured pieces, then the newest others, up to `limit`.
 */
export function relatedForListing(snapshot: CatalogueView, source: ListingSource, limit = 12): CardProduct[] {
  const onListing = new Set(source.kind === 'all' ? [] : source.products.map((p) => p._id));
  const picked = new Map<string, CardProduct>();
  const take = (p: Parameters<typeof toCardProduct>[0]) => {
    if (picked.size < limit && !onListing.has(p._id) && !picked.has(p._id)) picked.set(p._id, toCardProduct(p));
  };
  if (source.kind !== 'all') {
    for (const p of source.products) {
      for (const r of p.relatedProducts) take(r);
      if (picked.size >= limit) break;
    }
  }
  for (const p of snapshot.products) {
    if (picked.size >= limit) break;
    if (p.featured) take(p);
  }
  for (const p of snapshot.products) {
    if (picked.size >= limit) break;
    take(p);
  }
  return [...picked.values()];
}

/** Breadcrumbs of a listing: Home / Products / {title} (Home / Products for every product). */
export function listingCrumbs(source: ListingSource): Crumb[] {
  if (source.kind === 'all') return [{ name: 'Home', href: routes.home }, { name: source.title }];
  return [{ name: 'Home', href: routes.home }, { name: 'Products', href: routes.allProducts }, { name: source.title }];
}

/** schema.org CollectionPage + ItemList of the first page of products, so search engines see what the listing holds. */
export function listingJsonLd(
  source: ListingSource,
  firstPage: readonly CardProduct[],
  path: string,
  site: URL | string,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name: source.title,
    description: source.description,
    url: new URL(path, site).href,
    mainEntity: {
      '@type': 'ItemList',
      numberOfItems: source.products.length,
      itemListElement: firstPage.map((p, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        url: new URL(routes.product(p), site).href,
        name: p.name,
      })),
    },
  };
}
