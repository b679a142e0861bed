import type { Config } from '@netlify/functions';
import type { EventCountResponse } from '@shared/api';
import { EventCountBodySchema } from '@shared/schemas/events';
import { handle, json, jsonBody } from '@server/http';
import { authService } from '@server/services/auth.service';
import { eventsService } from '@server/services/events.service';
import { clientIp } from '@server/services/rate-limit.service';

/** POST /api/event-count: one product view/click event, or a batch of at most 20, within a per-network limit. */
export default handle(
  async (req) => {
    // beacon: pages send their last events with navigator.sendBeacon, which can only post text/plain.
    const events = await jsonBody(req, EventCountBodySchema, { beacon: true });
    // Whose events these are comes from a valid bearer token only; the body's userId is ignored.
    const userId = await authService.optionalUserId(req);
    const { recorded } = await eventsService.record(events, userId, clientIp(req));
    return json({ success: true, recorded } satisfies EventCountResponse, { status: 202 });
  },
  { methods: ['POST'] },
);

export const config: Config = {
  path: '/api/event-count',
  // Edge flood shield (a browser sends at most one batch every 2 s, plus a beacon as a page closes); the exact
  // per-network limit, counted in events with Retry-After, is the database counter in events.service.ts.
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
