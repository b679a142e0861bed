import type { Config } from '@netlify/functions';
import type { GetOrderResponse } from '../../src/shared/api/orders';
import { ObjectIdSchema } from '../../src/shared/schemas/common';
import { handle, json, pathParam } from '../lib/http';
import { authService } from '../lib/services/auth.service';
import { ordersService } from '../lib/services/orders.service';

/** GET /api/get_orders/{orderId} (bearer): one order with its lines, for its owner or an admin (anyone else: 404). */
export default handle(async (req) => {
  const user = await authService.authenticate(req);
  const orderId = pathParam(req, '/api/get_orders/:orderId', ObjectIdSchema);
  return json({ success: true, order: await ordersService.getForReader(orderId, user) } satisfies GetOrderResponse);
});

export const config: Config = { path: '/api/get_orders/:orderId' };
