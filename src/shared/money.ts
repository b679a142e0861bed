import type { CurrencyCode, CurrencyRates } from './types';

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Formats rupees the Indian way: ₹1,24,999, or ₹1,299.50 when there are paise (never ₹1,299.5). */
export function formatINR(amount: number): string {
  return Number.isInteger(Math.round(amount * 100) / 100) ? rupees.format(amount) : withPaise.format(amount);
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
