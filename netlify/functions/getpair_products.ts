import type { Config } from '@netlify/functions';
import { SlugOrIdSchema } from '../../src/shared/schemas/common';
import { handle, json, pathParam } from '../lib/http';
import { catalogueService } from '../lib/services/catalogue.service';

/** GET /api/getpair_products/{slug}: pieces that pair with a product. */
export default handle(async (req) => {
  const slug = pathParam(req, '/api/getpair_products', SlugOrIdSchema);
  return json({ success: true, pairProducts: await catalogueService.pairProducts(slug) }, { cache: 'catalogue' });
});

export const config: Config = { path: '/api/getpair_products/:slug' };
