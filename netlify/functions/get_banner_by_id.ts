import type { Config } from '@netlify/functions';
import { ObjectIdSchema } from '../../src/shared/schemas/common';
import { handle, json, pathParam } from '../lib/http';
import { catalogueService } from '../lib/services/catalogue.service';

/** GET /api/get-banner/{id}: one banner with its products resolved. */
export default handle(async (req) => {
  const id = pathParam(req, '/api/get-banner', ObjectIdSchema);
  return json({ success: true, banner: await catalogueService.bannerById(id) }, { cache: 'catalogue' });
});

export const config: Config = { path: '/api/get-banner/:id' };
