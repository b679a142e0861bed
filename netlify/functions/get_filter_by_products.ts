import type { Config } from '@netlify/functions';
import { apiPaths } from '../../src/shared/api';
import type { GetFilterByProductsResponse } from '../../src/shared/api';
import { SlugOrIdSchema } from '../../src/shared/schemas/common';
import { handle, json, pathParam } from '../lib/http';
import { catalogueService } from '../lib/services/catalogue.service';

/** GET /api/get-filter-by-products/{slug}: tags, attributes and dynamic fields offered on a listing. */
export default handle(async (req) => {
  const slug = pathParam(req, `${apiPaths.getFilterByProducts.prefix}/:slug`, SlugOrIdSchema);
  return json({ success: true, filters: await catalogueService.listingFilters(slug) } satisfies GetFilterByProductsResponse, {
    cache: 'catalogue',
  });
});

export const config: Config = { path: '/api/get-filter-by-products/:slug' };
