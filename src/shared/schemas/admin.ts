// zod/mini: the admin page builds its queries with these too.
import * as z from 'zod/mini';
import { COURIERS, OTHER_COURIER } from '../couriers';
import { ADMIN_YEARS, calendarDateProblem } from './fields';
import { ORDER_STATUSES } from '../orders';
import { indiaDayField } from './accounts';

/** The list's payment filter: every order, those paid online (Razorpay) or those paid cash on delivery. */
export const ADMIN_PAYMENT_FILTERS = ['all', 'online', 'cod'] as const;

/**
 * GET /api/get_order-all query: status filter, search text, page (from 1) and page size; and, for the
 * dashboard's links to the orders a figure counts, the India days placed (`from`, `to`, both included), the
 * payment (`online` or `cod`) and `sale=yes` (only orders that became a sale: placed cash on delivery or paid
 * online, so unpaid online attempts are left out).
 */
export const AdminOrdersQuerySchema = z
  .strictObject({
    status: z._default(
      z.enum(['all', 'needs_attention', ...ORDER_STATUSES], { error: 'status must be all, needs_attention or an order status' }),
      'all',
    ),
    search: z._default(z.string().check(z.trim(), z.maxLength(80, 'search is too long (80 characters at most)')), ''),
    page: z._default(
      z.coerce
        .number()
        .check(z.int('page must be a whole number'), z.minimum(1, 'page must be at least 1'), z.maximum(10_000, 'page is too large')),
      1,
    ),
    pageSize: z._default(
      z.coerce
        .number()
        .check(
          z.int('pageSize must be a whole number'),
          z.minimum(1, 'pageSize must be at least 1'),
          z.maximum(100, 'pageSize must be at most 100'),
        ),
      20,
    ),
    from: z.optional(indiaDayField('From')),
    to: z.optional(indiaDayField('To')),
    payment: z._default(z.enum(ADMIN_PAYMENT_FILTERS, { error: 'payment must be all, online or cod' }), 'all'),
    sale: z.optional(z.enum(['yes'], { error: 'sale must be yes when given' })),
  })
  .check(z.refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must be on or before To', path: ['to'] }));

/** A parsed admin orders query. */
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

/**
 * What marking an order Shipped records: the courier (one of COURIERS, or 'Other' with its name), the tracking
 * (AWB) number, and optionally the courier's tracking link and the date the courier expects to deliver.
 */
export const ShipmentSchema = z
  .strictObject({
    courier: z
      .string({ error: 'Choose the courier' })
      .check(z.trim(), z.minLength(1, 'Choose the courier'), z.maxLength(60, 'Courier name is too long')),
    awb: z
      .string({ error: 'Enter the tracking (AWB) number' })
      .check(
        z.trim(),
        z.minLength(1, 'Enter the tracking (AWB) number'),
        z.regex(/^[A-Za-z0-9-]{4,40}$/, 'A tracking (AWB) number is 4 to 40 letters, digits or dashes'),
      ),
    trackingUrl: z._default(
      z.nullable(
        z
          .string()
          .check(
            z.trim(),
            z.maxLength(500, 'Tracking link is too long'),
            z.regex(/^https:\/\/[^\s]+$/, 'A tracking link starts with https://'),
          ),
      ),
      null,
    ),
    expectedDelivery: z._default(
      z.nullable(
        z.string().check(
          z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected delivery must be a date'),
          z.refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
            message: 'Expected delivery must be a real date',
            abort: true,
          }),
          z.refine(
            (d) => calendarDateProblem(d) === null,
            `Expected delivery must be in the years ${ADMIN_YEARS.from} to ${ADMIN_YEARS.to}`,
          ),
        ),
      ),
      null,
    ),
  })
  .check(
    z.superRefine((s, ctx) => {
      const known = COURIERS.some((c) => c.name === s.courier);
      if (!known && s.courier === OTHER_COURIER) ctx.addIssue({ code: 'custom', path: ['courier'], message: 'Name the courier', input: s });
    }),
  );

/** A parsed shipment. */
export type ShipmentInput = z.infer<typeof ShipmentSchema>;

/** PATCH /api/admin/orders/{id}/status body: marking an order Shipped carries its shipment. */
export const StatusChangeSchema = z.strictObject({
  status: z.enum(ORDER_STATUSES, { error: 'status must be an order status' }),
  shipment: z.optional(ShipmentSchema),
});

/**
 * POST /api/admin/orders/{id}/undo body: the step being undone and, from the page, until when its undo was
 * offered (which identifies that very step), so a stale page never undoes a later step of the same name.
 */
export const UndoStepSchema = z.strictObject({
  step: z.enum(['packed', 'shipped', 'out_for_delivery', 'delivered'], {
    error: 'step must be packed, shipped, out_for_delivery or delivered',
  }),
  until: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/, 'until must be the time the page was given'))),
});
