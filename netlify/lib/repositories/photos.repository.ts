import { getStore } from '@netlify/blobs';

/** The Netlify Blobs store holding uploaded product photos. */
const PHOTO_STORE = 'product-photos';

/** A stored photo's bytes and media type. */
export interface StoredPhoto {
  bytes: ArrayBuffer;
  contentType: string;
}

// Strong consistency: the editor shows a photo the moment its upload answers, so the read must see the write
// (the default, eventual, may answer 404 for up to a minute at another edge).
const store = () => getStore({ name: PHOTO_STORE, consistency: 'strong' });

/**
 * Uploaded product photos in Netlify Blobs (in production the site's store; locally the emulation npm start
 * runs). The only code touching the store. Keys are `<content hash>.<ext>`: a photo never changes under its
 * key, so it can be cached for ever, and the same photo uploaded twice (or for two pieces) is one blob.
 */
export const photosRepository = {
  /** Stores a photo under its key, with when (an upload of the same bytes again only moves that time on). */
  async put(key: string, bytes: Uint8Array, contentType: string, at = new Date()): Promise<void> {
    // A copy into a fresh ArrayBuffer: the store takes an ArrayBuffer, not a view onto a larger one.
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    await store().set(key, buffer, { metadata: { contentType, uploadedAt: at.toISOString() } });
  },

  /** Every stored photo's key. */
  async keys(): Promise<string[]> {
    const { blobs } = await store().list();
    return blobs.map((b) => b.key);
  },

  /** When a photo was stored (null for one stored without the time, or gone). */
  async uploadedAt(key: string): Promise<Date | null> {
    const found = await store().getMetadata(key);
    const at = found?.metadata['uploadedAt'];
    return typeof at === 'string' ? new Date(at) : null;
  },

  /** Deletes a photo (nothing happens when it is gone already). */
  async remove(key: string): Promise<void> {
    await store().delete(key);
  },

  /** A stored photo, or null when there is none under the key. */
  async get(key: string): Promise<StoredPhoto | null> {
    const found = await store().getWithMetadata(key, { type: 'arrayBuffer' });
    if (!found) return null;
    const contentType = typeof found.metadata['contentType'] === 'string' ? found.metadata['contentType'] : 'application/octet-stream';
    return { bytes: found.data, contentType };
  },
};
