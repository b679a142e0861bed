/**
 * Shapes of what the shop keeps in the shopper's localStorage (spec section 3: cartItems, wishlist).
 * Stored data outlives deploys and can be edited by hand, so it is parsed, never trusted.
 */
import { z } from 'zod';

/** A stored product id: a MongoDB ObjectId as 24 hex characters. */
const StoredIdSchema = z.string().regex(/^[0-9a-fA-F]{24}$/, 'must be a 24-character hex id');

/** The product facts a cart or wishlist line needs to render itself and be re-checked against live stock. */
export const StoredProductSchema = z.object({
  _id: StoredIdSchema,
  slug: z.string().min(1).max(200),
  name: z.string().min(1).max(300),
  price: z.number().nonnegative(),
  discountPrice: z.number().nonnegative().nullable(),
  thumbnail: z.string().max(2000),
  stock: z.number().int(),
});

/** One cart line: the product snapshot plus how many pieces the shopper wants. */
export const CartItemSchema = StoredProductSchema.extend({
  quantity: z.number().int().min(1),
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
