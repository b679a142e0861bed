/**
 * Client for GET /api/product-availability: live price and stock for products a shopper keeps
 * locally (cart, wishlist), since the static pages were built before the latest orders moved stock.
 */
import { z } from 'zod/mini';
import type { ProductAvailability } from '../../shared/types';

/** Path of the availability endpoint (implemented by the server). */
export const AVAILABILITY_ENDPOINT = '/api/product-availability';

/** The endpoint's answer; anything else is treated as a failed refresh. */
const AvailabilityResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(
    z.object({
      _id: z.string(),
      price: z.number().check(z.gte(0)),
      discountPrice: z.nullable(z.number().check(z.gte(0))),
      stock: z.int(),
    }),
  ),
});

/** Fetches live availability for these product ids (deduplicated). Throws on network, HTTP or shape errors. */
export async function fetchAvailability(ids: readonly string[], signal?: AbortSignal): Promise<ProductAvailability[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  // Ids are validated 24-hex strings (see storage schemas), so they need no escaping.
  const url = `${AVAILABILITY_ENDPOINT}?ids=${unique.join(',')}`;
  const response = await fetch(url, { headers: { Accept: 'application/json' }, ...(signal ? { signal } : {}) });
  if (!response.ok) throw new Error(`Availability request failed with HTTP ${response.status}`);
  return AvailabilityResponseSchema.parse(await response.json()).products;
}
