/**
 * Everything a product detail page needs, looked up in the in-memory catalogue snapshot (no query
 * per page, so 10,000 pages build fast). Used by the page's frontmatter, which passes the snapshot.
 */
import { formatINR } from '../../shared/money';
import { unitPrice } from '../../shared/pricing';
import { routes } from '../../shared/routes';
import { toCardProduct } from '../product-card/card';
import type { CardProduct } from '../product-card/card';
import { breadcrumbJsonLd } from '../../components/layout/breadcrumbs';
import type { Crumb } from '../../components/layout/breadcrumbs';
import type { CatalogueView } from '../../shared/types';
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
