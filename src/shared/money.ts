import type { CurrencyCode, CurrencyRates } from './types';

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** Formats rupees the Indian way: ₹1,24,999 (paise shown only when present). */
export function formatINR(amount: number): string {
  return inr.format(amount);
}

const foreign = new Map<CurrencyCode, Intl.NumberFormat>();

/** Formats an INR amount converted for display only ("≈ $12.34"); INR itself is returned as formatINR. */
export function formatConverted(amountInInr: number, currency: CurrencyCode, rates: CurrencyRates): string {
  if (currency === 'INR') return formatINR(amountInInr);
  let fmt = foreign.get(currency);
  if (!fmt) {
    fmt = new Intl.NumberFormat('en-IN', { style: 'currency', currency, maximumFractionDigits: 2, minimumFractionDigits: 2 });
    foreign.set(currency, fmt);
  }
  return `≈ ${fmt.format(amountInInr * rates[currency])}`;
}
