import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * `client:onevent="name"`: hydrate an island the first time a window event of that name fires, and not before.
 * For parts no page needs until the shopper asks (the cart drawer, on Add to Cart or the cart icon): their code
 * stays out of the first load, and Astro's island loader fetches it, so first-load code carries no import() and
 * no Vite preload helper. The island must render nothing on the server, and nothing on its first client render.
 */
export default function onEvent(): AstroIntegration {
  return {
    name: 'silver-shop:on-event',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'onevent', entrypoint: fileURLToPath(new URL('./on-event-directive.ts', import.meta.url)) });
      },
    },
  };
}
