/**
 * Build-time shaping of listing pages from the catalogue snapshot: which slugs exist, what each one
 * lists, and the compact payloads the listing island receives. Used by page frontmatter and the
 * listing data endpoint, which pass in the snapshot (loadCatalogueSnapshot): this module stays free of
 * server imports. Filter groups and the price slider's span come from the products on each listing. Every function is an in-memory lookup,
 * so a 10,000-product build stays fast.
 */
import type { Crumb } from '../../components/layout/breadcrumbs';
import type { CatalogueView, Product } from '@shared/types';
import { itemSizes, listingFacets, priceBounds, productPrices } from '@shared/listing-filters';
import type { PriceBounds } from '@shared/listing-filters';
import { ALL_PRODUCTS_SLUG, routes } from '@shared/routes';
import { toCardProduct } from '../product-card/card';
import { CARD_SIZES } from '../product-card/ProductCard';
import { CARD_WIDTHS } from '../product-card/ProductPicture';
import type { LeadImage } from '@shared/images';
import type { CardProduct } from '../product-card/card';
import { PAGE_SIZE } from './filters';
import type { ListingData, ListingItem } from './filters';

/** Title used when a listing has no name. */
export const FALLBACK_TITLE = 'Products';

/** What one listing URL shows. */
export interface ListingSource {
  slug: string;
  kind: 'all' | 'category' | 'collection' | 'subcategory';
  title: string;
  /** A subcategory's category (name and listing), the middle crumb of its listing and its products. */
  parent?: Crumb;
  description: string;
  products: Product[];
}

/** A subcategory's, collection's or category's URL slug: its slug, falling back to its id when it has none. */
const slugOf = (s: { slug: string; _id: string }) => s.slug || s._id;

/**
 * Why the categories' listings cannot be built: a category whose slug is also a subcategory's, a
 * collection's or the every-product listing's would put two listings on one URL. The build refuses
 * (listingSlugs throws) rather than pick one silently, and the catalogue import refuses such a file first.
 */
export function categorySlugClashes(snapshot: Pick<CatalogueView, 'categories' | 'collections' | 'subcategories'>): string[] {
  const taken = new Map<string, string>([[ALL_PRODUCTS_SLUG, 'the listing of every product']]);
  snapshot.collections.forEach((c) => taken.set(slugOf(c), `collection "${c.name}"`));
  snapshot.subcategories.forEach((s) => taken.set(slugOf(s), `subcategory "${s.name}"`));
  return snapshot.categories.flatMap((c) => {
    const other = taken.get(slugOf(c));
    return other ? [`category "${c.name}" has the slug "${slugOf(c)}" of ${other}: /collections/${slugOf(c)} would be two listings`] : [];
  });
}

/**
 * Every /collections/{slug} to pre-render: each category, collection and subcategory, the collection
 * winning a slug it shares with a subcategory. Throws when a category shares a slug (categorySlugClashes).
 */
export function listingSlugs(snapshot: CatalogueView): string[] {
  const clashes = categorySlugClashes(snapshot);
  if (clashes.length) throw new Error(`Catalogue slugs clash: ${clashes.join('; ')}`);
  const slugs = new Set<string>();
  snapshot.categories.forEach((c) => slugs.add(slugOf(c)));
  snapshot.collections.forEach((c) => slugs.add(slugOf(c)));
  snapshot.subcategories.forEach((s) => slugs.add(slugOf(s)));
  // /collections/products is its own page (every product).
  slugs.delete(ALL_PRODUCTS_SLUG);
  return [...slugs];
}

/** The crumb of a category: its name, linking to its listing. */
function categoryCrumb(snapshot: CatalogueView, categoryId: string): Crumb | undefined {
  const category = snapshot.categories.find((c) => c._id === categoryId);
  return category && { name: category.name || FALLBACK_TITLE, href: routes.collection(category) };
}

const sources = new WeakMap<CatalogueView, Map<string, ListingSource | null>>();

/** What a slug lists: every product, a category, a collection (preferred) or a subcategory; null when unknown. */
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
    // A category's slug is its own (listingSlugs refuses a clash), so looking it up first decides nothing.
    const category = snapshot.categories.find((c) => slugOf(c) === slug);
    const collection = category ? undefined : snapshot.collections.find((c) => slugOf(c) === slug);
    const sub = category || collection ? undefined : snapshot.subcategories.find((s) => slugOf(s) === slug);
    if (category) {
      source = {
        slug,
        kind: 'category',
        title: category.name || FALLBACK_TITLE,
        description: '',
        products: snapshot.productsByCategory.get(category._id) ?? [],
      };
    } else if (collection) {
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
      const parent = categoryCrumb(snapshot, sub.category);
      if (parent) source.parent = parent;
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

/**
 * Breadcrumbs of a listing: Home › Products (every product), Home › {category}, Home › {category} ›
 * {subcategory} (as on the subcategory's product pages), Home › Products › {collection}.
 */
export function listingCrumbs(source: ListingSource): Crumb[] {
  const home: Crumb = { name: 'Home', href: routes.home };
  if (source.kind === 'all' || source.kind === 'category') return [home, { name: source.title }];
  return [home, source.parent ?? { name: 'Products', href: routes.allProducts }, { name: source.title }];
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
