/** Catalogue ids derived from slugs: small on purpose, so every function that needs one bundles nothing else. */
import { createHash } from 'node:crypto';
import { ObjectId } from 'mongodb';

/** Stable ObjectId for a slug, so sample data and re-imports keep the same ids (and URLs). */
export function stableId(kind: string, slug: string): ObjectId {
  return new ObjectId(createHash('md5').update(`${kind}:${slug}`).digest('hex').slice(0, 24));
}
