import { z } from 'zod';
import { ImagePathSchema, SafeKeySchema, SlugSchema } from './common';
import { slugFromName } from '../slug';
import { CURRENCIES } from '../types';
import { GST_STATE_CODES, INDIAN_STATES } from '../india';
import { isWellFormedGstin } from './gstin';
import { SIZE_VALUE_MAX, SIZE_VALUE_PATTERN } from '../sizes';
import { MAX_UNIT_STOCK } from '../inventory';

/**
 * Gives a row without a slug the one its name makes (the name lowercased, spaces as
 * hyphens), so editors need to type slugs only to override them.
 */
function withSlug<T extends { slug?: string | undefined; name: string }>(row: T, ctx: z.RefinementCtx): Omit<T, 'slug'> & { slug: string } {
  const slug = row.slug ?? slugFromName(row.name);
  if (!slug)
    ctx.addIssue({ code: 'custom', path: ['slug'], message: 'slug is required: the name has no letters or digits to make one from' });
  return { ...row, slug };
}

/** Rupee amount: whole or two-decimal, positive, below ten lakh. */
const RupeesSchema = z.number().positive('must be greater than 0').max(1_000_000, 'must be below ₹10,00,000');

/** Pieces of one unit in a catalogue file: whole, not negative, and at most the most a unit may hold. */
const UnitStockSchema = z
  .number()
  .int('stock must be a whole number')
  .min(0, 'stock cannot be negative')
  .max(MAX_UNIT_STOCK, `stock must be at most ${MAX_UNIT_STOCK.toLocaleString('en-IN')}`);

/** A category row of a catalogue file (slug optional: made from the name). */
export const CategoryInputSchema = z
  .strictObject({
    slug: SlugSchema.optional(),
    name: z.string().trim().min(1, 'name is required').max(80),
  })
  .transform(withSlug);

/** A subcategory row; `category` is the parent category's slug. */
export const SubcategoryInputSchema = z
  .strictObject({
    slug: SlugSchema.optional(),
    name: z.string().trim().min(1, 'name is required').max(80),
    category: SlugSchema,
    image: z.array(ImagePathSchema).max(10).default([]),
  })
  .transform(withSlug);

/** A collection row. */
export const CollectionInputSchema = z
  .strictObject({
    slug: SlugSchema.optional(),
    name: z.string().trim().min(1, 'name is required').max(80),
    description: z.string().trim().max(2000).default(''),
    image: z.array(ImagePathSchema).max(10).default([]),
  })
  .transform(withSlug);

/** One size of a product row: its value, its stock and, optionally, its own price and the seller's code. */
const SizeValueInputSchema = z
  .strictObject({
    value: z
      .string()
      .trim()
      .min(1, 'a size needs a value')
      .max(SIZE_VALUE_MAX, `a size is at most ${SIZE_VALUE_MAX} characters`)
      .regex(SIZE_VALUE_PATTERN, 'a size may hold letters, digits, ".", "/" and single spaces (e.g. 12, 2.6, 18 in)'),
    stock: UnitStockSchema,
    price: RupeesSchema.nullable().default(null),
    discountPrice: RupeesSchema.nullable().default(null),
    sku: z.string().trim().min(1).max(64).nullable().default(null),
  })
  .refine((v) => v.discountPrice === null || (v.price !== null && v.discountPrice < v.price), {
    message: "a size's discountPrice needs its own price, and must be lower than it",
    path: ['discountPrice'],
  });

/** The option's name shoppers read, when a row names only its guide. */
const SIZE_NAMES = { ring: 'Ring size', bangle: 'Bangle size', length: 'Length' } as const;

/** The sizes a product is sold in: the option's name, which size guide applies, and the values in order. */
const SizesInputSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(30).optional(),
    guide: z.enum(['ring', 'bangle', 'length']).nullable().default(null),
    values: z.array(SizeValueInputSchema).min(1, 'sizes need at least one value').max(40),
  })
  .refine((s) => new Set(s.values.map((v) => v.value)).size === s.values.length, { message: 'each size may appear once', path: ['values'] })
  .refine((s) => s.name !== undefined || s.guide !== null, { message: 'sizes need a name (e.g. "Ring size") or a guide', path: ['name'] })
  .transform((s) => ({ ...s, name: s.name ?? SIZE_NAMES[s.guide!] }));

/** A product row. References (subcategory, collections, related, pairs) are slugs. */
export const ProductInputSchema = z
  .strictObject({
    slug: SlugSchema.optional(),
    name: z.string().trim().min(1, 'name is required').max(140),
    price: RupeesSchema,
    discountPrice: RupeesSchema.nullable().default(null),
    thumbnail: ImagePathSchema,
    image: z.array(ImagePathSchema).min(1, 'at least one image is required').max(12),
    /** Pieces in stock; for a product sold in sizes, leave it out (or give the sizes' total): each size has its own. */
    stock: UnitStockSchema.optional(),
    sizes: SizesInputSchema.optional(),
    description: z.string().trim().max(5000).default(''),
    tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
    attributes: z.record(SafeKeySchema, z.string().trim().min(1).max(80)).default({}),
    dynamicFields: z
      .array(z.strictObject({ fieldName: SafeKeySchema, value: z.string().trim().min(1).max(200) }))
      .max(20)
      .default([]),
    subcategory: SlugSchema,
    collections: z.array(SlugSchema).max(10).default([]),
    related: z.array(SlugSchema).max(12).default([]),
    pairs: z.array(SlugSchema).max(12).default([]),
    featured: z.boolean().default(false),
    createdAt: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((p) => p.discountPrice === null || p.discountPrice < p.price, {
    message: 'discountPrice must be lower than price',
    path: ['discountPrice'],
  })
  .refine((p) => p.sizes !== undefined || p.stock !== undefined, {
    message: 'stock is required (or sizes, each with its stock)',
    path: ['stock'],
  })
  .refine((p) => !p.sizes || p.stock === undefined || p.stock === p.sizes.values.reduce((sum, v) => sum + v.stock, 0), {
    message: "stock must be the sizes' total, or be left out (each size has its own stock)",
    path: ['stock'],
  })
  .transform(withSlug);

/** A banner row; `key` is its stable identity across imports. */
export const BannerInputSchema = z.strictObject({
  key: SlugSchema,
  type: z.enum(['web', 'mobile']),
  status: z.enum(['active', 'inactive']).default('active'),
  imageType: z.enum(['Banner', 'PromoBanner', 'Other']).default('Banner'),
  image: ImagePathSchema,
  Heading: z.string().trim().min(1, 'Heading is required').max(140),
  URL: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default(''),
  products: z.array(SlugSchema).max(48).default([]),
});

/** An announcement-bar message. */
export const HeadingInputSchema = z.strictObject({
  message: z.string().trim().min(1).max(160),
  isVisible: z.boolean().default(true),
});

/** The seller printed on GST tax invoices: legal name, registered address and GSTIN. */
const SellerInputSchema = z
  .strictObject({
    name: z.string().trim().min(1, 'Seller name is required').max(120),
    address: z.string().trim().min(1, 'Seller address is required').max(200),
    city: z.string().trim().min(1).max(60),
    state: z.enum(INDIAN_STATES, { error: 'Choose an Indian state or union territory' }),
    pincode: z.string().regex(/^[1-9][0-9]{5}$/, 'PIN code must be 6 digits'),
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .refine(isWellFormedGstin, 'GSTIN must be 15 characters: state code, PAN, entity number, Z and a matching check character'),
    email: z.email().optional(),
    phone: z.string().trim().min(6).max(20).optional(),
  })
  .refine((s) => s.gstin.startsWith(GST_STATE_CODES[s.state]), {
    message: "The GSTIN's first two digits must be the seller state's GST code",
    path: ['gstin'],
  });

/** Shop-wide settings: display currency rates, the grievance officer (E-Commerce Rules 2020) and the invoicing seller. */
export const SettingsInputSchema = z.strictObject({
  currencyRates: z.strictObject(
    // Display rates: a typo of extra zeros (or 1e308) is refused rather than stored.
    Object.fromEntries(CURRENCIES.map((c) => [c, z.number().positive().max(1_000_000, 'a currency rate is at most 10,00,000')])) as Record<
      (typeof CURRENCIES)[number],
      z.ZodNumber
    >,
  ),
  grievanceOfficer: z.strictObject({
    name: z.string().trim().min(1),
    email: z.email(),
    phone: z.string().trim().min(6).max(20),
    address: z.string().trim().min(1).max(300),
  }),
  /** Needed before tax invoices can be issued; older catalogue files without it still import. */
  seller: SellerInputSchema.optional(),
});

/** A whole catalogue file as the content team imports it (`npm run catalogue:import`). */
export const CatalogueFileSchema = z.strictObject({
  categories: z.array(CategoryInputSchema).default([]),
  subcategories: z.array(SubcategoryInputSchema).default([]),
  collections: z.array(CollectionInputSchema).default([]),
  products: z.array(ProductInputSchema).default([]),
  banners: z.array(BannerInputSchema).default([]),
  headings: z.array(HeadingInputSchema).default([]),
  settings: SettingsInputSchema.optional(),
});

/** Parsed catalogue file. */
export type CatalogueFile = z.infer<typeof CatalogueFileSchema>;
