/**
 * Shapes of what the shop keeps in the shopper's localStorage (spec section 3: cartItems, wishlist).
 * Stored data outlives deploys and can be edited by hand, so it is parsed, never trusted.
 */
// zod/mini: these schemas ship in every page's bundle (cart and wishlist stores), and mini is a fraction of full zod.
import { z } from 'zod/mini';

/** A stored product id: a MongoDB ObjectId as 24 hex characters. */
const StoredIdSchema = z.string().check(z.regex(/^[0-9a-fA-F]{24}$/, 'must be a 24-character hex id'));

/** The product facts a cart or wishlist line needs to render itself and be re-checked against live stock. */
export const StoredProductSchema = z.object({
  _id: StoredIdSchema,
  slug: z.string().check(z.minLength(1), z.maxLength(200)),
  name: z.string().check(z.minLength(1), z.maxLength(300)),
  price: z.number().check(z.gte(0)),
  discountPrice: z.nullable(z.number().check(z.gte(0))),
  thumbnail: z.string().check(z.maxLength(2000)),
  stock: z.int(),
});

/** One cart line: the product snapshot plus how many pieces the shopper wants. */
export const CartItemSchema = z.extend(StoredProductSchema, {
  quantity: z.int().check(z.gte(1)),
});

/** The whole cart as stored under 'cartItems'. */
export const CartItemsSchema = z.array(CartItemSchema);

/** One wishlist entry: the product snapshot, identified by _id. */
export const WishlistItemSchema = StoredProductSchema;

/** The whole wishlist as stored under 'wishlist'. */
export const WishlistItemsSchema = z.array(WishlistItemSchema);

/** Product facts kept with a cart or wishlist line; any Product satisfies it. */
export type StoredProduct = z.infer<typeof StoredProductSchema>;

/** One cart line as stored. */
export type CartItem = z.infer<typeof CartItemSchema>;

/** One wishlist entry as stored. */
export type WishlistItem = z.infer<typeof WishlistItemSchema>;

/** Copies only the fields a cart or wishlist line keeps, so a full Product (description, images…) is not persisted. */
export function toStoredProduct(product: StoredProduct): StoredProduct {
  const { _id, slug, name, price, discountPrice, thumbnail, stock } = product;
  return { _id, slug, name, price, discountPrice, thumbnail, stock };
}
