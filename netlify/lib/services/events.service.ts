import type { ProductEvent } from '@shared/schemas/events';
import { getEnv } from '../env';
import { eventsRepository } from '../repositories/events.repository';
import { rateLimitService, type RateLimit } from './rate-limit.service';

/** The per-network event limit's window: long enough to cover a browsing visit, short enough to recover quickly. */
export const EVENTS_LIMIT_WINDOW_SECONDS = 600;

/**
 * Events one network may send per 10 minutes (EVENTS_IP_PER_10_MIN overrides it). A shopper's views
 * are counted once per product per session, so even a long browse with a few dozen clicks sends a few
 * hundred; 1,200 leaves room for a household, an office or a shared mobile-network address browsing
 * together (a visitor would have to view two new products a second for ten minutes to reach it alone).
 * A flood is cut to 1,200 stored events per 10 minutes per network. Counted in events, not requests, so
 * small batches buy nothing.
 */
export const EVENTS_LIMIT_DEFAULT = 1_200;

/** The per-network event limit in force. */
function eventsLimit(): RateLimit {
  return {
    name: 'events',
    limit: getEnv().EVENTS_IP_PER_10_MIN ?? EVENTS_LIMIT_DEFAULT,
    windowSeconds: EVENTS_LIMIT_WINDOW_SECONDS,
    message: 'Too many events from this network.',
  };
}

/** Records product view/click events for a signed-in user or anonymously (null); unknown products are dropped. */
export const eventsService = {
  /**
   * Counts the request's events against the caller's network first: over the limit, a 429 with Retry-After
   * and none of them stored. Then stores those for products that exist.
   */
  async record(events: ProductEvent[], userId: string | null, clientIp: string, now = new Date()): Promise<{ recorded: number }> {
    await rateLimitService.consume(eventsLimit(), clientIp, now, events.length);
    const known = new Set(await eventsRepository.existingProductIds([...new Set(events.map((e) => e.productId))]));
    // The body's userId is never trusted: the caller passes the id of a verified token, or null.
    const accepted = events.filter((e) => known.has(e.productId)).map((e) => ({ ...e, userId }));
    if (accepted.length) await eventsRepository.insert(accepted);
    return { recorded: accepted.length };
  },
};
