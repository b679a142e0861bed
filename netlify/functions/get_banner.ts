import type { Config } from '@netlify/functions';
import type { GetBannerResponse } from '@shared/api';
import { handle, json } from '@server/http';
import { catalogueService } from '@server/services/catalogue.service';

/** GET /api/get_banner: every banner (the client shows active ones by type). */
export default handle(async () =>
  json({ success: true, banners: await catalogueService.listBanners() } satisfies GetBannerResponse, { cache: 'catalogue' }),
);

export const config: Config = { path: '/api/get_banner' };
