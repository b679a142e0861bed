/**
 * A search page result: the instant hit plus what only /search shows, the excerpt with the matched
 * words and the product card's facts. Apart from search.store.ts, which the header's search box loads
 * on every page and which needs neither.
 */
import { parseStoredProduct } from '@shared/schemas/storage';
import type { CardProduct } from '../product-card/card';
import { toInstantHit } from './search.store';
import type { InstantHit, PagefindResultData } from './search.store';

/** One product found, ready to render on the search page. */
export interface SearchHit extends InstantHit {
  /** The excerpt as text runs; marked runs are the matched words. */
  excerpt: { text: string; marked: boolean }[];
  /** The product card's facts from the index; null for an index built before they were recorded. */
  product: CardProduct | null;
  /** The product's plain description ('' when the index has none). */
  description: string;
}

/** Splits Pagefind's excerpt HTML into text runs, so it renders as text (never as HTML). */
export function excerptRuns(html: string): { text: string; marked: boolean }[] {
  const doc = new DOMParser().parseFromString(`<p>${html}</p>`, 'text/html');
  const runs: { text: string; marked: boolean }[] = [];
  doc.body.firstElementChild?.childNodes.forEach((node) => {
    const text = node.textContent ?? '';
    if (text) runs.push({ text, marked: node.nodeName === 'MARK' });
  });
  return runs;
}

/** The card facts recorded in the index, checked like stored data (the index is a file anyone can serve). */
export function cardFromMeta(json: string | undefined): CardProduct | null {
  if (!json) return null;
  try {
    const parsed = parseStoredProduct(JSON.parse(json));
    return parsed.ok ? parsed.value : null;
  } catch {
    return null;
  }
}

/** Maps one Pagefind result to a hit. */
export function toHit(data: PagefindResultData, imageWidth = 160): SearchHit {
  return {
    ...toInstantHit(data, imageWidth),
    excerpt: excerptRuns(data.excerpt),
    product: cardFromMeta(data.meta['card']),
    description: data.meta['description'] ?? '',
  };
}
