/**
 * Everything a product detail page needs, looked up in the in-memory catalogue snapshot (no query
 * per page, so 10,000 pages build fast). Used by the page's frontmatter, which passes the snapshot.
 */
import { formatINR } from '@shared/money';
import { unitPrice } from '@shared/pricing';
import { routes } from '@shared/routes';
import { toCardProduct } from '../product-card/card';
import type { CardProduct } from '../product-card/card';
import { breadcrumbJsonLd } from '../../components/layout/breadcrumbs';
import type { Crumb } from '../../components/layout/breadcrumbs';
import type { CatalogueView, Product } from '@shared/types';
import { productJsonLd, productMetaDescription, toDetailProduct } from './detail';
import type { DetailProduct } from './detail';

/** The data of one product page. */
export interface ProductPageData {
  product: DetailProduct;
  related: CardProduct[];
  pairs: CardProduct[];
  crumbs: Crumb[];
  path: string;
  title: string;
  description: string;
  /** Social preview image (first product image). */
  image?: string;
  jsonLd: Record<string, unknown>[];
}

/** Builds the page data for a product id known to the snapshot. */
export function productPage(snapshot: CatalogueView, id: string, site: URL | string): ProductPageData {
  const source = snapshot.productById.get(id);
  if (!source) throw new Error(`Unknown product ${id}`);
  const product = toDetailProduct(source);
  const sub = snapshot.subcategories.find((s) => s._id === source.subCategory);
  const category = sub && snapshot.categories.find((c) => c._id === sub.category);
  // Home › Category › Subcategory › Product, the same links as the subcategory's listing shows.
  const crumbs: Crumb[] = [
    { name: 'Home', href: routes.home },
    ...(category ? [{ name: category.name, href: routes.collection(category) }] : []),
    sub ? { name: sub.name, href: routes.collection(sub) } : { name: 'Products', href: routes.allProducts },
    { name: product.name },
  ];
  const path = routes.product(product);
  const firstImage = product.images[0];
  return {
    product,
    related: source.relatedProducts.map(toCardProduct),
    pairs: (snapshot.pairsById.get(id) ?? []).map(toCardProduct),
    crumbs,
    path,
    title: product.name,
    description: productMetaDescription(product, formatINR(unitPrice(product))),
    ...(firstImage ? { image: firstImage } : {}),
    jsonLd: [productJsonLd(product, site), breadcrumbJsonLd(crumbs, path, site)],
  };
}

/** The data of an archived product's page: what it was, and pieces like it that are on sale. */
export interface ArchivedProductPageData {
  name: string;
  image: string | undefined;
  crumbs: Crumb[];
  path: string;
  /** Where to see more like it: the product's subcategory's listing (or every product). */
  more: { name: string; href: string };
  similar: CardProduct[];
}

/** How many similar pieces an archived product's page offers. */
const SIMILAR_LIMIT = 8;

/**
 * Builds the page of an archived product: its name and photo, that it is no longer available, and similar
 * pieces on sale (its own related pieces first, then its subcategory's, then its category's).
 */
export function archivedProductPage(snapshot: CatalogueView, source: Product): ArchivedProductPageData {
  const sub = snapshot.subcategories.find((s) => s._id === source.subCategory);
  const category = sub && snapshot.categories.find((c) => c._id === sub.category);
  const candidates = [
    ...source.relatedProducts,
    ...(sub ? (snapshot.productsBySubcategory.get(sub._id) ?? []) : []),
    ...(category ? (snapshot.productsByCategory.get(category._id) ?? []) : []),
  ];
  const similar = [...new Map(candidates.filter((p) => p._id !== source._id).map((p) => [p._id, p])).values()].slice(0, SIMILAR_LIMIT);
  const more = sub ? { name: sub.name, href: routes.collection(sub) } : { name: 'all pieces', href: routes.allProducts };
  const crumbs: Crumb[] = [
    { name: 'Home', href: routes.home },
    ...(category ? [{ name: category.name, href: routes.collection(category) }] : []),
    sub ? { name: sub.name, href: routes.collection(sub) } : { name: 'Products', href: routes.allProducts },
    { name: source.name },
  ];
  return { name: source.name, image: source.image[0], crumbs, path: routes.product(source), more, similar: similar.map(toCardProduct) };
}
