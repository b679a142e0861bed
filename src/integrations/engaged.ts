import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * `client:engaged`: hydrate an island once the shopper engages with the page (the first pointer, key, touch,
 * wheel, scroll or focus, or a few seconds after the load: src/components/ui/when-engaged.ts). For islands
 * whose server-rendered HTML already works on its own (the header's search is a GET form to /search) and whose
 * code only adds to what a touch starts (instant results): it stays out of the first load, and it is there by
 * the time the shopper has typed a word. The directive's code is inlined by Astro only on pages that use it.
 */
export default function engaged(): AstroIntegration {
  return {
    name: 'silver-shop:engaged',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'engaged', entrypoint: fileURLToPath(new URL('./engaged-directive.ts', import.meta.url)) });
      },
    },
  };
}
