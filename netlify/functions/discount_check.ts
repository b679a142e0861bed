import type { Config } from '@netlify/functions';
import type { DiscountCheckResponse } from '@shared/api/discounts';
import { DiscountCheckSchema } from '@shared/schemas/discounts';
import { handle, json, jsonBody } from '@server/http';
import { authService } from '@server/services/auth.service';
import { checkoutService } from '@server/services/checkout.service';

/**
 * POST /api/discounts/check (bearer): Apply at checkout. Answers what the code takes off these lines for the
 * signed-in shopper and the new total, or 422 with the exact reason it does not apply.
 */
export default handle(
  async (req) => {
    const user = await authService.authenticate(req);
    const input = await jsonBody(req, DiscountCheckSchema, { maxBytes: 16_384 });
    return json({ success: true, ...(await checkoutService.checkDiscount(user, input)) } satisfies DiscountCheckResponse);
  },
  { methods: ['POST'] },
);

export const config: Config = { path: '/api/discounts/check' };
