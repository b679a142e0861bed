import type { Config } from '@netlify/functions';
import type { AdminOrderResponse } from '@shared/api/orders';
import { ObjectIdSchema } from '@shared/schemas/common';
import { handle, json, pathParam } from '@server/http';
import { adminOrdersService } from '@server/services/admin-orders.service';
import { authService } from '@server/services/auth.service';

/** GET /api/admin/orders/{id} (admins only): one order with its shopper, payment ids and history. */
export default handle(async (req) => {
  await authService.requireRole(req, 'admin');
  const id = pathParam(req, '/api/admin/orders/:id', ObjectIdSchema, 'order id');
  return json({ success: true, message: 'Order', order: await adminOrdersService.get(id) } satisfies AdminOrderResponse);
});

export const config: Config = { path: '/api/admin/orders/:id' };
