/** /sitemap.xml: every pre-rendered public route, including each category, collection, subcategory, product and banner page. */
import type { APIRoute } from 'astro';
import { loadCatalogueSnapshot } from '@server/services/catalogue.snapshot';
import { routes } from '@shared/routes';

/** Static routes, with how often they change and their weight relative to each other. */
const STATIC_ROUTES: [path: string, changefreq: string, priority: number][] = [
  [routes.home, 'daily', 1],
  [routes.allProducts, 'daily', 0.9],
  [routes.about, 'yearly', 0.4],
  [routes.faq, 'monthly', 0.4],
  [routes.contact, 'yearly', 0.4],
  [routes.refundPolicy, 'yearly', 0.3],
  [routes.termsOfService, 'yearly', 0.3],
  [routes.privacyPolicy, 'yearly', 0.3],
  [routes.shippingPolicy, 'yearly', 0.3],
];

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Builds the file at build time from the same snapshot the pages are built from. */
export const GET: APIRoute = async ({ site }) => {
  const base = site ?? new URL('http://localhost:8888');
  const c = await loadCatalogueSnapshot();
  const entries: [string, string, number][] = [
    ...STATIC_ROUTES,
    ...c.categories.map((cat): [string, string, number] => [routes.collection(cat), 'weekly', 0.8]),
    ...c.collections.map((col): [string, string, number] => [routes.collection(col), 'weekly', 0.8]),
    ...c.subcategories.map((s): [string, string, number] => [routes.collection(s), 'weekly', 0.8]),
    ...c.products.map((p): [string, string, number] => [routes.product(p), 'weekly', 0.7]),
    ...c.banners.filter((b) => b.status === 'active').map((b): [string, string, number] => [routes.banner(b._id), 'weekly', 0.5]),
  ];
  const seen = new Set<string>();
  const urls = entries
    .filter(([path]) => !seen.has(path) && seen.add(path))
    .map(
      ([path, freq, priority]) =>
        `  <url><loc>${escapeXml(new URL(path, base).href)}</loc><changefreq>${freq}</changefreq><priority>${priority.toFixed(1)}</priority></url>`,
    );
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
