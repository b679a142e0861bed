import type { Config } from '@netlify/functions';
import type { AdminListingsResponse } from '@shared/api/catalogue-admin';
import { handle, json } from '@server/http';
import { authService } from '@server/services/auth.service';
import { listingsService } from '@server/services/listings.service';

/** GET /api/admin/catalogue/listings (editors and admins): every collection and subcategory, with its pieces counted. */
export default handle(async (req) => {
  await authService.requireRole(req, 'editor', 'admin');
  return json({ success: true, ...(await listingsService.list()) } satisfies AdminListingsResponse);
});

export const config: Config = { path: '/api/admin/catalogue/listings' };
