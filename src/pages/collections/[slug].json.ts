/**
 * /collections/{slug}.json: the compact product list of a listing (card fields, creation time,
 * filter facets), fetched by the listing island when a shopper filters, sorts or asks for more.
 * A static file, so a 10,000-product listing page carries only its first page of cards.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
// This endpoint runs only at build time (its output is a static file), so server modules are fine here;
// the lint rule is meant for code that ships to the browser.
import { loadCatalogueSnapshot } from '@server/services/catalogue.snapshot';
import { listingPayload, listingSlugs, resolveListing } from '../../features/listing/listing-data';
import { ALL_PRODUCTS_SLUG } from '@shared/routes';

export const getStaticPaths = (async () => {
  const snapshot = await loadCatalogueSnapshot();
  return [ALL_PRODUCTS_SLUG, ...listingSlugs(snapshot)].map((slug) => ({ params: { slug } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const snapshot = await loadCatalogueSnapshot();
  const source = resolveListing(snapshot, String(params.slug));
  if (!source) return new Response('Not found', { status: 404 });
  return new Response(JSON.stringify(listingPayload(source).all), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
