import type { Db, ObjectId } from 'mongodb';

/** Stored category. */
export interface CategoryDoc {
  _id: ObjectId;
  slug: string;
  name: string;
  position: number;
}

/** Stored subcategory; image paths are relative to the uploads base. */
export interface SubcategoryDoc {
  _id: ObjectId;
  slug: string;
  name: string;
  categoryId: ObjectId;
  image: string[];
  position: number;
}

/** Stored collection. */
export interface CollectionDoc {
  _id: ObjectId;
  slug: string;
  name: string;
  description: string;
  image: string[];
  position: number;
}

/**
 * Stored product. Attributes are kept as a list of pairs rather than a map because editors name them,
 * and a map key holding "." or a leading "$" is not storable in MongoDB or FerretDB.
 */
export interface ProductDoc {
  _id: ObjectId;
  slug: string;
  name: string;
  price: number;
  discountPrice: number | null;
  thumbnail: string;
  image: string[];
  stock: number;
  description: string;
  tags: string[];
  attributes: { name: string; value: string }[];
  dynamicFields: { _id: ObjectId; fieldName: string; value: string }[];
  categoryId: ObjectId;
  subcategoryId: ObjectId;
  collectionIds: ObjectId[];
  relatedIds: ObjectId[];
  pairIds: ObjectId[];
  featured: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** Stored banner; `key` is its identity across catalogue imports. */
export interface BannerDoc {
  _id: ObjectId;
  key: string;
  type: 'web' | 'mobile';
  status: 'active' | 'inactive';
  imageType: 'Banner' | 'PromoBanner' | 'Other';
  image: string;
  Heading: string;
  URL: string;
  productIds: ObjectId[];
  position: number;
}

/** Stored announcement-bar message. */
export interface HeadingDoc {
  _id: ObjectId;
  message: string;
  isVisible: boolean;
  position: number;
}

/** The single settings document (_id "shop"). */
export interface SettingsDoc {
  _id: string;
  currencyRates: Record<string, number>;
  grievanceOfficer: { name: string; email: string; phone: string; address: string };
}

/** One raw product event, kept for analytics. */
export interface EventDoc {
  productId: ObjectId;
  type: 'view' | 'click';
  userId: string | null;
  visitorId: string;
  at: Date;
}

/** Running view/click counters per product, bumped with $inc. */
export interface ProductStatsDoc {
  _id: ObjectId;
  views: number;
  clicks: number;
}

/** A contact-form message. */
export interface ContactMessageDoc {
  _id: ObjectId;
  name: string;
  email: string;
  phone: string;
  message: string;
  createdAt: Date;
}

/** A newsletter subscriber: one per address, whatever its case (emailKey is the folded address, unique). */
export interface SubscriberDoc {
  _id: ObjectId;
  /** The address as first given (trimmed). */
  email: string;
  /** The address folded to lower case: the identity that keeps one document per subscriber. */
  emailKey: string;
  /** Path of the page whose form was used. */
  source: string;
  /** When the shopper asked to receive offers (the first time; repeats do not move it). */
  consentAt: Date;
}

/** A fixed-window rate-limit counter; _id is "<limit>:<subject>|<window start>". */
export interface RateLimitDoc {
  _id: string;
  key: string;
  count: number;
  expiresAt: Date;
}

/** Typed handles to every collection; repositories go through these and nothing else does. */
export function collections(db: Db) {
  return {
    categories: db.collection<CategoryDoc>('categories'),
    subcategories: db.collection<SubcategoryDoc>('subcategories'),
    collections: db.collection<CollectionDoc>('collections'),
    products: db.collection<ProductDoc>('products'),
    banners: db.collection<BannerDoc>('banners'),
    headings: db.collection<HeadingDoc>('headings'),
    settings: db.collection<SettingsDoc>('settings'),
    events: db.collection<EventDoc>('events'),
    productStats: db.collection<ProductStatsDoc>('productStats'),
    contactMessages: db.collection<ContactMessageDoc>('contactMessages'),
    rateLimits: db.collection<RateLimitDoc>('rateLimits'),
    subscribers: db.collection<SubscriberDoc>('subscribers'),
  };
}
