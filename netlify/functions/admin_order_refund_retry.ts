import type { Config } from '@netlify/functions';
import type { AdminOrderResponse } from '@shared/api/orders';
import { formatPaiseAsINR } from '@shared/money';
import { ObjectIdSchema } from '@shared/schemas/common';
import { RefundRetrySchema } from '@shared/schemas/refunds';
import { badRequest } from '@server/errors';
import { handle, json, jsonBody, pathParam } from '@server/http';
import { idempotencyKeyOf } from '@server/idempotency';
import { adminOrdersService } from '@server/services/admin-orders.service';
import { authService } from '@server/services/auth.service';
import { refundsService } from '@server/services/refunds.service';

/**
 * POST /api/admin/orders/{id}/refund-retry (admins only, Idempotency-Key required): asks Razorpay again for a
 * cancelled order's refund that failed. The same key again answers the same retry; 409 when nothing failed; 502
 * when Razorpay did not answer (the retry stays waiting, and asking again, with any key, asks Razorpay for that retry).
 */
export default handle(
  async (req) => {
    const admin = await authService.requireRole(req, 'admin');
    const id = pathParam(req, '/api/admin/orders/:id/refund-retry', ObjectIdSchema, 'order id');
    const key = idempotencyKeyOf(req);
    if (!key) throw badRequest('Send an Idempotency-Key header (a UUID) so a retried refund is made once.');
    await jsonBody(req, RefundRetrySchema, { maxBytes: 512 });
    const { order, created } = await refundsService.retryFailedRefund(admin, id, key);
    const refund = order.refund!;
    const what = refund.status === 'processed' ? 'processed' : refund.status === 'failed' ? 'failed again' : 'started';
    return json(
      {
        success: true,
        message: `Refund of ${formatPaiseAsINR(refund.amountPaise)} ${what}${created ? '' : ' (already)'}`,
        order: await adminOrdersService.withCustomer(order),
      } satisfies AdminOrderResponse,
      { status: created ? 201 : 200 },
    );
  },
  { methods: ['POST'] },
);

export const config: Config = { path: '/api/admin/orders/:id/refund-retry' };
