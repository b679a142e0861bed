import type { Config } from '@netlify/functions';
import type { OrderCheckoutResponse } from '@shared/api/orders';
import { OrderCheckoutSchema } from '@shared/schemas/checkout';
import { handle, json, jsonBody } from '@server/http';
import { idempotencyKeyOf } from '@server/idempotency';
import { authService } from '@server/services/auth.service';
import { checkoutService } from '@server/services/checkout.service';

/**
 * POST /api/orderCheck_out (bearer, Idempotency-Key): places a cash-on-delivery order, or confirms an
 * online payment after verifying Razorpay's signature. Every amount is recomputed on the server.
 */
export default handle(
  async (req) => {
    const user = await authService.authenticate(req);
    const key = idempotencyKeyOf(req);
    const input = await jsonBody(req, OrderCheckoutSchema);
    const order =
      input.paymentMethod === 'cod'
        ? await checkoutService.placeCodOrder(user, input, key)
        : await checkoutService.confirmOnlinePayment(user, input);
    return json({ success: true, message: 'Order placed successfully!', order } satisfies OrderCheckoutResponse, { status: 201 });
  },
  { methods: ['POST'], env: ['payment', 'mail'] },
);

// The API path has a capital (/api/orderCheck_out); Netlify's local emulation only matches lower-case patterns.
export const config: Config = { path: ['/api/orderCheck_out', '/api/ordercheck_out'] };
