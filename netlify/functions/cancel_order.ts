import type { Config } from '@netlify/functions';
import type { CancelOrderResponse } from '@shared/api/orders';
import { ObjectIdSchema } from '@shared/schemas/common';
import { handle, json, pathParam } from '@server/http';
import { toOrder } from '@server/repositories/orders.repository';
import { authService } from '@server/services/auth.service';
import { orderStatusService } from '@server/services/order-status.service';

/** POST /api/orders/{id}/cancel (the owner): cancels within 24 hours of ordering and before shipping; refunds online payments. */
export default handle(
  async (req) => {
    const user = await authService.authenticate(req);
    const id = pathParam(req, '/api/orders/:id/cancel', ObjectIdSchema, 'order id');
    const order = await orderStatusService.cancelByCustomer(user, id);
    return json({
      success: true,
      message: order.refund ? 'Your order was cancelled. The refund is on its way (7 to 10 working days).' : 'Your order was cancelled.',
      order: toOrder(order),
    } satisfies CancelOrderResponse);
  },
  { methods: ['POST'], env: ['mail'] },
);

export const config: Config = { path: '/api/orders/:id/cancel' };
