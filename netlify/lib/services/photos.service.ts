import { notFound } from '../errors';
import { photosRepository, type StoredPhoto } from '../repositories/photos.repository';
import { PHOTO_FILE_PATTERN } from '@shared/schemas/photos';

/** Uploaded product photos as the shop serves them (photo-upload.service.ts stores them). */
export const photosService = {
  /** A stored photo by its file name (hash.ext); 404 when there is none. */
  async get(file: string): Promise<StoredPhoto> {
    const photo = PHOTO_FILE_PATTERN.test(file) ? await photosRepository.get(file) : null;
    if (!photo) throw notFound('Photo');
    return photo;
  },
};
