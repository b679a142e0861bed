import type { Subscription } from '@shared/schemas/subscribe';
import { subscribersRepository } from '../repositories/subscribers.repository';
import { rateLimitService, type RateLimit } from './rate-limit.service';

/** Sign-ups per network: a household signs up a few addresses; a script signing up thousands is stopped. */
const SUBSCRIBE_LIMIT: RateLimit = {
  name: 'subscribe',
  limit: 10,
  windowSeconds: 3600,
  message: 'Too many sign-ups from this network.',
};

/** The identity of an address: mail providers treat addresses case-insensitively, and so do we. */
function foldEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Newsletter sign-ups from the footer form. */
export const subscribeService = {
  /** Lists the address once (a repeat changes nothing), after counting the sign-up against the caller's network. */
  async subscribe(sub: Subscription, clientIp: string, now = new Date()): Promise<void> {
    await rateLimitService.consume(SUBSCRIBE_LIMIT, clientIp, now);
    await subscribersRepository.add(sub, foldEmail(sub.email), now);
  },
};
