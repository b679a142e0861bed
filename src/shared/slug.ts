import { SLUG_MAX_LENGTH } from './ids';

/**
 * The URL slug for a name: lowercased, with every run of whitespace turned into one hyphen.
 * Characters a URL would have to escape are folded or dropped first (accents, apostrophes, "&"), so
 * "Necklaces & Chains" gives "necklaces-chains", not "necklaces-%26-chains". A name with no Latin
 * letters or digits gives "" (the caller then needs an explicit slug).
 */
export function slugFromName(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/\s+/g, '-');
  if (slug.length <= SLUG_MAX_LENGTH) return slug;
  // Cut at a word boundary so a long name never ends in half a word.
  const cut = slug.slice(0, SLUG_MAX_LENGTH + 1);
  return cut.slice(0, cut.lastIndexOf('-') > 0 ? cut.lastIndexOf('-') : SLUG_MAX_LENGTH);
}
