import type { Config } from '@netlify/functions';
import type { CatalogueOptionsResponse } from '@shared/api/catalogue-admin';
import { handle, json } from '@server/http';
import { authService } from '@server/services/auth.service';
import { catalogueEditorService } from '@server/services/catalogue-editor.service';

/** GET /api/admin/catalogue/options (editors and admins): the categories, subcategories and collections a product may name. */
export default handle(async (req) => {
  await authService.requireRole(req, 'editor', 'admin');
  return json({ success: true, ...(await catalogueEditorService.options()) } satisfies CatalogueOptionsResponse);
});

export const config: Config = { path: '/api/admin/catalogue/options' };
