import type { Config } from '@netlify/functions';
import type { AdminInventoryResponse, StockChangeResponse } from '@shared/api/inventory';
import { StockChangeSchema } from '@shared/schemas/inventory';
import { handle, json, jsonBody } from '@server/http';
import { authService } from '@server/services/auth.service';
import { inventoryService } from '@server/services/inventory.service';

/**
 * GET /api/admin/inventory (admins only): every product and size with its stock, low stock first.
 * POST: sets a unit's count (only if it is still what the admin saw) or adds or takes pieces, with a reason,
 * recorded with who and when.
 */
export default handle(
  async (req) => {
    const admin = await authService.requireRole(req, 'admin');
    if (req.method === 'GET') return json({ success: true, ...(await inventoryService.list()) } satisfies AdminInventoryResponse);
    const input = await jsonBody(req, StockChangeSchema, { maxBytes: 2_048 });
    const { unit, change } = await inventoryService.change(admin, input);
    return json({ success: true, message: `Stock is now ${unit.stock}`, unit, change } satisfies StockChangeResponse);
  },
  { methods: ['GET', 'POST'] },
);

export const config: Config = { path: '/api/admin/inventory' };
