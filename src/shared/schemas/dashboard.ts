// zod/mini: the dashboard's range picker checks its dates with this too.
import * as z from 'zod/mini';
import { indiaDayField } from './accounts';

/** The longest range the dashboard compares: a year and a day (its comparison is the same length before it). */
export const MAX_DASHBOARD_DAYS = 366;

/** GET /api/admin/dashboard?from=&to=: the shop's figures from `from` to `to` (India's days, both included). */
export const DashboardQuerySchema = z.strictObject({ from: indiaDayField('From'), to: indiaDayField('To') }).check(
  z.refine((q) => q.from <= q.to, { message: 'From must be on or before To', path: ['to'] }),
  z.refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_DASHBOARD_DAYS, {
    message: `A range covers at most ${MAX_DASHBOARD_DAYS} days`,
    path: ['to'],
  }),
);

/** A parsed dashboard query. */
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;
