/** Wire types and paths of the back office's catalogue endpoints (products, drafts, their versions). */
import type { ProductDraft, ProductStatus } from '../schemas/product';

/** One row of the product list: first photo, name, price, stock and status, and whether a draft is waiting. */
export interface AdminProductRow {
  _id: string;
  name: string;
  slug: string;
  /** URL of the first photo (under the uploads base), or null. */
  photo: string | null;
  price: number;
  discountPrice: number | null;
  /** Pieces in stock over every size; null for a product not live yet (its stock comes with it when published). */
  stock: number | null;
  status: ProductStatus;
  /** 'new': not live yet; 'changed': live, with saved changes not yet published; null: as live. */
  draft: 'new' | 'changed' | null;
}

/** GET /api/admin/catalogue/products. */
export interface AdminProductsResponse {
  success: true;
  products: AdminProductRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** The categories, subcategories and collections a product may name (the form's choices). */
export interface CatalogueOptions {
  categories: { slug: string; name: string }[];
  subcategories: { slug: string; name: string; category: string }[];
  collections: { slug: string; name: string }[];
}

/** GET /api/admin/catalogue/options. */
export interface CatalogueOptionsResponse extends CatalogueOptions {
  success: true;
}

/** A product as the back office edits it: the draft (or the live product), its version and who saved it last. */
export interface AdminProductDraft {
  _id: string;
  /** 0 for a live product nobody has saved a draft of yet. */
  version: number;
  isNew: boolean;
  product: ProductDraft;
  /** Live stock per unit ('' for a product without sizes, else the size), changed only through the stock rules. */
  liveStock: Record<string, number> | null;
  savedAt: string | null;
  savedBy: string | null;
}

/** GET, PUT /api/admin/catalogue/products/{id}; POST /api/admin/catalogue/products. */
export interface AdminProductDraftResponse {
  success: true;
  message: string;
  draft: AdminProductDraft;
}

/** One saved version: who, when and which fields changed. */
export interface AdminProductVersion {
  version: number;
  at: string;
  by: string;
  changed: string[];
}

/** GET /api/admin/catalogue/products/{id}/history, newest first. */
export interface AdminProductHistoryResponse {
  success: true;
  versions: AdminProductVersion[];
}

const productPath = Object.assign((id: string) => `/api/admin/catalogue/products/${encodeURIComponent(id)}`, {
  prefix: '/api/admin/catalogue/products',
});
const stockPath = Object.assign((id: string) => `/api/admin/catalogue/products/${encodeURIComponent(id)}/stock`, {
  prefix: '/api/admin/catalogue/products',
});
const historyPath = Object.assign((id: string) => `/api/admin/catalogue/products/${encodeURIComponent(id)}/history`, {
  prefix: '/api/admin/catalogue/products',
});

/** The catalogue endpoints' paths (editors and admins). */
export const catalogueAdminApiPaths = {
  adminCatalogueProducts: '/api/admin/catalogue/products',
  adminCatalogueProduct: productPath,
  adminCatalogueProductHistory: historyPath,
  /** A unit's stock change from the product form, through the inventory's rules (answers StockChangeResponse). */
  adminCatalogueProductStock: stockPath,
  adminCatalogueOptions: '/api/admin/catalogue/options',
} as const;
