import { atom } from 'nanostores';
import { describe, expect, it, vi } from 'vitest';
import type { CartItem } from '@shared/schemas/storage';
import type { ProductSize } from '@shared/sizes';
import { addLine } from '../cart/cart';
import type { CartUnit } from '../cart/cart';
import { BUY_NOW_KEY } from './buy-now';
import { createProductStore } from './product.store';
import type { ProductDeps, ProductStoreInput } from './product.store';

const product: ProductStoreInput = {
  _id: '7141594791d5e48d26a49146',
  slug: 'leafy-vine-adjustable-ring',
  name: 'Leafy Vine Adjustable Ring',
  price: 899,
  discountPrice: null,
  thumbnail: '/uploads/products/leafy-vine-adjustable-ring-1.jpg',
  stock: 5,
  sizes: null,
};

function setup(live: { stock: number; price?: number; discountPrice?: number | null } | 'missing' | 'error' = { stock: 5 }) {
  const session = new Map<string, string>();
  const cart: CartUnit[] = [];
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
    addToCart: (p, quantity) => {
      cart.push(p);
      const line = $cart.get().find((l) => l._id === p._id);
      $cart.set(line ? [{ ...line, quantity: line.quantity + quantity }] : [{ ...p, quantity }]);
      return { ok: true };
    },
    cart: $cart,
    session: { setItem: (k, v) => void session.set(k, v) },
    navigate,
    readSize: () => null,
    writeSize: vi.fn(),
  };
  return { store: createProductStore(product, deps), deps, session, cart, $cart, navigate };
}

describe('product store', () => {
  it('refreshes price and stock once from the API', async () => {
    const { store, deps } = setup({ stock: 2, price: 999, discountPrice: 799 });
    await Promise.all([store.refresh(), store.refresh()]);
    expect(deps.fetchAvailability).toHaveBeenCalledOnce();
    expect(store.$live.get()).toEqual({ price: 999, discountPrice: 799, stock: 2, sizes: null });
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

  it('adds the quantity chosen, bounded by the stock left after what the cart holds', async () => {
    const { store, $cart } = setup({ stock: 3 });
    store.followCart();
    await store.refresh();
    store.setQuantity(9);
    expect(store.$quantity.get()).toBe(3);
    store.setQuantity(2);
    expect((await store.addToCart()).ok).toBe(true);
    expect($cart.get()[0]?.quantity).toBe(2);
    // One left to add: the selector cannot go above it.
    expect(store.$maxQuantity.get()).toBe(1);
    store.setQuantity(5);
    expect(store.$quantity.get()).toBe(1);
  });
});

/** Lotus Ring in sizes 12 (2 left), 14 (sold out) and 16 (₹1,300, 5 left). */
const RING_SIZES: ProductSize[] = [
  { value: '12', price: 1200, discountPrice: null, stock: 2 },
  { value: '14', price: 1200, discountPrice: null, stock: 0 },
  { value: '16', price: 1300, discountPrice: null, stock: 5 },
];
const ring: ProductStoreInput = {
  ...product,
  _id: 'a1b2c3d4e5f6a1b2c3d4e5f6',
  name: 'Lotus Ring',
  price: 1200,
  stock: 7,
  sizes: { name: 'Ring size', guide: 'ring', values: RING_SIZES },
};

/** A sized product's page, with the real cart rule behind Add to Cart and a page address to read and write. */
function setupSized(options: { address?: string | null; live?: ProductSize[] } = {}) {
  const $cart = atom<CartItem[]>([]);
  const session = new Map<string, string>();
  const navigate = vi.fn();
  const writeSize = vi.fn();
  const live = options.live ?? RING_SIZES;
  const deps: ProductDeps = {
    fetchAvailability: vi.fn(async () => [
      { _id: ring._id, price: 1200, discountPrice: null, stock: live.reduce((n, s) => n + s.stock, 0), sizes: live },
    ]),
    addToCart: (unit, quantity) => {
      const result = addLine($cart.get(), unit, quantity);
      if (result.added) $cart.set(result.lines);
      return result.message === undefined ? { ok: result.added } : { ok: result.added, message: result.message };
    },
    cart: $cart,
    session: { setItem: (k, v) => void session.set(k, v) },
    navigate,
    readSize: () => options.address ?? null,
    writeSize,
  };
  const store = createProductStore(ring, deps);
  store.followCart();
  return { store, $cart, session, navigate, writeSize };
}

describe('product store, sizes', () => {
  it('refuses both buttons until a size is chosen, saying which kind of size', async () => {
    const { store, $cart, navigate } = setupSized();
    expect(store.$needsSize.get()).toBe(true);
    // Enabled, so pressing it explains; the refusal is said once, beside the sizes.
    expect(store.$canAdd.get()).toBe(true);
    expect(await store.addToCart()).toEqual({ ok: false, message: 'Choose a ring size' });
    expect(store.$sizeError.get()).toBe('Choose a ring size');
    expect(store.$notice.get()).toBeNull();
    expect(await store.buyNow()).toBe(false);
    expect($cart.get()).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
    store.chooseSize('12');
    expect(store.$sizeError.get()).toBeNull();
  });

  it('shows the chosen size’s price and stock, and the lowest price with From before one is chosen', async () => {
    const { store } = setupSized();
    await store.refresh();
    expect(store.$unit.get()).toEqual({ price: 1200, discountPrice: null, stock: 7, from: true });
    store.chooseSize('16');
    expect(store.$unit.get()).toEqual({ price: 1300, discountPrice: null, stock: 5, from: false });
  });

  it('adds the chosen size with its own price and stock; two sizes make two lines', async () => {
    const { store, $cart } = setupSized();
    store.chooseSize('12');
    expect((await store.addToCart()).ok).toBe(true);
    store.chooseSize('16');
    store.setQuantity(2);
    expect((await store.addToCart()).ok).toBe(true);
    expect($cart.get().map((l) => [l.size, l.sizeName, l.price, l.stock, l.quantity])).toEqual([
      ['12', 'Ring size', 1200, 2, 1],
      ['16', 'Ring size', 1300, 5, 2],
    ]);
  });

  it('counts what the cart holds per size: a full size disables Add to Cart, another size does not', async () => {
    const { store, $cart } = setupSized();
    $cart.set([{ ...ring, sized: true, stock: 2, size: '12', sizeName: 'Ring size', quantity: 2 }]);
    store.chooseSize('12');
    await store.refresh();
    expect(store.$allInCart.get()).toBe(true);
    expect(store.$canAdd.get()).toBe(false);
    expect(await store.addToCart()).toEqual({
      ok: false,
      message: 'Only 2 of Lotus Ring (Ring size: 12) are in stock. Cannot add more than 2 items to the cart.',
    });
    store.chooseSize('16');
    expect(store.$canAdd.get()).toBe(true);
    expect(store.$inCart.get()).toBe(0);
  });

  it('keeps the chosen size in the page address, and opens the size a shared link names', () => {
    const { store, writeSize } = setupSized({ address: '16' });
    store.restoreSize();
    expect(store.$size.get()).toBe('16');
    expect(writeSize).toHaveBeenCalledWith('16');
    store.chooseSize('12');
    expect(writeSize).toHaveBeenLastCalledWith('12');
  });

  it('ignores a size in the address that the product does not have', () => {
    const { store, writeSize } = setupSized({ address: '99' });
    store.restoreSize();
    expect(store.$size.get()).toBeNull();
    expect(store.chooseSize('<script>')).toBe(false);
    expect(writeSize).not.toHaveBeenCalled();
  });

  it('refuses a size that sold out since the page was built', async () => {
    const { store, $cart } = setupSized({ live: RING_SIZES.map((s) => ({ ...s, stock: s.value === '12' ? 0 : s.stock })) });
    store.chooseSize('12');
    expect(await store.addToCart()).toEqual({ ok: false, message: 'This product is out of stock!' });
    expect(store.$soldOut.get()).toBe(true);
    expect($cart.get()).toEqual([]);
  });

  it('Buy it now takes the chosen size and quantity to checkout', async () => {
    const { store, session, navigate } = setupSized();
    store.chooseSize('16');
    store.setQuantity(3);
    expect(await store.buyNow()).toBe(true);
    expect(JSON.parse(session.get(BUY_NOW_KEY)!)).toEqual({ productId: ring._id, quantity: 3, size: '16' });
    expect(navigate).toHaveBeenCalledWith('/checkouts');
  });
});
