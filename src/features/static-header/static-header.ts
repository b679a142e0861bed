/**
 * The policy pages' header without React: what it shows is read straight from the shared storage keys
 * (cart and wishlist counts, the display currency, whether and as whom the shopper is signed in), with
 * the same checks the stores use, and written into the static header's markup; the account menu opens,
 * closes and signs out as the island's does. Kept tiny (it is those pages' only script; a unit test holds it under
 * 3 KB gzip) and pure where it can be, so it is tested without a browser.
 */
import { badgeLabel, badgeText } from '../../components/ui/badge';
import { parseCartItems, parseWishlistItems } from '@shared/schemas/storage';
import { markAccountName, markSignedIn } from '@shared/signed-in';
import { STORAGE_KEYS } from '@shared/storage-keys';
import { CURRENCIES } from '@shared/types';
import type { CurrencyCode } from '@shared/types';

/** What the static header shows. */
export interface HeaderState {
  /** Pieces in the cart (sum of quantities), as the cart badge counts them. */
  cart: number;
  /** Saved products. */
  wishlist: number;
  currency: CurrencyCode;
  /** A token is stored. */
  signedIn: boolean;
  /** The stored first name ('' when signed out or unknown). */
  firstName: string;
}

/** The part of localStorage the header reads and writes. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A stored string, trimmed; '' when absent or when storage refuses. */
function readText(storage: KeyValueStore, key: string): string {
  try {
    return (storage.getItem(key) ?? '').trim();
  } catch {
    return '';
  }
}

/** A stored JSON list checked like the stores check it; anything unreadable counts as empty. */
function readList<T>(storage: KeyValueStore, key: string, parse: (v: unknown) => { ok: true; value: T[] } | { ok: false }): T[] {
  try {
    const raw = storage.getItem(key);
    if (!raw) return [];
    const parsed = parse(JSON.parse(raw));
    return parsed.ok ? parsed.value : [];
  } catch {
    return [];
  }
}

/** Reads the header's state; blocked storage, garbage or unknown codes fall back to empty and INR. */
export function readHeaderState(storage: KeyValueStore | null): HeaderState {
  if (!storage) return { cart: 0, wishlist: 0, currency: 'INR', signedIn: false, firstName: '' };
  const cart = readList(storage, STORAGE_KEYS.cart, parseCartItems).reduce((sum, line) => sum + line.quantity, 0);
  const wishlist = readList(storage, STORAGE_KEYS.wishlist, parseWishlistItems).length;
  let currency: CurrencyCode = 'INR';
  try {
    const raw = storage.getItem(STORAGE_KEYS.currency);
    if ((CURRENCIES as readonly (string | null)[]).includes(raw)) currency = raw as CurrencyCode;
  } catch {
    // Blocked storage: INR.
  }
  const signedIn = readText(storage, STORAGE_KEYS.token) !== '';
  return { cart, wishlist, currency, signedIn, firstName: signedIn ? readText(storage, STORAGE_KEYS.firstName) : '' };
}

/** Signs out as the token store does: the token and the first name kept with it go. */
export function forgetSignIn(storage: KeyValueStore | null): void {
  try {
    storage?.removeItem(STORAGE_KEYS.token);
    storage?.removeItem(STORAGE_KEYS.firstName);
  } catch {
    // Blocked storage held no sign-in to forget.
  }
}

/** Opens or closes one account menu (a [data-account-menu] element). */
export function setAccountMenuOpen(menu: Element, open: boolean): void {
  menu.querySelector('[data-account-menu-button]')?.setAttribute('aria-expanded', String(open));
  menu.querySelector('[data-account-menu-panel]')?.toggleAttribute('hidden', !open);
}

/** Stores the chosen display currency as the currency store does (the raw code); false when storage refuses. */
export function saveCurrency(storage: KeyValueStore | null, code: string): boolean {
  if (!storage || !(CURRENCIES as readonly string[]).includes(code)) return false;
  try {
    storage.setItem(STORAGE_KEYS.currency, code);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes the state into the static header: each `[data-count]` link gets its accessible name and badge,
 * each `[data-currency-select]` shows the chosen code and flag and marks its option, and <html> carries
 * the signed-in mark and first name as the head script sets them.
 */
export function renderHeaderState(root: Document, state: HeaderState): void {
  // Signed in or out in another tab: the marks on <html> pick the account control and its name.
  markSignedIn(state.signedIn, root.documentElement);
  markAccountName(state.firstName, root.documentElement);
  root.querySelectorAll<HTMLElement>('[data-count]').forEach((link) => {
    const count = link.dataset['count'] === 'cart' ? state.cart : state.wishlist;
    link.setAttribute('aria-label', badgeLabel(link.dataset['noun'] ?? '', count));
    let badge = link.querySelector<HTMLElement>('.header-icon__badge');
    if (count > 0) {
      if (!badge) {
        badge = link.ownerDocument.createElement('span');
        badge.className = 'header-icon__badge';
        badge.setAttribute('aria-hidden', 'true');
        link.append(badge);
      }
      badge.textContent = badgeText(count);
    } else badge?.remove();
  });
  root.querySelectorAll<HTMLElement>('[data-currency-select]').forEach((select) => {
    select.querySelectorAll<HTMLElement>('[data-currency]').forEach((option) => {
      const chosen = option.dataset['currency'] === state.currency;
      option.setAttribute('aria-pressed', String(chosen));
      if (!chosen) return;
      const code = select.querySelector('[data-currency-code]');
      const flag = select.querySelector<HTMLImageElement>('[data-currency-flag]');
      const optionFlag = option.querySelector('img');
      if (code) code.textContent = state.currency;
      if (flag && optionFlag) flag.src = optionFlag.getAttribute('src') ?? flag.src;
    });
  });
}
