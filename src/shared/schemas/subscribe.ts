// zod/mini: small enough for any browser bundle that wants it; the server parses POST /api/subscribe with it.
import * as z from 'zod/mini';

/** Longest email address SMTP can deliver to (RFC 5321). */
export const MAX_EMAIL_LENGTH = 254;

/** The footer's "SIGN UP AND SAVE" form: the address, and the path of the page it was sent from. */
export const SubscribeSchema = z.strictObject({
  email: z.pipe(
    z.string().check(z.trim(), z.minLength(1, 'Enter your email'), z.maxLength(MAX_EMAIL_LENGTH, 'Email is too long')),
    z.email('Enter a valid email'),
  ),
  source: z.string().check(z.regex(/^\/[A-Za-z0-9/_.~%-]{0,199}$/, 'must be the path of a page on this site, e.g. /about')),
});

/** A parsed sign-up. */
export type Subscription = z.infer<typeof SubscribeSchema>;

/** What the shopper reads after signing up, the first time and every time after (whether an address is already listed is nobody's business). */
export const SUBSCRIBED_MESSAGE = "Thank you! You're signed up for our special offers.";
