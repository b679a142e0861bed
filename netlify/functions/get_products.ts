import type { Config } from '@netlify/functions';
import { apiPaths } from '@shared/api';
import type { GetProductsResponse } from '@shared/api';
import { SlugOrIdSchema } from '@shared/schemas/common';
import { handle, json, pathParam } from '@server/http';
import { catalogueService } from '@server/services/catalogue.service';

/** GET /api/getProducts/{slug}: one product (by slug or id) with related products. */
export default handle(async (req) => {
  const slug = pathParam(req, `${apiPaths.getProducts.prefix}/:slug`, SlugOrIdSchema);
  // Price and stock move with every order, so this answer is cached only briefly.
  return json({ success: true, products: await catalogueService.productBySlugOrId(slug) } satisfies GetProductsResponse, { cache: 'live' });
});

// The published path has capitals; Netlify's local emulation only matches lower-case patterns, so both are declared.
export const config: Config = { path: ['/api/getProducts/:slug', '/api/getproducts/:slug'] };
