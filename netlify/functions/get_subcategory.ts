import type { Config } from '@netlify/functions';
import type { GetSubcategoryResponse } from '@shared/api';
import { handle, json } from '@server/http';
import { catalogueService } from '@server/services/catalogue.service';

/** GET /api/get_subcategory: every subcategory. */
export default handle(async () =>
  json({ success: true, subCategories: await catalogueService.listSubcategories() } satisfies GetSubcategoryResponse, {
    cache: 'catalogue',
  }),
);

export const config: Config = { path: '/api/get_subcategory' };
