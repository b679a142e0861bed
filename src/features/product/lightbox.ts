/**
 * The full-screen zoom gallery on GLightbox, loaded only when a shopper
 * first opens it: its script and styles stay out of the product page's first load.
 * Gallery defaults: 333 ms animations (product.css), background opacity 0.8
 * (product.css), preload 1 behind and 2 ahead, loop on.
 */
import { cdnImage } from '@shared/images';
import { loadStylesheet } from '../../components/ui/load-stylesheet';
// As a URL, not an import: an imported stylesheet would be added to the page's render-blocking CSS.
import glightboxCssUrl from 'glightbox/dist/css/glightbox.min.css?url';

/** Animation length of the gallery, in ms (applied in product.css, where GLightbox's animations live). */
export const GALLERY_ANIMATION_MS = 333;
/** Opacity of the gallery's dark background. */
export const GALLERY_BACKGROUND_OPACITY = 0.8;
/** Images preloaded around the current one: [behind, ahead]. */
export const GALLERY_PRELOAD = [1, 2] as const;
/** Width of the images shown full screen (the originals are 1500 px wide). */
export const GALLERY_IMAGE_WIDTH = 1500;

/** GLightbox options for the shop's gallery. */
export const GALLERY_OPTIONS = {
  loop: true,
  // GLightbox's own preload covers the immediate neighbours; preloadAround adds the second one ahead.
  preload: true,
  openEffect: 'zoom',
  closeEffect: 'fade',
  slideEffect: 'slide',
  touchNavigation: true,
  keyboardNavigation: true,
  closeOnOutsideClick: true,
  zoomable: true,
  draggable: true,
  // Same markup as GLightbox's default with clearer names for screen readers.
  lightboxHTML: `<div id="glightbox-body" class="glightbox-container" tabindex="-1" role="dialog" aria-modal="true" aria-label="Image gallery">
    <div class="gloader visible"></div>
    <div class="goverlay"></div>
    <div class="gcontainer">
    <div id="glightbox-slider" class="gslider"></div>
    <button class="gclose gbtn" aria-label="Close gallery" data-taborder="3">{closeSVG}</button>
    <button class="gprev gbtn" aria-label="Previous image" data-taborder="2">{prevSVG}</button>
    <button class="gnext gbtn" aria-label="Next image" data-taborder="1">{nextSVG}</button>
</div>
</div>`,
} as const;

/** Indexes to preload around `index` in a looping gallery of `count` images (never the current one, no repeats). */
export function preloadAround(index: number, count: number, [behind, ahead]: readonly [number, number] = GALLERY_PRELOAD): number[] {
  const out: number[] = [];
  const add = (i: number) => {
    const wrapped = ((i % count) + count) % count;
    if (wrapped !== index && !out.includes(wrapped)) out.push(wrapped);
  };
  for (let k = 1; k <= ahead; k++) add(index + k);
  for (let k = 1; k <= behind; k++) add(index - k);
  return out;
}

type GLightboxInstance = {
  openAt(index: number): void;
  on(event: string, cb: (data?: unknown) => void): void;
  once(event: string, cb: () => void): void;
  destroy(): void;
};

let loading: Promise<(options: Record<string, unknown>) => GLightboxInstance> | null = null;

/** Re-exported for the product page's size guide, which loads the same way. */
export { loadStylesheet };

function loadGLightbox() {
  loading ??= Promise.all([import('glightbox'), loadStylesheet(glightboxCssUrl)]).then(
    ([mod]) => ((mod as { default?: unknown }).default ?? mod) as (options: Record<string, unknown>) => GLightboxInstance,
  );
  return loading;
}

/** An opened-on-demand gallery over a fixed list of images. */
export interface Gallery {
  /** Opens at `index`; focus returns to `opener` (by default whatever has focus now) when it closes. */
  open(index: number, opener?: HTMLElement): Promise<void>;
  destroy(): void;
}

/** Creates a gallery for these images; nothing is downloaded until open() is first called. */
export function createGallery(images: readonly string[], alt: string): Gallery {
  let instance: GLightboxInstance | null = null;
  const hrefs = images.map((src) => cdnImage(src, GALLERY_IMAGE_WIDTH, 'webp', 85));
  const warm = (index: number) => {
    for (const i of preloadAround(index, hrefs.length)) {
      const href = hrefs[i];
      if (href) new Image().src = href;
    }
  };
  return {
    async open(index, from) {
      // Named by the caller: a tap or a click in Safari does not focus a link, so activeElement may be <body>.
      const opener = from ?? (document.activeElement as HTMLElement | null);
      if (!instance) {
        const GLightbox = await loadGLightbox();
        instance = GLightbox({
          ...GALLERY_OPTIONS,
          elements: hrefs.map((href, i) => ({ href, type: 'image', alt: `${alt}, image ${i + 1} of ${hrefs.length}` })),
        });
        instance.on('slide_changed', (data) => {
          const current = (data as { current?: { slideIndex?: number } } | undefined)?.current?.slideIndex;
          if (typeof current === 'number') warm(current);
        });
      }
      // Keyboard users land back on the image they opened.
      // GLightbox finishes its closing animation (and un-hides the page) after 'close'; focus after that.
      instance.once('close', () => setTimeout(() => opener?.focus({ preventScroll: true }), GALLERY_ANIMATION_MS + 50));
      instance.openAt(index);
      // GLightbox leaves focus on the page it hides; move it into the dialog so keyboard users are inside.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.glightbox-container .gclose')?.focus());
      warm(index);
    },
    destroy() {
      instance?.destroy();
      instance = null;
    },
  };
}
