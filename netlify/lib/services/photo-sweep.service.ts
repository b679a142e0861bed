import { UPLOADED_PHOTO_PREFIX } from '@shared/schemas/photos';
import { catalogueDraftsRepository as drafts } from '../repositories/catalogue-drafts.repository';
import { photosRepository } from '../repositories/photos.repository';

/**
 * How long an uploaded photo no product, draft or version uses is kept: an editor may upload photos and save the
 * draft later, and a week covers the longest pause anyone takes over a piece.
 */
const KEEP_UNUSED_DAYS = 7;

/** What one sweep did. */
export interface PhotoSweep {
  stored: number;
  deleted: string[];
}

/**
 * Deletes uploaded photos nothing refers to (no live product, no saved draft, no saved version, which can be
 * restored) once they are older than a week. A photo's name is its content hash, so one uploaded again later is
 * stored again. Safe to run twice at once: a delete of a photo already gone does nothing.
 */
export async function sweepUnusedPhotos(now = new Date()): Promise<PhotoSweep> {
  const [keys, used] = await Promise.all([photosRepository.keys(), drafts.referencedImagePaths()]);
  const before = now.getTime() - KEEP_UNUSED_DAYS * 86_400_000;
  const deleted: string[] = [];
  for (const key of keys) {
    if (used.has(`${UPLOADED_PHOTO_PREFIX}${key}`)) continue;
    const at = await photosRepository.uploadedAt(key);
    // A photo without its time is kept: it cannot be told from one uploaded a moment ago.
    if (!at || at.getTime() > before) continue;
    // Read again just before deleting: a draft saved during the sweep may have started using it.
    if ((await drafts.referencedImagePaths()).has(`${UPLOADED_PHOTO_PREFIX}${key}`)) continue;
    await photosRepository.remove(key);
    deleted.push(key);
  }
  return { stored: keys.length, deleted };
}
