/**
 * The one schema of a product: the back office's form checks with it as the shopkeeper types, the catalogue
 * API parses every save with it, and the catalogue import (JSON, CSV, Shopify) builds its row schema from it,
 * so all three refuse the same things with the same words. Imports nothing but zod, so the form's bundle
 * (admin pages only) carries no server code; the few patterns it needs are written here, and a unit test
 * keeps them equal to src/shared/ids.ts and src/shared/sizes.ts.
 */
import { z } from 'zod';

/** A URL slug: lower-case letters and digits in runs joined by single hyphens (ids.ts SLUG_PATTERN). */
export const PRODUCT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A size value: letters, digits, dots, slashes and single inner spaces (sizes.ts SIZE_VALUE_PATTERN). */
export const PRODUCT_SIZE_PATTERN = /^[A-Za-z0-9./]+( [A-Za-z0-9./]+)*$/;
/** A catalogue image path relative to the uploads base (common.ts ImagePathSchema). */
export const PRODUCT_IMAGE_PATTERN = /^(?!\/)(?!.*\.\.)[A-Za-z0-9/_.-]+$/;
/** A name usable as a stored key: no "." and no leading "$" (common.ts SafeKeySchema). */
const SAFE_KEY_PATTERN = /^[^.$][^.]*$/;

/** Where a product is: Draft (never shown to shoppers or the public API), Active (on sale), Archived (no longer sold). */
export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
/** A product's status. Products stored before statuses existed count as active. */
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
/** How each status reads in the back office. */
export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = { draft: 'Draft', active: 'Active', archived: 'Archived' };

/** The size guides a product may follow, and the option's name shoppers read for each. */
export const SIZE_GUIDES = { ring: 'Ring size', bangle: 'Bangle size', length: 'Length' } as const;

/** The shopkeeper's label of each field, used by the form and in messages that name a field. */
export const PRODUCT_LABELS = {
  name: 'Name',
  slug: 'Web address (slug)',
  description: 'Description',
  price: 'Price',
  discountPrice: 'Discount price',
  weightGrams: 'Weight (g)',
  hsn: 'HSN',
  category: 'Category',
  subcategory: 'Subcategory',
  collections: 'Collections',
  tags: 'Tags',
  attributes: 'Filter fields',
  seoTitle: 'SEO title',
  seoDescription: 'SEO description',
  status: 'Status',
  sizes: 'Sizes',
  stock: 'Stock',
} as const;

const slug = (message: string) => z.string().min(1, message).max(120, 'That web address is too long').regex(PRODUCT_SLUG_PATTERN, message);

/** The most a piece (or a size of one) may cost, in rupees. */
export const PRODUCT_MAX_PRICE = 1_000_000;

/** An amount in rupees: above zero, below ten lakh. */
const rupees = (label: string) =>
  z
    .number({ error: `Enter the ${label.toLowerCase()} in rupees` })
    .positive(`The ${label.toLowerCase()} must be more than ₹0`)
    .max(PRODUCT_MAX_PRICE, `The ${label.toLowerCase()} must be below ₹10,00,000`);

/** The most pieces one unit may hold (src/shared/inventory.ts's MAX_UNIT_STOCK; a test keeps the two equal). */
export const PRODUCT_MAX_STOCK = 100_000;

const stock = z
  .number({ error: 'Enter how many pieces are in stock' })
  .int('Stock is a whole number of pieces')
  .min(0, 'Stock cannot be below 0')
  .max(PRODUCT_MAX_STOCK, 'Stock is at most 1,00,000 pieces of one unit');

/** An image path under the uploads base. */
export const ProductImageSchema = z
  .string()
  .min(1)
  .max(300)
  .regex(PRODUCT_IMAGE_PATTERN, 'image path must be relative, e.g. products/ring-1.jpg');

/**
 * A price worked out from the day's silver rate rather than fixed: weight × the rate (₹ a gram of 92.5 silver) +
 * the making charge (rupees, or a percentage of the silver's value) + the stone charge, rounded to the rupee
 * (src/shared/silver-rate.ts). The piece's price is then the server's sum at the rate of the day.
 */
export const RatePricingSchema = z.strictObject({
  making: z.strictObject({
    kind: z.enum(['rupees', 'percent'], { error: 'Choose rupees or a percentage for the making charge' }),
    value: z
      .number({ error: 'Enter the making charge' })
      .min(0, 'The making charge cannot be below 0')
      .max(100_000, 'The making charge must be below ₹1,00,000 (or 1,00,000%)'),
  }),
  stone: z
    .number({ error: 'Enter the stone charge in rupees' })
    .min(0, 'The stone charge cannot be below ₹0')
    .max(500_000, 'The stone charge must be below ₹5,00,000')
    .default(0),
});

/** How a rate-priced piece's price is made up. */
export type RatePricing = z.output<typeof RatePricingSchema>;

/** Longest alt text of a photo: what a screen reader reads well in one breath. */
export const PHOTO_ALT_MAX = 125;

/**
 * Each photo's alt text, in the order of the photos (the first describes the first photo). Read by screen
 * readers and search engines; an empty one is allowed while a piece is a draft.
 */
const PhotoAltSchema = z
  .array(z.string().trim().max(PHOTO_ALT_MAX, `Keep alt text under ${PHOTO_ALT_MAX} characters: say what the photo shows`))
  .max(12)
  .default([]);

/** One size of a product: its value, its stock and, optionally, its own price and the seller's code. */
const SizeValueSchema = z
  .strictObject({
    value: z
      .string({ error: 'Give each size a value (e.g. 12)' })
      .trim()
      .min(1, 'Give each size a value (e.g. 12)')
      .max(12, 'A size is at most 12 characters')
      .regex(PRODUCT_SIZE_PATTERN, 'A size may hold letters, digits, ".", "/" and single spaces (e.g. 12, 2.6, 18 in)'),
    stock,
    price: rupees('Size price').nullable().default(null),
    discountPrice: rupees('Size discount price').nullable().default(null),
    sku: z.string().trim().min(1).max(64, 'A SKU is at most 64 characters').nullable().default(null),
  })
  .refine((v) => v.discountPrice === null || (v.price !== null && v.discountPrice < v.price), {
    message: "A size's discount price needs its own price, and must be lower than it",
    path: ['discountPrice'],
  });

/** The sizes a product is sold in: the option's name, which size guide applies, and one row per size. */
export const ProductSizesSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(30, 'The size name is at most 30 characters').optional(),
    guide: z.enum(['ring', 'bangle', 'length'], { error: 'Choose ring, bangle or length' }).nullable().default(null),
    values: z.array(SizeValueSchema).min(1, 'Add at least one size, or choose no sizes').max(40, 'A product has at most 40 sizes'),
  })
  .refine((s) => new Set(s.values.map((v) => v.value)).size === s.values.length, { message: 'Each size may appear once', path: ['values'] })
  .refine((s) => s.name !== undefined || s.guide !== null, {
    message: 'Name the sizes (e.g. "Ring size") or choose a size kind',
    path: ['name'],
  })
  .transform((s) => ({ ...s, name: s.name ?? SIZE_GUIDES[s.guide!] }));

/**
 * Every field a product has wherever it comes from (the form or a catalogue file), with the shop's messages.
 * References (subcategory, collections) are slugs. Fields added for the back office (status, weight, HSN, SEO)
 * are optional so catalogue files written before them still import unchanged.
 */
export const ProductFieldsSchema = z.strictObject({
  slug: slug('A web address may only hold lower-case letters, digits and hyphens').optional(),
  name: z.string({ error: 'Give the piece a name' }).trim().min(1, 'Give the piece a name').max(140, 'A name is at most 140 characters'),
  price: rupees('Price'),
  discountPrice: rupees('Discount price').nullable().default(null),
  /** Absent or null: the price is fixed. Otherwise it is worked out from the day's silver rate. */
  pricing: RatePricingSchema.nullable().optional(),
  /** Pieces in stock; for a product sold in sizes, leave it out (or give the sizes' total): each size has its own. */
  stock: stock.optional(),
  sizes: ProductSizesSchema.optional(),
  description: z.string().trim().max(5000, 'A description is at most 5,000 characters').default(''),
  tags: z.array(z.string().trim().min(1).max(40, 'A tag is at most 40 characters')).max(20, 'At most 20 tags').default([]),
  /** The listing's filter fields (metal colour, stone, occasion…): name → value. */
  attributes: z
    .record(
      z.string().trim().min(1).max(60).regex(SAFE_KEY_PATTERN, 'A filter name must not contain "." or start with "$"'),
      z.string().trim().min(1, 'Give each filter field a value').max(80),
    )
    .default({}),
  dynamicFields: z
    .array(
      z.strictObject({
        fieldName: z.string().trim().min(1).max(60).regex(SAFE_KEY_PATTERN, 'must not contain "." or start with "$"'),
        value: z.string().trim().min(1).max(200),
      }),
    )
    .max(20)
    .default([]),
  subcategory: slug('Choose a subcategory'),
  collections: z.array(slug('Choose collections from the list')).max(10, 'A product is in at most 10 collections').default([]),
  status: z.enum(PRODUCT_STATUSES, { error: 'Choose Draft, Active or Archived' }).optional(),
  weightGrams: z
    .number({ error: 'Enter the weight in grams' })
    .positive('The weight must be more than 0 g')
    .max(5000, 'The weight must be below 5 kg')
    .nullable()
    .optional(),
  hsn: z
    .string()
    .trim()
    .regex(/^(\d{4}|\d{6}|\d{8})$/, 'HSN is 4, 6 or 8 digits (silver jewellery is 7113)')
    .optional(),
  seoTitle: z.string().trim().max(70, 'Search engines show about 60 characters: keep the SEO title under 70').optional(),
  seoDescription: z.string().trim().max(160, 'Search engines show about 155 characters: keep the SEO description under 160').optional(),
  imageAlt: PhotoAltSchema,
});

/** The rules between fields, shared by every schema built on ProductFieldsSchema. */
export function checkProductRules(
  p: {
    price: number;
    discountPrice: number | null;
    stock?: number | undefined;
    sizes?: { values: { stock: number; price?: number | null | undefined }[] } | undefined;
    pricing?: RatePricing | null | undefined;
    weightGrams?: number | null | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  if (p.pricing) {
    if (!p.weightGrams)
      ctx.addIssue({
        code: 'custom',
        message: 'Enter the weight: a price from the silver rate is worked out from it',
        path: ['weightGrams'],
      });
    if (p.discountPrice !== null)
      ctx.addIssue({
        code: 'custom',
        message: 'A price from the silver rate has no discount price: leave it empty',
        path: ['discountPrice'],
      });
    p.sizes?.values.forEach((v, i) => {
      if (v.price !== null && v.price !== undefined)
        ctx.addIssue({
          code: 'custom',
          message: 'A piece priced from the silver rate sells every size at its price: leave the size price empty',
          path: ['sizes', 'values', i, 'price'],
        });
    });
  }
  if (p.discountPrice !== null && p.discountPrice >= p.price)
    ctx.addIssue({ code: 'custom', message: 'The discount price must be lower than the price', path: ['discountPrice'] });
  if (p.sizes === undefined && p.stock === undefined)
    ctx.addIssue({ code: 'custom', message: 'Enter the stock (or add sizes, each with its stock)', path: ['stock'] });
  if (p.sizes && p.stock !== undefined && p.stock !== p.sizes.values.reduce((sum, v) => sum + v.stock, 0))
    ctx.addIssue({
      code: 'custom',
      message: "Stock must be the sizes' total, or be left out (each size has its own stock)",
      path: ['stock'],
    });
}

/** Alt text given for a photo that is not there, and the rules for an active piece: a photo, each described. */
function checkPhotos(p: { status?: ProductStatus | undefined; image: string[]; imageAlt: string[] }, ctx: z.RefinementCtx): void {
  if (p.imageAlt.length > p.image.length)
    ctx.addIssue({ code: 'custom', message: 'There is alt text for a photo that is not there', path: ['imageAlt'] });
  if (p.status !== 'active') return;
  if (p.image.length === 0) ctx.addIssue({ code: 'custom', message: 'Add a photo before making the piece active', path: ['status'] });
  const undescribed = p.image.findIndex((_, i) => !p.imageAlt[i]);
  if (undescribed >= 0)
    ctx.addIssue({
      code: 'custom',
      message: `Write the alt text of photo ${undescribed + 1} before making the piece active: say what it shows`,
      path: ['imageAlt', undescribed],
    });
}

/**
 * A product as the back office edits and saves it (a draft): every field, its status (Draft by default for a new
 * piece) and its photos in order (the first is the one lists show).
 */
export const ProductDraftSchema = ProductFieldsSchema.extend({
  image: z.array(ProductImageSchema).max(12, 'A product has at most 12 photos').default([]),
})
  .superRefine(checkProductRules)
  .superRefine(checkPhotos);

/** A product draft as the form sends it. */
export type ProductDraftInput = z.input<typeof ProductDraftSchema>;
/** A product draft as saved. */
export type ProductDraft = z.output<typeof ProductDraftSchema>;
