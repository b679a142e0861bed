/**
 * Finding pieces to add to a list (a banner's page, a collection) by name, web address or SKU, through the
 * product list's own search. One search is open at a time; `key` says whose it is.
 */
import { atom } from 'nanostores';
import { catalogueAdminApiPaths, type AdminProductsResponse, type BannerPiece } from '@shared/api/catalogue-admin';
import { callApi } from '../auth/api-client';

/** The open search: whose it is, its words, the pieces found and what to say about them. */
export const $pieceSearch = atom<{ key: string; query: string; results: BannerPiece[]; message: string | null } | null>(null);

/** Searches the live catalogue (pieces not live yet cannot be listed anywhere) for `query`, for the list `key`. */
export async function searchPieces(key: string, query: string, fetchImpl?: typeof fetch): Promise<void> {
  const words = query.trim();
  $pieceSearch.set({ key, query, results: [], message: words ? 'Searching…' : null });
  if (!words) return;
  const r = await callApi<AdminProductsResponse>(
    `${catalogueAdminApiPaths.adminCatalogueProducts}?search=${encodeURIComponent(words)}&pageSize=8`,
    { auth: true },
    fetchImpl,
  );
  // A later search (or another list's) replaced this one meanwhile.
  const now = $pieceSearch.get();
  if (now?.key !== key || now.query !== query) return;
  if (!r.ok) return $pieceSearch.set({ ...now, message: r.message ?? 'The search failed. Please try again.' });
  const results = r.data.products
    .filter((p) => p.draft !== 'new')
    .map((p) => ({ id: p._id, slug: p.slug, name: p.name, onSale: p.status === 'active' }));
  $pieceSearch.set({ ...now, results, message: results.length ? null : `No piece matches “${words}”.` });
}
