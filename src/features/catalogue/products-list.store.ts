/**
 * The back office's product list: its query (search, filters, page) kept in the page's address, so reload,
 * Back and shared links return to the same place, and the rows the server answers for it.
 */
import { atom } from 'nanostores';
import {
  catalogueAdminApiPaths,
  type AdminProductRow,
  type AdminProductsResponse,
  type CatalogueOptions,
  type CatalogueOptionsResponse,
} from '@shared/api/catalogue-admin';
import { PRODUCT_STATUSES, type ProductStatus } from '@shared/schemas/product';
import { callApi } from '../auth/api-client';
import { fetchInto, type Fetched } from '../shared/fetched';

/** What the list shows: every field has a default, so an empty address is the first page of everything. */
export interface ProductListQuery {
  search: string;
  status: '' | ProductStatus;
  category: string;
  subcategory: string;
  lowStock: boolean;
  noPhoto: boolean;
  page: number;
}

/** Rows per page. */
export const PRODUCTS_PAGE_SIZE = 25;

const DEFAULT_QUERY: ProductListQuery = { search: '', status: '', category: '', subcategory: '', lowStock: false, noPhoto: false, page: 1 };

/** The query an address's search part holds (unknown or malformed values fall back to their defaults). */
export function queryFromSearch(search: string): ProductListQuery {
  const p = new URLSearchParams(search);
  const status = p.get('status') ?? '';
  const page = Number(p.get('page') ?? '1');
  const slug = (v: string | null) => (v && /^[a-z0-9-]{1,120}$/.test(v) ? v : '');
  return {
    search: (p.get('search') ?? '').slice(0, 80),
    status: (PRODUCT_STATUSES as readonly string[]).includes(status) ? (status as ProductStatus) : '',
    category: slug(p.get('category')),
    subcategory: slug(p.get('subcategory')),
    lowStock: p.get('lowStock') === '1',
    noPhoto: p.get('noPhoto') === '1',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The search part that holds a query: only what differs from the defaults ('' for the defaults). */
export function searchFromQuery(q: ProductListQuery): string {
  const p = new URLSearchParams();
  if (q.search.trim()) p.set('search', q.search.trim());
  if (q.status) p.set('status', q.status);
  if (q.category) p.set('category', q.category);
  if (q.subcategory) p.set('subcategory', q.subcategory);
  if (q.lowStock) p.set('lowStock', '1');
  if (q.noPhoto) p.set('noPhoto', '1');
  if (q.page > 1) p.set('page', String(q.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** The list's query. */
export const $productQuery = atom<ProductListQuery>(DEFAULT_QUERY);
/** The rows of the current page, or why there are none. */
export const $productList = atom<Fetched<{ products: AdminProductRow[]; total: number }, true>>({ status: 'loading' });
/** The categories, subcategories and collections (the filters' choices). */
export const $catalogueOptions = atom<CatalogueOptions>({ categories: [], subcategories: [], collections: [], silverRate: null });

let latest = 0;

/** Loads the page the query names (an older answer arriving late is dropped). */
export async function loadProducts(fetchImpl?: typeof fetch): Promise<void> {
  const ask = ++latest;
  const q = $productQuery.get();
  const params = new URLSearchParams(searchFromQuery(q));
  params.set('pageSize', String(PRODUCTS_PAGE_SIZE));
  await fetchInto(
    $productList,
    () => callApi<AdminProductsResponse>(`${catalogueAdminApiPaths.adminCatalogueProducts}?${params}`, { auth: true }, fetchImpl),
    (data) => ({ products: data.products, total: data.total }),
    {
      fallback: 'The products could not be loaded. Please try again.',
      forbidden: true,
      showLoading: 'unless-ready',
      current: () => ask === latest,
    },
  );
}

/** Loads the filters' choices once. */
export async function loadCatalogueOptions(fetchImpl?: typeof fetch): Promise<void> {
  const r = await callApi<CatalogueOptionsResponse>(catalogueAdminApiPaths.adminCatalogueOptions, { auth: true }, fetchImpl);
  if (r.ok) {
    const { success: _ok, ...choices } = r.data;
    $catalogueOptions.set(choices);
  }
}

/** Starts the list from the page's address. */
export function startProductList(search: string, fetchImpl?: typeof fetch): Promise<void> {
  $productQuery.set(queryFromSearch(search));
  void loadCatalogueOptions(fetchImpl);
  return loadProducts(fetchImpl);
}

/** Writes the query into the address (replacing it, so Back leaves the list rather than stepping through filters). */
function remember(q: ProductListQuery): void {
  if (typeof history !== 'undefined') history.replaceState(null, '', `${location.pathname}${searchFromQuery(q)}`);
}

/** Changes filters (back to page 1) and loads; a new category clears a subcategory of another. */
export function setProductFilter(patch: Partial<Omit<ProductListQuery, 'page'>>): Promise<void> {
  const q = { ...$productQuery.get(), ...patch, page: 1 };
  if (patch.category !== undefined && q.subcategory) {
    const sub = $catalogueOptions.get().subcategories.find((s) => s.slug === q.subcategory);
    if (patch.category && sub?.category !== patch.category) q.subcategory = '';
  }
  $productQuery.set(q);
  remember(q);
  return loadProducts();
}

/** Shows another page. */
export function goToProductPage(page: number): Promise<void> {
  const q = { ...$productQuery.get(), page };
  $productQuery.set(q);
  remember(q);
  return loadProducts();
}
