import type { APIRequestContext } from '@playwright/test';
import type { ProductSizes } from '@shared/sizes';

/** The fields journeys need from a listed product. */
export interface ListedProduct {
  _id: string;
  slug: string;
  name: string;
  price: number;
  discountPrice: number | null;
  stock: number;
  subCategory: string;
  /** The sizes it is sold in, or null for a piece sold as one. */
  sizes: ProductSizes | null;
}

/** A listed product sold in sizes. */
export type SizedProduct = ListedProduct & { sizes: ProductSizes };

/** Every product of the seeded sample catalogue, through the public API. */
export async function allProducts(request: APIRequestContext): Promise<ListedProduct[]> {
  const body = (await (await request.get('/api/get-collection/products')).json()) as { products: ListedProduct[] };
  return body.products;
}

/** The all-products listing as the build wrote it: each piece's stock when the site was built. */
export async function builtListing(request: APIRequestContext): Promise<{ slug: string; stock: number }[]> {
  return ((await (await request.get('/collections/products.json')).json()) as { items: { slug: string; stock: number }[] }).items;
}

/**
 * Picks a product sold as one piece (journeys press its Add to Cart without choosing a size; sized pieces
 * have pickSizedProduct) matching a rule, different per Playwright project, so the phone and desktop runs
 * (which share one server and database) never act on the same piece. `amongLatest` keeps to the first cards
 * of the listing's default (Latest) order, which the API shares.
 */
export async function pickProduct(
  request: APIRequestContext,
  projectName: string,
  rule: (p: ListedProduct) => boolean,
  skip = 0,
  amongLatest = Infinity,
): Promise<ListedProduct> {
  // The rule reads each piece's stock as built, not as it is now: journeys set pieces' stock for a while, and a
  // rule read live would shift under them, so two journeys could pick the same piece and undo each other.
  const built = new Map((await builtListing(request)).map((p) => [p.slug, p.stock]));
  const matches = (await allProducts(request))
    .slice(0, amongLatest)
    .filter((p) => !p.sizes && built.has(p.slug) && rule({ ...p, stock: built.get(p.slug)! }));
  const offset = (projectName === 'phone' ? 1 : 0) + skip * 2;
  const p = matches[offset % matches.length];
  if (!p) throw new Error('no product matches');
  return p;
}

/** A product sold in sizes matching a rule; the same one for both projects unless `perProject`. */
export async function pickSizedProduct(
  request: APIRequestContext,
  projectName: string,
  rule: (p: SizedProduct) => boolean,
  perProject = false,
): Promise<SizedProduct> {
  const matches = (await allProducts(request)).filter((p): p is SizedProduct => p.sizes !== null && rule(p as SizedProduct));
  const p = matches[perProject && projectName === 'phone' ? 1 % matches.length : 0];
  if (!p) throw new Error('no sized product matches');
  return p;
}

/** A product as the cart and wishlist store it in localStorage. */
export const storedProduct = (p: ListedProduct) => ({
  _id: p._id,
  slug: p.slug,
  name: p.name,
  price: p.price,
  discountPrice: p.discountPrice,
  thumbnail: '',
  stock: p.stock,
});
