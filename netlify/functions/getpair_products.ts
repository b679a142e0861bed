import type { Config } from '@netlify/functions';
import { apiPaths } from '@shared/api';
import type { GetPairProductsResponse } from '@shared/api';
import { SlugOrIdSchema } from '@shared/schemas/common';
import { handle, json, pathParam } from '@server/http';
import { catalogueService } from '@server/services/catalogue.service';

/** GET /api/getpair_products/{slug}: pieces that pair with a product. */
export default handle(async (req) => {
  const slug = pathParam(req, `${apiPaths.getPairProducts.prefix}/:slug`, SlugOrIdSchema);
  return json({ success: true, pairProducts: await catalogueService.pairProducts(slug) } satisfies GetPairProductsResponse, {
    cache: 'catalogue',
  });
});

export const config: Config = { path: '/api/getpair_products/:slug' };
