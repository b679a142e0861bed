import type { Config } from '@netlify/functions';
import { parse } from 'zod/v4/core';
import type { StockLedgerResponse } from '@shared/api/inventory';
import { StockLedgerQuerySchema } from '@shared/schemas/inventory';
import { handle, json } from '@server/http';
import { authService } from '@server/services/auth.service';
import { stockLedgerService } from '@server/services/stock-ledger.service';

/** GET /api/admin/stock-ledger?unit= (admins only): one unit's stock movements, newest first, with its ledger's total. */
export default handle(
  async (req) => {
    await authService.requireRole(req, 'admin');
    const { unit } = parse(StockLedgerQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
    return json({ success: true, ...(await stockLedgerService.history(unit)) } satisfies StockLedgerResponse);
  },
  { methods: ['GET'] },
);

export const config: Config = { path: '/api/admin/stock-ledger' };
