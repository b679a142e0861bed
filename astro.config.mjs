// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import netlify from '@netlify/vite-plugin';
import afterPaint from './src/integrations/after-paint.ts';
import onEvent from './src/integrations/on-event.ts';
import pagefind from './src/integrations/pagefind.ts';
import securityHeaders, { astroCsp } from './src/integrations/security.ts';
import staticHeaderScript from './src/integrations/static-header-script.ts';

const site = process.env.SITE_URL ?? 'http://localhost:8888';

/**
 * Browser code every page runs: the header's islands with everything they import (stores, shared
 * rules), React and nanostores. Bundled as one chunk it is one request and one compression window,
 * instead of some twenty files of a few hundred bytes that each compress on their own. A group takes
 * every module its test matches, whoever imports it, so the test names the islands, not folders.
 * DesktopNav stays out: it hydrates from 992 px only, so phones (and Lighthouse's budget) never fetch
 * its chunk (1.2 KB gzip); MobileMenu stays in, as the phone's first load is the one with a budget.
 * Vite's preload helper stays out too: only islands that import() something (carousels, the product
 * gallery and lightbox) need it, and listings, which have none above the fold, need not load it.
 */
const PAGE_SHELL =
  /rolldown[\\/]runtime|[\\/](node_modules[\\/](react|nanostores|@nanostores[\\/][\w-]+)[\\/]|src[\\/]features[\\/](navigation|search)[\\/](HeaderActions|MobileMenu|SearchBox)\.tsx$)/;
/** The product card and what it imports, shared by home, listings, banner and search pages. */
const PRODUCT_CARD = /[\\/]src[\\/]features[\\/]product-card[\\/]ProductCard\.tsx$/;
/**
 * What the product page's island shares with the card (price, picture, wishlist heart, live stock, the
 * disclosure): kept apart from the card itself, whose code (and its view events) the product page needs only
 * once its grids scroll into view. Pages with cards at first paint load both, a few hundred bytes more.
 */
const CARD_PARTS =
  /[\\/]src[\\/](components[\\/]ui[\\/]Disclosure\.tsx|features[\\/](currency[\\/]Price\.tsx|product-card[\\/](ProductPicture\.tsx|handoff\.ts|product-card\.css)|wishlist[\\/]useIsWishlisted\.ts|availability[\\/]availability\.ts))$/;

// Pages are pre-rendered from the catalogue at build time; the API lives in netlify/functions.
export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  // Page generation waits on file writes; rendering a few pages at once keeps both cores busy.
  // Stylesheets are inlined: on a phone a render-blocking CSS request costs more round trips than its bytes.
  // The trap: page CSS is then never written as a file, so a component imported lazily (import()) whose
  // chunk shares CSS with the page fails to load ("Unable to preload CSS"). Import islands' parts statically,
  // or give a lazy part its own CSS file (as glightbox's is).
  build: { format: 'file', concurrency: 4, inlineStylesheets: 'always' },
  // pagefind() indexes the catalogue's products for the header search, alongside the page render;
  // securityHeaders() adds HSTS to a production deploy's _headers; afterPaint() adds client:afterpaint; onEvent() adds
  // client:onevent (the cart drawer's code loads when it first opens);
  // staticHeaderScript() serves the policy pages' small inlined header script.
  integrations: [react(), afterPaint(), onEvent(), pagefind(), securityHeaders(), staticHeaderScript()],
  // Each page carries a <meta> Content-Security-Policy with hashes of Astro's inline scripts and styles;
  // how it combines with netlify.toml's header policy is explained in src/integrations/security.ts.
  security: { csp: astroCsp() },
  // No code blocks on a jewellery shop; Shiki's inline styles would also need 'unsafe-inline'.
  markdown: { syntaxHighlight: false },
  vite: {
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'shell', test: PAGE_SHELL, priority: 3 },
                  { name: 'card-parts', test: CARD_PARTS, priority: 2 },
                  { name: 'product-card', test: PRODUCT_CARD, priority: 1 },
                ],
              },
            },
          },
        },
      },
    },
    // In `astro dev` the plugin emulates Netlify (functions at /api, Image CDN); the build ignores it.
    // The shop has no edge functions, and setting their runtime up downloads Deno, which fails offline.
    plugins: process.env.ASTRO_NETLIFY_DEV === '1' ? [netlify({ middleware: true, edgeFunctions: { enabled: false } })] : [],
  },
});
