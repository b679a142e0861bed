import type { ProductEvent } from '../../../src/shared/schemas/events';
import { eventsRepository } from '../repositories/events.repository';

/** Records product view/click events; events for products that no longer exist are dropped. */
export const eventsService = {
  async record(events: ProductEvent[]): Promise<{ recorded: number }> {
    const known = new Set(await eventsRepository.existingProductIds([...new Set(events.map((e) => e.productId))]));
    // userId from the body is not trusted: identity will come from the verified bearer token once sign-in lands.
    const accepted = events.filter((e) => known.has(e.productId)).map((e) => ({ ...e, userId: null }));
    if (accepted.length) await eventsRepository.insert(accepted);
    return { recorded: accepted.length };
  },
};
