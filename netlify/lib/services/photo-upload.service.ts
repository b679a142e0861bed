import { createHash } from 'node:crypto';
import type { Sharp } from 'sharp';
import { AppError } from '../errors';
import { photosRepository } from '../repositories/photos.repository';
import { imageUrl } from '../repositories/mappers';
import {
  PHOTO_MAX_EDGE,
  PHOTO_MAX_PIXELS,
  PHOTO_MESSAGES,
  PHOTO_MIN_EDGE,
  PHOTO_TYPES,
  UPLOADED_PHOTO_PREFIX,
  sniffPhotoKind,
  type PhotoKind,
} from '@shared/schemas/photos';

/** A photo as stored: where the draft keeps it and what it is. */
export interface AcceptedPhoto {
  path: string;
  url: string;
  width: number;
  height: number;
  bytes: number;
}

/** File extension per kind. */
const EXTENSION: Record<PhotoKind, 'jpg' | 'png' | 'webp'> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** Re-encodes in the photo's own kind, at a quality no shopper can tell from the original. */
function encode(image: Sharp, kind: PhotoKind): Sharp {
  if (kind === 'jpeg') return image.jpeg({ quality: 88, chromaSubsampling: '4:4:4' });
  if (kind === 'png') return image.png({ compressionLevel: 9 });
  return image.webp({ quality: 88 });
}

/**
 * Product photos uploaded from the back office. The bytes decide what a file is (never its name or declared
 * type); each photo is turned upright by its camera's orientation tag, stripped of its metadata (a phone photo
 * carries where it was taken), kept to PHOTO_MAX_EDGE and stored in Netlify Blobs under its content hash.
 * Its own module because it loads sharp: the function serving photos (photos.service.ts) must not bundle it.
 */
export const photoUploadService = {
  /** Checks, cleans and stores one photo; refused with the shop's words when it is not a usable picture. */
  async accept(bytes: Uint8Array): Promise<AcceptedPhoto> {
    const kind = sniffPhotoKind(bytes.subarray(0, 16));
    if (!kind) throw new AppError(415, PHOTO_MESSAGES.notImage);
    // Loaded here, not at the top: only this function's bundle carries sharp (see netlify.toml).
    const { default: sharp } = await import('sharp');
    let out: { data: Buffer; info: { width: number; height: number } };
    try {
      const image = sharp(bytes, { failOn: 'error', limitInputPixels: PHOTO_MAX_PIXELS })
        // With no angle, rotate() applies the EXIF orientation; without withMetadata() nothing else is kept.
        .rotate()
        .resize({ width: PHOTO_MAX_EDGE, height: PHOTO_MAX_EDGE, fit: 'inside', withoutEnlargement: true });
      out = await encode(image, kind).toBuffer({ resolveWithObject: true });
    } catch (err) {
      if (err instanceof Error && /pixel limit/i.test(err.message)) throw new AppError(413, PHOTO_MESSAGES.tooManyPixels);
      // Bytes that start like a picture but do not decode (truncated, corrupt, or something else inside).
      throw new AppError(415, PHOTO_MESSAGES.notImage);
    }
    if (Math.max(out.info.width, out.info.height) < PHOTO_MIN_EDGE) throw new AppError(422, PHOTO_MESSAGES.tooSmall);
    const file = `${createHash('sha256').update(out.data).digest('hex').slice(0, 32)}.${EXTENSION[kind]}`;
    await photosRepository.put(file, out.data, PHOTO_TYPES[kind]);
    const path = `${UPLOADED_PHOTO_PREFIX}${file}`;
    return { path, url: imageUrl(path), width: out.info.width, height: out.info.height, bytes: out.data.byteLength };
  },
};
