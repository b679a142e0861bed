import type { Config } from '@netlify/functions';
import type { AdminListingResponse } from '@shared/api/catalogue-admin';
import { SaveListingSchema } from '@shared/schemas/listings';
import { ObjectIdSchema } from '@shared/schemas/common';
import { handle, json, jsonBody, pathParam } from '@server/http';
import { authService } from '@server/services/auth.service';
import { listingsService } from '@server/services/listings.service';

/**
 * GET /api/admin/catalogue/collections/{id} or …/subcategories/{id} (editors and admins): its name, description
 * and picture as the form edits them (the saved draft, or as live at version 0), and a collection's pieces. PUT
 * { version, listing }: saves the draft over the version loaded; 409 naming who saved since. Never changes the
 * live shop.
 */
export default handle(
  async (req) => {
    const user = await authService.requireRole(req, 'editor', 'admin');
    const kind = new URL(req.url).pathname.startsWith('/api/admin/catalogue/collections/') ? 'collection' : 'subcategory';
    const pattern = kind === 'collection' ? '/api/admin/catalogue/collections/:id' : '/api/admin/catalogue/subcategories/:id';
    const id = pathParam(req, pattern, ObjectIdSchema, `${kind} id`);
    if (req.method === 'GET')
      return json({ success: true, message: 'Listing', listing: await listingsService.get(kind, id) } satisfies AdminListingResponse);
    const { version, listing } = await jsonBody(req, SaveListingSchema, { maxBytes: 16_384 });
    const saved = await listingsService.save(user, kind, id, version, listing);
    return json({
      success: true,
      message: `${saved.listing.name} saved (version ${saved.version}).`,
      listing: saved,
    } satisfies AdminListingResponse);
  },
  { methods: ['GET', 'PUT'] },
);

export const config: Config = { path: ['/api/admin/catalogue/collections/:id', '/api/admin/catalogue/subcategories/:id'] };
