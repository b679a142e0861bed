import type { CurrencyCode, CurrencyRates } from './types';

/**
 * Money crosses between rupees (what orders store and shoppers read, at most two decimals) and whole paise
 * (what Razorpay, the invoice's arithmetic and the refund ledger count) only through these.
 */

/** Paise in a rupee. */
export const PAISE_PER_RUPEE = 100;

/** Rupees (at most two decimals) → whole paise. */
export function toPaise(rupees: number): number {
  return Math.round(rupees * PAISE_PER_RUPEE);
}

/** Whole paise → rupees. */
export function toRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE;
}

/** Basis points (hundredths of a percent) in a percent: rates such as GST's 3% and a code's 7.5% stay whole in them. */
export const BASIS_POINTS_PER_PERCENT = 100;

/** Basis points in the whole amount (100%). */
export const BASIS_POINTS_IN_WHOLE = 100 * BASIS_POINTS_PER_PERCENT;

/** The smallest step of an amount in rupees: one paisa (what "at most two decimals" means for zod's multipleOf). */
export const PAISA_IN_RUPEES = 1 / PAISE_PER_RUPEE;

/** A percentage of an amount in whole paise, rounded to the paisa (a making charge of 18% of the silver). */
export function percentOfPaise(paise: number, percent: number): number {
  return Math.round((paise * percent) / 100);
}

/** An amount in paise (whole or not) rounded up to the next whole rupee, in paise: a discount given in the shopper's favour. */
export function upToWholeRupeeInPaise(paise: number): number {
  return Math.ceil(paise / PAISE_PER_RUPEE) * PAISE_PER_RUPEE;
}

/** What share of `whole` `part` is, in whole percent (a saving shown as "20% off"). */
export function wholePercent(part: number, whole: number): number {
  return Math.round((part / whole) * 100);
}

/** Whole paise → whole rupees, a half rupee rounded up: the one rule for prices worked out from a rate. */
export function toWholeRupees(paise: number): number {
  return Math.round(paise / PAISE_PER_RUPEE);
}

/** Rupees rounded to whole paise, so sums of decimals (0.1 + 0.2) leak no float noise into totals. */
export function roundToPaise(rupees: number): number {
  return toRupees(toPaise(rupees));
}

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Formats rupees the Indian way: ₹1,24,999, or ₹1,299.50 when there are paise (never ₹1,299.5). */
export function formatINR(amount: number): string {
  return Number.isInteger(roundToPaise(amount)) ? rupees.format(amount) : withPaise.format(amount);
}

/** Formats whole paise as rupees (formatINR): what the server's stored amounts read as in messages. */
export function formatPaiseAsINR(paise: number): string {
  return formatINR(toRupees(paise));
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
