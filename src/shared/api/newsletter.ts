/** The footer sign-up endpoint: its path and answer. The payload is SubscribeSchema (schemas/subscribe.ts). */
import type { ApiSuccess } from './common';

/** Paths of the newsletter endpoints. */
export const newsletterApiPaths = {
  /** POST an email address to receive offers (the same answer for a new address and a repeat). */
  subscribe: '/api/subscribe',
} as const;

/** POST /api/subscribe. */
export type SubscribeResponse = ApiSuccess<{ message: string }>;
