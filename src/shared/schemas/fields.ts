// zod/mini: these schemas run in the browser (sign-in and checkout forms) as well as on the server.
import * as z from 'zod/mini';

/** A required text field: trimmed, with the given message when missing or empty, and a length cap. */
export function requiredText(message: string, max: number, label: string) {
  return z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.maxLength(max, `${label} is too long (${max} characters at most)`));
}

/** An optional text field: trimmed, '' when absent. */
export function optionalText(max: number, label: string) {
  return z._default(z.string().check(z.trim(), z.maxLength(max, `${label} is too long (${max} characters at most)`)), '');
}

/** An Indian mobile number: exactly 10 digits, as typed after the +91 prefix. */
export const PhoneSchema = z
  .string({ error: 'Phone is required' })
  .check(z.trim(), z.minLength(1, 'Phone is required'), z.regex(/^(\d{10})?$/, 'Phone must be 10 digits'));

/** A plausible email address: something@domain.tld, no spaces (deliverability is the mail server's call). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** An optional email: '' when not given, otherwise a valid address (lower-cased). */
export const OptionalEmailSchema = z._default(
  z.string({ error: 'Enter a valid email' }).check(
    z.trim(),
    z.maxLength(254, 'Email is too long'),
    z.refine((s) => s === '' || EMAIL_PATTERN.test(s), 'Enter a valid email'),
    z.toLowerCase(),
  ),
  '',
);
