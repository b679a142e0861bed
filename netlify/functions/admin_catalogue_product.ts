import type { Config } from '@netlify/functions';
import type { AdminProductDraftResponse } from '@shared/api/catalogue-admin';
import { ObjectIdSchema } from '@shared/schemas/common';
import { SaveDraftSchema } from '@shared/schemas/catalogue-admin';
import { handle, json, jsonBody, pathParam } from '@server/http';
import { authService } from '@server/services/auth.service';
import { catalogueEditorService } from '@server/services/catalogue-editor.service';

/**
 * GET /api/admin/catalogue/products/{id} (editors and admins): the product as the form edits it (its draft, or
 * the live product at version 0). PUT: saves the draft over the version loaded; 409 with who saved since and
 * when if that is no longer the draft's. Never changes the live shop.
 */
export default handle(
  async (req) => {
    const user = await authService.requireRole(req, 'editor', 'admin');
    const id = pathParam(req, '/api/admin/catalogue/products/:id', ObjectIdSchema, 'product id');
    if (req.method === 'GET')
      return json({ success: true, message: 'Product', draft: await catalogueEditorService.get(id) } satisfies AdminProductDraftResponse);
    const { version, product } = await jsonBody(req, SaveDraftSchema, { maxBytes: 65_536 });
    const draft = await catalogueEditorService.save(user, id, version, product);
    return json({ success: true, message: `Draft saved (version ${draft.version}).`, draft } satisfies AdminProductDraftResponse);
  },
  { methods: ['GET', 'PUT'] },
);

export const config: Config = { path: '/api/admin/catalogue/products/:id' };
