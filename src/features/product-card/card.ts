/**
 * The compact product shape a card needs, and the picture every card shows.
 * Pure: used by the static build (to shrink page payloads) and by the islands.
 */
import type { StoredProduct } from '@shared/schemas/storage';
import type { Product, RelatedProduct } from '@shared/types';

/**
 * Everything a product card shows or puts in the cart/wishlist, nothing more, so pages stay small:
 * exactly the facts a cart or wishlist line keeps (thumbnail: the card picture's URL, '' when none; `sized`
 * only for a product sold in sizes).
 */
export type CardProduct = StoredProduct;

/** Anything a card can be built from: a full product, a related/pair entry, or a card product. */
export type CardSource = Product | RelatedProduct | CardProduct;

/** The picture a card shows: thumbnail, else the first image, else the short form's img. */
export function cardImage(p: CardSource): string {
  if ('thumbnail' in p && p.thumbnail) return p.thumbnail;
  if ('image' in p && p.image[0]) return p.image[0];
  if ('img' in p && p.img) return p.img;
  return '';
}

/** Whether a product is sold in sizes, whichever shape it comes in (Product.sizes, RelatedProduct.sized, a card's `sized`). */
export function isSized(p: CardSource): boolean {
  return 'sizes' in p ? p.sizes != null : p.sized === true;
}

/** Narrows any product shape to the card fields (drops descriptions, images lists, related lists). */
export function toCardProduct(p: CardSource): CardProduct {
  const card: CardProduct = {
    _id: p._id,
    slug: p.slug,
    name: p.name,
    price: p.price,
    discountPrice: p.discountPrice ?? null,
    thumbnail: cardImage(p),
    stock: p.stock,
  };
  // Only when true: most pieces have no sizes, and a listing page carries hundreds of cards.
  if (isSized(p)) card.sized = true;
  return card;
}
