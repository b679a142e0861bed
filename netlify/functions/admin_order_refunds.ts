import type { Config } from '@netlify/functions';
import type { CreateRefundResponse } from '@shared/api/refunds';
import { formatPaiseAsINR } from '@shared/money';
import { ObjectIdSchema } from '@shared/schemas/common';
import { RefundRequestSchema } from '@shared/schemas/refunds';
import { badRequest } from '@server/errors';
import { handle, json, jsonBody, pathParam } from '@server/http';
import { idempotencyKeyOf } from '@server/idempotency';
import { adminOrdersService } from '@server/services/admin-orders.service';
import { authService } from '@server/services/auth.service';
import { refundsService, toRefundEntry } from '@server/services/refunds.service';

/**
 * POST /api/admin/orders/{id}/refunds (admins only, Idempotency-Key required): refunds chosen lines of a
 * paid order, or everything left, through Razorpay or recorded as a UPI / bank transfer for cash paid.
 * The same key again answers the same refund.
 */
export default handle(
  async (req) => {
    const admin = await authService.requireRole(req, 'admin');
    const id = pathParam(req, '/api/admin/orders/:id/refunds', ObjectIdSchema, 'order id');
    const key = idempotencyKeyOf(req);
    if (!key) throw badRequest('Send an Idempotency-Key header (a UUID) so a retried refund is made once.');
    const input = await jsonBody(req, RefundRequestSchema, { maxBytes: 4_096 });
    const { entry, order, created } = await refundsService.refund(admin, id, input, key);
    const what = entry.status === 'failed' ? 'failed' : entry.status === 'processed' ? 'made' : 'requested';
    return json(
      {
        success: true,
        message: `Refund of ${formatPaiseAsINR(entry.paise)} ${what}${created ? '' : ' (already)'}`,
        refund: toRefundEntry(entry),
        order: await adminOrdersService.withCustomer(order),
      } satisfies CreateRefundResponse,
      { status: created ? 201 : 200 },
    );
  },
  { methods: ['POST'] },
);

export const config: Config = { path: '/api/admin/orders/:id/refunds' };
