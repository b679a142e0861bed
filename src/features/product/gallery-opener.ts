/**
 * The product page's zoom gallery as the Gallery island holds it: the gallery's own code (lightbox.ts) is fetched
 * once the shopper engages with the page, and GLightbox with it on the first open, so neither is in the page's
 * first load.
 */
import { whenEngaged } from '../../components/ui/when-engaged';
import type { Gallery } from './lightbox';

/** A Gallery whose code arrives on engagement or on the first open(), whichever comes first. */
export function createGalleryOpener(images: readonly string[], alt: string): Gallery {
  let gallery: Promise<Gallery> | null = null;
  let destroyed = false;
  const load = () => {
    gallery ??= import('./lightbox').then(
      (m) => m.createGallery(images, alt),
      (error: unknown) => {
        gallery = null; // offline for a moment: the next tap tries again
        throw error;
      },
    );
    return gallery;
  };
  void whenEngaged().then(() => {
    if (!destroyed) load().catch(() => {});
  });
  return {
    async open(index, opener) {
      await (await load()).open(index, opener);
    },
    destroy() {
      destroyed = true;
      void gallery?.then((g) => g.destroy()).catch(() => {});
    },
  };
}
