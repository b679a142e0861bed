/**
 * The hand-over of Buy it now from the product page to the checkout. Apart from product.store.ts so the
 * checkout imports this key and shape alone, not the product page's store (which would then become a chunk
 * of its own, fetched by both pages).
 */

/** sessionStorage key the checkout reads for a Buy it now purchase. */
export const BUY_NOW_KEY = 'buyNow';

/** What Buy it now hands the checkout: this product alone (in the chosen size), in the chosen quantity. */
export interface BuyNowItem {
  productId: string;
  quantity: number;
  size?: string;
}
