/**
 * How the shop's identifiers look, defined once for zod schemas, hand-written browser checks and
 * repositories alike. Imports nothing: browser code that must stay small (the header, every card)
 * uses these without pulling in zod.
 */

/** Characters in a MongoDB ObjectId written as hex. */
export const OBJECT_ID_LENGTH = 24;

/** A MongoDB ObjectId as 24 hex characters, either case (the server lower-cases before querying). */
export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/i;

/** Whether a value is an ObjectId string; anything else is refused before it reaches a query or a request. */
export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID_PATTERN.test(value);
}

/** The visitor id a browser generates once: "v_" and 6 to 64 URL-safe characters. */
export const VISITOR_ID_PATTERN = /^v_[A-Za-z0-9_-]{6,64}$/;

/** Longest slug (and slug-or-id path segment) the catalogue accepts. */
export const SLUG_MAX_LENGTH = 120;

/** A URL slug: lower-case letters and digits in runs joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
