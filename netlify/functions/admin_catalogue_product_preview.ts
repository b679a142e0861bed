import type { Config } from '@netlify/functions';
import type { AdminProductPreviewResponse } from '@shared/api/catalogue-admin';
import { ObjectIdSchema } from '@shared/schemas/common';
import { handle, json, pathParam } from '@server/http';
import { authService } from '@server/services/auth.service';
import { catalogueEditorService } from '@server/services/catalogue-editor.service';

/**
 * GET /api/admin/catalogue/products/{id}/preview (editors and admins): the product as shoppers will see it once
 * published, from its saved draft. Never cached: it is not the shop's.
 */
export default handle(async (req) => {
  await authService.requireRole(req, 'editor', 'admin');
  const id = pathParam(req, '/api/admin/catalogue/products/:id/preview', ObjectIdSchema, 'product id');
  return json({ success: true, ...(await catalogueEditorService.preview(id)) } satisfies AdminProductPreviewResponse);
});

export const config: Config = { path: '/api/admin/catalogue/products/:id/preview' };
