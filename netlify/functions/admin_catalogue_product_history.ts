import type { Config } from '@netlify/functions';
import type { AdminProductHistoryResponse } from '../../src/shared/api/catalogue-admin';
import { ObjectIdSchema } from '../../src/shared/schemas/common';
import { handle, json, pathParam } from '../lib/http';
import { authService } from '../lib/services/auth.service';
import { catalogueEditorService } from '../lib/services/catalogue-editor.service';

/** GET /api/admin/catalogue/products/{id}/history (editors and admins): the draft's saved versions, newest first. */
export default handle(async (req) => {
  await authService.requireRole(req, 'editor', 'admin');
  const id = pathParam(req, '/api/admin/catalogue/products/:id/history', ObjectIdSchema, 'product id');
  return json({ success: true, versions: await catalogueEditorService.history(id) } satisfies AdminProductHistoryResponse);
});

export const config: Config = { path: '/api/admin/catalogue/products/:id/history' };
