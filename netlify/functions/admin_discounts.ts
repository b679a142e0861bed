import type { Config } from '@netlify/functions';
import type { AdminDiscountResponse, AdminDiscountsResponse } from '@shared/api/discounts';
import { DiscountCodeInputSchema } from '@shared/schemas/discounts';
import { handle, json, jsonBody } from '@server/http';
import { adminDiscountsService } from '@server/services/admin-discounts.service';
import { authService } from '@server/services/auth.service';

/** GET /api/admin/discounts: every code, newest first; POST: creates a code (admins only). */
export default handle(
  async (req) => {
    const admin = await authService.requireRole(req, 'admin');
    if (req.method === 'GET') return json({ success: true, codes: await adminDiscountsService.list() } satisfies AdminDiscountsResponse);
    const input = await jsonBody(req, DiscountCodeInputSchema, { maxBytes: 4_096 });
    const code = await adminDiscountsService.create(input, admin);
    return json({ success: true, message: `${code.code} is created.`, code } satisfies AdminDiscountResponse, { status: 201 });
  },
  { methods: ['GET', 'POST'] },
);

export const config: Config = { path: '/api/admin/discounts' };
