/**
 * Client for GET /api/product-availability: live price and stock for what a shopper acts on (cards,
 * cart and wishlist lines, the product page's buttons), since the static pages were built before the
 * latest orders moved stock.
 */
import { catalogueApiPaths } from '@shared/api/catalogue';
import type { ProductAvailabilityResponse } from '@shared/api/catalogue';
import type { ApiResult } from '@shared/api/common';
import { isAmount } from '@shared/schemas/storage';
import type { ProductSize } from '@shared/sizes';
import type { ProductAvailability } from '@shared/types';

/**
 * The products of the endpoint's answer; anything else is treated as a failed refresh. Checked by hand,
 * not with zod, for the reason given in shared/schemas/storage.ts: this runs on every page.
 */
export function parseAvailability(body: unknown): ProductAvailability[] {
  const answer = body as Partial<ApiResult<ProductAvailabilityResponse>> | null;
  const products: unknown = answer && 'products' in answer ? answer.products : undefined;
  if (answer?.success !== true || !Array.isArray(products)) {
    throw new Error('Availability answer has an unexpected shape');
  }
  return products.map((entry: unknown) => {
    const { _id, price, discountPrice, stock, sizes } = (entry ?? {}) as Record<string, unknown>;
    if (typeof _id !== 'string' || !isAmount(price) || (discountPrice !== null && !isAmount(discountPrice)) || !Number.isInteger(stock)) {
      throw new Error('Availability answer has an unexpected product entry');
    }
    return { _id, price, discountPrice, stock: stock as number, sizes: parseSizes(sizes) };
  });
}

/** Each size's live price and stock, or null when the product has no sizes (an answer from before sizes, too). */
function parseSizes(value: unknown): ProductSize[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw new Error('Availability answer has unexpected sizes');
  return value.map((entry: unknown) => {
    const { value: size, price, discountPrice, stock } = (entry ?? {}) as Record<string, unknown>;
    if (typeof size !== 'string' || !isAmount(price) || (discountPrice !== null && !isAmount(discountPrice)) || !Number.isInteger(stock)) {
      throw new Error('Availability answer has an unexpected size entry');
    }
    return { value: size, price, discountPrice, stock: stock as number };
  });
}

/** Fetches live availability for these product ids (deduplicated). Throws on network, HTTP or shape errors. */
export async function fetchAvailability(ids: readonly string[], signal?: AbortSignal): Promise<ProductAvailability[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  // Ids are validated 24-hex strings (see storage schemas), so they need no escaping.
  const url = `${catalogueApiPaths.productAvailability}?ids=${unique.join(',')}`;
  const response = await fetch(url, { headers: { Accept: 'application/json' }, ...(signal ? { signal } : {}) });
  if (!response.ok) throw new Error(`Availability request failed with HTTP ${response.status}`);
  return parseAvailability(await response.json());
}

/**
 * Live availability for a saved list's refresh, or null when the request failed: the failure is logged
 * and the list keeps its saved values (the server re-checks price and stock when an order is placed).
 */
export async function availabilityOrNull(ids: readonly string[], listName: string): Promise<ProductAvailability[] | null> {
  try {
    return await fetchAvailability(ids);
  } catch (error) {
    console.warn(`[${listName}] Could not refresh prices and stock; showing saved values.`, error);
    return null;
  }
}
