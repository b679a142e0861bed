/** /robots.txt: everything public may be crawled except private and utility pages; points to the sitemap. */
import type { APIRoute } from 'astro';

/** Pages with nothing for a search engine (carts, accounts, checkout, search results). */
const DISALLOW = [
  '/productcard',
  '/wishlist',
  '/checkouts',
  '/account',
  '/login',
  '/resent-otp',
  '/order-history',
  '/Order-success/',
  '/Order-tracking',
  '/product-tracking',
  '/search',
  '/api/',
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
