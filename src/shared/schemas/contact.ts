// zod/mini: the contact form parses with this schema in the browser too, and mini keeps that bundle small.
import * as z from 'zod/mini';
import { OptionalPhoneSchema } from './fields';

/** The contact form, parsed identically by the page and by POST /api/contact. */
export const ContactSchema = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(80, 'Name is too long')),
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, 'Email is required')), z.email('Enter a valid email')),
  phone: OptionalPhoneSchema,
  message: z
    .string()
    .check(z.trim(), z.minLength(1, 'Message is required'), z.maxLength(2000, 'Message is too long (2000 characters at most)')),
});

/** A parsed contact message. */
export type ContactMessage = z.infer<typeof ContactSchema>;
