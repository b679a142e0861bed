/**
 * The display currency chosen in the header. Prices are always charged in INR;
 * other currencies are an approximate display only, using rates from the build's shop settings.
 */
import { atom, computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { installSafePersistentEngine } from '@shared/persistent-engine';
import { formatConverted, formatINR } from '@shared/money';
import { STORAGE_KEYS } from '@shared/storage-keys';
import { CURRENCIES } from '@shared/types';
import type { CurrencyCode, CurrencyRates } from '@shared/types';

installSafePersistentEngine();

/** localStorage key of the chosen currency. */
export const CURRENCY_STORAGE_KEY = STORAGE_KEYS.currency;

/** The default and charging currency. */
export const DEFAULT_CURRENCY: CurrencyCode = 'INR';

/** Narrows any value to an offered currency code. */
export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** Reads the stored code; anything not offered (old or hand-edited) falls back to INR. */
export function decodeCurrency(raw: string): CurrencyCode {
  return isCurrencyCode(raw) ? raw : DEFAULT_CURRENCY;
}

/** The selected display currency. */
export const $currency = persistentAtom<CurrencyCode>(CURRENCY_STORAGE_KEY, DEFAULT_CURRENCY, {
  encode: (code: CurrencyCode) => code,
  decode: decodeCurrency,
  listen: true,
});

/** Display rates (1 INR = rate units); null until the page hands them over with setCurrencyRates. */
export const $currencyRates = atom<CurrencyRates | null>(null);

/** Formats an INR amount in the selected currency ("≈ $12.34"), or as INR while rates are unknown. */
export const $formatPrice = computed(
  [$currency, $currencyRates],
  (currency, rates) =>
    (amountInInr: number): string =>
      rates ? formatConverted(amountInInr, currency, rates) : formatINR(amountInInr),
);

/** Selects a display currency; codes not offered are ignored. */
export function setCurrency(code: string): void {
  if (isCurrencyCode(code)) $currency.set(code);
}

/** Hands over the shop's display rates (from the build's settings); islands call it once on load. */
export function setCurrencyRates(rates: CurrencyRates): void {
  $currencyRates.set(rates);
}
