import type { ProductEvent } from '../../../src/shared/schemas/events';
import { eventsRepository } from '../repositories/events.repository';

/** Records product view/click events for a signed-in user or anonymously (null); unknown products are dropped. */
export const eventsService = {
  async record(events: ProductEvent[], userId: string | null): Promise<{ recorded: number }> {
    const known = new Set(await eventsRepository.existingProductIds([...new Set(events.map((e) => e.productId))]));
    // The body's userId is never trusted: the caller passes the id of a verified token, or null.
    const accepted = events.filter((e) => known.has(e.productId)).map((e) => ({ ...e, userId }));
    if (accepted.length) await eventsRepository.insert(accepted);
    return { recorded: accepted.length };
  },
};
