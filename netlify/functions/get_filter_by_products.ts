import type { Config } from '@netlify/functions';
import { apiPaths } from '@shared/api';
import type { GetFilterByProductsResponse } from '@shared/api';
import { SlugOrIdSchema } from '@shared/schemas/common';
import { handle, json, pathParam } from '@server/http';
import { catalogueService } from '@server/services/catalogue.service';

/** GET /api/get-filter-by-products/{slug}: tags, attributes and dynamic fields offered on a listing. */
export default handle(async (req) => {
  const slug = pathParam(req, `${apiPaths.getFilterByProducts.prefix}/:slug`, SlugOrIdSchema);
  return json({ success: true, filters: await catalogueService.listingFilters(slug) } satisfies GetFilterByProductsResponse, {
    cache: 'catalogue',
  });
});

export const config: Config = { path: '/api/get-filter-by-products/:slug' };
