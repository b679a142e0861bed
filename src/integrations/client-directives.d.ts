import 'astro';

declare module 'astro' {
  /** `client:afterpaint` (src/integrations/after-paint.ts): true, or a media query that must also match. */
  interface AstroClientDirectives {
    'client:afterpaint'?: boolean | string;
    /** `client:onevent` (src/integrations/on-event.ts): the window event whose first firing hydrates the island. */
    'client:onevent'?: string;
    /** `client:engaged` (src/integrations/engaged.ts): hydrate once the shopper engages with the page. */
    'client:engaged'?: boolean;
  }
}
