/**
 * Sizes: a ring, bangle, anklet or chain is sold in sizes, each a sellable unit with its own stock and,
 * optionally, its own price. Shared by the API, the pages, the cart and the server; imports nothing, so it
 * rides in any page's first load for a few hundred bytes.
 */

/** Which size guide applies: Indian ring sizes, bangle sizes, or a length (chains, anklets). */
export type SizeGuide = 'ring' | 'bangle' | 'length';

/** One size of a product as the API and the pages see it: its price (the product's unless it has its own) and stock. */
export interface ProductSize {
  /** The size as shoppers read it and as it is kept on cart and order lines: '12', '2.6', '18 in'. */
  value: string;
  price: number;
  discountPrice: number | null;
  stock: number;
}

/** A product's sizes: the option's name ('Ring size', 'Bangle size', 'Length'), its guide, and its values in order. */
export interface ProductSizes {
  name: string;
  guide: SizeGuide | null;
  values: ProductSize[];
}

/** Longest size value kept (a label like '2.10' or '18 in'), and the characters it may hold. */
export const SIZE_VALUE_MAX = 12;
/** A size value: letters, digits, dots, slashes and single inner spaces ('18 in', '2.10', 'M/L'). */
export const SIZE_VALUE_PATTERN = /^[A-Za-z0-9./]+( [A-Za-z0-9./]+)*$/;

/** The identity of a cart or order line: a product, or a product in one size. */
export function lineKey(line: { _id: string; size?: string | null }): string {
  return line.size ? `${line._id}:${line.size}` : line._id;
}

/** The size of a product with this value, or undefined (no such size, or the product has none). */
export function findSize(sizes: ProductSizes | null | undefined, value: string | null | undefined): ProductSize | undefined {
  if (!sizes || !value) return undefined;
  return sizes.values.find((s) => s.value === value);
}

/** How a line's size reads: 'Ring size: 12'; '' for a product without sizes. */
export function sizeText(line: { size?: string | null; sizeName?: string | null }): string {
  if (!line.size) return '';
  return `${line.sizeName || 'Size'}: ${line.size}`;
}
