/** Test factories for stored cart and wishlist data (imported by tests only). */
import type { CartItem, StoredProduct } from './storage';

let sequence = 0;

/** A distinct valid 24-hex product id per call. */
export function makeProductId(): string {
  sequence += 1;
  return sequence.toString(16).padStart(24, 'a');
}

/** A stored product snapshot with sensible defaults (₹1,500, 5 in stock). */
export function makeStoredProduct(overrides: Partial<StoredProduct> = {}): StoredProduct {
  const _id = overrides._id ?? makeProductId();
  return {
    _id,
    slug: `silver-ring-${_id.slice(-4)}`,
    name: 'Silver Ring',
    price: 1500,
    discountPrice: null,
    thumbnail: 'https://uploads.example.test/products/ring.jpg',
    stock: 5,
    ...overrides,
  };
}

/** A cart line: a stored product plus quantity (default 1). */
export function makeCartItem(overrides: Partial<CartItem> = {}): CartItem {
  return { ...makeStoredProduct(overrides), quantity: overrides.quantity ?? 1 };
}
