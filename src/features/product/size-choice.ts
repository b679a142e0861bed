/**
 * Rules of choosing a size on the product page, pure: what the refusal says, the price shown before a size
 * is chosen, and the page address that carries the chosen size (?size=12), so a shared link opens it.
 */
import { unitPrice } from '@shared/pricing';
import type { ProductSize } from '@shared/sizes';

/** The query parameter holding the chosen size. */
export const SIZE_PARAM = 'size';

/** What Add to Cart and Buy it now say until a size is chosen: 'Choose a ring size', 'Choose a length'. */
export function chooseSizeMessage(optionName: string): string {
  const name = optionName.trim() || 'Size';
  return `Choose a ${name.charAt(0).toLowerCase()}${name.slice(1)}`;
}

/**
 * The price a sized product shows before a size is chosen: the lowest unit price among the sizes in stock
 * (all sizes when none is), and whether sizes differ in price, so the page says 'From' only when they do.
 */
export function priceBeforeChoice(sizes: readonly ProductSize[]): { price: number; discountPrice: number | null; from: boolean } | null {
  const inStock = sizes.filter((s) => s.stock > 0);
  const pool = inStock.length > 0 ? inStock : sizes;
  const lowest = pool.reduce<ProductSize | undefined>((best, s) => (!best || unitPrice(s) < unitPrice(best) ? s : best), undefined);
  if (!lowest) return null;
  return { price: lowest.price, discountPrice: lowest.discountPrice, from: new Set(sizes.map(unitPrice)).size > 1 };
}

/** The page address with the chosen size in its query (or without it, for null), keeping everything else. */
export function urlWithSize(href: string, value: string | null): string {
  const url = new URL(href);
  if (value) url.searchParams.set(SIZE_PARAM, value);
  else url.searchParams.delete(SIZE_PARAM);
  return url.href;
}

/** The size a page address asks for, or null (the caller ignores a value the product does not have). */
export function sizeFromSearch(search: string): string | null {
  return new URLSearchParams(search).get(SIZE_PARAM);
}
