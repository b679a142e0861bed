/**
 * The price of one piece, as product cards, listings and the server all compute it. Apart from
 * ./pricing.ts (cart and order totals, cash on delivery) so cards and listings load only this.
 * Pure: touches no browser or Node API; its one import is the money module's percentage rule.
 */
import { wholePercent } from './money';

/** The price fields a unit price is computed from. */
export interface PricedItem {
  price: number;
  discountPrice?: number | null;
}

/** The price one piece sells for: discountPrice when set and above 0, else the list price. */
export function unitPrice(item: PricedItem): number {
  const { discountPrice } = item;
  return typeof discountPrice === 'number' && discountPrice > 0 ? discountPrice : item.price;
}

/** Whole-percent saving of a discounted price (0 when there is no real discount). */
export function discountPercent(price: number, discountPrice: number | null): number {
  if (discountPrice === null || discountPrice <= 0 || discountPrice >= price || price <= 0) return 0;
  return wholePercent(price - discountPrice, price);
}
