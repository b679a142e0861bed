import type { Config } from '@netlify/functions';
import { SlugOrIdSchema } from '../../src/shared/schemas/common';
import { handle, json, pathParam } from '../lib/http';
import { catalogueService } from '../lib/services/catalogue.service';

/** GET /api/get-filter-by-products/{slug}: tags, attributes and dynamic fields offered on a listing. */
export default handle(async (req) => {
  const slug = pathParam(req, '/api/get-filter-by-products', SlugOrIdSchema);
  return json({ success: true, filters: await catalogueService.listingFilters(slug) }, { cache: 'catalogue' });
});

export const config: Config = { path: '/api/get-filter-by-products/:slug' };
