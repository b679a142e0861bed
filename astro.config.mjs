// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import netlify from '@netlify/vite-plugin';
import afterPaint from './src/integrations/after-paint.ts';
import onEvent from './src/integrations/on-event.ts';
import engaged from './src/integrations/engaged.ts';
import pagefind from './src/integrations/pagefind.ts';
import securityHeaders, { astroCsp } from './src/integrations/security.ts';
import staticHeaderScript from './src/integrations/static-header-script.ts';
import movedProducts from './src/integrations/moved-products.ts';
import { dropInlinedCssPreloads } from './src/integrations/inlined-css-preloads.ts';
import adminPreview from './src/integrations/admin-preview.ts';

const site = process.env.SITE_URL ?? 'http://localhost:8888';

/**
 * Browser code every page runs: the header's islands with everything they import (stores, shared
 * rules), React and nanostores. Bundled as one chunk it is one request and one compression window,
 * instead of some twenty files of a few hundred bytes that each compress on their own. A group takes
 * every module its test matches, whoever imports it, so the test names the islands, not folders.
 * DesktopNav and HeaderCurrency stay out: they hydrate from 992 px only, so phones (and Lighthouse's budget)
 * never fetch their chunks; MobileMenu's button stays in, its panel is fetched once the shopper engages
 * (lazy-part.ts), which brings Vite's preload helper into the shell. SearchBox stays out too: it hydrates
 * when the shopper engages (client:engaged), and until then its HTML is a working GET form.
 */
const PAGE_SHELL =
  /rolldown[\\/]runtime|[\\/](node_modules[\\/](react|nanostores|@nanostores[\\/][\w-]+)[\\/]|src[\\/]features[\\/]navigation[\\/](HeaderActions|MobileMenu)\.tsx$)/;
/** The product card and what it imports, shared by home, listings, banner and search pages. */
const PRODUCT_CARD = /[\\/]src[\\/]features[\\/]product-card[\\/]ProductCard\.tsx$/;
/**
 * What the product page's island shares with the card (price, picture, wishlist heart, live stock): kept apart
 * from the card itself, whose code the product page needs only once its grids scroll into view. Pages with cards
 * at first paint load both, a few hundred bytes more. The disclosure is not in it: listings need it only in
 * their filter drawer, fetched apart.
 */
const CARD_PARTS =
  /[\\/]src[\\/](features[\\/](currency[\\/]Price\.tsx|product-card[\\/](ProductPicture\.tsx|handoff\.ts|product-card\.css)|wishlist[\\/]useIsWishlisted\.ts|availability[\\/]availability\.ts|events[\\/]pending-clicks-key\.ts))$/;

/**
 * The listing island and the filter rules it shares with its lazily fetched parts (filter drawer, active
 * filters): one chunk, as a listing always needs both, rather than the rules split into a file of their own.
 */
const LISTING = /[\\/]src[\\/]features[\\/]listing[\\/](ListingIsland\.tsx|ListingPage\.tsx|listing\.store\.ts|filters\.ts)$/;

/**
 * import() preloads no scripts beside the one it asks for. Every import() in the islands fetches a part the shopper
 * has not asked for yet (a drawer, the menu's panel, Swiper, the zoom gallery), once they engage with the page, and
 * what those parts import is almost all on the page already; the lists would cost bytes in every first load for a
 * round trip nobody waits on. (Astro's client build takes no modulePreload setting, so a plugin gives it.)
 * @type {import('vite').Plugin}
 */
const noScriptPreloadLists = {
  name: 'silver-shop:no-script-preload-lists',
  configEnvironment: (name) =>
    name === 'client' ? { build: { modulePreload: { polyfill: false, resolveDependencies: () => [] } } } : undefined,
};

// Pages are pre-rendered from the catalogue at build time; the API lives in netlify/functions.
export default defineConfig({
  site,
  output: 'static',
  // A publish from the back office on the local server builds beside the served site, then swaps it in.
  outDir: process.env.SITE_OUT_DIR || './dist',
  trailingSlash: 'never',
  // Page generation waits on file writes; rendering a few pages at once keeps both cores busy.
  // Stylesheets are inlined: on a phone a render-blocking CSS request costs more round trips than its bytes.
  // Page CSS is then never written as a file, while Vite's import() preload lists still name it: the
  // dropInlinedCssPreloads() plugin below takes those names out, or a part imported lazily would never load.
  // A lazy part's own styles must therefore be on the page already (imported by its island statically), or be
  // a CSS file of its own, fetched by URL (as glightbox's is).
  build: { format: 'file', concurrency: 4, inlineStylesheets: 'always' },
  // pagefind() indexes the catalogue's products for the header search, alongside the page render;
  // securityHeaders() adds HSTS to a production deploy's _headers; afterPaint() adds client:afterpaint; onEvent() adds
  // client:onevent (the cart drawer's code loads when it first opens); engaged() adds client:engaged (the header's
  // search box, a working GET form until the shopper engages with the page);
  // staticHeaderScript() serves the policy pages' small inlined header script; movedProducts() keeps old product addresses working;
  // adminPreview() builds the back office's product preview as a bundle of its own.
  integrations: [
    react(),
    // First: later integrations read the built pages' scripts, the preview's among them.
    adminPreview(),
    afterPaint(),
    onEvent(),
    engaged(),
    pagefind(),
    securityHeaders(),
    staticHeaderScript(),
    movedProducts(),
  ],
  // Each page carries a <meta> Content-Security-Policy with hashes of Astro's inline scripts and styles;
  // how it combines with netlify.toml's header policy is explained in src/integrations/security.ts.
  security: { csp: astroCsp() },
  // No code blocks on a jewellery shop; Shiki's inline styles would also need 'unsafe-inline'.
  markdown: { syntaxHighlight: false },
  vite: {
    environments: {
      client: {
        build: {
          // SOURCEMAP=1 writes source maps: how to see which modules make a chunk's bytes (docs/benchmarks.md).
          sourcemap: process.env.SOURCEMAP === '1',
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'shell', test: PAGE_SHELL, priority: 3 },
                  { name: 'card-parts', test: CARD_PARTS, priority: 2 },
                  { name: 'product-card', test: PRODUCT_CARD, priority: 1 },
                  { name: 'listing', test: LISTING, priority: 1 },
                ],
              },
            },
          },
        },
      },
    },
    // In `astro dev` the plugin emulates Netlify (functions at /api, Image CDN); the build ignores it.
    // The shop has no edge functions, and setting their runtime up downloads Deno, which fails offline.
    // dropInlinedCssPreloads(): the stylesheets inlined into pages are never written, so no import() may ask for them.
    plugins: [
      noScriptPreloadLists,
      dropInlinedCssPreloads(),
      ...(process.env.ASTRO_NETLIFY_DEV === '1' ? [netlify({ middleware: true, edgeFunctions: { enabled: false } })] : []),
    ],
  },
});
