/** What the back office's catalogue endpoints take: the product list's query and a draft's save. */
import { z } from 'zod';
import { PRODUCT_SLUG_PATTERN, PRODUCT_STATUSES, ProductDraftSchema } from './product';

const flag = z.enum(['1', 'true', '0', 'false', ''], { error: 'must be 1 or 0' }).transform((v) => v === '1' || v === 'true');
const optionalSlug = z.union([z.literal(''), z.string().max(120).regex(PRODUCT_SLUG_PATTERN, 'must be a slug')]).default('');

/** GET /api/admin/catalogue/products: search text, filters (status, category, subcategory, low stock, no photo) and the page. */
export const ProductListQuerySchema = z.strictObject({
  search: z.string().trim().max(80, 'search is too long (80 characters at most)').default(''),
  status: z.enum(['', ...PRODUCT_STATUSES], { error: 'status must be draft, active or archived' }).default(''),
  category: optionalSlug,
  subcategory: optionalSlug,
  lowStock: flag.default(false),
  noPhoto: flag.default(false),
  page: z.coerce.number().int('page must be a whole number').min(1, 'page must be at least 1').max(10_000, 'page is too large').default(1),
  pageSize: z.coerce.number().int('pageSize must be a whole number').min(1).max(100, 'pageSize must be at most 100').default(25),
});

/** A parsed product list query. */
export type ProductListQuery = z.output<typeof ProductListQuerySchema>;

/**
 * PUT /api/admin/catalogue/products/{id}: the product as the form holds it and the version it was loaded at
 * (0 for a live product with no draft yet). A save from an older version is refused (409), never merged.
 */
export const SaveDraftSchema = z.strictObject({
  version: z.number({ error: 'version must be the version you loaded' }).int().min(0),
  product: ProductDraftSchema,
});

/** POST /api/admin/catalogue/products: a new product's first draft. */
export const CreateDraftSchema = z.strictObject({ product: ProductDraftSchema });

/**
 * POST /api/admin/catalogue/publish: puts every saved change live. `products` is the changes the editor was shown
 * (each product and the draft version shown); a publish is refused (409) when what waits by then differs, so nothing
 * goes live unseen. Empty: retry the last publish, whose deploy failed.
 */
export const PublishRequestSchema = z.strictObject({
  products: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[0-9a-f]{24}$/, 'id must be a product id'),
        version: z.number().int().min(1),
      }),
      { error: 'products must be the changes you were shown' },
    )
    .max(10_000),
  /** The collections' and subcategories' saved changes shown ('<kind>:<id>' and version). */
  listings: z
    .array(
      z.strictObject({
        id: z.string().regex(/^(collection|subcategory):[0-9a-f]{24}$/, 'id must be a collection or subcategory'),
        version: z.number().int().min(1),
      }),
      { error: 'listings must be the changes you were shown' },
    )
    .max(1_000)
    .default([]),
  /** The home page's saved version shown as waiting, or null when none was shown. */
  home: z.number({ error: 'home must be the home page version you were shown' }).int().min(1).nullable().default(null),
});

/** The changes an editor was shown when pressing Publish. */
export type PublishRequest = z.output<typeof PublishRequestSchema>;

/**
 * POST /api/admin/catalogue/products/{id}/history: restores a saved version as a new draft, saved over the version
 * the editor has loaded (a save since is a 409, as for any save).
 */
export const RestoreVersionSchema = z.strictObject({
  version: z.number({ error: 'version must be the version you loaded' }).int().min(0),
  restore: z.number({ error: 'restore must be the number of a saved version' }).int().min(1),
});

/** The day's silver rate: ₹ a gram of 92.5 silver, above zero, to the paisa. */
const rupeesPerGram = z
  .number({ error: 'Enter the rate in rupees a gram' })
  .positive('The rate must be more than ₹0 a gram')
  .max(10_000, 'The rate must be below ₹10,000 a gram')
  .multipleOf(0.01, 'The rate is in rupees and paise: at most two decimals');

/** GET /api/admin/catalogue/silver-rate?rate=: the prices a rate would give (the current rate's when none is asked). */
export const SilverRateQuerySchema = z.strictObject({
  rate: z.union([z.literal('').transform(() => undefined), z.coerce.number().pipe(rupeesPerGram)]).optional(),
});

/**
 * POST /api/admin/catalogue/silver-rate: sets the day's rate over the rate version read, and saves the new prices
 * the admin was shown (each product and its draft version) as drafts. Refused (409) when the rate or a product
 * changed since, so no price is saved unseen.
 */
export const ApplySilverRateSchema = z.strictObject({
  rupeesPerGram,
  rateVersion: z.number({ error: 'rateVersion must be the version of the rate you read' }).int().min(0),
  products: z
    .array(z.strictObject({ id: z.string().regex(/^[0-9a-f]{24}$/, 'id must be a product id'), version: z.number().int().min(0) }))
    .max(10_000),
});

/** A parsed silver-rate change. */
export type ApplySilverRate = z.output<typeof ApplySilverRateSchema>;
