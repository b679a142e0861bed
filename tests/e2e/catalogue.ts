import type { APIRequestContext } from '@playwright/test';

/** The fields journeys need from a listed product. */
export interface ListedProduct {
  _id: string;
  slug: string;
  name: string;
  price: number;
  discountPrice: number | null;
  stock: number;
  subCategory: string;
}

/** Every product of the seeded sample catalogue, through the public API. */
export async function allProducts(request: APIRequestContext): Promise<ListedProduct[]> {
  const body = (await (await request.get('/api/get-collection/products')).json()) as { products: ListedProduct[] };
  return body.products;
}

/**
 * Picks a product matching a rule, different per Playwright project, so the phone and desktop runs (which
 * share one server and database) never act on the same piece. `amongLatest` keeps to the first cards of
 * the listing's default (Latest) order, which the API shares.
 */
export async function pickProduct(
  request: APIRequestContext,
  projectName: string,
  rule: (p: ListedProduct) => boolean,
  skip = 0,
  amongLatest = Infinity,
): Promise<ListedProduct> {
  const matches = (await allProducts(request)).slice(0, amongLatest).filter(rule);
  const offset = (projectName === 'phone' ? 1 : 0) + skip * 2;
  const p = matches[offset % matches.length];
  if (!p) throw new Error('no product matches');
  return p;
}
