import type { Config } from '@netlify/functions';
import type { PublishStartResponse, PublishStatusResponse } from '@shared/api/catalogue-admin';
import { PublishRequestSchema } from '@shared/schemas/catalogue-admin';
import { handle, json, jsonBody } from '@server/http';
import { authService } from '@server/services/auth.service';
import { cataloguePublishService } from '@server/services/publish/publish.service';

/**
 * GET /api/admin/catalogue/publish (editors and admins): the changes waiting, the publish under way and the log.
 * POST { products: [{ id, version }], listings: [{ id, version }], home: version | null } (the changes shown): Publish, 201 when it starts, 202 when it waits for the
 * publish under way.
 */
export default handle(
  async (req) => {
    const user = await authService.requireRole(req, 'editor', 'admin');
    // The local server rebuilds itself when there is no build hook: it is asked at the origin this request came to.
    const origin = new URL(req.url).origin;
    if (req.method === 'POST') {
      const shown = await jsonBody(req, PublishRequestSchema, { maxBytes: 1_048_576 });
      const started = await cataloguePublishService.publish(user, shown, origin);
      return json({ success: true, ...started } satisfies PublishStartResponse, { status: started.queued ? 202 : 201 });
    }
    return json({ success: true, ...(await cataloguePublishService.status(origin)) } satisfies PublishStatusResponse);
  },
  { methods: ['GET', 'POST'] },
);

export const config: Config = { path: '/api/admin/catalogue/publish' };
