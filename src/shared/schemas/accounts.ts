// zod/mini: the admin's accounts page checks its dates with this too.
import * as z from 'zod/mini';
import { ADMIN_YEARS, calendarDateProblem } from './fields';

/** An India calendar day ('YYYY-MM-DD') an admin chose, named `what` in its messages. */
export const indiaDayField = (what: string) =>
  z.string({ error: `${what} must be a date` }).check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, `${what} must be a date (YYYY-MM-DD)`),
    z.refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
      message: `${what} must be a real date`,
      abort: true,
    }),
    z.refine((d) => calendarDateProblem(d) === null, `${what} must be in the years ${ADMIN_YEARS.from} to ${ADMIN_YEARS.to}`),
  );

/** Most days one export covers: a financial year and a day, so a year's return is one file. */
const MAX_EXPORT_DAYS = 366;

/** GET /api/admin/accounts?from=&to=: the invoices issued from `from` to `to` (India's dates, both included). */
export const AccountsQuerySchema = z.strictObject({ from: indiaDayField('From'), to: indiaDayField('To') }).check(
  z.refine((q) => q.from <= q.to, { message: 'From must be on or before To', path: ['to'] }),
  z.refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_EXPORT_DAYS, {
    message: `An export covers at most ${MAX_EXPORT_DAYS} days`,
    path: ['to'],
  }),
);

/** A parsed accounts query. */
export type AccountsQuery = z.infer<typeof AccountsQuerySchema>;
