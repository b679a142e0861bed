import type { Config } from '@netlify/functions';
import { apiPaths } from '@shared/api';
import type { GetBannerByIdResponse } from '@shared/api';
import { ObjectIdSchema } from '@shared/schemas/common';
import { handle, json, pathParam } from '@server/http';
import { catalogueService } from '@server/services/catalogue.service';

/** GET /api/get-banner/{id}: one banner with its products resolved. */
export default handle(async (req) => {
  const id = pathParam(req, `${apiPaths.getBannerById.prefix}/:slug`, ObjectIdSchema);
  return json({ success: true, banner: await catalogueService.bannerById(id) } satisfies GetBannerByIdResponse, { cache: 'catalogue' });
});

export const config: Config = { path: '/api/get-banner/:id' };
