import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allTasks, cleanStores, keepMount } from 'nanostores';
import { cleanTestStorage, getTestStorage, setPersistentEngine, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { createFallbackStorage } from '@shared/persistent-engine';
import type { KeyValueStorage } from '@shared/persistent-engine';
import { makeCartItem, makeStoredProduct } from '@shared/schemas/storage.fixtures';
import type { CartItem } from '@shared/schemas/storage';
import type { ProductSize } from '@shared/sizes';
import { $cart, $cartCount, $cartFlags, $cartNotice, addToCart } from './cart.store';
import { $checkoutLines, $checkoutTotals, clearCart, refreshCart, removeFromCart, setCartQuantity } from './cart-page.store';

/** Answers the availability endpoint with these products. */
function stubAvailability(
  products: { _id: string; price: number; discountPrice: number | null; stock: number; sizes?: ProductSize[] | null }[],
) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, products }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function savedCart(): unknown {
  const raw = getTestStorage()['cartItems'];
  return raw === undefined ? undefined : JSON.parse(raw);
}

beforeEach(() => {
  useTestStorageEngine();
  keepMount($cart);
  keepMount($cartCount);
  keepMount($checkoutLines);
  clearCart();
});

afterEach(() => {
  cleanStores($cart, $cartCount, $cartFlags, $cartNotice, $checkoutLines, $checkoutTotals);
  cleanTestStorage();
});

describe('adding and changing lines', () => {
  it('adds a product and saves the cart under cartItems', () => {
    const product = { ...makeStoredProduct(), description: 'Oxidised finish' };
    expect(addToCart(product)).toEqual({ ok: true });
    expect($cart.get()).toHaveLength(1);
    expect(savedCart()).toEqual([{ ...makeStoredProductFields(product), quantity: 1 }]);
    expect($cartCount.get()).toBe(1);
  });

  it('counts pieces in the badge count', () => {
    const ring = makeStoredProduct({ name: 'Moon Ring', stock: 5 });
    addToCart(ring);
    addToCart(ring);
    addToCart(makeStoredProduct());
    expect($cartCount.get()).toBe(3);
  });

  it('refuses an out-of-stock product and tells the shopper', () => {
    expect(addToCart(makeStoredProduct({ stock: 0 }))).toEqual({ ok: false, message: 'This product is out of stock!' });
    expect($cart.get()).toEqual([]);
    expect($cartNotice.get()).toBe('This product is out of stock!');
  });

  it('stops at stock with the cart-limit message, and clears the notice after a later successful change', () => {
    const ring = makeStoredProduct({ name: 'Lotus Ring', stock: 1 });
    addToCart(ring);
    const message = 'Only 1 of Lotus Ring is in stock. Cannot add more than 1 item to the cart.';
    expect(addToCart(ring)).toEqual({ ok: false, message });
    expect($cartNotice.get()).toBe(message);
    addToCart(makeStoredProduct());
    expect($cartNotice.get()).toBeNull();
  });

  it('clamps a typed quantity to stock and removes a line set to 0', () => {
    const ring = makeStoredProduct({ name: 'Moon Ring', stock: 3 });
    addToCart(ring);
    setCartQuantity(ring._id, 7);
    expect($cart.get()[0]?.quantity).toBe(3);
    expect($cartNotice.get()).toBe('Only 3 of Moon Ring are in stock. Cannot add more than 3 items to the cart.');
    setCartQuantity(ring._id, 0);
    expect($cart.get()).toEqual([]);
    expect(savedCart()).toEqual([]);
  });

  it('removes a single line and clears the whole cart', () => {
    const a = makeStoredProduct();
    const b = makeStoredProduct();
    addToCart(a);
    addToCart(b);
    removeFromCart(a._id);
    expect($cart.get().map((line) => line._id)).toEqual([b._id]);
    clearCart();
    expect($cart.get()).toEqual([]);
    expect($cartCount.get()).toBe(0);
  });

  it('names the line focus moves to after a Remove: the next, else the previous, else none', () => {
    const [a, b, c] = [makeStoredProduct(), makeStoredProduct(), makeStoredProduct()];
    addToCart(a);
    addToCart(b);
    addToCart(c);
    const order = $cart.get().map((line) => line._id);
    expect(removeFromCart(order[1]!)).toBe(order[2]);
    expect(removeFromCart(order[2]!)).toBe(order[0]);
    expect(removeFromCart(order[0]!)).toBeNull();
  });
});

describe('reading saved data', () => {
  it('loads a valid saved cart (also how another tab’s change arrives)', () => {
    const line = makeCartItem({ quantity: 2 });
    setTestStorageKey('cartItems', JSON.stringify([line]));
    expect($cart.get()).toEqual([line]);
    expect($cartCount.get()).toBe(2);
  });

  it('starts empty, with a warning, when the saved cart is corrupt', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setTestStorageKey('cartItems', '{not json');
    expect($cart.get()).toEqual([]);
    expect(warn).toHaveBeenCalled();
  });

  it('starts empty, with a warning, when the saved cart has an old shape', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setTestStorageKey('cartItems', JSON.stringify([{ id: 1, title: 'Ring', qty: 2 }]));
    expect($cart.get()).toEqual([]);
    expect(warn).toHaveBeenCalled();
  });
});

describe('refreshCart', () => {
  it('asks the availability endpoint about every line', async () => {
    const a = makeStoredProduct();
    const b = makeStoredProduct();
    addToCart(a);
    addToCart(b);
    const fetchMock = stubAvailability([]);
    await refreshCart();
    expect(fetchMock).toHaveBeenCalledWith(`/api/product-availability?ids=${a._id},${b._id}`, expect.anything());
  });

  it('does not call the network for an empty cart', async () => {
    const fetchMock = stubAvailability([]);
    await refreshCart();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('applies new prices and flags changed and out-of-stock lines, leaving those out of checkout', async () => {
    const ring = makeStoredProduct({ price: 2000, discountPrice: 1500, stock: 4 });
    const chain = makeStoredProduct({ price: 900, stock: 4 });
    addToCart(ring);
    addToCart(chain);
    stubAvailability([
      { _id: ring._id, price: 2000, discountPrice: 1600, stock: 4 },
      { _id: chain._id, price: 900, discountPrice: null, stock: 0 },
    ]);
    refreshCart();
    await allTasks();

    expect($cartFlags.get()).toEqual({
      [ring._id]: { priceChanged: { from: 1500, to: 1600 } },
      [chain._id]: { outOfStock: true },
    });
    expect($checkoutLines.get().map((line) => line._id)).toEqual([ring._id]);
    expect($checkoutTotals.get()).toMatchObject({ subtotal: 1600, itemCount: 1 });
    expect($cartCount.get()).toBe(2);
  });

  it('reduces quantities above the new stock and says so', async () => {
    const ring = makeStoredProduct({ name: 'Moon Ring', stock: 5 });
    addToCart(ring);
    setCartQuantity(ring._id, 4);
    stubAvailability([{ _id: ring._id, price: ring.price, discountPrice: null, stock: 2 }]);
    await refreshCart();
    expect($cart.get()[0]?.quantity).toBe(2);
    expect($cartNotice.get()).toBe('Only 2 of Moon Ring are in stock. Cannot add more than 2 items to the cart.');
    expect((savedCart() as CartItem[])[0]?.quantity).toBe(2);
  });

  it('keeps a limit message the shopper hit while the re-check was on its way', async () => {
    const ring = makeStoredProduct({ name: 'Moon Ring', stock: 3 });
    addToCart(ring);
    stubAvailability([{ _id: ring._id, price: ring.price, discountPrice: null, stock: 3 }]);
    const checking = refreshCart();
    setCartQuantity(ring._id, 9);
    await checking;
    expect($cart.get()[0]?.quantity).toBe(3);
    expect($cartNotice.get()).toBe('Only 3 of Moon Ring are in stock. Cannot add more than 3 items to the cart.');
  });

  it('keeps the saved cart when the request fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    addToCart(makeStoredProduct());
    const before = $cart.get();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('oops', { status: 500 })),
    );
    await refreshCart();
    expect($cart.get()).toEqual(before);
    expect($cartFlags.get()).toEqual({});
    expect(warn).toHaveBeenCalled();
  });

  it('forgets a removed line’s flags', async () => {
    const chain = makeStoredProduct();
    addToCart(chain);
    stubAvailability([{ _id: chain._id, price: chain.price, discountPrice: null, stock: 0 }]);
    await refreshCart();
    removeFromCart(chain._id);
    expect($cartFlags.get()).toEqual({});
  });
});

describe('sizes', () => {
  const ring = makeStoredProduct({ name: 'Lotus Ring', sized: true, stock: 4 });
  const inSize = (size: string, stock: number) => ({ ...ring, stock, size, sizeName: 'Ring size' });

  it('holds two sizes of one ring as two lines, saved with their sizes', () => {
    expect(addToCart(inSize('12', 2))).toEqual({ ok: true });
    expect(addToCart(inSize('14', 1), 1)).toEqual({ ok: true });
    expect(addToCart(inSize('12', 2))).toEqual({ ok: true });
    expect((savedCart() as CartItem[]).map((l) => [l.size, l.sizeName, l.quantity])).toEqual([
      ['12', 'Ring size', 2],
      ['14', 'Ring size', 1],
    ]);
    expect($cartCount.get()).toBe(3);
    // The stock limit is the size's own: size 12 is full, size 14 is not.
    expect(addToCart(inSize('12', 2)).message).toBe(
      'Only 2 of Lotus Ring (Ring size: 12) are in stock. Cannot add more than 2 items to the cart.',
    );
    removeFromCart(`${ring._id}:12`);
    expect($cart.get().map((l) => l.size)).toEqual(['14']);
  });

  it('refuses a sized product without a size, from anywhere', () => {
    expect(addToCart(ring)).toEqual({ ok: false, message: 'Choose a size first.' });
    expect($cart.get()).toEqual([]);
  });

  it('loads a cart saved before sizes existed, and one with sizes', () => {
    const old = makeCartItem({ quantity: 2 });
    const sized = { ...makeCartItem({ ...inSize('2.6', 3) }), quantity: 1 };
    setTestStorageKey('cartItems', JSON.stringify([old, sized]));
    expect($cart.get()).toEqual([old, sized]);
  });

  it('re-checks each size and leaves out of checkout a sold-out size and a line that now needs one', async () => {
    const old = makeStoredProduct({ name: 'Leaf Anklet' });
    addToCart(inSize('12', 3));
    addToCart(inSize('14', 3));
    addToCart(old);
    stubAvailability([
      {
        _id: ring._id,
        price: ring.price,
        discountPrice: null,
        stock: 3,
        sizes: [
          { value: '12', price: ring.price, discountPrice: null, stock: 3 },
          { value: '14', price: ring.price, discountPrice: null, stock: 0 },
        ],
      },
      {
        _id: old._id,
        price: old.price,
        discountPrice: null,
        stock: 5,
        sizes: [{ value: '10 in', price: old.price, discountPrice: null, stock: 5 }],
      },
    ]);
    await refreshCart();
    expect($cartFlags.get()).toEqual({ [`${ring._id}:14`]: { outOfStock: true }, [old._id]: { needsSize: true } });
    expect($checkoutLines.get().map((l) => l.size)).toEqual(['12']);
  });
});

describe('when localStorage refuses writes', () => {
  afterEach(() => {
    useTestStorageEngine();
  });

  it('keeps the cart working in memory when storage is full', () => {
    const full: KeyValueStorage = {
      length: 0,
      key: () => null,
      getItem: () => null,
      removeItem: () => {},
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    };
    const warn = vi.fn();
    setPersistentEngine(createFallbackStorage(full, warn), { addEventListener() {}, removeEventListener() {} });

    const ring = makeStoredProduct();
    expect(addToCart(ring)).toEqual({ ok: true });
    expect(addToCart(ring)).toEqual({ ok: true });
    expect($cartCount.get()).toBe(2);
    expect(warn).toHaveBeenCalled();
  });

  it('keeps the cart working in memory when storage is blocked entirely', () => {
    setPersistentEngine(createFallbackStorage(null), { addEventListener() {}, removeEventListener() {} });
    addToCart(makeStoredProduct());
    expect($cartCount.get()).toBe(1);
  });
});

/** The persisted subset of a product, as a cart line keeps it. */
function makeStoredProductFields(product: ReturnType<typeof makeStoredProduct>) {
  const { _id, slug, name, price, discountPrice, thumbnail, stock } = product;
  return { _id, slug, name, price, discountPrice, thumbnail, stock };
}
