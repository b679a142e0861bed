import type { Config } from '@netlify/functions';
import type { AdminProductDraftResponse, AdminProductHistoryResponse } from '@shared/api/catalogue-admin';
import { RestoreVersionSchema } from '@shared/schemas/catalogue-admin';
import { ObjectIdSchema } from '@shared/schemas/common';
import { handle, json, jsonBody, pathParam } from '@server/http';
import { authService } from '@server/services/auth.service';
import { catalogueEditorService } from '@server/services/catalogue-editor.service';

/**
 * GET /api/admin/catalogue/products/{id}/history (editors and admins): the draft's saved versions, newest first.
 * POST { version, restore }: restores saved version `restore` as a new draft, saved over `version`.
 */
export default handle(
  async (req) => {
    const user = await authService.requireRole(req, 'editor', 'admin');
    const id = pathParam(req, '/api/admin/catalogue/products/:id/history', ObjectIdSchema, 'product id');
    if (req.method === 'POST') {
      const { version, restore } = await jsonBody(req, RestoreVersionSchema, { maxBytes: 1024 });
      const draft = await catalogueEditorService.restore(user, id, version, restore);
      return json({
        success: true,
        message: `Version ${restore} is restored as a new draft (version ${draft.version}). Publish to put it live.`,
        draft,
      } satisfies AdminProductDraftResponse);
    }
    return json({ success: true, versions: await catalogueEditorService.history(id) } satisfies AdminProductHistoryResponse);
  },
  { methods: ['GET', 'POST'] },
);

export const config: Config = { path: '/api/admin/catalogue/products/:id/history' };
