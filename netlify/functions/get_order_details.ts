import type { Config } from '@netlify/functions';
import type { GetOrderDetailsResponse } from '../../src/shared/api/orders';
import { handle, json } from '../lib/http';
import { authService } from '../lib/services/auth.service';
import { ordersService } from '../lib/services/orders.service';

/** GET /api/get_order-details (bearer): the caller's own orders, newest first. */
export default handle(async (req) => {
  const user = await authService.authenticate(req);
  return json({ success: true, userOrders: await ordersService.listForUser(user._id) } satisfies GetOrderDetailsResponse);
});

export const config: Config = { path: '/api/get_order-details' };
