import type { Config } from '@netlify/functions';
import type { ContactResponse } from '@shared/api';
import { ContactSchema } from '@shared/schemas/contact';
import { handle, json, jsonBody } from '@server/http';
import { clientIp } from '@server/services/rate-limit.service';
import { contactService } from '@server/services/contact.service';

/** POST /api/contact: stores a contact-form message for the support team. */
export default handle(
  async (req) => {
    const message = await jsonBody(req, ContactSchema, { maxBytes: 8_192 });
    const id = await contactService.submit(message, clientIp(req));
    return json({ success: true, message: 'Sent', id } satisfies ContactResponse, { status: 201 });
  },
  { methods: ['POST'] },
);

export const config: Config = {
  path: '/api/contact',
  // Edge flood shield; the exact per-network limit with Retry-After is the database counter (see subscribe.ts).
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
