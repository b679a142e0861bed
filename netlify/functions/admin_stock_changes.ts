import type { Config } from '@netlify/functions';
import { parse } from 'zod/v4/core';
import type { StockChangesResponse } from '@shared/api/inventory';
import { StockChangesQuerySchema } from '@shared/schemas/inventory';
import { handle, json } from '@server/http';
import { authService } from '@server/services/auth.service';
import { inventoryService } from '@server/services/inventory.service';

/** GET /api/admin/stock-changes?unit= (admins only): recorded stock changes, newest first. */
export default handle(
  async (req) => {
    await authService.requireRole(req, 'admin');
    const { unit } = parse(StockChangesQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
    return json({ success: true, changes: await inventoryService.history(unit) } satisfies StockChangesResponse);
  },
  { methods: ['GET'] },
);

export const config: Config = { path: '/api/admin/stock-changes' };
