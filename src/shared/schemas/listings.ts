/**
 * Collections and subcategories as the back office edits them: the name shoppers see, a description (collections
 * only: subcategories have none to show) and the picture their tiles use. The form and the API parse with it.
 * Which pieces a collection holds is each piece's own Collections field, so adding one saves that piece's draft.
 */
import { z } from 'zod';
import { ImagePathSchema } from './common';

/** What the back office edits besides products and the home page: a collection or a subcategory. */
export type ListingKind = 'collection' | 'subcategory';

/** A collection's or subcategory's editable fields. */
export const ListingSchema = z.strictObject({
  name: z.string().trim().min(1, 'Write the name shoppers see').max(80, 'The name is at most 80 characters'),
  description: z.string().trim().max(2000, 'The description is at most 2,000 characters').default(''),
  image: z.union([z.literal(''), ImagePathSchema]).default(''),
});

/** A collection's or subcategory's fields as saved. */
export type Listing = z.output<typeof ListingSchema>;

/** PUT /api/admin/catalogue/collections/{id} or …/subcategories/{id}: the fields and the version they were loaded at (0: none saved). */
export const SaveListingSchema = z.strictObject({
  version: z.number({ error: 'version must be the version you loaded' }).int().min(0),
  listing: ListingSchema,
});

/** POST /api/admin/catalogue/collections/{id}/pieces: puts a piece (by its product id) in the collection, or takes it out. */
export const CollectionPieceSchema = z.strictObject({
  productId: z.string({ error: 'Choose a piece' }).regex(/^[0-9a-f]{24}$/, 'Choose a piece'),
  add: z.boolean({ error: 'add must be true or false' }),
});
