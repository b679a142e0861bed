/** URL builders for the spec's routes, so every menu, card and sitemap entry spells them the same way. */

/** /collections/{slug}, falling back to the id when a subcategory or collection has no slug (spec section 2). */
export function collectionHref(entry: { slug?: string | null; _id: string }): string {
  return `/collections/${encodeURIComponent(entry.slug || entry._id)}`;
}

/** /collections/products/detail/{slug or id}. */
export function productHref(entry: { slug?: string | null; _id: string }): string {
  return `/collections/products/detail/${encodeURIComponent(entry.slug || entry._id)}`;
}

/** /banner/{id}. */
export function bannerHref(id: string): string {
  return `/banner/${encodeURIComponent(id)}`;
}
