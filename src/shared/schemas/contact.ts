// zod/mini: the contact form parses with this schema in the browser too, and mini keeps that bundle small.
import * as z from 'zod/mini';
import { OptionalPhoneSchema, requiredText } from './fields';

/** The contact form, parsed identically by the page and by POST /api/contact. */
export const ContactSchema = z.strictObject({
  name: requiredText('Name is required', 80, 'Name'),
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, 'Email is required')), z.email('Enter a valid email')),
  phone: OptionalPhoneSchema,
  message: requiredText('Message is required', 2000, 'Message', { multiline: true }),
});

/** A parsed contact message. */
export type ContactMessage = z.infer<typeof ContactSchema>;
