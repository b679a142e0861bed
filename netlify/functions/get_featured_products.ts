import type { Config } from '@netlify/functions';
import type { GetFeaturedProductsResponse } from '@shared/api';
import { handle, json } from '@server/http';
import { catalogueService } from '@server/services/catalogue.service';

/** GET /api/get_featured-products: products for the trending carousel. */
export default handle(async () =>
  json({ success: true, featuredPro: await catalogueService.featuredProducts() } satisfies GetFeaturedProductsResponse, {
    cache: 'catalogue',
  }),
);

export const config: Config = { path: '/api/get_featured-products' };
