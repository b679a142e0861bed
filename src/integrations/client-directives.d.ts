import 'astro';

declare module 'astro' {
  /** `client:afterpaint` (src/integrations/after-paint.ts): true, or a media query that must also match. */
  interface AstroClientDirectives {
    'client:afterpaint'?: boolean | string;
  }
}
