/**
 * Prices from the day's silver rate: weight × the rate (₹ a gram of 92.5 silver) + the making charge (rupees, or a
 * percentage of the silver's value) + the stone charge, rounded to the rupee. One rule for the product form (which
 * shows the price as it is typed), the server (which sets it on every save) and the silver-rate page.
 */
import { percentOfPaise, toPaise, toWholeRupees } from './money';
import type { RatePricing } from './schemas/product';

/** Milligrams in a gram: weights are kept to the milligram, so the arithmetic below stays in whole numbers. */
const MG_PER_GRAM = 1000;

/** The price in whole rupees of `weightGrams` of silver at `rupeesPerGram`, with the piece's charges. */
export function priceFromRate(weightGrams: number, rupeesPerGram: number, pricing: RatePricing): number {
  const milligrams = Math.round(weightGrams * MG_PER_GRAM);
  const silverPaise = Math.round((milligrams * toPaise(rupeesPerGram)) / MG_PER_GRAM);
  const makingPaise = pricing.making.kind === 'rupees' ? toPaise(pricing.making.value) : percentOfPaise(silverPaise, pricing.making.value);
  return toWholeRupees(silverPaise + makingPaise + toPaise(pricing.stone));
}

/** The day's rate as the shop writes it: '₹92.50 a gram'. */
export function rateLabel(rupeesPerGram: number): string {
  return `₹${rupeesPerGram.toFixed(2)} a gram`;
}
