import type { Config } from '@netlify/functions';
import type { GetHeadingResponse } from '../../src/shared/api';
import { handle, json } from '../lib/http';
import { catalogueService } from '../lib/services/catalogue.service';

/** GET /api/get_heading: announcement-bar messages (the client shows the visible ones). */
export default handle(async () =>
  json({ success: true, heading: await catalogueService.listHeadings() } satisfies GetHeadingResponse, { cache: 'catalogue' }),
);

export const config: Config = { path: '/api/get_heading' };
