/**
 * Catalogue words as a shopper writes them. The catalogue keeps what the content team typed ('4.2 gm', 'Stone
 * Colour'); pages show it the shop's way: grams as 'g' ('4.2 g'), and filter labels in sentence case. Applied
 * where the words are shown, so an import or an admin edit never has to be rewritten. Pure.
 */

// A number, then grams spelled any of the ways catalogues spell them: 'gm', 'gms', 'Gms', 'gram(s)', 'grm(s)', 'g'.
const GRAMS = /(\d(?:[\d,]*\d)?(?:\.\d+)?)\s*(?:grams?|grms?|gms?|g)\b/gi;

/** Grams written as a shopper writes them: '4.2 gm' -> '4.2 g', '12Gms' -> '12 g', '3 grams' -> '3 g'. */
export function gramsAsG(text: string): string {
  return text.replace(GRAMS, '$1 g');
}

/**
 * A label in sentence case: its first letter capitalised, later title-cased words in lower case ('Stone Colour' ->
 * 'Stone colour', 'Diamond-Cut' -> 'Diamond-cut'); acronyms and words with digits stay as written ('BIS Hallmarked'
 * -> 'BIS hallmarked'). Small on purpose: the listing's first load carries it.
 */
export function sentenceCase(label: string): string {
  // A capital that starts a later word and is followed by a lower-case letter: 'Colour', not 'BIS' or 'iPhone'.
  return label.charAt(0).toUpperCase() + label.slice(1).replace(/\b[A-Z](?=[a-z])/g, (c) => c.toLowerCase());
}

/** "1 product" / "3 products": how the back office counts products. */
export const productCount = (n: number): string => `${n} product${n === 1 ? '' : 's'}`;

/**
 * What a publish puts live, in words: "2 products", "the home page", "1 product, 1 collection and the home page".
 * `listings` are collections and subcategories by their draft ids ('collection:…', 'subcategory:…').
 */
export function publishedWhat(what: { products: number; home: boolean; listings?: readonly { id: string }[] }): string {
  const collections = what.listings?.filter((l) => l.id.startsWith('collection:')).length ?? 0;
  const subcategories = (what.listings?.length ?? 0) - collections;
  const parts = [
    what.products ? productCount(what.products) : '',
    collections ? `${collections} collection${collections === 1 ? '' : 's'}` : '',
    subcategories ? `${subcategories} subcategor${subcategories === 1 ? 'y' : 'ies'}` : '',
    what.home ? 'the home page' : '',
  ].filter(Boolean);
  if (!parts.length) return productCount(0);
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
