import type { Config } from '@netlify/functions';
import type { StockChangeResponse } from '@shared/api/inventory';
import { ObjectIdSchema } from '@shared/schemas/common';
import { StockChangeSchema } from '@shared/schemas/inventory';
import { badRequest } from '@server/errors';
import { handle, json, jsonBody, pathParam } from '@server/http';
import { authService } from '@server/services/auth.service';
import { inventoryService } from '@server/services/inventory.service';

/**
 * POST /api/admin/catalogue/products/{id}/stock (editors and admins): changes one of the product's units through
 * the inventory's rules: a new count only if the stock is still what the form showed (409 otherwise), or pieces
 * added or taken (never below zero), with a reason, recorded with who and when. The product form's way to stock.
 */
export default handle(
  async (req) => {
    const user = await authService.requireRole(req, 'editor', 'admin');
    const id = pathParam(req, '/api/admin/catalogue/products/:id/stock', ObjectIdSchema, 'product id');
    const input = await jsonBody(req, StockChangeSchema, { maxBytes: 2_048 });
    if (input.unit !== id && !input.unit.startsWith(`${id}:`)) throw badRequest('That stock is not this product’s');
    const { unit, change } = await inventoryService.change(user, input);
    return json({ success: true, message: `Stock is now ${unit.stock}`, unit, change } satisfies StockChangeResponse);
  },
  { methods: ['POST'] },
);

export const config: Config = { path: '/api/admin/catalogue/products/:id/stock' };
