/**
 * The localStorage keys the shop uses, spelled once (cartItems, wishlist and token, plus the
 * display currency and the signed-in shopper's first name). The stores, the head script that marks a signed-in page before it paints, and the
 * policy pages' small header script all read them from here. Imports nothing: it is inlined into pages.
 */
export const STORAGE_KEYS = {
  /** The cart: a JSON array of lines. */
  cart: 'cartItems',
  /** The wishlist: a JSON array of products. */
  wishlist: 'wishlist',
  /** The login token, a raw string; absent when signed out. */
  token: 'token',
  /** The display currency code, a raw string. */
  currency: 'currency',
  /**
   * The signed-in shopper's first name, a raw string, for the header's account button: stored with the
   * token when the code is verified, refreshed from /api/me, removed on sign-out. Absent when unknown.
   */
  firstName: 'firstName',
} as const;
