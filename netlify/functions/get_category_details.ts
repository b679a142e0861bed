import type { Config } from '@netlify/functions';
import { apiPaths } from '@shared/api';
import type { GetCategoryDetailsResponse } from '@shared/api';
import { ObjectIdSchema } from '@shared/schemas/common';
import { handle, json, pathParam } from '@server/http';
import { catalogueService } from '@server/services/catalogue.service';

/** GET /api/get_category_details/{categoryId}: the category's subcategories. */
export default handle(async (req) => {
  const id = pathParam(req, `${apiPaths.getCategoryDetails.prefix}/:slug`, ObjectIdSchema);
  return json({ success: true, subCategories: await catalogueService.subcategoriesOfCategory(id) } satisfies GetCategoryDetailsResponse, {
    cache: 'catalogue',
  });
});

export const config: Config = { path: '/api/get_category_details/:id' };
