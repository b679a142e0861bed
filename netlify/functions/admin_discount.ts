import type { Config } from '@netlify/functions';
import type { AdminDiscountResponse } from '@shared/api/discounts';
import { DiscountCodeFieldSchema, DiscountCodeInputSchema } from '@shared/schemas/discounts';
import { handle, json, jsonBody, pathParam } from '@server/http';
import { adminDiscountsService } from '@server/services/admin-discounts.service';
import { authService } from '@server/services/auth.service';

/** GET /api/admin/discounts/{code}: one code; PUT: new rules for it (admins only; an ended code cannot change). */
export default handle(
  async (req) => {
    const admin = await authService.requireRole(req, 'admin');
    const code = pathParam(req, '/api/admin/discounts/:code', DiscountCodeFieldSchema, 'discount code');
    if (req.method === 'GET')
      return json({ success: true, message: 'Discount code', code: await adminDiscountsService.get(code) } satisfies AdminDiscountResponse);
    const input = await jsonBody(req, DiscountCodeInputSchema, { maxBytes: 4_096 });
    const saved = await adminDiscountsService.edit(code, input, admin);
    return json({ success: true, message: `${saved.code} is saved.`, code: saved } satisfies AdminDiscountResponse);
  },
  { methods: ['GET', 'PUT'] },
);

export const config: Config = { path: '/api/admin/discounts/:code' };
