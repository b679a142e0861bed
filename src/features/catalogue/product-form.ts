/**
 * The product form's rules, apart from any store: the form's values (what the boxes hold, as typed), how a
 * product becomes them and how they become the product the schema checks, and the schema's messages by field.
 */
import type { z } from 'zod';
import type { SIZE_GUIDES } from '@shared/schemas/product';
import {
  ProductDraftSchema,
  RatePricingSchema,
  type ProductDraft,
  type ProductDraftInput,
  type ProductStatus,
} from '@shared/schemas/product';
import { priceFromRate } from '@shared/silver-rate';

/** One size row as typed. */
export interface SizeRow {
  value: string;
  stock: string;
  price: string;
  discountPrice: string;
  sku: string;
}

/** One photo: where it is stored, where the browser loads it (the thumbnail), and its alt text as typed. */
export interface PhotoRow {
  path: string;
  url: string;
  alt: string;
}

/** One filter field (name and value) as typed. */
export interface AttributeRow {
  name: string;
  value: string;
}

/** The form's values: text as typed, so a half-typed price is kept until it is checked. */
export interface ProductForm {
  name: string;
  slug: string;
  description: string;
  price: string;
  discountPrice: string;
  /** 'fixed': the price typed; 'rate': worked out from the weight and the day's silver rate with these charges. */
  priceMode: 'fixed' | 'rate';
  makingKind: 'rupees' | 'percent';
  making: string;
  stoneCharge: string;
  weightGrams: string;
  hsn: string;
  category: string;
  subcategory: string;
  collections: string[];
  tags: string;
  attributes: AttributeRow[];
  seoTitle: string;
  seoDescription: string;
  status: ProductStatus;
  /** The photos in order, the first the one lists show. */
  photos: PhotoRow[];
  /** '' for no sizes, else the size kind. */
  sizeKind: '' | keyof typeof SIZE_GUIDES;
  sizes: SizeRow[];
  stock: string;
  /** Fields the form does not edit (extra facts shown on the product page), kept as they were. */
  dynamicFields: ProductDraft['dynamicFields'];
}

/** A new product's empty form: Draft, HSN 7113 (silver jewellery), no sizes. */
export function emptyForm(): ProductForm {
  return {
    name: '',
    slug: '',
    description: '',
    price: '',
    discountPrice: '',
    priceMode: 'fixed',
    makingKind: 'rupees',
    making: '',
    stoneCharge: '',
    weightGrams: '',
    hsn: '7113',
    category: '',
    subcategory: '',
    collections: [],
    tags: '',
    attributes: [],
    seoTitle: '',
    seoDescription: '',
    status: 'draft',
    photos: [],
    sizeKind: '',
    sizes: [],
    stock: '0',
    dynamicFields: [],
  };
}

/** An empty size row. */
export const emptySizeRow = (): SizeRow => ({ value: '', stock: '0', price: '', discountPrice: '', sku: '' });

const text = (n: number | null | undefined): string => (n === null || n === undefined ? '' : String(n));

/**
 * The form's values for a saved product; `categoryOf` names a subcategory's category, `imageUrls` are where the
 * browser loads each photo (the server's answer carries them in the photos' order).
 */
export function formFromProduct(
  p: ProductDraft,
  categoryOf: (subcategory: string) => string,
  imageUrls: readonly string[] = [],
): ProductForm {
  return {
    name: p.name,
    slug: p.slug ?? '',
    description: p.description,
    price: text(p.price),
    discountPrice: text(p.discountPrice),
    priceMode: p.pricing ? 'rate' : 'fixed',
    makingKind: p.pricing?.making.kind ?? 'rupees',
    making: text(p.pricing?.making.value),
    stoneCharge: p.pricing?.stone ? text(p.pricing.stone) : '',
    weightGrams: text(p.weightGrams),
    hsn: p.hsn ?? '',
    category: categoryOf(p.subcategory),
    subcategory: p.subcategory,
    collections: p.collections,
    tags: p.tags.join(', '),
    attributes: Object.entries(p.attributes).map(([name, value]) => ({ name, value })),
    seoTitle: p.seoTitle ?? '',
    seoDescription: p.seoDescription ?? '',
    status: p.status ?? 'active',
    photos: p.image.map((path, i) => ({ path, url: imageUrls[i] ?? '', alt: p.imageAlt[i] ?? '' })),
    sizeKind: p.sizes?.guide ?? '',
    sizes: (p.sizes?.values ?? []).map((v) => ({
      value: v.value,
      stock: String(v.stock),
      price: text(v.price),
      discountPrice: text(v.discountPrice),
      sku: v.sku ?? '',
    })),
    stock: text(p.stock ?? 0),
    dynamicFields: p.dynamicFields,
  };
}

/** A number box's value: a number, null when empty, or the text itself (so the schema says it is not a number). */
function numberOf(value: string): number | null | string {
  const t = value.trim().replace(/,/g, '');
  if (!t) return null;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
}

/**
 * How a rate-priced piece's price is made up, as typed (numbers where they are numbers, so the schema names what
 * is not), or null for a fixed price (left out of the product).
 */
function pricingFromForm(f: ProductForm): ProductDraftInput['pricing'] {
  if (f.priceMode !== 'rate') return null;
  return {
    making: { kind: f.makingKind, value: numberOf(f.making) ?? (undefined as unknown as number) },
    stone: numberOf(f.stoneCharge) ?? 0,
  } as ProductDraftInput['pricing'];
}

/**
 * The price the form's values come to at `silverRate` (₹ a gram), or null: a fixed price, no rate set yet, or a
 * weight or charge not (yet) a number. The server works it out again on every save.
 */
export function priceAtRate(f: ProductForm, silverRate: number | null): number | null {
  const pricing = RatePricingSchema.safeParse(pricingFromForm(f));
  const weight = numberOf(f.weightGrams);
  if (silverRate === null || !pricing.success || typeof weight !== 'number' || weight <= 0) return null;
  return priceFromRate(weight, silverRate, pricing.data);
}

/**
 * A rate-priced piece's price is the server's to set (it works it out again on every save). Until it can be
 * worked out here the last price stands in, or ₹1, so the schema still checks the weight and charges it needs.
 */
function standInPrice(f: ProductForm, silverRate: number | null): number {
  const last = numberOf(f.price);
  return priceAtRate(f, silverRate) ?? (typeof last === 'number' && last > 0 ? last : 1);
}

/** The product the form's values make, for the schema to check; a rate-priced piece at `silverRate`'s price. */
export function productFromForm(f: ProductForm, silverRate: number | null = null): ProductDraftInput {
  const sizes = f.sizeKind
    ? {
        guide: f.sizeKind,
        values: f.sizes.map((s) => ({
          value: s.value,
          stock: numberOf(s.stock) ?? 0,
          price: numberOf(s.price),
          discountPrice: numberOf(s.discountPrice),
          sku: s.sku.trim() || null,
        })),
      }
    : undefined;
  const optional = (value: string) => (value.trim() ? value.trim() : undefined);
  return {
    ...(f.slug.trim() ? { slug: f.slug.trim() } : {}),
    name: f.name,
    description: f.description,
    price: f.priceMode === 'rate' ? standInPrice(f, silverRate) : (numberOf(f.price) ?? (undefined as unknown as number)),
    discountPrice: f.priceMode === 'rate' ? null : numberOf(f.discountPrice),
    ...(f.priceMode === 'rate' ? { pricing: pricingFromForm(f) } : {}),
    ...(sizes ? { sizes } : { stock: numberOf(f.stock) ?? 0 }),
    weightGrams: numberOf(f.weightGrams),
    ...(optional(f.hsn) ? { hsn: optional(f.hsn) } : {}),
    subcategory: f.subcategory,
    collections: f.collections,
    tags: f.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    attributes: Object.fromEntries(f.attributes.filter((a) => a.name.trim() || a.value.trim()).map((a) => [a.name.trim(), a.value])),
    dynamicFields: f.dynamicFields,
    ...(optional(f.seoTitle) ? { seoTitle: optional(f.seoTitle) } : {}),
    ...(optional(f.seoDescription) ? { seoDescription: optional(f.seoDescription) } : {}),
    status: f.status,
    image: f.photos.map((photo) => photo.path),
    imageAlt: f.photos.map((photo) => photo.alt),
  } as ProductDraftInput;
}

/** The schema's messages by the form's field names ('sizes.0.price'), the first message of each field only. */
export function errorsByField(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    let key = issue.path.map(String).join('.');
    if (key.startsWith('sizes.values')) key = key.replace('sizes.values', 'sizes');
    if (key === 'image' || key.startsWith('image.')) key = 'photos';
    // A photo's alt text is that photo's field ('photos.2.alt'); one for no photo is the section's.
    if (key.startsWith('imageAlt')) key = /^imageAlt\.\d+$/.test(key) ? `photos.${key.slice('imageAlt.'.length)}.alt` : 'photos';
    if (key.startsWith('attributes')) key = 'attributes';
    if (key.startsWith('tags')) key = 'tags';
    if (key === 'pricing.making.value' || key === 'pricing.making.kind') key = 'making';
    if (key === 'pricing.stone') key = 'stoneCharge';
    out[key] ??= issue.message;
  }
  return out;
}

/** Checks the form: the product to send, or the messages to show by field. */
export function checkForm(
  f: ProductForm,
  silverRate: number | null = null,
): { ok: true; product: ProductDraft } | { ok: false; errors: Record<string, string> } {
  const r = ProductDraftSchema.safeParse(productFromForm(f, silverRate));
  return r.success ? { ok: true, product: r.data } : { ok: false, errors: errorsByField(r.error.issues) };
}
