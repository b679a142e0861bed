import type { Config } from '@netlify/functions';
import type { ApplySilverRateResponse, SilverRateResponse } from '@shared/api/catalogue-admin';
import { ApplySilverRateSchema, SilverRateQuerySchema } from '@shared/schemas/catalogue-admin';
import { handle, json, jsonBody } from '@server/http';
import { authService } from '@server/services/auth.service';
import { silverRateService } from '@server/services/silver-rate.service';
import { parse } from 'zod/v4/core';

/**
 * GET /api/admin/catalogue/silver-rate?rate= (admins): the day's silver rate and the prices a rate gives the pieces
 * priced from it. POST: sets the rate and saves those prices as drafts, to publish together; 409 when the rate or
 * a piece changed after they were shown.
 */
export default handle(
  async (req) => {
    const user = await authService.requireRole(req, 'admin');
    if (req.method === 'GET') {
      const { rate } = parse(SilverRateQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
      return json({ success: true, ...(await silverRateService.overview(rate)) } satisfies SilverRateResponse);
    }
    const input = await jsonBody(req, ApplySilverRateSchema, { maxBytes: 1_048_576 });
    return json({ success: true, ...(await silverRateService.apply(user, input)) } satisfies ApplySilverRateResponse);
  },
  { methods: ['GET', 'POST'] },
);

export const config: Config = { path: '/api/admin/catalogue/silver-rate' };
