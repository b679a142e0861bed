import type { DeliveryWindow } from '@shared/delivery';
import type { AttentionRecord } from '@shared/attention';
import { ObjectId, type Db } from 'mongodb';
import type { Role } from '@shared/api/auth';
import type { ProductDraft, ProductStatus, RatePricing } from '@shared/schemas/product';
import type { HomePage } from '@shared/schemas/home-page';
import type { Listing, ListingKind } from '@shared/schemas/listings';
import type { PublishState } from '@shared/api/catalogue-admin';
import type { BillingAddress, ShippingAddress } from '@shared/schemas/address';
import type { OrderStatus, PaymentStatus } from '@shared/orders';
import type { ChargeInput } from '@shared/invoice/gst';
import type { SellerDetails } from '@shared/types';
import type { PaymentMethod } from '@shared/pricing';
import type { DiscountKind, DiscountStatus } from '@shared/discounts';
import type { StockChangeReason, StockMovementCause } from '@shared/inventory';
import type { DayIncrements, ShopCounter } from './repositories/order-figures';
import type { ReturnCondition, ReturnKind, ReturnReason, ReturnStatus } from '@shared/returns';

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
  /** Each photo's alt text, in the photos' order; absent or empty where none was written (the name is read then). */
  imageAlt?: string[];
  /** How the price is worked out from the day's silver rate; absent for a fixed price. */
  pricing?: RatePricing;
  /** The sizes it is sold in (each a unit of its own stock, in the inventory collection), or null/absent. */
  sizes?: ProductSizesDoc | null;
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
  /** Absent on products stored before statuses existed: they count as active. */
  status?: ProductStatus;
  /** Web addresses it had before (a publish that changed its slug adds the old one): each redirects to the current one. */
  formerSlugs?: string[];
  weightGrams?: number | null;
  hsn?: string;
  seoTitle?: string;
  seoDescription?: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The fields a publish writes on a product (those the back office does not edit are kept as they are). */
export type LiveProductFields = Omit<ProductDoc, 'relatedIds' | 'pairIds' | 'featured' | 'createdAt' | 'formerSlugs'>;

/**
 * The products shoppers, the public API and checkout see: those on sale. Drafts are never shown; archived products
 * keep only their own page, which says they are no longer available. Products stored before statuses existed have
 * none and are on sale.
 */
export const ON_SALE = { status: { $nin: ['draft', 'archived'] as ProductStatus[] } };

/**
 * A product being edited in the back office (_id 'product:<product id>'): the whole product as last saved, and
 * the version that save made. Saves are conditional on the version the editor loaded, so a later save never
 * silently overwrites another; none of them touches the live products collection.
 */
export interface CatalogueDraftDoc {
  _id: string;
  productId: ObjectId;
  /** True for a product that is not live yet (made with New product). */
  isNew: boolean;
  version: number;
  product: ProductDraft;
  updatedAt: Date;
  /** Who saved last: '<role>:<phone>' and the name the back office shows. */
  updatedBy: string;
  updatedByName: string;
  createdAt: Date;
  /** The version last put live by a publish (absent: never published); the draft waits while `version` is ahead. */
  publishedVersion?: number;
  /** True from a save until a publish puts that version live: what Publish looks for (indexed), instead of every draft. */
  waiting?: boolean;
}

/**
 * The home page's saved draft (home_drafts, _id 'home'): its banners, announcement messages and feature-strip lines
 * as the back office saved them, and a version each save moves on (checked by the save, as for products).
 */
export interface HomeDraftDoc {
  _id: 'home';
  version: number;
  home: HomePage;
  updatedAt: Date;
  updatedBy: string;
  updatedByName: string;
  /** The version last put live by a publish (absent: never published). */
  publishedVersion?: number;
}

/**
 * A collection's or subcategory's saved draft (listing_drafts, _id '<kind>:<id>'): its name, description and
 * picture as the back office saved them, and a version each save moves on.
 */
export interface ListingDraftDoc {
  _id: string;
  kind: ListingKind;
  refId: ObjectId;
  version: number;
  listing: Listing;
  updatedAt: Date;
  updatedBy: string;
  updatedByName: string;
  /** The version last put live by a publish (absent: never published). */
  publishedVersion?: number;
}

/** The deploy a publish started: Netlify's (found by its title) or the local server's (by its id). */
export type PublishDeployDoc = { kind: 'netlify'; title: string; triggeredAt: Date } | { kind: 'local'; id: string };

/**
 * One publish of the catalogue (catalogue_publishes): who started it and when, the drafts it put live (each at the
 * version it took), the deploy it started, and how it ended. Only one runs at a time (the lock 'catalogue-publish').
 */
export interface CataloguePublishDoc {
  _id: ObjectId;
  state: PublishState;
  startedAt: Date;
  startedBy: string;
  startedByName: string;
  products: { productId: ObjectId; name: string; version: number }[];
  /** The home page's draft it put live, at that version, and how many banners it holds (absent: none). */
  home?: { version: number; banners: number } | null;
  /** The collections and subcategories it put live, each at the version it took. */
  listings?: { draftId: string; name: string; version: number }[];
  /** Why pages were rebuilt with nothing put live (the banner schedule); absent for a publish of changes. */
  reason?: string;
  deploy: PublishDeployDoc | null;
  finishedAt: Date | null;
  message: string | null;
  /** Who pressed Publish while this one ran: the changes waiting when it ends are published next, in their name. */
  queuedBy: { by: string; name: string } | null;
  updatedAt: Date;
}

/** A lock one process holds at a time (locks): its holder, and when it lapses if the holder died. */
export interface LockDoc {
  _id: string;
  holder: string | null;
  until: Date;
}

/** One saved version of a draft (_id '<draft id>@<version>'): who, when, which fields changed, and the product as saved. */
export interface CatalogueVersionDoc {
  _id: string;
  draftId: string;
  productId: ObjectId;
  version: number;
  at: Date;
  by: string;
  byName: string;
  /** The fields this save changed (the product's field names), against the version before or the live product. */
  changed: string[];
  product: ProductDraft;
}

/** One size of a product as stored: its value and, when it has one, its own price. Stock is in the inventory. */
interface SizeValueDoc {
  value: string;
  price: number | null;
  discountPrice: number | null;
  /** The seller's code for this size (Shopify's Variant SKU), for the stock team. */
  sku: string | null;
}

/** A product's sizes as stored. */
export interface ProductSizesDoc {
  name: string;
  guide: 'ring' | 'bangle' | 'length' | null;
  values: SizeValueDoc[];
}

/**
 * The stock of one sellable unit: a product, or a product in one size. Kept apart from the product document
 * so an order's conditional $inc rewrites a few bytes, not the catalogue entry. _id is the product's id, or
 * '<product id>:<size>' (see unitId).
 */
export interface InventoryDoc {
  _id: string;
  productId: ObjectId;
  size: string | null;
  stock: number;
  /**
   * Marks of recent stock takes, in three buckets by minute (see inventoryRepository.take): they let a take
   * whose reply was lost be told apart from one that never happened. Absent until the first order.
   */
  holds0?: string[];
  holds1?: string[];
  holds2?: string[];
  /**
   * Order takes not yet settled, by mark (its '.' written '_'): the pieces each holds. Recorded with the take and
   * removed once its order is stored or the pieces go back, so a process that dies in between leaves a take the
   * recovery job finds (see abandoned-takes.service). Absent or empty when nothing is in flight.
   */
  open?: Record<string, number>;
  /**
   * Moves of an order's pieces applied to this unit (a cancel's give-back, a late payment's take), by move id,
   * each with its order's id: what makes a move applied at most once whatever dies and is run again. Kept a
   * day after the move (see MOVE_RECORD_KEEP_MS), then cleared by the recovery job.
   */
  moved?: Record<string, string>;
  /**
   * Order takes the recovery job gave back because no order held them, by mark (as `open`): kept a day, so an
   * order its try stored after all (a try slower than the age the job went by) takes its pieces again, once.
   */
  recovered?: Record<string, { quantity: number; at: Date }>;
  /**
   * Takes that are not orders' (a replacement being sent), by take id, from the take until the step that keeps
   * them is recorded (or they go back): what lets the recovery job give back the pieces of a click that died in
   * between. Absent or empty when nothing is in flight.
   */
  pending?: Record<string, { quantity: number; ref: string; at: Date }>;
  /**
   * Pending takes the recovery job gave back (their click was slower than the age it went by, or dead), by take
   * id: kept a day, so a click whose step ships the replacement after all takes its pieces again, once.
   */
  pendingGivenBack?: Record<string, { quantity: number; ref: string; at: Date }>;
  /**
   * Return requests whose sellable pieces came back into this unit, by request id, written in the same update as the
   * stock: what makes a return's give-back happen once, whoever runs it (the receiving click, its retry, the
   * recovery job). Cleared by the recovery job once the request records it ('given').
   */
  returnsBack?: Record<string, Date>;
  /**
   * When this unit's ledger began (its creation, or the migration that gave an older unit an opening entry):
   * from then on every change of `stock` carries its movement in the same update.
   */
  ledgerSince?: Date;
  /**
   * Movements written with the stock change they describe, by key (see stockLedgerRepository), waiting to be
   * copied into the stock ledger: the same update, so no process death can leave a change unrecorded.
   */
  ledger?: Record<string, UnitMovementDoc>;
}

/** One movement of a unit's stock as written with it: pieces in or out, why, and what it belongs to. */
export interface UnitMovementDoc {
  d: number;
  cause: StockMovementCause;
  at: Date;
  /** The order's or return's id, when the movement belongs to one. */
  ref?: string;
  /** An admin's change: who, why and their note. */
  by?: string;
  reason?: StockChangeReason;
  note?: string;
}

/** A movement as a writer of stock describes it; the key makes it recorded once however often it is written. */
export interface MovementNote extends Omit<UnitMovementDoc, 'd' | 'at'> {
  /** Unique to the event ('order-<mark>', 'move-<id>', 'return-<id>', 'admin-<id>' …). */
  key: string;
}

/** A movement's key as stored: on its unit (a field name, which cannot hold '.') and in the ledger's _id. */
export const storedMovementKey = (key: string): string => key.replaceAll('.', '_');

/** The ledger's _id of a unit's movement. */
export const movementId = (unit: string, key: string): string => `${unit}|${storedMovementKey(key)}`;

/** The unit field a movement is written to with its stock change. */
export const movementField = (key: string): string => `ledger.${storedMovementKey(key)}`;

/** The `$set` that writes a movement of `d` pieces beside the stock change it describes. */
export function movementSet(note: MovementNote, d: number, at: Date): Record<string, UnitMovementDoc> {
  const { key, ...rest } = note;
  return { [movementField(key)]: { ...rest, d, at } };
}

/** A new unit's fields that start its ledger: its first stock is its first movement. */
export function ledgerStart(note: MovementNote, stock: number, at: Date): Pick<InventoryDoc, 'ledgerSince' | 'ledger'> {
  const { key, ...rest } = note;
  return { ledgerSince: at, ledger: { [storedMovementKey(key)]: { ...rest, d: stock, at } } };
}

/** The stock ledger: every movement of every unit, copied from the units (_id '<unit>|<movement key>'). */
export interface StockLedgerDoc extends UnitMovementDoc {
  _id: string;
  unit: string;
}

/** One recorded change of a unit's stock by an admin: from what to what, why, who and when. */
export interface StockChangeDoc {
  _id: ObjectId;
  unit: string;
  productId: ObjectId;
  size: string | null;
  name: string;
  from: number;
  to: number;
  reason: StockChangeReason;
  note: string;
  by: string;
  at: Date;
}

/**
 * Settings admins change from their pages, apart from the catalogue's: _id 'inventory' (the low-stock threshold)
 * and 'silver-rate' (the day's rate prices are worked out at, with a version each change bumps).
 */
interface AdminSettingsDoc {
  _id: string;
  lowStockThreshold?: number;
  rupeesPerGram?: number;
  version?: number;
  updatedAt: Date;
  updatedBy: string;
}

/** The inventory _id of a product, or of one size of it. */
export function unitId(productId: ObjectId | string, size?: string | null): string {
  const id = typeof productId === 'string' ? productId : productId.toHexString();
  return size ? `${id}:${size}` : id;
}

/** The product and size an inventory _id names (the reverse of unitId). */
export function unitParts(unit: string): { productId: ObjectId; size: string | null } {
  return { productId: new ObjectId(unit.slice(0, 24)), size: unit.slice(25) || null };
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
  /** The India days it shows from and to (src/shared/banner-schedule.ts); absent: open. */
  startsOn?: string;
  endsOn?: string;
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
  /** The seller printed on tax invoices; absent until a catalogue with a seller block is imported. */
  seller?: SellerDetails;
  /** The feature strip's five lines as the shop wrote them (src/shared/feature-strip.ts); absent: the defaults. */
  featureStrip?: string[];
}

/** One raw product event, kept for analytics. */
interface EventDoc {
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
interface ContactMessageDoc {
  _id: ObjectId;
  name: string;
  email: string;
  phone: string;
  message: string;
  createdAt: Date;
}

/** A newsletter subscriber: one per address, whatever its case (emailKey is the folded address, unique). */
interface SubscriberDoc {
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
interface RateLimitDoc {
  _id: string;
  key: string;
  count: number;
  expiresAt: Date;
}

/** A saved delivery address (the checkout's rules), kept on the profile to prefill the next checkout. */
export type AddressDoc = ShippingAddress;

/** A shopper (or an editor or admin, by role on this record only). Identified by a proven phone number. */
export interface UserDoc {
  _id: ObjectId;
  phone: string;
  firstName: string;
  lastName: string;
  email: string | null;
  role: Role;
  /** Tokens carry the version they were issued under; bumping it signs the user out everywhere. */
  tokenVersion: number;
  address: AddressDoc | null;
  createdAt: Date;
  updatedAt: Date;
  lastLoginAt: Date | null;
  /** Set on an account made admin before its first sign-in: that sign-in's name and email name it (then removed). */
  awaitingName?: true;
  /**
   * The order try holding this shopper's one first order (a first-order code's use): its mark (the order's
   * attemptId, '<order id>:…') and when it was claimed, so recovery can tell a live claim from a dead try's.
   */
  firstOrderClaim?: FirstOrderClaimDoc;
}

/** A shopper's first order, claimed by one order try (see UserDoc.firstOrderClaim). */
export interface FirstOrderClaimDoc {
  mark: string;
  at: Date;
}

/**
 * The one-time code state of a phone (_id = the phone). The code itself is never stored: only an HMAC of
 * it. `version` changes with every send, so a code check or a concurrent send can detect that it lost a race.
 */
export interface OtpChallengeDoc {
  _id: string;
  version: number;
  codeHash: string | null;
  expiresAt: Date;
  /**
   * Guesses taken by this code: each is counted before it is compared (so the right one counts too, and a
   * used code's count no longer matters). The field keeps this name so codes stored under it stay valid across deploys.
   */
  failedAttempts: number;
  consumed: boolean;
  lastSentAt: Date;
  /** Start of the current hour of sends and how many codes went out in it. */
  sendWindowStart: Date;
  sendsInWindow: number;
  /** The name typed at sign-in; once the phone is proven it names the account, if that sign-in creates it. */
  pending: { firstName: string; lastName: string; email: string };
}

/** A text message the local stand-in for the SMS provider kept instead of sending. Local use only. */
export interface SmsOutboxDoc {
  _id: ObjectId;
  to: string;
  text: string;
  createdAt: Date;
}

/** An email the local SMTP stand-in received instead of delivering it. Local use only. */
export interface MailOutboxDoc {
  _id: ObjectId;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: Date;
}

/** One line of a stored order: the product as it was when ordered, the unit price charged, the quantity. */
export interface OrderLineDoc {
  productId: ObjectId;
  name: string;
  slug: string;
  /** Image paths relative to the uploads base, like the catalogue's. */
  thumbnail: string;
  image: string;
  /** The size bought ('12') and its option's name ('Ring size'); absent for a product without sizes. */
  size?: string | null;
  sizeName?: string | null;
  /** What one unit sold for, in paise. */
  pricePaise: number;
  quantity: number;
  /** This line's share of the order's discount, in paise; absent without a discount. */
  discountPaise?: number;
}

/**
 * The discount code an order used: the rule as it was applied, and what it took off in rupees. The use it
 * holds on the code (and on the shopper's count) carries the order's attemptId as its mark, so it is given
 * back once, when the order's stock is (cancelled, or its payment hold lapsed).
 */
export interface OrderDiscountDoc extends DiscountTermsDoc {
  code: string;
  /** What the code took off this order, in paise. */
  amountPaise: number;
}

/**
 * A discount code (_id = the code in upper case, so codes match whatever their case). `used` counts the uses
 * orders hold and `holders` their marks: a use is taken by one conditional update (used below the limit)
 * that pushes the order's mark, and given back by one that pulls it, so each is applied at most once.
 */
/** What a code takes off, as stored: a percentage (capped or not) or a flat amount; amounts in paise. */
export interface DiscountTermsDoc {
  kind: DiscountKind;
  /** Percent off (10, 7.5) for a percent code; null for a flat one. */
  percent: number | null;
  /** Paise off for a flat code; null for a percent one. */
  flatPaise: number | null;
  /** Most a percent code takes off, in paise; null for no cap (and for a flat code). */
  maxOffPaise: number | null;
}

/** A discount code: what it takes off and its rules (the least order value in paise), with its uses and audit. */
export interface DiscountCodeDoc extends DiscountTermsDoc {
  _id: string;
  minOrderPaise: number;
  startsAt: Date | null;
  endsAt: Date | null;
  totalUses: number | null;
  perShopperUses: number | null;
  firstOrderOnly: boolean;
  status: DiscountStatus;
  note: string;
  used: number;
  holders: string[];
  createdAt: Date;
  updatedAt: Date;
  updatedBy: string;
}

/** One shopper's uses of one code (_id '<CODE>|<user id>'), counted like the code's own. */
interface DiscountShopperUsesDoc {
  _id: string;
  code: string;
  userId: ObjectId;
  used: number;
  holders: string[];
}

/** How an order travels once shipped: the courier, its tracking (AWB) number and link, and its expected date. */
export interface ShipmentDoc {
  courier: string;
  awb: string;
  /** The link the admin gave, or null (the pages then link the courier's own tracking page). */
  trackingUrl: string | null;
  /** 'YYYY-MM-DD' (India), as the courier gave it; null when not given. */
  expectedDelivery: string | null;
  shippedAt: Date;
  by: string;
}

/** One step of an order's history. */
export interface StatusChangeDoc {
  status: OrderStatus;
  at: Date;
  by: string;
  /** Set on the entry an admin's undo appends: the step undone (the order went back to `status`). */
  undid?: OrderStatus;
}

/**
 * An admin's forward step that can still be undone: where the order came from, the step's messages (held until
 * `until`) and what the step itself changed. Valid only while the order's updatedAt is still `at` (nothing
 * has changed the order since); any later status change clears it.
 */
export interface UndoDoc {
  step: OrderStatus;
  from: OrderStatus;
  at: Date;
  until: Date;
  by: string;
  /** The step's messages to the shopper ('packed:sms'), held in noticesHeld until `until`. */
  keys: string[];
  /** Delivered recorded a cash-on-delivery order's cash as paid: undo makes it due again. */
  cashCollected: boolean;
}

/**
 * A refund of an online payment: recorded (status 'requested') before Razorpay is asked, so one payment is
 * refunded at most once however many requests race; then Razorpay's refund id and status, or 'failed'.
 */
export interface RefundDoc {
  id: string | null;
  status: string;
  amountPaise: number;
  at: Date;
  /** The payment refunded (a payment for a cancelled order may differ from razorpayPaymentId). */
  paymentId: string;
  /**
   * Set when an admin retried this refund after it failed: the retry's key (a hash of the click's Idempotency-Key),
   * from which its Razorpay idempotency key and its message to the shopper ('refund-<key>') derive.
   */
  retryKey?: string;
  /**
   * Razorpay's idempotency key the refund was first asked with (absent on refunds stored before keys): asking again
   * with it answers the refund Razorpay made, so one whose answer was lost is asked again rather than marked failed.
   */
  razorpayKey?: string;
  /** Why a 'failed' refund failed, when that is certain: Razorpay refused the request, or its webhook reported it failed. */
  failure?: 'refused' | 'reported';
}

/** How a refund reaches the shopper: back to the online payment through Razorpay, or by hand for cash paid. */
export type RefundMethod = 'razorpay' | 'upi' | 'bank_transfer';

/**
 * One refund in an order's ledger (order.refunds, keyed by a hash of the admin's Idempotency-Key). Claimed as
 * 'requested' in the same conditional update that raises order.refundedPaise, so the sum never passes what was
 * paid; settled by its key ('processed' is final; 'failed' gives its paise and quantities back once).
 */
export interface RefundEntryDoc {
  key: string;
  /** A hash of what was asked (lines, method, reference): the same key with another body is refused. */
  fingerprint: string;
  /** The lines and quantities refunded (for "everything left", what remained of each line) and their paise. */
  lines: { index: number; quantity: number; paise: number }[];
  /** True for "everything left" (it also refunds shipping and the COD fee). */
  whole: boolean;
  paise: number;
  method: RefundMethod;
  /** The UPI or bank transfer reference of a cash order's refund; null for Razorpay. */
  reference: string | null;
  razorpayRefundId: string | null;
  status: 'requested' | 'processed' | 'failed';
  error?: string;
  by: string;
  at: Date;
  settledAt?: Date;
  creditNote: string | null;
}

/** What became of one message to the shopper ('sending' while a request sends it). */
export interface NoticeStateDoc {
  state: 'sending' | 'sent' | 'failed' | 'skipped';
  at: Date;
  attempts: number;
  error?: string;
}

/** A stored order. Amounts in whole paise (the API's edge shows rupees: see orders.repository's toOrder). */
export interface OrderDoc {
  _id: ObjectId;
  userId: ObjectId;
  /** 'HRM-' and the id's last six characters, upper case: what shoppers quote, searchable by admins. */
  orderNumber: string;
  products: OrderLineDoc[];
  shippingInfo: ShippingAddress;
  billingInfo: BillingAddress;
  paymentMethod: PaymentMethod;
  subtotalPaise: number;
  /** The discount code applied (totalPaise = subtotalPaise − discount.amountPaise + shippingPaise); absent without one. */
  discount?: OrderDiscountDoc;
  /** Shipping, which is the COD fee for a cash order (free online). */
  shippingPaise: number;
  totalPaise: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /** Absent for cash on delivery (a sparse unique index covers the online ones). */
  razorpayOrderId?: string;
  razorpayPaymentId?: string;
  /** "<user id>:<scope>:<Idempotency-Key>" of the request that placed it; absent when none was sent. */
  idempotencyKey?: string;
  /** A hash of that request's body, so the key cannot be reused for a different order. */
  idempotencyFingerprint?: string;
  /** The request attempt that placed it: its stock marks in the inventory carry this id. */
  attemptId?: string;
  /**
   * The stock this order took: 'taken' while it holds it (until delivery it stays taken), 'returned' once
   * given back. holdExpiresAt is set while an online order waits for its payment. 'returning' (a cancel) and
   * 'retaking' (a payment after the hold lapsed) are set in the same update as the status, with a `moveId`,
   * while its units are moved one by one (each unit once per move, see stock-moves.ts); the recovery job
   * finishes a move whose process died.
   */
  stock: { state: 'taken' | 'returning' | 'returned' | 'retaking'; holdExpiresAt: Date | null; moveId?: string };
  statusHistory: StatusChangeDoc[];
  /** The courier and tracking number it shipped with (set when an admin marks it Shipped). */
  shipment?: ShipmentDoc;
  /** The delivery window promised when it was placed (absent on orders placed before promises were kept). */
  delivery?: DeliveryWindow;
  /** Set when something needs a person: the sentence an admin reads (e.g. paid after its stock hold had expired). */
  needsAttention: string | null;
  /** The flag's reason as a code (src/shared/attention.ts); absent on orders flagged before reasons had codes. */
  attention?: AttentionRecord | null;
  refund: RefundDoc | null;
  /** Refunds of part or all of a paid order, by entry key (see RefundEntryDoc); absent before the first. */
  refunds?: Record<string, RefundEntryDoc>;
  /** Paise refunded or being refunded (requested + processed), never more than what was paid. */
  refundedPaise?: number;
  /** Units refunded per line index ('0' → 1), capped by what was bought. */
  refundedQty?: Record<string, number>;
  /**
   * Units replaced per line index ('0' → 1): claimed when a replacement ships, in a conditional update pinned to
   * this and refundedQty as read, so a line's refunds and replacements together never pass what was bought.
   */
  replacedQty?: Record<string, number>;
  /** The return requests whose replacement holds units in replacedQty (so a retried or doubled ship claims once). */
  replacedFor?: string[];
  /**
   * Lines a shopper has asked to return or replace, marked on the order (only while it is delivered) before the
   * request is stored: the delivery's undo is conditional on there being none, in the same single-document update.
   */
  returnLines?: number[];
  /** Refund entries still 'requested' (the order is fully refunded only when none is). */
  refundsPending?: number;
  /** The GST credit notes issued against its invoice (refunds, a cancellation), oldest first. */
  creditNotes?: CreditNoteRefDoc[];
  /** Who cancelled it: the shopper, an admin, or the shop itself when an unpaid order's stock hold lapsed. */
  cancelledBy?: 'customer' | 'admin' | 'system';
  /**
   * Messages to the shopper still to send, as '<event>:<channel>' keys ('confirmed:sms'). They are added in
   * the same conditional update as the event itself, so each event queues its messages exactly once, and a
   * sender takes a key out with one conditional update before sending (see notices.service.ts).
   */
  noticesDue?: string[];
  /** What became of each message, by the same keys. */
  notices?: Record<string, NoticeStateDoc>;
  /**
   * Messages an admin's step holds back for its undo window, by key: not sent before that moment (the
   * every-minute send_held_notices job sends them after it; an undo drops them).
   */
  noticesHeld?: Record<string, Date>;
  /** The last admin step, while it can be undone (see UndoDoc); null or absent otherwise. */
  undo?: UndoDoc | null;
  /** The GST invoice number, assigned the first time the invoice is opened. */
  invoiceNumber?: string;
  /** When that number was issued (the invoice's date). */
  invoiceDate?: Date;
  /** Who is issuing the number right now (a request's claim), so concurrent first requests take one number. */
  invoiceClaim?: { id: string; at: Date };
  createdAt: Date;
  updatedAt: Date;
}

/** One step of a return request's history. */
export interface ReturnStepDoc {
  status: ReturnStatus;
  at: Date;
  by: string;
}

/**
 * A shopper's request to return one order line for a refund or a replacement. _id is '<order id>-<line index>',
 * so a doubled request makes one document. Every step is one conditional update on the status it was read in;
 * `stockBack` flips once to 'given' in the update that records a sellable piece, which is what gives stock back
 * once, and `stockTaken` records the replacement's take (its mark is the request's id).
 */
export interface ReturnDoc {
  _id: string;
  orderId: ObjectId;
  userId: ObjectId;
  orderNumber: string;
  lineIndex: number;
  productId: ObjectId;
  name: string;
  size: string | null;
  replacementSize: string | null;
  quantity: number;
  kind: ReturnKind;
  reason: ReturnReason;
  note: string;
  status: ReturnStatus;
  adminNote: string;
  condition: ReturnCondition | null;
  /** 'due' from the update that records a sellable piece until its pieces are back in stock ('given'). */
  stockBack: 'due' | 'given' | null;
  /** The unit a replacement took its pieces from, once taken. */
  replacementUnit: string | null;
  /** The take (one click's) whose pieces the shipped replacement holds: the recovery job keeps it, gives back any other. */
  replacementTakeId?: string;
  shipment: ShipmentDoc | null;
  refundRef: string | null;
  history: ReturnStepDoc[];
  /** Messages to the shopper still to send ('approved:sms'), queued in the update of the step itself. */
  noticesDue: string[];
  notices: Record<string, NoticeStateDoc>;
  createdAt: Date;
  updatedAt: Date;
}

/** A credit note as the order lists it. */
export interface CreditNoteRefDoc {
  id: string;
  number: string;
  at: Date;
  amountPaise: number;
  kind: 'refund' | 'cancellation';
}

/**
 * A GST credit note (_id '<order id>-<refund key>' or '<order id>-cancel': one per source, so a source can
 * never get two). Numbered like invoices: a request claims it, takes the next CN/<FY>/ number from an atomic
 * counter and writes it while it still holds the claim. Its charges are fixed when it is created.
 */
export interface CreditNoteDoc {
  _id: string;
  orderId: ObjectId;
  kind: 'refund' | 'cancellation';
  /** The refund entry's key for a refund's note; null for a cancellation. */
  refundKey: string | null;
  reason: string;
  /** What it credits, as invoice charges (GST-inclusive paise; lines after their discount share). */
  charges: ChargeInput[];
  amountPaise: number;
  invoiceNumber: string;
  invoiceDate: Date;
  /** CN/<FY>/000001, once issued. */
  number?: string;
  issuedAt?: Date;
  claim?: { id: string; at: Date };
  createdAt: Date;
}

/** A piece's figures for one India day (see order-figures.ts); absent counters are 0. */
export interface ProductDayFiguresDoc {
  units?: number;
  revenuePaise?: number;
  orders?: number;
  views?: number;
  clicks?: number;
  returns?: number;
  /** Units sold by size, by sizeKey. */
  sizes?: Record<string, number>;
}

/**
 * The owner's figures for one India day (daily_figures, _id 'YYYY-MM-DD'), kept by single-document $inc as orders,
 * refunds, returns and product events arrive; the dashboard reads months (shop_months, piece_months) and only the
 * days at a range's ends, never the raw data. `applied` holds, per order ('o<id>'), the change being counted, which
 * is what makes it count once however often it is replayed; the mark is taken off once the change is counted
 * everywhere, so documents stay small.
 */
export interface DailyFiguresDoc {
  _id: string;
  shop?: Partial<Record<ShopCounter, number>>;
  /** By codeKey: the code's uses and what it took off, in paise. */
  codes?: Record<string, { uses?: number; paise?: number }>;
  /** By productKey. */
  products?: Record<string, ProductDayFiguresDoc>;
  applied?: Record<string, number>;
  /** Moved by every write: a rebuild's correction is pinned to the version it compared. */
  v?: number;
}

/**
 * The whole shop's figures of one month (shop_months, _id 'YYYY-MM'), day by day: `days.<DD>` holds that day's shop
 * counters and codes as its daily_figures document does, so a range's totals and its chart read one small document per
 * month. Kept by the same conditional $inc as the days; `applied` marks live only while a change is being applied.
 */
export interface ShopMonthDoc {
  _id: string;
  days?: Record<string, Pick<DailyFiguresDoc, 'shop' | 'codes'>>;
  applied?: Record<string, number>;
  v?: number;
}

/**
 * Every piece's figures of one month summed (piece_months, _id 'YYYY-MM'): a range's pieces read whole months here
 * and only the days at its ends from daily_figures.
 */
export interface PieceMonthDoc {
  _id: string;
  products?: Record<string, ProductDayFiguresDoc>;
  applied?: Record<string, number>;
  v?: number;
}

/**
 * What one order has added to the daily figures (order_figures, _id the order's id): the increments as of `rev`,
 * and while a change is being applied, that change (`pending`: the days' deltas and the rev they carry), so a
 * process that dies half-way is finished by the next one to look.
 */
export interface OrderFiguresDoc {
  _id: ObjectId;
  rev: number;
  figures: DayIncrements;
  pending: { rev: number; delta: DayIncrements; at: Date } | null;
  updatedAt: Date;
}

/** A named sequence, bumped atomically with $inc (e.g. "invoice:2026-27", the invoice numbers of one financial year). */
interface CounterDoc {
  _id: string;
  seq: number;
  /**
   * How far the recovery job has checked a document series for numbers taken and never used (see
   * document-number-gaps.ts): every number up to `through` is on a document or recorded void; `seenSeq` is the
   * counter as that run saw it, checked by the next run (numbers taken before it are no longer in flight).
   */
  audit?: { through: number; seenSeq: number; at: Date };
}

/** A GST document number taken from its series and never used (_id: the number, e.g. 'INV/2026-27/000042'). */
export interface VoidNumberDoc {
  _id: string;
  series: string;
  sequence: number;
  /** When the recovery job recorded it void. */
  at: Date;
  reason: string;
}

/** A Razorpay webhook event already handled (its id is Razorpay's x-razorpay-event-id). */
interface WebhookEventDoc {
  _id: string;
  event: string;
  receivedAt: Date;
}

/** Typed handles to every collection, shared (and frozen) per database; repositories go through these and nothing else does. */
export function collections(db: Db): CollectionHandles {
  let handles = handlesByDb.get(db);
  if (!handles) {
    handles = Object.freeze(collectionHandles(db));
    handlesByDb.set(db, handles);
  }
  return handles;
}

/** The typed handles of one database. */
export type CollectionHandles = Readonly<ReturnType<typeof collectionHandles>>;

/**
 * Made once per database object: repositories ask for their handles on every call, and building all of them
 * (each resolving its options) was about a millisecond of CPU per order on the shop's busiest path.
 */
const handlesByDb = new WeakMap<Db, CollectionHandles>();

function collectionHandles(db: Db) {
  return {
    categories: db.collection<CategoryDoc>('categories'),
    subcategories: db.collection<SubcategoryDoc>('subcategories'),
    collections: db.collection<CollectionDoc>('collections'),
    products: db.collection<ProductDoc>('products'),
    inventory: db.collection<InventoryDoc>('inventory'),
    banners: db.collection<BannerDoc>('banners'),
    headings: db.collection<HeadingDoc>('headings'),
    settings: db.collection<SettingsDoc>('settings'),
    events: db.collection<EventDoc>('events'),
    productStats: db.collection<ProductStatsDoc>('productStats'),
    contactMessages: db.collection<ContactMessageDoc>('contactMessages'),
    rateLimits: db.collection<RateLimitDoc>('rateLimits'),
    users: db.collection<UserDoc>('users'),
    otpChallenges: db.collection<OtpChallengeDoc>('otp_challenges'),
    smsOutbox: db.collection<SmsOutboxDoc>('sms_outbox'),
    mailOutbox: db.collection<MailOutboxDoc>('mail_outbox'),
    orders: db.collection<OrderDoc>('orders'),
    webhookEvents: db.collection<WebhookEventDoc>('webhook_events'),
    subscribers: db.collection<SubscriberDoc>('subscribers'),
    counters: db.collection<CounterDoc>('counters'),
    voidNumbers: db.collection<VoidNumberDoc>('void_document_numbers'),
    discountCodes: db.collection<DiscountCodeDoc>('discount_codes'),
    discountShopperUses: db.collection<DiscountShopperUsesDoc>('discount_shopper_uses'),
    stockChanges: db.collection<StockChangeDoc>('stock_changes'),
    stockLedger: db.collection<StockLedgerDoc>('stock_ledger'),
    adminSettings: db.collection<AdminSettingsDoc>('admin_settings'),
    returns: db.collection<ReturnDoc>('returns'),
    creditNotes: db.collection<CreditNoteDoc>('credit_notes'),
    catalogueDrafts: db.collection<CatalogueDraftDoc>('catalogue_drafts'),
    homeDrafts: db.collection<HomeDraftDoc>('home_drafts'),
    listingDrafts: db.collection<ListingDraftDoc>('listing_drafts'),
    catalogueVersions: db.collection<CatalogueVersionDoc>('catalogue_versions'),
    cataloguePublishes: db.collection<CataloguePublishDoc>('catalogue_publishes'),
    locks: db.collection<LockDoc>('locks'),
    dailyFigures: db.collection<DailyFiguresDoc>('daily_figures'),
    orderFigures: db.collection<OrderFiguresDoc>('order_figures'),
    shopMonths: db.collection<ShopMonthDoc>('shop_months'),
    pieceMonths: db.collection<PieceMonthDoc>('piece_months'),
  };
}
