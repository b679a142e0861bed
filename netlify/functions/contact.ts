import type { Config } from '@netlify/functions';
import type { ContactResponse } from '../../src/shared/api';
import { ContactSchema } from '../../src/shared/schemas/contact';
import { handle, json, jsonBody } from '../lib/http';
import { contactService } from '../lib/services/contact.service';

/** POST /api/contact: stores a contact-form message for the support team. */
export default handle(
  async (req) => {
    const message = await jsonBody(req, ContactSchema, 8_192);
    const id = await contactService.submit(message);
    return json({ success: true, message: 'Sent', id } satisfies ContactResponse, { status: 201 });
  },
  { methods: ['POST'] },
);

export const config: Config = { path: '/api/contact' };
