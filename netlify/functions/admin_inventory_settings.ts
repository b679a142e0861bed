import type { Config } from '@netlify/functions';
import type { InventorySettingsResponse } from '@shared/api/inventory';
import { InventorySettingsSchema } from '@shared/schemas/inventory';
import { handle, json, jsonBody } from '@server/http';
import { authService } from '@server/services/auth.service';
import { inventoryService } from '@server/services/inventory.service';

/** PUT /api/admin/inventory/settings (admins only): the low-stock threshold of the inventory page. */
export default handle(
  async (req) => {
    const admin = await authService.requireRole(req, 'admin');
    const { lowStockThreshold } = await jsonBody(req, InventorySettingsSchema, { maxBytes: 512 });
    const saved = await inventoryService.setLowStockThreshold(admin, lowStockThreshold);
    return json({
      success: true,
      message: `Units with ${saved} or fewer pieces are now listed as low`,
      lowStockThreshold: saved,
    } satisfies InventorySettingsResponse);
  },
  { methods: ['PUT'] },
);

export const config: Config = { path: '/api/admin/inventory/settings' };
