/**
 * Preview: the product a draft will put live, as the server maps it with Publish's own mapping, for the preview page
 * to show with the storefront's own components.
 */
import { atom } from 'nanostores';
import { catalogueAdminApiPaths, type AdminProductPreviewResponse } from '@shared/api/catalogue-admin';
import type { Product, ProductAvailability } from '@shared/types';
import { showDraftFigures } from './preview-availability';
import type { ProductStatus } from '@shared/schemas/product';
import { callApi } from '../auth/api-client';
import { fetchInto, type Fetched } from '../shared/fetched';

/** The product being previewed, the draft version it comes from, and whether the product is live already. */
export const $preview = atom<Fetched<{ product: Product; version: number; live: boolean; productStatus: ProductStatus }, true>>({
  status: 'loading',
});

/** The draft's own price and stock, answered where the storefront asks the API for live ones. */
const draftFigures = (p: Product): ProductAvailability[] => [
  { _id: p._id, price: p.price, discountPrice: p.discountPrice, stock: p.stock, sizes: p.sizes?.values ?? null },
];

/** The product id in the preview page's address (`?id=`), or null. */
export function previewIdFrom(search: string): string | null {
  const id = new URLSearchParams(search).get('id');
  return id && /^[0-9a-f]{24}$/.test(id) ? id : null;
}

/** Loads the preview of product `id`. */
export async function loadPreview(id: string | null, fetchImpl?: typeof fetch): Promise<void> {
  if (!id) return $preview.set({ status: 'error', message: 'No product to preview: open it from its form.' });
  await fetchInto(
    $preview,
    () => callApi<AdminProductPreviewResponse>(catalogueAdminApiPaths.adminCatalogueProductPreview(id), { auth: true }, fetchImpl),
    (d) => {
      // The island asks for price and stock as it starts: the draft's figures are ready before it is drawn.
      showDraftFigures(draftFigures(d.product));
      return { product: d.product, version: d.version, live: d.live, productStatus: d.status };
    },
    { fallback: 'The preview could not be made. Please try again.', forbidden: true },
  );
}
