// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { forgetSignIn, readHeaderState, renderHeaderState, saveCurrency, setAccountMenuOpen } from './static-header';
import type { KeyValueStore } from './static-header';

const product = (id: string, extra: Record<string, unknown> = {}) => ({
  _id: id.repeat(24).slice(0, 24),
  slug: `piece-${id}`,
  name: `Piece ${id}`,
  price: 999,
  discountPrice: null,
  thumbnail: '',
  stock: 5,
  ...extra,
});

function store(values: Record<string, string>): KeyValueStore & { values: Record<string, string> } {
  return {
    values,
    getItem: (key) => values[key] ?? null,
    setItem: (key, value) => {
      values[key] = value;
    },
    removeItem: (key) => {
      delete values[key];
    },
  };
}

describe('readHeaderState', () => {
  it('reads the shared storage keys: pieces in cartItems, entries in wishlist, the currency code', () => {
    const state = readHeaderState(
      store({
        cartItems: JSON.stringify([product('a', { quantity: 2 }), product('b', { quantity: 3 })]),
        wishlist: JSON.stringify([product('c')]),
        currency: 'USD',
      }),
    );
    expect(state).toEqual({ cart: 5, wishlist: 1, currency: 'USD', signedIn: false, firstName: '' });
  });

  it('counts nothing it would not trust: garbage, bad lines, unknown currencies, blocked storage', () => {
    expect(readHeaderState(store({ cartItems: '{oops', wishlist: '[{"_id":42}]', currency: 'XYZ' }))).toEqual({
      cart: 0,
      wishlist: 0,
      currency: 'INR',
      signedIn: false,
      firstName: '',
    });
    expect(readHeaderState(store({ cartItems: JSON.stringify([product('a', { quantity: 0 })]) })).cart).toBe(0);
    const blocked: KeyValueStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {},
      removeItem: () => {},
    };
    const empty = { cart: 0, wishlist: 0, currency: 'INR', signedIn: false, firstName: '' };
    expect(readHeaderState(blocked)).toEqual(empty);
    expect(readHeaderState(null)).toEqual(empty);
  });

  it('reads who is signed in: the token, and the first name only beside it', () => {
    expect(readHeaderState(store({ token: 'abc', firstName: ' Asha ' }))).toMatchObject({ signedIn: true, firstName: 'Asha' });
    expect(readHeaderState(store({ token: 'abc' }))).toMatchObject({ signedIn: true, firstName: '' });
    expect(readHeaderState(store({ token: '  ', firstName: 'Asha' }))).toMatchObject({ signedIn: false, firstName: '' });
  });
});

describe('the account menu', () => {
  it('opens and closes by its button state and panel', () => {
    document.body.innerHTML = `
      <div data-account-menu><button data-account-menu-button aria-expanded="false"></button>
        <div data-account-menu-panel hidden></div></div>`;
    const menu = document.querySelector('[data-account-menu]')!;
    setAccountMenuOpen(menu, true);
    expect(menu.querySelector('button')?.getAttribute('aria-expanded')).toBe('true');
    expect(menu.querySelector('[data-account-menu-panel]')?.hasAttribute('hidden')).toBe(false);
    setAccountMenuOpen(menu, false);
    expect(menu.querySelector('button')?.getAttribute('aria-expanded')).toBe('false');
    expect(menu.querySelector('[data-account-menu-panel]')?.hasAttribute('hidden')).toBe(true);
  });

  it('signs out as the token store does: the token and the first name go, the cart stays', () => {
    const s = store({ token: 'abc', firstName: 'Asha', cartItems: '[]' });
    forgetSignIn(s);
    expect(s.values).toEqual({ cartItems: '[]' });
  });
});

describe('saveCurrency', () => {
  it('stores an offered code as the raw string the currency store reads, and refuses others', () => {
    const s = store({});
    expect(saveCurrency(s, 'GBP')).toBe(true);
    expect(s.values['currency']).toBe('GBP');
    expect(saveCurrency(s, 'BTC')).toBe(false);
    expect(s.values['currency']).toBe('GBP');
  });
});

describe('renderHeaderState', () => {
  it('badges the links with their counts and names, and shows the chosen currency', () => {
    document.body.innerHTML = `
      <a data-count="cart" data-noun="Cart" aria-label="Cart"></a>
      <a data-count="wishlist" data-noun="Wishlist" aria-label="Wishlist"><span class="header-icon__badge">4</span></a>
      <details data-currency-select><summary><img data-currency-flag src="/in.svg"><span data-currency-code>INR</span></summary>
        <button data-currency="INR" aria-pressed="true"><img src="/in.svg"></button>
        <button data-currency="EUR" aria-pressed="false"><img src="/eu.svg"></button>
      </details>`;
    renderHeaderState(document, { cart: 120, wishlist: 0, currency: 'EUR', signedIn: true, firstName: 'Asha' });
    expect(document.documentElement.hasAttribute('data-signed-in')).toBe(true);
    expect(document.documentElement.style.getPropertyValue('--account-name')).toBe('"Asha"');
    const cart = document.querySelector('[data-count="cart"]')!;
    expect(cart.getAttribute('aria-label')).toBe('Cart, 120 items');
    expect(cart.querySelector('.header-icon__badge')?.textContent).toBe('99+');
    const wishlist = document.querySelector('[data-count="wishlist"]')!;
    expect(wishlist.getAttribute('aria-label')).toBe('Wishlist');
    expect(wishlist.querySelector('.header-icon__badge')).toBeNull();
    expect(document.querySelector('[data-currency-code]')?.textContent).toBe('EUR');
    expect(document.querySelector('[data-currency-flag]')?.getAttribute('src')).toBe('/eu.svg');
    expect(document.querySelector('[data-currency="EUR"]')?.getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelector('[data-currency="INR"]')?.getAttribute('aria-pressed')).toBe('false');
  });
});
