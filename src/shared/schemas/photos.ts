/**
 * Product photos uploaded from the back office: the limits and messages the browser (which shrinks a phone's
 * photo before sending it) and the upload function (which checks the bytes again) share, and where the shop
 * serves them. Imports nothing, so the editor's bundle carries no server code.
 */

/** Largest upload a function takes (Netlify refuses request bodies over 6 MB). */
export const PHOTO_MAX_UPLOAD_BYTES = 6 * 1024 * 1024;

/**
 * The browser shrinks a photo to this many pixels on its long edge, and to under PHOTO_TARGET_BYTES, before
 * sending it: three times the widest the storefront shows (1500 px), so zoom stays sharp.
 */
export const PHOTO_MAX_EDGE = 3000;

/** What the browser aims below when it shrinks a photo, leaving room under PHOTO_MAX_UPLOAD_BYTES. */
export const PHOTO_TARGET_BYTES = 4 * 1024 * 1024;

/** Most pixels the server decodes from one upload: a 50-megapixel phone photo fits; a decompression bomb does not. */
export const PHOTO_MAX_PIXELS = 80_000_000;

/** Largest file the browser tries to shrink (a phone's 50-megapixel photo is about 25 MB). */
export const PHOTO_MAX_SOURCE_BYTES = 40 * 1024 * 1024;

/** Smallest long edge worth selling with: the product page shows photos 750 px wide on a phone at 2×. */
export const PHOTO_MIN_EDGE = 600;

/** Most photos one product has (ProductDraftSchema's limit). */
export const PHOTO_MAX_COUNT = 12;

/** The kinds of file accepted, by what their bytes are (not their name or declared type). */
export const PHOTO_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/** A kind of photo accepted. */
export type PhotoKind = keyof typeof PHOTO_TYPES;

/** Stored photo paths begin with this; imageUrl() serves them from the shop's photo route instead of UPLOADS_BASE. */
export const UPLOADED_PHOTO_PREFIX = 'photos/';

/** The shop's words for a refused photo. */
export const PHOTO_MESSAGES = {
  notImage: 'That file is not a photo we can use: send a JPEG, PNG or WebP picture.',
  tooLarge: 'That photo is over 6 MB: add it from the product page, which shrinks it first, or export it smaller.',
  tooLargeToShrink: 'That photo is too large to shrink here (the most is 40 MB). Export it smaller and try again.',
  tooManyPixels: 'That photo has more than 80 megapixels: export it smaller and try again.',
  tooSmall: `That photo is too small to sell with: it needs at least ${PHOTO_MIN_EDGE} pixels on its long side.`,
  tooMany: `A product has at most ${PHOTO_MAX_COUNT} photos: remove one before adding another.`,
} as const;

/** POST /api/admin/catalogue/photos: the stored photo, ready for a draft's list of photos. */
export interface PhotoUploadResponse {
  success: true;
  message: string;
  /** The path a draft stores (photos/<file>). */
  path: string;
  /** Where the browser loads it. */
  url: string;
  width: number;
  height: number;
  bytes: number;
}

/** The kind of photo the first bytes of a file are, or null: the same check in the browser and on the server. */
export function sniffPhotoKind(head: Uint8Array): PhotoKind | null {
  const at = (i: number, ...bytes: number[]) => bytes.every((b, k) => head[i + k] === b);
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  // RIFF....WEBP
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

/** A stored photo's file name: its content hash (hex) and kind. */
export const PHOTO_FILE_PATTERN = /^[0-9a-f]{32}\.(jpg|png|webp)$/;
