/**
 * A saved draft as the live product it becomes: what Publish writes, and what Preview shows. One mapping, so the
 * preview is the product as it will be live.
 */
import { slugFromName } from '@shared/slug';
import { unitId, type CatalogueDraftDoc, type InventoryDoc, type LiveProductFields } from '../collections';
import { catalogueDraftsRepository as drafts } from '../repositories/catalogue-drafts.repository';
import { stableId } from './catalogue-ids';

/** The taxonomy a draft's references are resolved against. */
export type Taxonomy = Awaited<ReturnType<typeof drafts.taxonomy>>;

/**
 * A draft as the live product it becomes, and its stock units (each size's, or the product's, with the draft's
 * stock as opening stock: written only for units that do not exist yet). A reference that no longer resolves, or a
 * web address another live product took since the save, is a problem named for the editor.
 */
export async function liveFormOf(
  d: CatalogueDraftDoc,
  t: Taxonomy,
  now: Date,
): Promise<{ product: LiveProductFields; units: InventoryDoc[] } | string> {
  const p = d.product;
  const slug = p.slug ?? slugFromName(p.name);
  const sub = t.subcategories.find((s) => s.slug === p.subcategory);
  if (!sub) return `${p.name}: its subcategory "${p.subcategory}" no longer exists. Choose another and save it.`;
  const missing = p.collections.filter((c) => !t.collections.some((col) => col.slug === c));
  if (missing.length) return `${p.name}: the collection "${missing[0]}" no longer exists. Remove it and save.`;
  if (await drafts.slugTaken(slug, d.productId))
    return `${p.name}: another live product now uses the web address "${slug}". Change it and save.`;
  const _id = d.productId;
  const sizes = p.sizes
    ? {
        name: p.sizes.name,
        guide: p.sizes.guide,
        values: p.sizes.values.map((v) => ({ value: v.value, price: v.price, discountPrice: v.discountPrice, sku: v.sku })),
      }
    : null;
  const product: LiveProductFields = {
    _id,
    slug,
    name: p.name,
    price: p.price,
    discountPrice: p.discountPrice,
    thumbnail: p.image[0] ?? '',
    image: p.image,
    imageAlt: p.imageAlt,
    ...(p.pricing ? { pricing: p.pricing } : {}),
    sizes,
    description: p.description,
    tags: p.tags,
    attributes: Object.entries(p.attributes).map(([name, value]) => ({ name, value })),
    dynamicFields: p.dynamicFields.map((f) => ({ _id: stableId(`field:${slug}`, f.fieldName), fieldName: f.fieldName, value: f.value })),
    categoryId: sub.categoryId,
    subcategoryId: sub._id,
    collectionIds: p.collections.map((c) => t.collections.find((col) => col.slug === c)!._id),
    status: p.status ?? 'active',
    ...(p.weightGrams !== undefined ? { weightGrams: p.weightGrams } : {}),
    ...(p.hsn !== undefined ? { hsn: p.hsn } : {}),
    ...(p.seoTitle !== undefined ? { seoTitle: p.seoTitle } : {}),
    ...(p.seoDescription !== undefined ? { seoDescription: p.seoDescription } : {}),
    updatedAt: now,
  };
  const units: InventoryDoc[] = p.sizes
    ? p.sizes.values.map((v) => ({ _id: unitId(_id, v.value), productId: _id, size: v.value, stock: v.stock }))
    : [{ _id: unitId(_id), productId: _id, size: null, stock: p.stock ?? 0 }];
  return { product, units };
}
