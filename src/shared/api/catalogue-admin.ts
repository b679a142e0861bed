/** Wire types and paths of the back office's catalogue endpoints (products, drafts, their versions). */
import type { ProductDraft, ProductStatus } from '../schemas/product';
import type { Product } from '../types';
import type { HomePage } from '../schemas/home-page';
import type { Listing, ListingKind } from '../schemas/listings';

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

/** The categories, subcategories and collections a product may name (the form's choices), and the day's silver rate. */
export interface CatalogueOptions {
  categories: { slug: string; name: string }[];
  subcategories: { slug: string; name: string; category: string }[];
  collections: { slug: string; name: string }[];
  /** ₹ a gram of 92.5 silver that rate-priced pieces are priced at now; null before an admin sets one. */
  silverRate: number | null;
}

/** The day's silver rate as set: ₹ a gram, its version (0 before any), who set it and when. */
export interface SilverRateState {
  rupeesPerGram: number;
  version: number;
  setAt: string;
  setBy: string;
}

/** A piece priced from the silver rate whose price a new rate changes: its price now and at the new rate. */
export interface SilverRateChange {
  id: string;
  name: string;
  /** The draft version the new price would be saved over (0: the live product, no draft yet). */
  version: number;
  weightGrams: number;
  from: number;
  to: number;
}

/** GET /api/admin/catalogue/silver-rate: the rate now, and what the asked rate would change. */
export interface SilverRateResponse {
  success: true;
  rate: SilverRateState | null;
  /** The rate the changes are worked out at (the asked one, else the current one); null when neither. */
  proposed: number | null;
  changes: SilverRateChange[];
  /** Rate-priced pieces whose price the proposed rate leaves as it is. */
  unchanged: number;
}

/** POST /api/admin/catalogue/silver-rate: the rate set, and the prices saved as drafts (to publish). */
export interface ApplySilverRateResponse {
  success: true;
  message: string;
  rate: SilverRateState;
  repriced: number;
  /** Pieces someone saved between the check and their repricing: their next save prices them at the new rate. */
  skipped: string[];
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
  /** Where the browser loads each of product.image, in the same order (the form's thumbnails). */
  imageUrls: string[];
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
const previewPath = Object.assign((id: string) => `/api/admin/catalogue/products/${encodeURIComponent(id)}/preview`, {
  prefix: '/api/admin/catalogue/products',
});
const historyPath = Object.assign((id: string) => `/api/admin/catalogue/products/${encodeURIComponent(id)}/history`, {
  prefix: '/api/admin/catalogue/products',
});

/**
 * Where a publish is: putting the saved changes live, building the shop's pages, live, or failed (with the
 * reason); 'triggered' when Netlify builds it but the shop has no API token to follow the deploy.
 */
export type PublishState = 'applying' | 'building' | 'triggered' | 'live' | 'failed';

/** How each publish state reads in the back office. */
export const PUBLISH_STATE_LABELS: Record<PublishState, string> = {
  applying: 'Putting the changes live',
  building: "Building the shop's pages",
  triggered: 'Build started on Netlify',
  live: 'Live',
  failed: 'Failed',
};

/** One publish: who started it, when, what it put live, and how it ended. */
export interface CataloguePublish {
  id: string;
  state: PublishState;
  startedAt: string;
  startedBy: string;
  finishedAt: string | null;
  /** The products it put live, by name (and how many). */
  products: { id: string; name: string }[];
  /** The home page it put live, with how many banners (null: the home page was not part of it). */
  home: { banners: number } | null;
  /** The collections and subcategories it put live, by name. */
  listings: { id: string; name: string }[];
  /** Why the pages were rebuilt with nothing put live (a banner's schedule), or null. */
  reason: string | null;
  /** What a person reads about its end: the deploy's failure, or where it is live. */
  message: string | null;
  /** Set when someone pressed Publish while it ran: the changes saved meanwhile are published after it. */
  queuedBy: string | null;
}

/** A product with saved changes not yet live: new, or changed since it was last published. */
export interface PendingProduct {
  id: string;
  /** The draft version waiting (Publish sends it back: what was shown is what goes live). */
  version: number;
  name: string;
  change: 'new' | 'changed';
}

/** The home page's saved changes waiting to go live. */
export interface PendingHome {
  /** The draft version waiting (Publish sends it back). */
  version: number;
  /** How many banners the page will have. */
  banners: number;
  updatedBy: string;
  updatedAt: string;
}

/** GET /api/admin/catalogue/publish: what is waiting, the publish under way, and the log (newest first). */
export interface PublishStatusResponse {
  success: true;
  pending: PendingProduct[];
  /** The home page's changes waiting, or null. */
  home: PendingHome | null;
  /** Collections and subcategories with changes waiting. */
  listings: PendingListing[];
  running: CataloguePublish | null;
  log: CataloguePublish[];
}

/** POST /api/admin/catalogue/publish: the publish started (201), or the one under way that will publish yours after it (202). */
export interface PublishStartResponse {
  success: true;
  message: string;
  publish: CataloguePublish;
  queued: boolean;
}

/** GET /api/admin/catalogue/products/{id}/preview: the product as shoppers will see it once published. */
export interface AdminProductPreviewResponse {
  success: true;
  product: Product;
  /** The draft version shown (0: the live product, nobody has saved a draft). */
  version: number;
  /** Whether the product is live already (a new product is not). */
  live: boolean;
  /** The status it will have: a Draft is shown to nobody, an Archived piece's page says it is no longer available. */
  status: ProductStatus;
}

/** A piece a banner shows, as the home page form lists it. */
export interface BannerPiece {
  /** The product's id. */
  id: string;
  /** The web address the list names it by. */
  slug: string;
  name: string;
  /** False for a piece no longer on sale (Draft or Archived): the banner page leaves it out. */
  onSale: boolean;
}

/** The home page as the back office edits it: its saved draft, or the live page at version 0. */
export interface AdminHomePage {
  version: number;
  home: HomePage;
  /** The pieces the banners name, by web address (so the form shows their names). */
  pieces: BannerPiece[];
  /** Where the browser loads each banner picture, by its stored path. */
  images: Record<string, string>;
  updatedBy: string | null;
  updatedAt: string | null;
  /** Whether saved changes are waiting to be published. */
  waiting: boolean;
}

/** GET/PUT /api/admin/catalogue/home. */
export interface AdminHomePageResponse {
  success: true;
  message: string;
  page: AdminHomePage;
}

/** A collection or subcategory as the back office lists it. */
export interface AdminListingRow {
  /** '<kind>:<id>': the draft's id, which Publish names too. */
  id: string;
  kind: ListingKind;
  slug: string;
  name: string;
  /** Live pieces in it (saved changes to pieces count once published). */
  pieces: number;
  /** Whether saved changes are waiting to be published. */
  waiting: boolean;
}

/** GET /api/admin/catalogue/listings. */
export interface AdminListingsResponse {
  success: true;
  collections: AdminListingRow[];
  subcategories: AdminListingRow[];
}

/** A collection or subcategory as its form edits it: its saved draft, or as live at version 0. */
export interface AdminListing {
  id: string;
  kind: ListingKind;
  slug: string;
  version: number;
  listing: Listing;
  /** Where the browser loads the picture (null: none). */
  imageUrl: string | null;
  /** The pieces in it, counting saved drafts, by name. */
  pieces: BannerPiece[];
  updatedBy: string | null;
  updatedAt: string | null;
  waiting: boolean;
}

/** GET/PUT /api/admin/catalogue/collections/{id} (or subcategories/{id}), and a collection's piece added or removed. */
export interface AdminListingResponse {
  success: true;
  message: string;
  listing: AdminListing;
}

/** A collection's or subcategory's saved changes waiting to go live. */
export interface PendingListing {
  id: string;
  kind: ListingKind;
  version: number;
  name: string;
}

/** The catalogue endpoints' paths (editors and admins). */
export const catalogueAdminApiPaths = {
  adminCatalogueProducts: '/api/admin/catalogue/products',
  adminCatalogueProduct: productPath,
  adminCatalogueProductHistory: historyPath,
  /** The product as it will be live, from its saved draft (admins and editors only). */
  adminCatalogueProductPreview: previewPath,
  /** A unit's stock change from the product form, through the inventory's rules (answers StockChangeResponse). */
  adminCatalogueProductStock: stockPath,
  adminCatalogueOptions: '/api/admin/catalogue/options',
  /** What is waiting to be published, the publish under way and the log (GET); Publish (POST). */
  adminCataloguePublish: '/api/admin/catalogue/publish',
  /** One product photo as the body (answers PhotoUploadResponse); a draft's list of photos is what uses it. */
  adminCataloguePhotos: '/api/admin/catalogue/photos',
  /** The day's silver rate and the prices it gives (GET), or a new rate and its prices saved as drafts (POST); admins only. */
  adminCatalogueSilverRate: '/api/admin/catalogue/silver-rate',
  /** The home page's banners, announcement messages and feature strip: its draft (GET), saved over a version (PUT). */
  adminCatalogueHome: '/api/admin/catalogue/home',
  /** Every collection and subcategory (GET). */
  adminCatalogueListings: '/api/admin/catalogue/listings',
  /** One collection: its draft (GET), saved over a version (PUT). */
  adminCatalogueCollection: (id: string): string => `/api/admin/catalogue/collections/${encodeURIComponent(id)}`,
  /** One subcategory: its draft (GET), saved over a version (PUT). */
  adminCatalogueSubcategory: (id: string): string => `/api/admin/catalogue/subcategories/${encodeURIComponent(id)}`,
  /** A piece put in a collection or taken out (POST; saves the piece's draft). */
  adminCatalogueCollectionPieces: (id: string): string => `/api/admin/catalogue/collections/${encodeURIComponent(id)}/pieces`,
} as const;
