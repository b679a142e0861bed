import type { Config } from '@netlify/functions';
import type { SubscribeResponse } from '@shared/api';
import { SUBSCRIBED_MESSAGE, SubscribeSchema } from '@shared/schemas/subscribe';
import { handle, json, jsonBody } from '@server/http';
import { clientIp } from '@server/services/rate-limit.service';
import { subscribeService } from '@server/services/subscribe.service';

/** POST /api/subscribe: the footer's "SIGN UP AND SAVE"; the same answer for a new address and a repeat. */
export default handle(
  async (req) => {
    const sub = await jsonBody(req, SubscribeSchema, { maxBytes: 2_048 });
    await subscribeService.subscribe(sub, clientIp(req));
    return json({ success: true, message: SUBSCRIBED_MESSAGE } satisfies SubscribeResponse);
  },
  { methods: ['POST'] },
);

export const config: Config = {
  path: '/api/subscribe',
  // A coarse shield at Netlify's edge against floods, before an instance or the database is touched. It is
  // approximate (counted per edge node) and answers with Netlify's own 429, so the exact limit, with our
  // message and Retry-After, is the database counter in the service; this one only stops scripts.
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
