/**
 * The search page's excerpt: a window of the product's own description around the first word the
 * shopper typed, with every typed word marked. Pure, so it is tested on its own.
 *
 * Why not Pagefind's excerpt: Pagefind cuts it from the whole indexed record, which is the name, the
 * category list, the description and the tags run together ("Pearl Cluster Jhumkas. Jhumkas, Earrings,
 * Bridal Edit. A polished…"): search fodder, not something to read.
 */

/** A piece of excerpt text; marked pieces are words the shopper searched for. */
export interface ExcerptRun {
  text: string;
  marked: boolean;
}

/** The words of a query worth marking: letters and digits, two or more characters, lower-cased, unique. */
export function queryTerms(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [];
  return [...new Set(words)];
}

/** Whether a word of the text matches a term as Pagefind does: the word starts with the term. */
const matches = (word: string, terms: string[]): boolean => {
  const w = word.toLowerCase();
  return terms.some((t) => w.startsWith(t));
};

/** Splits text into runs, marking each word that starts with one of the terms (adjacent pieces merged). */
export function markTerms(text: string, terms: string[]): ExcerptRun[] {
  const runs: ExcerptRun[] = [];
  const push = (piece: string, marked: boolean) => {
    if (!piece) return;
    const last = runs[runs.length - 1];
    if (last && last.marked === marked) last.text += piece;
    else runs.push({ text: piece, marked });
  };
  for (const piece of text.split(/([\p{L}\p{N}]+)/u)) push(piece, /^[\p{L}\p{N}]+$/u.test(piece) && matches(piece, terms));
  return runs;
}

/**
 * About `maxWords` words of the description: from the start when a match falls inside them (or there is
 * none), else starting a few words before the first match; "…" where the text is cut.
 */
export function descriptionExcerpt(description: string, query: string, maxWords = 22): ExcerptRun[] {
  const words = description.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  if (words.length === 0) return [];
  const terms = queryTerms(query);
  const first = words.findIndex((w) => (w.match(/[\p{L}\p{N}]+/gu) ?? []).some((part) => matches(part, terms)));
  const lead = 4;
  const start = first < maxWords - lead || first < 0 ? 0 : Math.min(first - lead, Math.max(words.length - maxWords, 0));
  const end = Math.min(start + maxWords, words.length);
  const text = `${start > 0 ? '…' : ''}${words.slice(start, end).join(' ')}${end < words.length ? '…' : ''}`;
  return markTerms(text, terms);
}
