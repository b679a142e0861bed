import type { Config } from '@netlify/functions';
import { apiPaths } from '../../src/shared/api';
import type { GetCollectionProductsResponse } from '../../src/shared/api';
import { SlugOrIdSchema } from '../../src/shared/schemas/common';
import { handle, json, pathParam } from '../lib/http';
import { catalogueService } from '../lib/services/catalogue.service';

/** GET /api/get-collection/{slug}: a collection's products ("products" lists every product). */
export default handle(async (req) => {
  const slug = pathParam(req, `${apiPaths.getCollectionProducts.prefix}/:slug`, SlugOrIdSchema);
  const { collection, products } = await catalogueService.collectionListing(slug);
  return json({ success: true, collection, products } satisfies GetCollectionProductsResponse, { cache: 'catalogue' });
});

export const config: Config = { path: '/api/get-collection/:slug' };
