import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * `client:afterpaint`: hydrate an island once the page has loaded, so the lead picture (the page's
 * largest paint) is fetched and painted before React and the island's code take the phone's bandwidth,
 * or at once when the shopper touches, types or focuses first. With a media query as its value
 * (`client:afterpaint="(max-width: 991.98px)"`) it also waits for that query to match, like client:media.
 * The islands' server-rendered HTML is the page until then: links work, and the header's icons and counts
 * are right from first paint. The directive's code is inlined by Astro only on pages that use it.
 */
export default function afterPaint(): AstroIntegration {
  return {
    name: 'silver-shop:after-paint',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'afterpaint', entrypoint: fileURLToPath(new URL('./after-paint-directive.ts', import.meta.url)) });
      },
    },
  };
}
