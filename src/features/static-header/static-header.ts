/**
 * The policy pages' header without React: what it shows is read straight from the spec's storage keys
 * (cart and wishlist counts, the display currency), with the same checks the stores use, and written
 * into the static header's markup. Kept tiny (it is those pages' only script; a unit test holds it under
 * 3 KB gzip) and pure where it can be, so it is tested without a browser.
 */
import { badgeLabel, badgeText } from '../../components/ui/badge';
import { parseCartItems, parseWishlistItems } from '../../shared/schemas/storage';
import { STORAGE_KEYS } from '../../shared/storage-keys';
import { CURRENCIES } from '../../shared/types';
import type { CurrencyCode } from '../../shared/types';

/** What the static header shows. */
export interface HeaderState {
  /** Pieces in the cart (sum of quantities), as the cart badge counts them. */
  cart: number;
  /** Saved products. */
  wishlist: number;
  currency: CurrencyCode;
}

/** The part of localStorage the header reads and writes. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
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
  if (!storage) return { cart: 0, wishlist: 0, currency: 'INR' };
  const cart = readList(storage, STORAGE_KEYS.cart, parseCartItems).reduce((sum, line) => sum + line.quantity, 0);
  const wishlist = readList(storage, STORAGE_KEYS.wishlist, parseWishlistItems).length;
  let currency: CurrencyCode = 'INR';
  try {
    const raw = storage.getItem(STORAGE_KEYS.currency);
    if ((CURRENCIES as readonly (string | null)[]).includes(raw)) currency = raw as CurrencyCode;
  } catch {
    // Blocked storage: INR.
  }
  return { cart, wishlist, currency };
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
 * each `[data-currency-select]` shows the chosen code and flag and marks its option.
 */
export function renderHeaderState(root: ParentNode, state: HeaderState): void {
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
