import type { Config } from '@netlify/functions';
import type { AdminDiscountResponse } from '@shared/api/discounts';
import { DiscountCodeFieldSchema, DiscountStatusChangeSchema } from '@shared/schemas/discounts';
import { handle, json, jsonBody, pathParam } from '@server/http';
import { adminDiscountsService, statusMessage } from '@server/services/admin-discounts.service';
import { authService } from '@server/services/auth.service';

/** PATCH /api/admin/discounts/{code}/status (admins only): pause, resume (active) or end a code; ending is final. */
export default handle(
  async (req) => {
    const admin = await authService.requireRole(req, 'admin');
    const code = pathParam(req, '/api/admin/discounts/:code/status', DiscountCodeFieldSchema, 'discount code');
    const { status } = await jsonBody(req, DiscountStatusChangeSchema, { maxBytes: 1_024 });
    const outcome = await adminDiscountsService.changeStatus(code, status, admin);
    return json({
      success: true,
      message: statusMessage(code, status, outcome.changed),
      code: outcome.code,
    } satisfies AdminDiscountResponse);
  },
  { methods: ['PATCH'] },
);

export const config: Config = { path: '/api/admin/discounts/:code/status' };
