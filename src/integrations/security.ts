/**
 * The shop's Content-Security-Policy and the one header that depends on the deploy (HSTS).
 *
 * How the policy is delivered, and why in two parts
 * --------------------------------------------------
 * A page can be governed by several policies at once (the Content-Security-Policy header and any
 * <meta http-equiv> policy); the browser enforces every one of them, so a script runs only if all of
 * them allow it. Astro's `security.csp` writes a <meta> policy into each page with a sha256 hash of every
 * inline script and style Astro itself emits on that page (island bootstraps, small inlined styles),
 * which is what lets the site run without 'unsafe-inline'. A static header cannot carry those hashes
 * (they differ per page, and pages are plain files on the CDN), and any `script-src`, `style-src` or
 * `default-src` in the header would be enforced next to the meta policy and block the hashed inline
 * scripts (a header `script-src 'self'` refuses every inline script, hash or not). So:
 *
 * - the <meta> policy (astroCsp() below, built with the site) carries every fetch directive: script-src
 *   and style-src with Astro's hashes, default-src, img-src (which must name the uploads host when
 *   UPLOADS_BASE is absolute: known at build time, so it is read from the environment here), connect-src
 *   and frame-src;
 * - the header (netlify.toml, "/*") carries what a <meta> policy cannot or should not: `frame-ancestors
 *   'none'` (ignored in <meta> by definition), plus object-src, base-uri and form-action, which also
 *   cover documents that have no meta policy (an SVG or XML file opened directly). It names no fetch
 *   directive, so it never narrows what the meta policy allows.
 *
 * Payment: Razorpay Checkout loads https://checkout.razorpay.com/v1/checkout.js, which pulls helpers from
 * https://cdn.razorpay.com, opens its form in a frame from https://api.razorpay.com and reports to
 * lumberjack(-metrics).razorpay.com; Razorpay's own CSP allow-list for merchants names exactly these hosts
 * (script-src checkout + cdn, frame-src api, connect-src lumberjack + lumberjack-metrics, img-src cdn), and
 * api.razorpay.com is added to connect-src for the checkout's API calls. They are allowed on every page
 * because pages are static and share one policy; no page loads them unless it asks to. The local Razorpay
 * stand-in is served from this origin, which 'self' already allows.
 *
 * HSTS: netlify.toml's headers are global (Netlify does not scope [[headers]] to deploy contexts), so the
 * production build writes it into dist/_headers, which Netlify reads per deploy; deploy previews and local
 * servers (plain HTTP) never send it.
 */
import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroUserConfig } from 'astro';
import { HSTS } from '@server/security-headers';

/** Hosts Razorpay Checkout needs, by directive. */
export const RAZORPAY_HOSTS = {
  script: ['https://checkout.razorpay.com', 'https://cdn.razorpay.com'],
  frame: ['https://api.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com', 'https://lumberjack-metrics.razorpay.com'],
  img: ['https://cdn.razorpay.com'],
} as const;

/** The origin of the uploads host when UPLOADS_BASE is an absolute URL; null for a site path. */
export function uploadsOrigin(uploadsBase: string | undefined): string | null {
  if (!uploadsBase || !/^https?:\/\//i.test(uploadsBase)) return null;
  return new URL(uploadsBase).origin;
}

type CspConfig = Exclude<NonNullable<NonNullable<AstroUserConfig['security']>['csp']>, boolean>;

/** Astro's security.csp settings: the <meta> policy every page carries. */
export function astroCsp(env: { UPLOADS_BASE?: string | undefined } = process.env): CspConfig {
  const uploads = uploadsOrigin(env.UPLOADS_BASE);
  return {
    directives: [
      "default-src 'self'",
      // data: for the few CSS-drawn icons (the select arrow); the Image CDN (/.netlify/images) is same-origin.
      `img-src ${["'self'", 'data:', ...(uploads ? [uploads] : []), ...RAZORPAY_HOSTS.img].join(' ')}`,
      `connect-src 'self' ${RAZORPAY_HOSTS.connect.join(' ')}`,
      `frame-src 'self' ${RAZORPAY_HOSTS.frame.join(' ')}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ],
    scriptDirective: {
      // 'wasm-unsafe-eval' lets the search compile Pagefind's WebAssembly; it allows no JavaScript eval.
      resources: ["'self'", "'wasm-unsafe-eval'", ...RAZORPAY_HOSTS.script],
    },
    styleDirective: {
      // Style attributes (an island's CSS variables, the gallery's preview background) cannot be hashed
      // one by one; allowing them lets no script run. <style> elements still need Astro's hashes, and
      // style-src keeps Astro's default 'self' (naming it here would make Astro warn that it does not
      // reach style-src-attr, which is the point).
      resources: [{ resource: "'unsafe-inline'", kind: 'attribute' }],
    },
  };
}

/** Writes the production-only HSTS header into the deploy's _headers file. */
export default function securityHeaders(): AstroIntegration {
  return {
    name: 'chandi-kala:security-headers',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        if (process.env.CONTEXT !== 'production') return;
        const file = join(fileURLToPath(dir), '_headers');
        const existing = await readFile(file, 'utf8').catch(() => '');
        await appendFile(file, `${existing && !existing.endsWith('\n') ? '\n' : ''}/*\n  Strict-Transport-Security: ${HSTS}\n`);
        logger.info('Production deploy: HSTS written to _headers.');
      },
    },
  };
}
