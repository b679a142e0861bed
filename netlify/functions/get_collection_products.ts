import type { Config } from '@netlify/functions';
import { apiPaths } from '@shared/api';
import type { GetCollectionProductsResponse } from '@shared/api';
import { SlugOrIdSchema } from '@shared/schemas/common';
import { handle, json, pathParam } from '@server/http';
import { catalogueService } from '@server/services/catalogue.service';

/** GET /api/get-collection/{slug}: a collection's products ("products" lists every product). */
export default handle(async (req) => {
  const slug = pathParam(req, `${apiPaths.getCollectionProducts.prefix}/:slug`, SlugOrIdSchema);
  const { collection, products } = await catalogueService.collectionListing(slug);
  return json({ success: true, collection, products } satisfies GetCollectionProductsResponse, { cache: 'catalogue' });
});

export const config: Config = { path: '/api/get-collection/:slug' };
