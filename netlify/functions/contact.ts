import type { Config } from '@netlify/functions';
import { ContactSchema } from '../../src/shared/schemas/contact';
import { handle, json, jsonBody } from '../lib/http';
import { contactRepository } from '../lib/repositories/contact.repository';

/** POST /api/contact: stores a contact-form message for the support team. */
export default handle(
  async (req) => {
    const message = await jsonBody(req, ContactSchema, 8_192);
    const id = await contactRepository.insert(message);
    return json({ success: true, message: 'Sent', id }, { status: 201 });
  },
  { methods: ['POST'] },
);

export const config: Config = { path: '/api/contact' };
