/**
 * Gets a photo ready to upload in the browser: a function takes at most 6 MB, and a phone's camera gives 10 MB
 * and more. A JPEG, PNG or WebP already small enough goes as it is (the server turns it upright and strips its
 * metadata); a larger one, or a picture the browser can read in another format (an iPhone's HEIC in Safari), is
 * drawn upright at most PHOTO_MAX_EDGE pixels long and sent as a JPEG under PHOTO_TARGET_BYTES.
 */
import { PHOTO_MAX_EDGE, PHOTO_MAX_SOURCE_BYTES, PHOTO_MESSAGES, PHOTO_TARGET_BYTES, sniffPhotoKind } from '@shared/schemas/photos';

/** A photo ready to send, or why it cannot be. */
export type PreparedPhoto = { ok: true; photo: Blob } | { ok: false; message: string };

/** Long edges tried in turn, then JPEG qualities at each, until the photo is small enough. */
const EDGES = [PHOTO_MAX_EDGE, 2400, 1800] as const;
const QUALITIES = [0.9, 0.8] as const;

/** Draws the picture at the given long edge on a white ground (a transparent PNG's background) as a JPEG. */
async function drawnAsJpeg(picture: ImageBitmap, edge: number, quality: number): Promise<Blob> {
  const scale = Math.min(1, edge / Math.max(picture.width, picture.height));
  const width = Math.round(picture.width * scale);
  const height = Math.round(picture.height * scale);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(picture, 0, 0, width, height);
  return canvas.convertToBlob({ type: 'image/jpeg', quality });
}

/** The photo to upload for a chosen or dropped file. */
export async function prepareAsPhoto(file: Blob): Promise<PreparedPhoto> {
  const kind = sniffPhotoKind(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  if (kind && file.size <= PHOTO_TARGET_BYTES) return { ok: true, photo: file };
  if (file.size > PHOTO_MAX_SOURCE_BYTES) return { ok: false, message: kind ? PHOTO_MESSAGES.tooLargeToShrink : PHOTO_MESSAGES.notImage };
  let picture: ImageBitmap;
  try {
    // Upright as the camera meant it: the orientation tag is applied while decoding.
    picture = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { ok: false, message: PHOTO_MESSAGES.notImage };
  }
  try {
    for (const edge of EDGES)
      for (const quality of QUALITIES) {
        const photo = await drawnAsJpeg(picture, edge, quality);
        if (photo.size <= PHOTO_TARGET_BYTES) return { ok: true, photo };
      }
    return { ok: false, message: PHOTO_MESSAGES.tooLargeToShrink };
  } catch {
    // The canvas could not hold it (too many pixels for this device's memory).
    return { ok: false, message: PHOTO_MESSAGES.tooLargeToShrink };
  } finally {
    picture.close();
  }
}
