/** The contact endpoint: its path and answer. The payload is ContactSchema (schemas/contact.ts). */
import type { ApiSuccess } from './common';

/** Paths of the contact endpoints. */
export const contactApiPaths = {
  /** POST a contact-form message. */
  contact: '/api/contact',
} as const;

/** POST /api/contact (201): the stored message's id. */
export type ContactResponse = ApiSuccess<{ message: string; id: string }>;
