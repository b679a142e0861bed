import type { ContactMessage } from '@shared/schemas/contact';
import { contactRepository } from '../repositories/contact.repository';
import { rateLimitService, type RateLimit } from './rate-limit.service';

/** Messages per network: a shopper writes a few; more is a script filling the support inbox. */
const CONTACT_LIMIT: RateLimit = {
  name: 'contact',
  limit: 5,
  windowSeconds: 3600,
  message: 'Too many messages from this network.',
};

/** Contact-form messages for the support team. */
export const contactService = {
  /** Keeps a parsed message and returns its id, after counting it against the caller's network. */
  async submit(message: ContactMessage, clientIp: string, now = new Date()): Promise<string> {
    await rateLimitService.consume(CONTACT_LIMIT, clientIp, now);
    return contactRepository.insert(message);
  },
};
