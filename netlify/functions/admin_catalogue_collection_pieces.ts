import type { Config } from '@netlify/functions';
import type { AdminListingResponse } from '@shared/api/catalogue-admin';
import { CollectionPieceSchema } from '@shared/schemas/listings';
import { ObjectIdSchema } from '@shared/schemas/common';
import { handle, json, jsonBody, pathParam } from '@server/http';
import { authService } from '@server/services/auth.service';
import { listingsService } from '@server/services/listings.service';

/**
 * POST /api/admin/catalogue/collections/{id}/pieces { productId, add } (editors and admins): puts a piece in the
 * collection or takes it out, by saving the piece's own draft (its Collections field), versioned like any save.
 */
export default handle(
  async (req) => {
    const user = await authService.requireRole(req, 'editor', 'admin');
    const id = pathParam(req, '/api/admin/catalogue/collections/:id/pieces', ObjectIdSchema, 'collection id');
    const { productId, add } = await jsonBody(req, CollectionPieceSchema, { maxBytes: 1_024 });
    const { listing, message } = await listingsService.setPiece(user, id, productId, add);
    return json({ success: true, message, listing } satisfies AdminListingResponse);
  },
  { methods: ['POST'] },
);

export const config: Config = { path: '/api/admin/catalogue/collections/:id/pieces' };
