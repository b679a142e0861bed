import type { Config } from '@netlify/functions';
import type { CreateRazorpayOrderResponse } from '@shared/api/orders';
import { CreateRazorpayOrderSchema } from '@shared/schemas/checkout';
import { handle, json, jsonBody } from '@server/http';
import { idempotencyKeyOf } from '@server/idempotency';
import { authService } from '@server/services/auth.service';
import { checkoutService } from '@server/services/checkout.service';

/**
 * POST /api/create-razorpay-order (bearer, Idempotency-Key): prices the order on the server, holds its
 * stock for 30 minutes and creates the Razorpay order Checkout opens with.
 */
export default handle(
  async (req) => {
    const user = await authService.authenticate(req);
    const key = idempotencyKeyOf(req);
    const input = await jsonBody(req, CreateRazorpayOrderSchema);
    const created = await checkoutService.createOnlineOrder(user, input, key);
    return json({ success: true, message: 'Razorpay order created', ...created } satisfies CreateRazorpayOrderResponse);
  },
  { methods: ['POST'], env: ['payment'] },
);

export const config: Config = { path: '/api/create-razorpay-order' };
