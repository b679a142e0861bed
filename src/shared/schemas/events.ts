import { z } from 'zod';
import { VISITOR_ID_PATTERN } from '../ids';
import { ObjectIdSchema } from './common';

/** The visitor id the browser generates once: "v_" plus a random token. */
const VisitorIdSchema = z.string().regex(VISITOR_ID_PATTERN, 'must look like v_ followed by 6 to 64 letters, digits, "_" or "-"');

/** One product event: productId, type view or click, userId (null when anonymous) and visitorId. */
export const ProductEventSchema = z.strictObject({
  productId: ObjectIdSchema,
  type: z.enum(['view', 'click']),
  // Accepted so clients can send it, but never trusted: identity will come from the verified bearer token.
  userId: z.string().max(64).nullable().default(null),
  visitorId: VisitorIdSchema,
});

/**
 * Most events one request may carry, so a batch cannot be used to flood the database. The browser sends
 * what two seconds of browsing produce (a "Show more" adds 24 cards: 20 + 4), never more than this.
 */
export const MAX_EVENTS_PER_BATCH = 20;

const EventListSchema = z
  .array(ProductEventSchema)
  .min(1, 'must hold at least one event')
  .max(MAX_EVENTS_PER_BATCH, `must hold at most ${MAX_EVENTS_PER_BATCH} events`);

/** POST /api/event-count accepts one event, an array of events, or { events: [...] }. */
export const EventCountBodySchema = z.union([
  ProductEventSchema.transform((e) => [e]),
  EventListSchema,
  z.strictObject({ events: EventListSchema }).transform((b) => b.events),
]);

/** One validated product event. */
export type ProductEvent = z.infer<typeof ProductEventSchema>;
