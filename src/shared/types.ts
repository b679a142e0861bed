/**
 * Wire types of the catalogue, with the field names the published API uses (_id, discountPrice, Heading...).
 * Shared by the browser, the Astro build and the Netlify functions; imports only other type modules.
 */
import type { ProductSize, ProductSizes } from './sizes';

/** A top-level category (e.g. Rings). */
export interface Category {
  _id: string;
  name: string;
  slug: string;
}

/** A subcategory under a category; image is a list of absolute image URLs (first used). */
export interface Subcategory {
  _id: string;
  name: string;
  slug: string;
  category: string;
  image: string[];
}

/** A curated collection (e.g. Bridal Edit); image is a list (first shown). */
export interface Collection {
  _id: string;
  slug: string;
  name: string;
  description: string;
  image: string[];
}

/** One name/value pair shown on the product page ("Weight", "4.2 g"). */
export interface DynamicField {
  _id: string;
  fieldName: string;
  value: string;
}

/** The short form of a product used in related and pair lists. */
export interface RelatedProduct {
  _id: string;
  name: string;
  slug: string;
  img: string;
  price: number;
  discountPrice: number | null;
  stock: number;
  /** Sold in sizes: a card must let the shopper choose one before anything goes in the cart. */
  sized: boolean;
}

/** A product as the API and pages see it. Image fields are absolute URLs under the uploads base. */
export interface Product {
  _id: string;
  slug: string;
  name: string;
  price: number;
  discountPrice: number | null;
  thumbnail: string;
  image: string[];
  /** Each photo's alt text in the order of `image`, where the content team wrote it (an empty one reads the name). */
  imageAlt?: string[];
  img: string;
  stock: number;
  description: string;
  tags: string[];
  attributes: Record<string, string>;
  dynamicFields: DynamicField[];
  relatedProducts: RelatedProduct[];
  category: string;
  subCategory: string;
  collections: string[];
  featured: boolean;
  createdAt: string;
  /**
   * The sizes it is sold in (each with its own stock and price), or null for a product sold as one piece.
   * A sized product's `stock` is the sum of its sizes' and its `price`/`discountPrice` its base price.
   */
  sizes: ProductSizes | null;
}

/** Live facts about a product that change between builds (every order moves stock). */
export interface ProductAvailability {
  _id: string;
  price: number;
  discountPrice: number | null;
  stock: number;
  /** Each size's live price and stock, or null for a product without sizes. */
  sizes: ProductSize[] | null;
}

/** A home-page or promo banner. Field capitalisation (Heading, URL) is the API's. */
export interface Banner {
  _id: string;
  type: 'web' | 'mobile';
  status: 'active' | 'inactive';
  imageType: 'Banner' | 'PromoBanner' | 'Other';
  image: string;
  Heading: string;
  URL: string;
  products: { productId: string }[];
  /** The India days it shows from and to ('YYYY-MM-DD'; absent: open). */
  startsOn?: string;
  endsOn?: string;
}

/** A banner page: the banner plus its products resolved. */
export interface BannerWithProducts extends Banner {
  productDetails: Product[];
}

/** An announcement-bar message. */
export interface Heading {
  _id: string;
  message: string;
  isVisible: boolean;
}

/**
 * The catalogue resolved in memory for the static build, as listing and product pages read it: lists
 * plus the lookups that keep every page an in-memory read (the build's CatalogueSnapshot extends it).
 */
export interface CatalogueView {
  products: Product[];
  categories: Category[];
  collections: Collection[];
  subcategories: Subcategory[];
  productById: Map<string, Product>;
  /** Products of each collection by collection _id, latest first. */
  productsByCollection: Map<string, Product[]>;
  /** Products of each subcategory by subcategory _id, latest first. */
  productsBySubcategory: Map<string, Product[]>;
  /** Products of each category by category _id: every product of its subcategories. */
  productsByCategory: Map<string, Product[]>;
  /** Pieces that pair with each product, by product _id, in editorial order. */
  pairsById: Map<string, RelatedProduct[]>;
}

/** Filters offered on a listing page. */
export interface ListingFilters {
  tags: string[];
  attributes: Record<string, { options: { value: string; label: string }[] }>;
  dynamicFields: Record<string, string[]>;
  /** Highest product price on the listing, for the price slider's upper bound. */
  maxPrice: number;
}

/** Currencies the header offers; prices are always charged in INR. */
export const CURRENCIES = ['INR', 'USD', 'AED', 'EUR', 'AUD', 'GBP'] as const;
/** One of the offered currency codes. */
export type CurrencyCode = (typeof CURRENCIES)[number];

/** Display-only conversion rates: 1 INR = rate units of the currency. */
export type CurrencyRates = Record<CurrencyCode, number>;

/** Shop-wide settings kept in the catalogue. */
export interface ShopSettings {
  currencyRates: CurrencyRates;
  grievanceOfficer: { name: string; email: string; phone: string; address: string };
  /** Absent until a catalogue with a seller block is imported. */
  seller?: SellerDetails | null;
  /** The feature strip's lines as the shop wrote them (absent: the defaults). */
  featureStrip?: string[] | null;
}

/** The seller on tax invoices: legal name, registered address, GSTIN (the catalogue settings' seller block). */
export interface SellerDetails {
  name: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  gstin: string;
  email?: string;
  phone?: string;
}
