// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import netlify from '@netlify/vite-plugin';
import pagefind from './src/integrations/pagefind.ts';

const site = process.env.SITE_URL ?? 'http://localhost:8888';

// Pages are pre-rendered from the catalogue at build time; the API lives in netlify/functions.
export default defineConfig({
  site,
  output: 'static',
  // bench:build renders synthetic catalogues into their own folder so the real dist/ is left alone.
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  trailingSlash: 'never',
  // Page generation waits on file writes; rendering a few pages at once keeps both cores busy.
  build: { format: 'file', concurrency: 4 },
  // pagefind() indexes the built product pages for the header search (runs after the build).
  integrations: [react(), pagefind()],
  vite: {
    // In `astro dev` the plugin emulates Netlify (functions at /api, Image CDN); the build ignores it.
    plugins: process.env.ASTRO_NETLIFY_DEV === '1' ? [netlify({ middleware: true })] : [],
  },
});
