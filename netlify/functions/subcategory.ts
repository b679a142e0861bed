import type { Config } from '@netlify/functions';
import { apiPaths } from '@shared/api';
import type { SubcategoryProductsResponse } from '@shared/api';
import { SlugOrIdSchema } from '@shared/schemas/common';
import { handle, json, pathParam } from '@server/http';
import { catalogueService } from '@server/services/catalogue.service';

/** GET /api/subcategory/{slug}: a subcategory (by slug, falling back to id) and its products. */
export default handle(async (req) => {
  const slug = pathParam(req, `${apiPaths.subcategoryProducts.prefix}/:slug`, SlugOrIdSchema);
  const { subCategory, products } = await catalogueService.subcategoryListing(slug);
  return json({ success: true, subCategory, products } satisfies SubcategoryProductsResponse, { cache: 'catalogue' });
});

export const config: Config = { path: '/api/subcategory/:slug' };
