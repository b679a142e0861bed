import { z } from 'zod';
import { OBJECT_ID_PATTERN, SLUG_MAX_LENGTH, SLUG_PATTERN } from '../ids';

/** A MongoDB ObjectId as 24 hex characters; anything else is rejected before a query is built. */
export const ObjectIdSchema = z
  .string()
  .regex(OBJECT_ID_PATTERN, 'must be a 24-character hex id')
  .transform((s) => s.toLowerCase());

/** A URL slug: lower-case letters, digits and single hyphens. */
export const SlugSchema = z
  .string()
  .min(1, 'slug is required')
  .max(SLUG_MAX_LENGTH, 'slug is too long')
  .regex(SLUG_PATTERN, 'slug may only hold lower-case letters, digits and hyphens');

/** A slug or an id, as the spec's routes accept either ("slug or id"). */
export const SlugOrIdSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'slug or id is required')
  .max(SLUG_MAX_LENGTH, 'slug is too long')
  .regex(SLUG_PATTERN, 'slug may only hold lower-case letters, digits and hyphens');

/** A catalogue image path relative to the uploads base (no scheme, no "..", no leading slash). */
export const ImagePathSchema = z
  .string()
  .min(1)
  .max(300)
  .regex(/^(?!\/)(?!.*\.\.)[A-Za-z0-9/_.-]+$/, 'image path must be relative, e.g. products/ring-1.jpg');

/** A name usable as a map key in MongoDB and FerretDB (no "." and no leading "$"). */
export const SafeKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[^.$][^.]*$/, 'must not contain "." or start with "$"');

/** One readable line for a zod issue, including the reason a map key was refused. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join('.');
  let message = issue.message;
  if (issue.code === 'invalid_key' && issue.issues[0]) message = `invalid name: ${issue.issues[0].message}`;
  return path ? `${path}: ${message}` : message;
}
