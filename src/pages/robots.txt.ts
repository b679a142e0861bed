/** /robots.txt: everything public may be crawled except private and utility pages; points to the sitemap. */
import type { APIRoute } from 'astro';
import { API_BASE } from '@shared/api/common';
import { routes } from '@shared/routes';

/** Pages with nothing for a search engine (carts, accounts, checkout, search results). */
const DISALLOW = [
  routes.cart,
  routes.wishlist,
  routes.checkout,
  routes.account,
  routes.login,
  routes.otp,
  routes.orderHistory,
  // A prefix: every order's success page.
  routes.orderSuccess(''),
  // Prefixes too: every order's tax invoice, and the admin pages.
  routes.invoice(''),
  '/admin/',
  routes.orderTracking(),
  routes.productTracking(),
  routes.search(),
  `${API_BASE}/`,
];

/** Serves the file at build time. */
export const GET: APIRoute = ({ site }) => {
  const base = site ?? new URL('http://localhost:8888');
  const body = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', base).href}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
