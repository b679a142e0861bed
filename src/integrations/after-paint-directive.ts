import type { ClientDirective } from 'astro';
import { VIEW_PENDING_ATTRIBUTE } from '../shared/view-pending';

/** The first signs that the shopper wants the page to respond: hydrate at once for them. */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

/**
 * Hydrates at the first idle moment after the window's load event, or at the first intent, whichever comes first (see
 * after-paint.ts). On a page whose static HTML is not the view its address asks for (VIEW_PENDING_ATTRIBUTE), at
 * once: there is no static paint to protect, and on a slow network the load event waits on pictures nobody sees.
 */
const afterPaintDirective: ClientDirective = (load, options) => {
  const media = typeof options.value === 'string' ? window.matchMedia(options.value) : null;
  let ready = document.readyState === 'complete' || document.documentElement.hasAttribute(VIEW_PENDING_ATTRIBUTE);
  let started = false;
  const start = async () => {
    if (started || (media && !media.matches)) return;
    started = true;
    for (const type of INTENT_EVENTS) window.removeEventListener(type, onIntent, true);
    media?.removeEventListener('change', onMedia);
    const hydrate = await load();
    await hydrate();
  };
  const onIntent = () => void start();
  const onMedia = () => void (ready && start());
  for (const type of INTENT_EVENTS) window.addEventListener(type, onIntent, { capture: true, passive: true });
  media?.addEventListener('change', onMedia);
  if (ready) void start();
  else
    window.addEventListener(
      'load',
      () => {
        // The load event can fire a frame before the lead picture is painted: wait for the browser's next
        // idle moment (at most a second), so the largest paint comes first.
        const afterPaint = () => {
          ready = true;
          void start();
        };
        if ('requestIdleCallback' in window) window.requestIdleCallback(afterPaint, { timeout: 1000 });
        else setTimeout(afterPaint, 200);
      },
      { once: true },
    );
};

export default afterPaintDirective;
