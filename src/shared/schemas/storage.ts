/**
 * Shapes of what the shop keeps in the shopper's localStorage (cartItems, wishlist),
 * and the checks that read them back. Stored data outlives deploys and can be edited by hand, so it is
 * checked field by field, never trusted.
 *
 * Hand-written rather than zod on purpose: these checks run on every page (the header's badges read
 * the cart and wishlist), and even zod/mini would add kilobytes to every page's first load, which the
 * first-load JS budget (bench/pages.ts) cannot spare. The shapes are small and flat; the tests pin every rule.
 */

import { isObjectId } from '../ids';
import { SIZE_VALUE_MAX, SIZE_VALUE_PATTERN } from '../sizes';
import type { Product } from '../types';

/**
 * The product facts a cart or wishlist line needs to render itself and be re-checked against live stock.
 * `sized` (kept only when true) marks a product sold in sizes: a card must not put it in the cart without one.
 */
export type StoredProduct = Pick<Product, '_id' | 'slug' | 'name' | 'price' | 'discountPrice' | 'thumbnail' | 'stock'> & {
  sized?: boolean;
};

/**
 * One cart line: the product snapshot plus how many pieces the shopper wants, and for a product sold in sizes
 * the size ('12') and the option's name ('Ring size'). Price and stock are then the size's own.
 */
export interface CartItem extends StoredProduct {
  quantity: number;
  size?: string;
  sizeName?: string;
}

/** One wishlist entry: the product snapshot, identified by _id. */
export type WishlistItem = StoredProduct;

/**
 * The value when it has the shape, else which field is wrong (for the console: 'bad quantity'). The rules are the
 * checks below and their tests; the words are short because this code is in every page's first load.
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

const fail = (problem: string): { ok: false; problem: string } => ({ ok: false, problem });
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A finite number of at least 0: a price or an amount. */
export const isAmount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const isText = (v: unknown, min: number, max: number): v is string => typeof v === 'string' && v.length >= min && v.length <= max;

/** Reads one stored product snapshot, keeping only the fields a line needs. */
export function parseStoredProduct(value: unknown): Parsed<StoredProduct> {
  if (!isRecord(value)) return fail('not an object');
  const { _id, slug, name, price, discountPrice, thumbnail, stock, sized } = value;
  if (!isObjectId(_id)) return fail('bad _id');
  if (!isText(slug, 1, 200)) return fail('bad slug');
  if (!isText(name, 1, 300)) return fail('bad name');
  if (!isAmount(price)) return fail('bad price');
  if (discountPrice !== null && !isAmount(discountPrice)) return fail('bad discountPrice');
  if (!isText(thumbnail, 0, 2000)) return fail('bad thumbnail');
  if (!Number.isInteger(stock)) return fail('bad stock');
  if (sized !== undefined && typeof sized !== 'boolean') return fail('bad sized');
  const product = { _id, slug, name, price, discountPrice, thumbnail, stock: stock as number };
  return { ok: true, value: sized ? { ...product, sized } : product };
}

/**
 * Reads one stored cart line: a product snapshot, a whole quantity of at least 1, and a size when it has one
 * (lines saved before sizes existed have none, and still load).
 */
function parseCartItem(value: unknown): Parsed<CartItem> {
  const product = parseStoredProduct(value);
  if (!product.ok) return product;
  const { quantity, size, sizeName } = value as Record<string, unknown>;
  if (!Number.isInteger(quantity) || (quantity as number) < 1) return fail('bad quantity');
  const line: CartItem = { ...product.value, quantity: quantity as number };
  if (size === undefined || size === null) return { ok: true, value: line };
  if (!isText(size, 1, SIZE_VALUE_MAX) || !SIZE_VALUE_PATTERN.test(size)) return fail('bad size');
  if (sizeName !== undefined && !isText(sizeName, 1, 60)) return fail('bad sizeName');
  return { ok: true, value: sizeName ? { ...line, size, sizeName } : { ...line, size } };
}

/** Reads a stored list; one bad entry rejects the whole list (it was not written by this shop). */
function parseList<T>(value: unknown, parseItem: (item: unknown) => Parsed<T>): Parsed<T[]> {
  if (!Array.isArray(value)) return fail('not a list');
  const items: T[] = [];
  for (const [i, entry] of value.entries()) {
    const item = parseItem(entry);
    if (!item.ok) return fail(`[${i}]: ${item.problem}`);
    items.push(item.value);
  }
  return { ok: true, value: items };
}

/** Reads the whole cart as stored under 'cartItems'. */
export const parseCartItems = (value: unknown): Parsed<CartItem[]> => parseList(value, parseCartItem);

/** Reads the whole wishlist as stored under 'wishlist'. */
export const parseWishlistItems = (value: unknown): Parsed<WishlistItem[]> => parseList(value, parseStoredProduct);

/** Copies only the fields a cart or wishlist line keeps, so a full Product (description, images…) is not persisted. */
export function toStoredProduct(product: StoredProduct): StoredProduct {
  const { _id, slug, name, price, discountPrice, thumbnail, stock, sized } = product;
  const stored = { _id, slug, name, price, discountPrice, thumbnail, stock };
  return sized ? { ...stored, sized } : stored;
}
