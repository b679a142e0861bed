/**
 * The product detail page's data, shaped at build time from a catalogue Product: only what the
 * island renders, so 10,000 pages stay small. Pure; also builds the page's JSON-LD.
 */
import { gramsAsG } from '@shared/labels';
import { unitPrice } from '@shared/pricing';
import type { ProductSizes } from '@shared/sizes';
import type { DynamicField, Product } from '@shared/types';
import { routes } from '@shared/routes';
import { richTextPlain } from '@shared/rich-text';
import { cardImage } from '../product-card/card';

/** What the detail island receives. */
export interface DetailProduct {
  _id: string;
  slug: string;
  name: string;
  price: number;
  discountPrice: number | null;
  stock: number;
  /** The card picture, kept with cart and wishlist lines. */
  thumbnail: string;
  /** Gallery images in order (empty: the placeholder is shown). */
  images: string[];
  /** Each image's alt text, where the content team wrote one (absent: the name is read). */
  imageAlt?: string[];
  description: string;
  /** Attribute name/value pairs in catalogue order. */
  attributes: [name: string, value: string][];
  dynamicFields: Pick<DynamicField, 'fieldName' | 'value'>[];
  /** The sizes it is sold in with each one's price and stock as built, or null for a piece sold as one. */
  sizes: ProductSizes | null;
}

/** Narrows a catalogue product to the detail page's fields. */
export function toDetailProduct(p: Product): DetailProduct {
  const images = p.image.length ? p.image : [p.thumbnail || p.img].filter(Boolean);
  return {
    _id: p._id,
    slug: p.slug,
    name: p.name,
    price: p.price,
    discountPrice: p.discountPrice,
    stock: p.stock,
    thumbnail: cardImage(p),
    images,
    ...(p.imageAlt && p.image.length ? { imageAlt: p.imageAlt } : {}),
    description: p.description,
    // Values as a shopper writes them ('4.2 gm' in the catalogue reads '4.2 g').
    attributes: Object.entries(p.attributes).map(([name, value]) => [name, gramsAsG(value)]),
    dynamicFields: p.dynamicFields.map(({ fieldName, value }) => ({ fieldName, value: gramsAsG(value) })),
    sizes: p.sizes,
  };
}

/** A dynamic field's value by name, case-insensitively (fields are also read by lower-cased name). */
export function fieldValue(product: Pick<DetailProduct, 'dynamicFields'>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return product.dynamicFields.find((f) => f.fieldName.toLowerCase() === wanted)?.value;
}

/**
 * The page's purity perk. The Terms promise BIS hallmarking unless a listing says otherwise, and pieces too
 * small for the BIS mark say so in their Hallmark field (they carry the 925 stamp): the perk follows it.
 */
export function hallmarkPerk(product: Pick<DetailProduct, 'dynamicFields'>): string {
  const hallmark = fieldValue(product, 'Hallmark');
  return !hallmark || /^\s*BIS hallmarked/i.test(hallmark) ? 'BIS Hallmarked 92.5' : '925 Purity Stamp';
}

/** A meta description: the first sentence or so of the description, with the price. */
export function productMetaDescription(p: DetailProduct, priceText: string): string {
  const text = richTextPlain(p.description);
  const lead = text.length > 120 ? `${text.slice(0, 117).replace(/\s+\S*$/, '')}…` : text;
  return `${p.name} in 92.5 sterling silver, ${priceText}. ${lead}`.slice(0, 160);
}

/** schema.org Product with an INR Offer (price paid, InStock/OutOfStock as built). */
export function productJsonLd(p: DetailProduct, site: URL | string): Record<string, unknown> {
  const url = new URL(routes.product(p), site).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    sku: p._id,
    url,
    description: richTextPlain(p.description),
    image: p.images.map((src) => new URL(src, site).href),
    brand: { '@type': 'Brand', name: 'Chandi Kala' },
    material: '92.5 Sterling Silver',
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'INR',
      price: unitPrice(p),
      availability: p.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}

/** Id of the buy box's start (price, size, Add to Cart), where the product page's skip link lands. */
export const PRODUCT_OPTIONS_ID = 'product-options';
