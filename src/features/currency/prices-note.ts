/**
 * What the footer says about prices for each display currency. The footer is static HTML (no script on
 * the listing's first load), so it carries every sentence and its CSS shows the one for the currency the
 * header's dropdown shows (Footer.astro).
 */
import type { CurrencyCode } from '@shared/types';

/** The sign a converted price carries ("$", "€", "A$"), as formatConverted writes it; the code when there is none. */
export function currencySymbol(code: CurrencyCode): string {
  const parts = new Intl.NumberFormat('en-IN', { style: 'currency', currency: code }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? code;
}

/** "Prices in INR (₹)", or for another currency that its prices are approximate and payment is in rupees. */
export function pricesNote(code: CurrencyCode): string {
  if (code === 'INR') return 'Prices in INR (₹)';
  const symbol = currencySymbol(code);
  const named = symbol === code ? code : `${code} (${symbol})`;
  return `Prices shown in ${named} are approximate; you pay in INR (₹)`;
}
