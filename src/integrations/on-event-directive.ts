import type { ClientDirective } from 'astro';
import { whenEngaged } from '../components/ui/when-engaged';

/** What an event may carry for when the island cannot load: a page to go to instead, or a sentence to announce; and what to undo. */
export interface OnEventFallback {
  href?: string | undefined;
  say?: string | undefined;
  undo?: () => void;
}

/**
 * Hydrates on the first window event named by the directive's value (see on-event.ts); a failed load retries on the
 * next. When it fails (offline, or a deploy removed the old hashed files this tab asks for), the latest event's
 * detail says what to do instead: call `undo`, then follow `href`, or put `say` in the page's #island-status live
 * region. The island's code (its `prefetch` list, written by the build: on-event.ts) is prefetched at idle priority
 * once the page has loaded and the browser is idle, or at the first touch, so the first tap finds it in the cache
 * instead of waiting a round trip or two on a phone's network; at the event, all of them are asked for at once
 * (modulepreload, style preload), not one import level at a time. This runs inline, so it costs no first-load file.
 */
const onEventDirective: ClientDirective = (load, options, el) => {
  const name = String(options.value);
  let loading = false;
  // The latest event's, not the first's: a click during a load started by a hover still gets its fallback.
  let fallback: OnEventFallback | null = null;
  const start = async () => {
    loading = true;
    preloadAll();
    let error: unknown = null;
    // Astro's island loader catches a failed import itself (after one retry): it resolves with a no-op and says
    // so only by this event on the island.
    const onError = (event: Event) => {
      event.preventDefault(); // logged below, once
      error = (event as CustomEvent<{ error: unknown }>).detail.error;
    };
    el.addEventListener('astro:hydration-error', onError);
    try {
      const hydrate = await load();
      if (!error) await hydrate();
    } catch (thrown) {
      error = thrown;
    }
    el.removeEventListener('astro:hydration-error', onError);
    if (!error) {
      window.removeEventListener(name, onEvent);
      return;
    }
    // Offline for a moment: the next event tries again.
    loading = false;
    console.warn(`[island] Could not load the island waiting for ${name}.`, error);
    fallback?.undo?.();
    if (fallback?.href) window.location.assign(fallback.href);
    else if (fallback?.say) {
      const live = document.getElementById('island-status');
      if (live) live.textContent = fallback.say;
    }
  };
  const onEvent = (event: Event) => {
    fallback = (event as CustomEvent<OnEventFallback | null>).detail ?? null;
    if (!loading) void start();
  };
  window.addEventListener(name, onEvent);
  /** Adds a <link> to the page's head for each file of the island's `prefetch` list, `rel` and `as` by its kind. */
  const linkEach = (kind: (href: string) => { rel: string; as?: string }) => {
    for (const href of (el.getAttribute('prefetch') ?? '').split(' ').filter(Boolean)) {
      const { rel, as } = kind(href);
      const link = document.createElement('link');
      link.rel = rel;
      if (as) link.as = as;
      link.href = href;
      document.head.append(link);
    }
  };
  let prefetched = false;
  const prefetch = () => {
    if (prefetched || loading) return;
    prefetched = true;
    // Idle priority, into the HTTP cache, not run: a failed prefetch costs nothing, the event's own load retries.
    linkEach((href) => ({ rel: 'prefetch', as: href.endsWith('.css') ? 'style' : 'script' }));
  };
  // At the event, every file at once from the cache the prefetch filled: the island loader alone would discover
  // its modules one import level at a time, a main-thread turn each, and its stylesheet only once it has rendered.
  let preloaded = false;
  const preloadAll = () => {
    if (preloaded) return;
    preloaded = true;
    linkEach((href) => (href.endsWith('.css') ? { rel: 'preload', as: 'style' } : { rel: 'modulepreload' }));
  };
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(prefetch, { timeout: 3000 }) : setTimeout(prefetch, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  void whenEngaged().then(prefetch);
};

export default onEventDirective;
