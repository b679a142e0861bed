import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanStores, keepMount } from 'nanostores';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { makeCartItem, makeStoredProduct } from '@shared/schemas/storage.fixtures';
import { $cart, $cartNotice } from './cart.store';
import {
  $cartDrawer,
  addToCartAndShow,
  cartDrawerOpener,
  closeCartDrawer,
  openCartDrawer,
  preloadCartDrawer,
  CART_DRAWER_EVENT,
} from './cart-drawer.store';
import { $cartDrawerSubtotal, removeDrawerLine, setDrawerQuantity } from './cart-drawer-lines.store';

let load: ReturnType<typeof vi.fn<(detail: unknown) => void>>;
let win: EventTarget;

beforeEach(() => {
  useTestStorageEngine();
  keepMount($cart);
  keepMount($cartDrawerSubtotal);
  $cart.set([]);
  $cartNotice.set(null);
  closeCartDrawer();
  // No page here: a window that only records each request for the drawer's island (client:onevent hydrates on the first).
  load = vi.fn<(detail: unknown) => void>();
  win = new EventTarget();
  win.addEventListener(CART_DRAWER_EVENT, (event) => load((event as CustomEvent).detail));
  vi.stubGlobal('window', win);
});

afterEach(() => {
  vi.unstubAllGlobals();
  cleanStores($cart, $cartDrawer, $cartDrawerSubtotal);
  cleanTestStorage();
});

describe('opening and closing', () => {
  it('starts closed and loads nothing until asked', () => {
    expect($cartDrawer.get()).toEqual({ open: false, addedKey: null, announcement: '' });
    expect(load).not.toHaveBeenCalled();
  });

  it('opens from the header with no line marked, and asks for the drawer’s island on each open', () => {
    openCartDrawer();
    expect($cartDrawer.get()).toEqual({ open: true, addedKey: null, announcement: '' });
    closeCartDrawer();
    openCartDrawer();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preloading on intent asks for the island without opening', () => {
    preloadCartDrawer();
    expect(load).toHaveBeenCalledTimes(1);
    expect($cartDrawer.get().open).toBe(false);
  });

  it('closing keeps which line was added (nothing to re-render for) and closing twice is harmless', () => {
    openCartDrawer({ addedKey: 'p1', announcement: 'Added to cart: Moon Ring' });
    closeCartDrawer();
    closeCartDrawer();
    expect($cartDrawer.get()).toMatchObject({ open: false, addedKey: 'p1' });
  });

  it('gives back no opener that has left the page', () => {
    const gone = { isConnected: false } as HTMLElement;
    const here = { isConnected: true } as HTMLElement;
    openCartDrawer({ opener: gone });
    expect(cartDrawerOpener()).toBeNull();
    openCartDrawer({ opener: here });
    expect(cartDrawerOpener()).toBe(here);
  });
});

describe('Add to cart opens the drawer on the line', () => {
  it('marks a sized line by product and size and announces it by name and size', () => {
    const ring = makeStoredProduct({ _id: 'ring', name: 'Moon Ring', stock: 4, sized: true });
    const button = { isConnected: true } as HTMLElement;
    expect(addToCartAndShow({ ...ring, size: '12', sizeName: 'Ring size' }, 2, button)).toEqual({ ok: true });
    expect($cartDrawer.get()).toEqual({ open: true, addedKey: 'ring:12', announcement: 'Added to cart: Moon Ring (Ring size: 12)' });
    expect(cartDrawerOpener()).toBe(button);
    expect($cart.get()[0]).toMatchObject({ _id: 'ring', size: '12', quantity: 2 });
  });

  it('stays shut when the add is refused, and the refusal is the cart notice', () => {
    const result = addToCartAndShow(makeStoredProduct({ stock: 0 }));
    expect(result.ok).toBe(false);
    expect($cartDrawer.get().open).toBe(false);
    expect($cartNotice.get()).toBe('This product is out of stock!');
    expect(load).not.toHaveBeenCalled();
  });

  it('refuses above stock with the cart-limit sentence and keeps the drawer shut', () => {
    const chain = makeStoredProduct({ _id: 'chain', name: 'Rope Chain', stock: 1 });
    addToCartAndShow(chain);
    closeCartDrawer();
    const result = addToCartAndShow(chain);
    expect(result).toEqual({ ok: false, message: expect.stringContaining('Cannot add more than 1 item') });
    expect($cartDrawer.get().open).toBe(false);
  });
});

describe('old refusals', () => {
  it('a refusal on a card is not shown again when the icon opens the drawer later', () => {
    addToCartAndShow(makeStoredProduct({ stock: 0 }));
    expect($cartNotice.get()).toBe('This product is out of stock!');
    openCartDrawer();
    expect($cartNotice.get()).toBeNull();
  });

  it('an add that opens the drawer keeps its own message (a clamp says why fewer went in)', () => {
    $cartNotice.set('Cannot add more than 2 items to the cart.');
    openCartDrawer({ addedKey: 'p1', announcement: 'Added to cart: Moon Ring' });
    expect($cartNotice.get()).toBe('Cannot add more than 2 items to the cart.');
  });
});

describe('when the drawer’s code cannot load', () => {
  /** What the open asked the client:onevent directive to do instead. */
  const fallback = () => load.mock.lastCall?.[0] as { href?: string; say?: string; undo?: () => void } | null;

  it('the cart icon’s open asks the directive to go to the cart page instead', () => {
    openCartDrawer({ fallback: '/productcard' });
    expect(fallback()).toMatchObject({ href: '/productcard', say: undefined });
  });

  it('an add asks the directive to announce it (the line is in the cart, the header count shows it)', () => {
    addToCartAndShow(makeStoredProduct({ _id: 'chain', name: 'Rope Chain', stock: 3 }));
    expect(fallback()).toMatchObject({ href: undefined, say: 'Added to cart: Rope Chain' });
    expect($cart.get()).toHaveLength(1);
  });

  it('a hover’s preload has nothing to fall back to', () => {
    preloadCartDrawer();
    expect(fallback()).toBeNull();
  });

  it('the drawer is not left open on nothing (a later load, once online, would show it unasked)', () => {
    addToCartAndShow(makeStoredProduct({ stock: 3 }));
    fallback()?.undo?.();
    expect($cartDrawer.get().open).toBe(false);
  });
});

describe('lines in the drawer', () => {
  it('changes a quantity within stock and the subtotal follows', () => {
    $cart.set([
      makeCartItem({ _id: 'a', price: 1000, discountPrice: 800, stock: 3 }),
      makeCartItem({ _id: 'b', price: 500, discountPrice: null, stock: 2 }),
    ]);
    expect($cartDrawerSubtotal.get()).toBe(1300);
    setDrawerQuantity('a', 3);
    expect($cartDrawerSubtotal.get()).toBe(2900);
    expect($cartNotice.get()).toBeNull();
  });

  it('clamps a quantity above the size’s stock with the message', () => {
    $cart.set([makeCartItem({ _id: 'r', name: 'Moon Ring', stock: 2, sized: true, size: '12', sizeName: 'Ring size' })]);
    setDrawerQuantity('r:12', 5);
    expect($cart.get()[0]?.quantity).toBe(2);
    expect($cartNotice.get()).toContain('Cannot add more than 2 items');
  });

  it('leaves a line with no stock out of the subtotal', () => {
    $cart.set([
      makeCartItem({ _id: 'a', price: 1000, discountPrice: null, stock: 0 }),
      makeCartItem({ _id: 'b', price: 500, discountPrice: null, stock: 2 }),
    ]);
    expect($cartDrawerSubtotal.get()).toBe(500);
  });

  it('removes a line, unmarks it if it was the one just added, and keeps the other size', () => {
    const ring = makeStoredProduct({ _id: 'ring', stock: 5, sized: true });
    addToCartAndShow({ ...ring, size: '12' });
    addToCartAndShow({ ...ring, size: '14' });
    removeDrawerLine('ring:14');
    expect($cart.get().map((l) => l.size)).toEqual(['12']);
    expect($cartDrawer.get()).toMatchObject({ open: true, addedKey: null });
  });

  it('announces a removal by name and size, and names the line focus moves to: next, else previous, else none', () => {
    $cart.set([
      makeCartItem({ _id: 'a', name: 'Anklet' }),
      makeCartItem({ _id: 'r', name: 'Moon Ring', sized: true, size: '12', sizeName: 'Ring size' }),
      makeCartItem({ _id: 'c', name: 'Rope Chain' }),
    ]);
    openCartDrawer();
    expect(removeDrawerLine('r:12')).toBe('c');
    expect($cartDrawer.get().announcement).toBe('Removed Moon Ring (Ring size: 12)');
    expect(removeDrawerLine('c')).toBe('a');
    expect(removeDrawerLine('a')).toBeNull();
    expect($cart.get()).toEqual([]);
    expect($cartDrawer.get().announcement).toBe('Removed Anklet');
  });

  it('removing a line that is not there changes nothing and moves focus nowhere', () => {
    $cart.set([makeCartItem({ _id: 'a', name: 'Anklet' })]);
    openCartDrawer({ announcement: 'x' });
    expect(removeDrawerLine('zz')).toBeNull();
    expect($cart.get()).toHaveLength(1);
    expect($cartDrawer.get().announcement).toBe('x');
  });
});
