import type { Config } from '@netlify/functions';
import type { AdminOrderResponse } from '@shared/api/orders';
import { STATUS_LABELS } from '@shared/orders';
import { StatusChangeSchema } from '@shared/schemas/admin';
import { ObjectIdSchema } from '@shared/schemas/common';
import { handle, json, jsonBody, pathParam } from '@server/http';
import { adminOrdersService } from '@server/services/admin-orders.service';
import { authService } from '@server/services/auth.service';
import { orderStatusService } from '@server/services/order-status.service';

/**
 * PATCH /api/admin/orders/{id}/status (admins only): moves an order along the allowed transitions;
 * Shipped records the courier and tracking number; cancelling returns stock once and refunds an online payment.
 */
export default handle(
  async (req) => {
    const admin = await authService.requireRole(req, 'admin');
    const id = pathParam(req, '/api/admin/orders/:id/status', ObjectIdSchema, 'order id');
    const { status, shipment } = await jsonBody(req, StatusChangeSchema, { maxBytes: 2_048 });
    const order = await orderStatusService.changeByAdmin(admin, id, status, shipment);
    return json({
      success: true,
      message: `Order is now ${STATUS_LABELS[order.status].toLowerCase()}`,
      order: await adminOrdersService.withCustomer(order),
    } satisfies AdminOrderResponse);
  },
  { methods: ['PATCH'], env: ['mail'] },
);

export const config: Config = { path: '/api/admin/orders/:id/status' };
