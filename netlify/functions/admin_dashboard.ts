import type { Config } from '@netlify/functions';
import { parse } from 'zod/v4/core';
import type { DashboardResponse } from '@shared/api/dashboard';
import { DashboardQuerySchema } from '@shared/schemas/dashboard';
import { handle, json } from '@server/http';
import { authService } from '@server/services/auth.service';
import { dashboardService } from '@server/services/dashboard.service';

/**
 * GET /api/admin/dashboard?from=YYYY-MM-DD&to=YYYY-MM-DD (admins only): the shop's sales, refunds, returns, top
 * pieces and views for those India days and the same-length range before them, read from the daily figures.
 */
export default handle(
  async (req) => {
    await authService.requireRole(req, 'admin');
    const query = parse(DashboardQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
    return json((await dashboardService.summary(query)) satisfies DashboardResponse);
  },
  { methods: ['GET'] },
);

export const config: Config = { path: '/api/admin/dashboard' };
