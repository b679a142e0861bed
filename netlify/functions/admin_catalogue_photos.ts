import type { Config } from '@netlify/functions';
import { PHOTO_MAX_UPLOAD_BYTES, PHOTO_MESSAGES, type PhotoUploadResponse } from '@shared/schemas/photos';
import { bytesBody, handle, json } from '@server/http';
import { authService } from '@server/services/auth.service';
import { photoUploadService } from '@server/services/photo-upload.service';

/**
 * POST /api/admin/catalogue/photos (editors and admins): one product photo as the request body (JPEG, PNG or
 * WebP, at most 6 MB; the browser shrinks larger ones first). Answers where it is stored, for the draft's list
 * of photos; the draft is what puts it on a product.
 */
export default handle(
  async (req) => {
    await authService.requireRole(req, 'editor', 'admin');
    const bytes = await bytesBody(req, PHOTO_MAX_UPLOAD_BYTES, PHOTO_MESSAGES.tooLarge);
    const photo = await photoUploadService.accept(bytes);
    return json({ success: true, message: 'Photo uploaded', ...photo } satisfies PhotoUploadResponse, { status: 201 });
  },
  { methods: ['POST'] },
);

export const config: Config = { path: '/api/admin/catalogue/photos' };
