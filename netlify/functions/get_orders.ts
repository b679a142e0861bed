import type { Config } from '@netlify/functions';
import type { GetOrderResponse } from '@shared/api/orders';
import { ObjectIdSchema } from '@shared/schemas/common';
import { handle, json, pathParam } from '@server/http';
import { authService } from '@server/services/auth.service';
import { ordersService } from '@server/services/orders.service';

/** GET /api/get_orders/{orderId} (bearer): one order with its lines, for its owner or an admin (anyone else: 404). */
export default handle(async (req) => {
  const user = await authService.authenticate(req);
  const orderId = pathParam(req, '/api/get_orders/:orderId', ObjectIdSchema);
  return json({ success: true, order: await ordersService.getForReader(orderId, user) } satisfies GetOrderResponse);
});

export const config: Config = { path: '/api/get_orders/:orderId' };
