/**
 * Live price and stock of products shown on cards. Pages are built before the latest orders moved
 * stock, so every card asks for its live facts once; requests from all cards rendered
 * in the same moment are merged into one GET /api/product-availability call (at most 100 ids each).
 */
import { map } from 'nanostores';
import { AVAILABILITY_MAX_IDS } from '@shared/api/catalogue';
import { isObjectId } from '@shared/ids';
import type { ProductAvailability } from '@shared/types';
import { fetchAvailability } from './availability';

/** Live facts by product _id; a product absent here shows its build-time values. */
export const $liveAvailability = map<Record<string, ProductAvailability>>({});

/** How long to collect requests from cards rendering together before asking the server. */
const COLLECT_MS = 40;

const requested = new Set<string>();
let waiting: string[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

async function flush(): Promise<void> {
  timer = null;
  const ids = waiting;
  waiting = [];
  for (let i = 0; i < ids.length; i += AVAILABILITY_MAX_IDS) {
    const batch = ids.slice(i, i + AVAILABILITY_MAX_IDS);
    try {
      for (const live of await fetchAvailability(batch)) $liveAvailability.setKey(live._id, live);
    } catch (error) {
      // Cards keep their build-time facts; the cart and the server re-check stock anyway.
      console.warn('[availability] Could not refresh live stock for cards.', error);
      batch.forEach((id) => requested.delete(id));
    }
  }
}

/** Asks (once per page) for the live price and stock of these products. Browser only; a no-op in the build. */
export function requestAvailability(ids: readonly string[]): void {
  if (typeof window === 'undefined') return;
  for (const id of ids) {
    // The endpoint rejects a whole request over one malformed id.
    if (requested.has(id) || !isObjectId(id)) continue;
    requested.add(id);
    waiting.push(id);
  }
  if (waiting.length && !timer) timer = setTimeout(() => void flush(), COLLECT_MS);
}

/**
 * Applies live facts to a product shape (build-time values when none are known yet). A product the live
 * answer says is sold in sizes is marked `sized`, so a card built before it had sizes never adds it unsized.
 */
export function withLive<T extends { _id: string; price: number; discountPrice: number | null; stock: number }>(
  product: T,
  live: ProductAvailability | undefined,
): T {
  if (!live) return product;
  const updated = { ...product, price: live.price, discountPrice: live.discountPrice, stock: live.stock };
  return live.sizes ? { ...updated, sized: true } : updated;
}
