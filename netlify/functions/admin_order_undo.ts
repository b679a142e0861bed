import type { Config } from '@netlify/functions';
import type { AdminOrderResponse } from '@shared/api/orders';
import { STATUS_LABELS } from '@shared/orders';
import { UndoStepSchema } from '@shared/schemas/admin';
import { ObjectIdSchema } from '@shared/schemas/common';
import { handle, json, jsonBody, pathParam } from '@server/http';
import { adminOrdersService } from '@server/services/admin-orders.service';
import { authService } from '@server/services/auth.service';
import { orderStatusService } from '@server/services/order-status.service';

/**
 * POST /api/admin/orders/{id}/undo (admins only): undoes the order's last forward step while its messages to
 * the shopper are still held; recorded in the history with who and when. 409 once the shopper was told.
 */
export default handle(
  async (req) => {
    const admin = await authService.requireRole(req, 'admin');
    const id = pathParam(req, '/api/admin/orders/:id/undo', ObjectIdSchema, 'order id');
    const { step, until } = await jsonBody(req, UndoStepSchema, { maxBytes: 512 });
    const order = await orderStatusService.undoByAdmin(admin, id, step, until);
    return json({
      success: true,
      message: `Undone: the order is ${STATUS_LABELS[order.status].toLowerCase()} again`,
      order: await adminOrdersService.withCustomer(order),
    } satisfies AdminOrderResponse);
  },
  { methods: ['POST'] },
);

export const config: Config = { path: '/api/admin/orders/:id/undo' };
