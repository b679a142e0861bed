import type { Config } from '@netlify/functions';
import type { GetCollectionsResponse } from '@shared/api';
import { handle, json } from '@server/http';
import { catalogueService } from '@server/services/catalogue.service';

/** GET /api/get_Collection: every collection. */
export default handle(async () =>
  json({ success: true, collections: await catalogueService.listCollections() } satisfies GetCollectionsResponse, { cache: 'catalogue' }),
);

// The published path has a capital; Netlify's local emulation only matches lower-case patterns, so both are declared.
export const config: Config = { path: ['/api/get_Collection', '/api/get_collection'] };
