import type { Config } from '@netlify/functions';
import { apiPaths } from '../../src/shared/api';
import type { GetCategoryDetailsResponse } from '../../src/shared/api';
import { ObjectIdSchema } from '../../src/shared/schemas/common';
import { handle, json, pathParam } from '../lib/http';
import { catalogueService } from '../lib/services/catalogue.service';

/** GET /api/get_category_details/{categoryId}: the category's subcategories. */
export default handle(async (req) => {
  const id = pathParam(req, `${apiPaths.getCategoryDetails.prefix}/:slug`, ObjectIdSchema);
  return json({ success: true, subCategories: await catalogueService.subcategoriesOfCategory(id) } satisfies GetCategoryDetailsResponse, {
    cache: 'catalogue',
  });
});

export const config: Config = { path: '/api/get_category_details/:id' };
