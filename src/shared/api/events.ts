/** The product-event endpoint: its path and answer. The payload is EventCountBodySchema (schemas/events.ts). */
import type { ApiSuccess } from './common';

/** Paths of the event endpoints. */
export const eventsApiPaths = {
  /** POST one product view/click event, an array of them, or { events: [...] }. */
  eventCount: '/api/event-count',
} as const;

/** POST /api/event-count (202): how many events were stored. */
export type EventCountResponse = ApiSuccess<{ recorded: number }>;
