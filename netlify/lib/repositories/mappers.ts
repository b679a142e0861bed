import type { Banner, Category, Collection, Heading, Product, Subcategory } from '@shared/types';
import type { ProductSizes } from '@shared/sizes';
import type { BannerDoc, CategoryDoc, CollectionDoc, HeadingDoc, ProductDoc, SubcategoryDoc } from '../collections';
import type { ProductStock } from './inventory.repository';
import { getEnv } from '../env';
import { UPLOADED_PHOTO_PREFIX } from '@shared/schemas/photos';
import { UPLOADED_PHOTO_ROUTE } from '@shared/api/photo-route';

/**
 * Turns a stored relative image path into the URL the browser loads: a photo uploaded from the back office
 * (photos/…) is served by the shop itself from Netlify Blobs; any other path is under UPLOADS_BASE.
 */
export function imageUrl(path: string): string {
  if (!path) return '';
  if (path.startsWith(UPLOADED_PHOTO_PREFIX)) return `${UPLOADED_PHOTO_ROUTE}/${path.slice(UPLOADED_PHOTO_PREFIX.length)}`;
  return `${getEnv().UPLOADS_BASE}/${path}`;
}

/** Category document → wire type. */
export const toCategory = (d: CategoryDoc): Category => ({ _id: d._id.toHexString(), name: d.name, slug: d.slug });

/** Subcategory document → wire type. */
export const toSubcategory = (d: SubcategoryDoc): Subcategory => ({
  _id: d._id.toHexString(),
  name: d.name,
  slug: d.slug,
  category: d.categoryId.toHexString(),
  image: d.image.map(imageUrl),
});

/** Collection document → wire type. */
export const toCollection = (d: CollectionDoc): Collection => ({
  _id: d._id.toHexString(),
  slug: d.slug,
  name: d.name,
  description: d.description,
  image: d.image.map(imageUrl),
});

/** A product as stored, mapped to the wire type except relatedProducts, which the service resolves. */
export type ProductRow = Omit<Product, 'relatedProducts'> & { relatedIds: string[]; pairIds: string[] };

/** A product's sizes for the wire: each with its price (the product's unless it has its own) and live stock. */
export function toSizes(d: Pick<ProductDoc, 'price' | 'discountPrice' | 'sizes'>, stock: ProductStock): ProductSizes | null {
  if (!d.sizes?.values.length) return null;
  return {
    name: d.sizes.name,
    guide: d.sizes.guide,
    values: d.sizes.values.map((s) => ({
      value: s.value,
      price: s.price ?? d.price,
      // A size with its own price has its own discount (or none); otherwise it sells at the product's.
      discountPrice: s.price !== null ? s.discountPrice : (d.discountPrice ?? null),
      stock: Math.max(0, stock.bySize?.get(s.value) ?? 0),
    })),
  };
}

/** Product document and its stock → row. */
export const toProductRow = (d: ProductDoc, stock: ProductStock): ProductRow => {
  const image = d.image.map(imageUrl);
  return {
    _id: d._id.toHexString(),
    slug: d.slug,
    name: d.name,
    price: d.price,
    discountPrice: d.discountPrice ?? null,
    thumbnail: imageUrl(d.thumbnail),
    image,
    ...(d.imageAlt?.some(Boolean) ? { imageAlt: d.imageAlt } : {}),
    img: image[0] ?? imageUrl(d.thumbnail),
    stock: stock.total,
    description: d.description,
    tags: d.tags,
    attributes: Object.fromEntries(d.attributes.map((a) => [a.name, a.value])),
    dynamicFields: d.dynamicFields.map((f) => ({ _id: f._id.toHexString(), fieldName: f.fieldName, value: f.value })),
    category: d.categoryId.toHexString(),
    subCategory: d.subcategoryId.toHexString(),
    collections: d.collectionIds.map((id) => id.toHexString()),
    featured: d.featured,
    createdAt: d.createdAt.toISOString(),
    relatedIds: d.relatedIds.map((id) => id.toHexString()),
    pairIds: d.pairIds.map((id) => id.toHexString()),
    sizes: toSizes(d, stock),
  };
};

/** Banner document → wire type. */
export const toBanner = (d: BannerDoc): Banner => ({
  _id: d._id.toHexString(),
  type: d.type,
  status: d.status,
  imageType: d.imageType,
  image: imageUrl(d.image),
  Heading: d.Heading,
  URL: d.URL,
  products: d.productIds.map((id) => ({ productId: id.toHexString() })),
  ...(d.startsOn ? { startsOn: d.startsOn } : {}),
  ...(d.endsOn ? { endsOn: d.endsOn } : {}),
});

/** What a banner keeps alike as a catalogue row, a home page draft and a stored banner (its days only when set). */
export const bannerFields = (
  b: Pick<BannerDoc, 'key' | 'type' | 'status' | 'imageType' | 'image' | 'Heading' | 'URL'> & {
    startsOn?: string | undefined;
    endsOn?: string | undefined;
  },
) => ({
  key: b.key,
  type: b.type,
  status: b.status,
  imageType: b.imageType,
  image: b.image,
  Heading: b.Heading,
  URL: b.URL,
  ...(b.startsOn ? { startsOn: b.startsOn } : {}),
  ...(b.endsOn ? { endsOn: b.endsOn } : {}),
});

/** Heading document → wire type. */
export const toHeading = (d: HeadingDoc): Heading => ({ _id: d._id.toHexString(), message: d.message, isVisible: d.isVisible });
