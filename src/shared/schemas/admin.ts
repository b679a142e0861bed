// zod/mini: the admin page builds its queries with these too.
import * as z from 'zod/mini';

/** Statuses an order can be in (the admin's filter offers these, plus 'all' and 'needs_attention'). */
export const ORDER_STATUSES = ['pending_payment', 'confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered', 'cancelled'] as const;

/** GET /api/get_order-all query: status filter, search text, page (from 1) and page size. */
export const AdminOrdersQuerySchema = z.strictObject({
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
});

/** A parsed admin orders query. */
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

/** PATCH /api/admin/orders/{id}/status body. */
export const StatusChangeSchema = z.strictObject({
  status: z.enum(ORDER_STATUSES, { error: 'status must be an order status' }),
});
