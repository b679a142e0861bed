/**
 * The catalogue endpoints: their paths and the body each one answers with. The Netlify functions
 * type their answers with these, and the islands and stores that call them read them with these.
 * Paths are the shop's published API, capitals included (get_Collection, getProducts).
 */
import type {
  Banner,
  BannerWithProducts,
  Category,
  Collection,
  Heading,
  ListingFilters,
  Product,
  ProductAvailability,
  RelatedProduct,
  Subcategory,
} from '../types';
import { paramPath } from './common';
import { UPLOADED_PHOTO_ROUTE } from './photo-route';
import type { ApiSuccess } from './common';

/** Paths of the catalogue endpoints (all GET). */
export const catalogueApiPaths = {
  /** Every category. */
  getCategory: '/api/get_category',
  /** A product photo uploaded from the back office, by file name (images' URLs name it; the Image CDN resizes it). */
  getPhoto: paramPath(UPLOADED_PHOTO_ROUTE),
  /** The subcategories of one category, by category id. */
  getCategoryDetails: paramPath('/api/get_category_details'),
  /** Every subcategory. */
  getSubcategory: '/api/get_subcategory',
  /** Every banner. */
  getBanner: '/api/get_banner',
  /** One banner with its products, by id. */
  getBannerById: paramPath('/api/get-banner'),
  /** Every collection. */
  getCollections: '/api/get_Collection',
  /** Products for the trending carousel. */
  getFeaturedProducts: '/api/get_featured-products',
  /** Filters offered on a listing, by listing slug. */
  getFilterByProducts: paramPath('/api/get-filter-by-products'),
  /** A collection and its products, by slug or id ("products": every product). */
  getCollectionProducts: paramPath('/api/get-collection'),
  /** A subcategory and its products, by slug or id. */
  subcategoryProducts: paramPath('/api/subcategory'),
  /** Pieces that pair with a product, by slug or id. */
  getPairProducts: paramPath('/api/getpair_products'),
  /** One product with its related products, by slug or id. */
  getProducts: paramPath('/api/getProducts'),
  /** Announcement-bar messages. */
  getHeading: '/api/get_heading',
  /** Live price and stock; add ?ids=<id>,<id> (at most AVAILABILITY_MAX_IDS). */
  productAvailability: '/api/product-availability',
} as const;

/** Most product ids one availability request may carry; larger sets are split into batches. */
export const AVAILABILITY_MAX_IDS = 100;

/** GET /api/get_category. */
export type GetCategoryResponse = ApiSuccess<{ categories: Category[] }>;
/** GET /api/get_category_details/{categoryId}. */
export type GetCategoryDetailsResponse = ApiSuccess<{ subCategories: Subcategory[] }>;
/** GET /api/get_subcategory. */
export type GetSubcategoryResponse = ApiSuccess<{ subCategories: Subcategory[] }>;
/** GET /api/get_banner. */
export type GetBannerResponse = ApiSuccess<{ banners: Banner[] }>;
/** GET /api/get-banner/{id}. */
export type GetBannerByIdResponse = ApiSuccess<{ banner: BannerWithProducts }>;
/** GET /api/get_Collection. */
export type GetCollectionsResponse = ApiSuccess<{ collections: Collection[] }>;
/** GET /api/get_featured-products. */
export type GetFeaturedProductsResponse = ApiSuccess<{ featuredPro: Product[] }>;
/** GET /api/get-filter-by-products/{slug}. */
export type GetFilterByProductsResponse = ApiSuccess<{ filters: ListingFilters }>;
/** GET /api/get-collection/{slug}. */
export type GetCollectionProductsResponse = ApiSuccess<{ collection: Collection; products: Product[] }>;
/** GET /api/subcategory/{slug}. */
export type SubcategoryProductsResponse = ApiSuccess<{ subCategory: Subcategory; products: Product[] }>;
/** GET /api/getpair_products/{slug}. */
export type GetPairProductsResponse = ApiSuccess<{ pairProducts: RelatedProduct[] }>;
/** GET /api/getProducts/{slug}: one product, under the field name `products`. */
export type GetProductsResponse = ApiSuccess<{ products: Product }>;
/** GET /api/get_heading. */
export type GetHeadingResponse = ApiSuccess<{ heading: Heading[] }>;
/** GET /api/product-availability?ids=: the known products in the order asked (unknown ids left out). */
export type ProductAvailabilityResponse = ApiSuccess<{ products: ProductAvailability[] }>;
