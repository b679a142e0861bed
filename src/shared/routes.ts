/**
 * Every path the shop links to, spelled once: pages, menus, cards, breadcrumbs, the sitemap and
 * robots.txt build their links here, and so do pages not built yet (checkout, sign-in, orders).
 * The paths are the shop's public URLs and must stay exactly as written (the capital in
 * /Order-success is deliberate: shoppers and old links use it). Path parameters are encoded with
 * encodeURIComponent. Imports nothing, so islands and the build share it for a few hundred bytes.
 */

/** A catalogue entry addressed by its slug, falling back to its id when the slug is empty. */
export interface SlugOrId {
  slug?: string | null;
  _id: string;
}

/** The listing slug that lists every product: /collections/products. */
export const ALL_PRODUCTS_SLUG = 'products';

const segment = (value: string): string => encodeURIComponent(value);
const slugOrId = (entry: string | SlugOrId): string => segment(typeof entry === 'string' ? entry : entry.slug || entry._id);
const withOrderId = (path: string, orderId?: string): string => (orderId ? `${path}?orderId=${encodeURIComponent(orderId)}` : path);

/** The shop's routes: fixed paths as strings, paths with parameters as functions. */
export const routes = {
  /** Home page. */
  home: '/',
  /** Listing of every product. */
  allProducts: `/collections/${ALL_PRODUCTS_SLUG}`,
  /** Listing of a category, collection or subcategory: /collections/{slug}, the id when it has no slug. */
  collection: (entry: string | SlugOrId): string => `/collections/${slugOrId(entry)}`,
  /** The static JSON holding every card of a listing, fetched when the shopper filters or pages on. */
  collectionData: (slug: string): string => `/collections/${segment(slug)}.json`,
  /** Product detail: /collections/products/detail/{slug}, the id when it has no slug. */
  product: (entry: string | SlugOrId): string => `/collections/products/detail/${slugOrId(entry)}`,
  /** The cart page. */
  cart: '/productcard',
  /** Checkout. */
  checkout: '/checkouts',
  /** The signed-in shopper's account (orders, address). */
  account: '/account',
  /** Sign-in with name and phone. */
  login: '/login',
  /** One-time code entry and resend. */
  otp: '/resent-otp',
  /**
   * A published address for the landing after a confirmed code. No page has it: a confirmed code returns the shopper where
   * sign-in started (else home), and netlify.toml sends old /dashboard links to the account page.
   */
  dashboard: '/dashboard',
  /** The wishlist page. */
  wishlist: '/wishlist',
  /** Thank-you page of one order. */
  orderSuccess: (orderId: string): string => `/Order-success/${segment(orderId)}`,
  /** Order tracking, optionally for one order (?orderId=). */
  orderTracking: (orderId?: string): string => withOrderId('/Order-tracking', orderId),
  /** Product tracking, optionally for one order (?orderId=). */
  productTracking: (orderId?: string): string => withOrderId('/product-tracking', orderId),
  /** Every order of the signed-in shopper. */
  orderHistory: '/order-history',
  /** The invoice of one order. */
  invoice: (orderId: string): string => `/invoice/${segment(orderId)}`,
  /** The admin's list of all orders. */
  adminOrders: '/admin/orders',
  /** A banner's page: its heading and products. */
  banner: (id: string): string => `/banner/${segment(id)}`,
  /** Search results; without a query, the bare search page. */
  search: (query?: string): string => (query === undefined ? '/search' : `/search?q=${encodeURIComponent(query.trim())}`),
  /** Cancellation & Refund Policy. */
  refundPolicy: '/cancellation-and-refunds',
  /** Terms & Conditions. */
  termsOfService: '/terms-of-service',
  /** Privacy Policy. */
  privacyPolicy: '/privacy-policy',
  /** Shipping Policy. */
  shippingPolicy: '/shipping-policy',
  /** Contact form. */
  contact: '/contact',
  /** The brand story. */
  about: '/about',
  /** Frequently asked questions. */
  faq: '/faq',
} as const;
