import type { Config } from '@netlify/functions';
import type { GetHeadingResponse } from '@shared/api';
import { handle, json } from '@server/http';
import { catalogueService } from '@server/services/catalogue.service';

/** GET /api/get_heading: announcement-bar messages (the client shows the visible ones). */
export default handle(async () =>
  json({ success: true, heading: await catalogueService.listHeadings() } satisfies GetHeadingResponse, { cache: 'catalogue' }),
);

export const config: Config = { path: '/api/get_heading' };
