import { z } from 'zod';

/** The contact form, parsed identically by the page and by POST /api/contact. */
export const ContactSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(80, 'Name is too long'),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email')),
  phone: z
    .string()
    .trim()
    .regex(/^(\d{10})?$/, 'Phone must be 10 digits')
    .default(''),
  message: z.string().trim().min(1, 'Message is required').max(2000, 'Message is too long (2000 characters at most)'),
});

/** A parsed contact message. */
export type ContactMessage = z.infer<typeof ContactSchema>;
