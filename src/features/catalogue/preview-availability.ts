/**
 * The product island's live price and stock, as the preview's own bundle answers them: the draft's figures, not the
 * live API's (a new piece has none there, a repriced one the old price). admin-preview.ts puts this module in place
 * of the island's availability module in that bundle only, so the storefront's island is built unchanged.
 */
import type { ProductAvailability } from '@shared/types';

let shown: ProductAvailability[] = [];

/** Sets the figures the preview's island is answered (the draft's own). */
export function showDraftFigures(figures: ProductAvailability[]): void {
  shown = figures;
}

/** What the island asks for: the draft's figures of these products. */
export async function fetchAvailability(ids: readonly string[]): Promise<ProductAvailability[]> {
  return shown.filter((f) => ids.includes(f._id));
}
