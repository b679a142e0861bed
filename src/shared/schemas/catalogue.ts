import { z } from 'zod';
import { ImagePathSchema, SlugSchema } from './common';
import { slugFromName } from '../slug';
import { CURRENCIES } from '../types';
import { GST_STATE_CODES, INDIAN_STATES } from '../india';
import { isWellFormedGstin } from './gstin';
import { ProductFieldsSchema, checkProductRules } from './product';

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

/**
 * A product row: the product's one schema (src/shared/schemas/product.ts, which the back office's form and API
 * use too) plus what only a catalogue file carries (thumbnail, related and paired products, featured, createdAt).
 */
export const ProductInputSchema = ProductFieldsSchema.extend({
  thumbnail: ImagePathSchema,
  image: z.array(ImagePathSchema).min(1, 'at least one image is required').max(12),
  related: z.array(SlugSchema).max(12).default([]),
  pairs: z.array(SlugSchema).max(12).default([]),
  featured: z.boolean().default(false),
  createdAt: z.iso.datetime({ offset: true }).optional(),
})
  .superRefine(checkProductRules)
  .refine((p) => p.imageAlt.length <= p.image.length, { message: 'There is alt text for a photo that is not there', path: ['imageAlt'] })
  .transform(withSlug);

/** An India calendar day a banner starts or ends on ('' or absent: open). */
const BannerDaySchema = z.union([z.literal(''), z.iso.date('Write the date as YYYY-MM-DD')]).optional();

/**
 * A banner row, of a catalogue file and of the back office's Home page; `key` is its stable identity across
 * imports and saves. `startsOn`/`endsOn` schedule it by India days (src/shared/banner-schedule.ts).
 */
export const BannerInputSchema = z
  .strictObject({
    key: SlugSchema,
    type: z.enum(['web', 'mobile'], { error: 'Choose where the banner shows: computer or phone' }),
    status: z.enum(['active', 'inactive']).default('active'),
    imageType: z.enum(['Banner', 'PromoBanner', 'Other']).default('Banner'),
    image: ImagePathSchema,
    Heading: z
      .string()
      .trim()
      .min(1, 'Write the banner’s heading: it is its page’s title and what screen readers say')
      .max(140, 'The heading is too long (140 characters at most)'),
    URL: z
      .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'The link must be a full web address starting with https://' })])
      .default(''),
    products: z.array(SlugSchema).max(48, 'A banner shows at most 48 pieces').default([]),
    startsOn: BannerDaySchema,
    endsOn: BannerDaySchema,
  })
  .refine((b) => !b.startsOn || !b.endsOn || b.endsOn >= b.startsOn, {
    message: 'The banner must end on or after the day it starts',
    path: ['endsOn'],
  });

/** An announcement-bar message. */
export const HeadingInputSchema = z.strictObject({
  message: z.string().trim().min(1, 'Write the message, or remove it').max(160, 'A message is at most 160 characters'),
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
