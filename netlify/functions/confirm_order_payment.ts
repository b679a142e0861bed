import type { Config } from '@netlify/functions';
import type { ConfirmPaymentResponse } from '@shared/api/orders';
import { ConfirmPaymentSchema } from '@shared/schemas/checkout';
import { ObjectIdSchema } from '@shared/schemas/common';
import { handle, json, jsonBody, pathParam } from '@server/http';
import { authService } from '@server/services/auth.service';
import { checkoutService } from '@server/services/checkout.service';

/**
 * POST /api/orders/{id}/payment (the owner): Checkout's answer after Pay now. The signature is verified
 * before anything is recorded; the answer is the order as it now stands (409 when it had been cancelled,
 * with the refund).
 */
export default handle(
  async (req) => {
    const user = await authService.authenticate(req);
    const id = pathParam(req, '/api/orders/:id/payment', ObjectIdSchema, 'order id');
    const input = await jsonBody(req, ConfirmPaymentSchema);
    const order = await checkoutService.confirmOnlinePayment(user, input, id);
    return json({
      success: true,
      message: 'Your payment is received and your order is confirmed.',
      order,
    } satisfies ConfirmPaymentResponse);
  },
  { methods: ['POST'], env: ['payment', 'mail'] },
);

export const config: Config = { path: '/api/orders/:id/payment' };
