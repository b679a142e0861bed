import type { Config } from '@netlify/functions';
import type { GetCategoryResponse } from '@shared/api';
import { handle, json } from '@server/http';
import { catalogueService } from '@server/services/catalogue.service';

/** GET /api/get_category: every category. */
export default handle(async () =>
  json({ success: true, categories: await catalogueService.listCategories() } satisfies GetCategoryResponse, { cache: 'catalogue' }),
);

export const config: Config = { path: '/api/get_category' };
