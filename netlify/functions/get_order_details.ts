import type { Config } from '@netlify/functions';
import type { GetOrderDetailsResponse } from '@shared/api/orders';
import { handle, json } from '@server/http';
import { authService } from '@server/services/auth.service';
import { ordersService } from '@server/services/orders.service';

/** GET /api/get_order-details (bearer): the caller's own orders, newest first. */
export default handle(async (req) => {
  const user = await authService.authenticate(req);
  return json({ success: true, userOrders: await ordersService.listForUser(user._id) } satisfies GetOrderDetailsResponse);
});

export const config: Config = { path: '/api/get_order-details' };
