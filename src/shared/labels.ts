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

/** A word kept as written in sentence case: an acronym ('BIS', 'CZ'), or one with digits or inner capitals. */
const KEEP = /^(?:[A-Z0-9]{2,}|.*\d.*|.[a-z]*[A-Z].*)$/;

/**
 * A label in sentence case: its first letter capitalised, later title-cased words in lower case ('Stone Colour' ->
 * 'Stone colour', 'Diamond-Cut' -> 'Diamond-cut'); acronyms and words with digits stay as written ('BIS Hallmarked'
 * -> 'BIS hallmarked').
 */
export function sentenceCase(label: string): string {
  let first = true;
  const cased = label.replace(/[\p{L}\p{N}][\p{L}\p{N}'’.%]*/gu, (word) => {
    if (first) {
      first = false;
      return word.charAt(0).toUpperCase() + word.slice(1);
    }
    return KEEP.test(word) ? word : word.toLowerCase();
  });
  return cased;
}
