import type { Config } from '@netlify/functions';
import type { EventCountResponse } from '../../src/shared/api';
import { EventCountBodySchema } from '../../src/shared/schemas/events';
import { handle, json, jsonBody } from '../lib/http';
import { eventsService } from '../lib/services/events.service';

/** POST /api/event-count: one product view/click event, or a batch of them. */
export default handle(
  async (req) => {
    const events = await jsonBody(req, EventCountBodySchema);
    const { recorded } = await eventsService.record(events);
    return json({ success: true, recorded } satisfies EventCountResponse, { status: 202 });
  },
  { methods: ['POST'] },
);

export const config: Config = { path: '/api/event-count' };
