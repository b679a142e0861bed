import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { UPLOADED_PHOTO_ROUTE } from '@shared/api/photo-route';
import { handle, pathParam } from '@server/http';
import { photosService } from '@server/services/photos.service';

/**
 * GET /api/photos/{file}: a product photo uploaded from the back office, as stored (the storefront loads it
 * through the Image CDN, which resizes it). Its name is its content hash, so browsers and the CDN keep it for ever.
 */
export default handle(async (req) => {
  const file = pathParam(req, `${UPLOADED_PHOTO_ROUTE}/:file`, z.string().max(64), 'photo');
  const photo = await photosService.get(file);
  return new Response(photo.bytes, {
    status: 200,
    headers: {
      'Content-Type': photo.contentType,
      'Content-Length': String(photo.bytes.byteLength),
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
});

// A literal: Netlify reads a function's path from its source without running it.
export const config: Config = { path: '/api/photos/:file' };
