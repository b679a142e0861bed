import type { ClientDirective } from 'astro';

/** Hydrates on the first window event named by the directive's value (see on-event.ts); a failed load retries on the next. */
const onEventDirective: ClientDirective = (load, options) => {
  const name = String(options.value);
  const start = async () => {
    window.removeEventListener(name, onEvent);
    try {
      const hydrate = await load();
      await hydrate();
    } catch (error) {
      // Offline for a moment: the next event tries again.
      window.addEventListener(name, onEvent);
      console.warn(`[island] Could not load the island waiting for ${name}.`, error);
    }
  };
  const onEvent = () => void start();
  window.addEventListener(name, onEvent);
};

export default onEventDirective;
