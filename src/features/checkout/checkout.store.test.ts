import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@shared/types';
import { BUY_NOW_KEY } from '../product/buy-now';
import { $lines, $source, loadCheckoutSource, parseBuyNow } from './checkout.store';

const id = 'a1b2c3d4e5f6a1b2c3d4e5f6';

/** A ring sold in sizes 12 (2 left, ₹1,200) and 14 (sold out), as GET /api/getProducts answers. */
const ring = {
  _id: id,
  slug: 'lotus-ring',
  name: 'Lotus Ring',
  price: 1200,
  discountPrice: null,
  thumbnail: '/uploads/lotus.jpg',
  image: [],
  stock: 2,
  sizes: {
    name: 'Ring size',
    guide: 'ring',
    values: [
      { value: '12', price: 1250, discountPrice: 1150, stock: 2 },
      { value: '14', price: 1200, discountPrice: null, stock: 0 },
    ],
  },
} as unknown as Product;

/** Buy it now with this item in sessionStorage, the product answered by a stubbed API. */
async function buyNow(item: unknown, product: Product = ring) {
  const session = new Map([[BUY_NOW_KEY, JSON.stringify(item)]]);
  vi.stubGlobal('sessionStorage', { getItem: (k: string) => session.get(k) ?? null, setItem: () => {}, removeItem: () => {} });
  const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ success: true, products: product }), { status: 200 }));
  await loadCheckoutSource(fetchImpl as unknown as typeof fetch);
  return $lines.get();
}

afterEach(() => $source.set({ kind: 'loading' }));

describe('Buy it now in a size', () => {
  it('reads the stored item: product, quantity (at least 1) and size', () => {
    expect(parseBuyNow(JSON.stringify({ productId: id, quantity: 3, size: '12' }))).toEqual({ productId: id, quantity: 3, size: '12' });
    expect(parseBuyNow(JSON.stringify({ productId: id, quantity: 1 }))).toEqual({ productId: id, quantity: 1 });
    expect(parseBuyNow(JSON.stringify({ productId: id, quantity: 0 }))).toEqual({ productId: id, quantity: 1 });
    expect(parseBuyNow(JSON.stringify({ productId: 'nope' }))).toBeNull();
    expect(parseBuyNow('{broken')).toBeNull();
  });

  it('buys the chosen size at its own price, the quantity kept within its stock', async () => {
    expect(await buyNow({ productId: id, quantity: 5, size: '12' })).toEqual([
      {
        productId: id,
        size: '12',
        sizeName: 'Ring size',
        name: 'Lotus Ring',
        image: '/uploads/lotus.jpg',
        price: 1250,
        discountPrice: 1150,
        quantity: 2,
      },
    ]);
  });

  it('buys nothing in a sold-out or unknown size, or without a size for a product sold in sizes', async () => {
    expect(await buyNow({ productId: id, quantity: 1, size: '14' })).toEqual([]);
    expect(await buyNow({ productId: id, quantity: 1, size: '99' })).toEqual([]);
    expect(await buyNow({ productId: id, quantity: 1 })).toEqual([]);
  });
});
