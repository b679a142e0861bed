import type { Config } from '@netlify/functions';
import type { PayNowResponse } from '@shared/api/orders';
import { ObjectIdSchema } from '@shared/schemas/common';
import { handle, json, pathParam } from '@server/http';
import { authService } from '@server/services/auth.service';
import { checkoutService } from '@server/services/checkout.service';

/**
 * POST /api/orders/{id}/pay (the owner): Pay now. Answers what Razorpay Checkout reopens with (the order's own
 * Razorpay order and amount) while its stock is held; 409 saying why when it can no longer be paid.
 */
export default handle(
  async (req) => {
    const user = await authService.authenticate(req);
    const id = pathParam(req, '/api/orders/:id/pay', ObjectIdSchema, 'order id');
    const checkout = await checkoutService.payNow(user, id);
    return json({ success: true, message: 'Complete your payment', ...checkout } satisfies PayNowResponse);
  },
  { methods: ['POST'], env: ['payment'] },
);

export const config: Config = { path: '/api/orders/:id/pay' };
