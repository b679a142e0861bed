import type { Config } from '@netlify/functions';
import { parse } from 'zod/v4/core';
import type { AdminReturnsResponse } from '@shared/api/returns';
import { AdminReturnsQuerySchema } from '@shared/schemas/returns';
import { handle, json } from '@server/http';
import { authService } from '@server/services/auth.service';
import { returnsService } from '@server/services/returns.service';

/** GET /api/admin/returns?status= (admins only): return and replacement requests, open ones first. */
export default handle(async (req) => {
  await authService.requireRole(req, 'admin');
  const { status } = parse(AdminReturnsQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  return json({ success: true, returns: await returnsService.listForAdmin(status) } satisfies AdminReturnsResponse);
});

export const config: Config = { path: '/api/admin/returns' };
