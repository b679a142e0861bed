import { atom } from 'nanostores';
import { describe, expect, it, vi } from 'vitest';
import type { CartItem, StoredProduct } from '../../shared/schemas/storage';
import { BUY_NOW_KEY, createProductStore } from './product.store';
import type { ProductDeps } from './product.store';

const product: StoredProduct = {
  _id: '7141594791d5e48d26a49146',
  slug: 'leafy-vine-adjustable-ring',
  name: 'Leafy Vine Adjustable Ring',
  price: 899,
  discountPrice: null,
  thumbnail: '/uploads/products/leafy-vine-adjustable-ring-1.jpg',
  stock: 5,
};

function setup(live: { stock: number; price?: number; discountPrice?: number | null } | 'missing' | 'error' = { stock: 5 }) {
  const session = new Map<string, string>();
  const cart: StoredProduct[] = [];
  // The stored cart, as the cart store keeps it: one line per product with its quantity.
  const $cart = atom<CartItem[]>([]);
  const navigate = vi.fn();
  const deps: ProductDeps = {
    fetchAvailability: vi.fn(async (ids: string[]) => {
      if (live === 'error') throw new Error('offline');
      if (live === 'missing') return [];
      return [
        { _id: ids[0]!, price: live.price ?? product.price, discountPrice: live.discountPrice ?? null, stock: live.stock, sizes: null },
      ];
    }),
    addToCart: (p) => {
      cart.push(p);
      const line = $cart.get().find((l) => l._id === p._id);
      $cart.set(line ? [{ ...line, quantity: line.quantity + 1 }] : [{ ...p, quantity: 1 }]);
      return { ok: true };
    },
    cart: $cart,
    session: { setItem: (k, v) => void session.set(k, v) },
    navigate,
  };
  return { store: createProductStore(product, deps), deps, session, cart, $cart, navigate };
}

describe('product store', () => {
  it('refreshes price and stock once from the API', async () => {
    const { store, deps } = setup({ stock: 2, price: 999, discountPrice: 799 });
    await Promise.all([store.refresh(), store.refresh()]);
    expect(deps.fetchAvailability).toHaveBeenCalledOnce();
    expect(store.$live.get()).toEqual({ price: 999, discountPrice: 799, stock: 2 });
  });

  it('disables both buttons when the live stock is 0, even if the page was built with stock', async () => {
    const { store, cart, navigate } = setup({ stock: 0 });
    expect(store.$soldOut.get()).toBe(false); // as built
    expect(await store.addToCart()).toEqual({ ok: false, message: 'This product is out of stock!' });
    expect(store.$soldOut.get()).toBe(true);
    expect(store.$canAdd.get()).toBe(false);
    expect(await store.buyNow()).toBe(false);
    expect(cart).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('treats a product missing from the live answer as sold out', async () => {
    const { store } = setup('missing');
    await store.refresh();
    expect(store.$soldOut.get()).toBe(true);
  });

  it('keeps the built facts when the refresh fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { store, cart } = setup('error');
    expect((await store.addToCart()).ok).toBe(true);
    expect(cart).toHaveLength(1);
  });

  it('disables Add to Cart once the cart holds the whole stock, and says why', async () => {
    const { store, cart } = setup({ stock: 2 });
    store.followCart();
    expect((await store.addToCart()).ok).toBe(true);
    expect(store.$canAdd.get()).toBe(true);
    expect(store.$allInCart.get()).toBe(false);
    expect((await store.addToCart()).ok).toBe(true);
    expect(store.$inCart.get()).toBe(2);
    expect(store.$canAdd.get()).toBe(false);
    expect(store.$allInCart.get()).toBe(true);
    expect(await store.addToCart()).toEqual({
      ok: false,
      message: 'Only 2 of Leafy Vine Adjustable Ring are in stock. Cannot add more than 2 items to the cart.',
    });
    expect(cart).toHaveLength(2);
    expect(cart[0]).toMatchObject({ _id: product._id, stock: 2 });
  });

  it('counts what the cart already held before the page opened, once it follows the cart', async () => {
    const { store, $cart } = setup({ stock: 3 });
    $cart.set([{ ...product, stock: 3, quantity: 3 }]);
    // Before hydration the page cannot know the cart: the button renders as built.
    expect(store.$canAdd.get()).toBe(true);
    const stop = store.followCart();
    await store.refresh();
    expect(store.$canAdd.get()).toBe(false);
    expect(store.$allInCart.get()).toBe(true);
    // Removed from the cart in another tab: the button comes back.
    $cart.set([]);
    expect(store.$canAdd.get()).toBe(true);
    stop();
  });

  it('Buy it now puts this product alone in sessionStorage and goes to checkout', async () => {
    const { store, session, navigate, cart } = setup();
    expect(await store.buyNow()).toBe(true);
    expect(JSON.parse(session.get(BUY_NOW_KEY)!)).toEqual({ productId: product._id, quantity: 1 });
    expect(navigate).toHaveBeenCalledWith('/checkouts');
    expect(cart).toEqual([]); // the cart is left alone
  });
});
