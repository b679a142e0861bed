import { describe, expect, it } from 'vitest';
import { descriptionExcerpt, markTerms, queryTerms } from './excerpt';

const text = (runs: { text: string }[]) => runs.map((r) => r.text).join('');
const marked = (runs: { text: string; marked: boolean }[]) => runs.filter((r) => r.marked).map((r) => r.text);

describe('queryTerms', () => {
  it('keeps words of two or more letters, lower-cased and once each', () => {
    expect(queryTerms('  Pearl  jhumka, pearl a ')).toEqual(['pearl', 'jhumka']);
    expect(queryTerms('')).toEqual([]);
  });
});

describe('markTerms', () => {
  it('marks whole words that start with a term, whatever their case', () => {
    const runs = markTerms('Jhumkas with pearls, not Superpearl.', ['jhumka', 'pearl']);
    expect(marked(runs)).toEqual(['Jhumkas', 'pearls']);
    expect(text(runs)).toBe('Jhumkas with pearls, not Superpearl.');
  });
});

describe('descriptionExcerpt', () => {
  const long =
    'A polished pair of earrings for every day. The clusters are set by hand in our Jaipur workshop, then oxidised lightly so the pearls stand out against the silver, and finished with screw backs.';

  it('starts at the beginning when the match is near it', () => {
    const runs = descriptionExcerpt(long, 'earrings', 10);
    expect(text(runs)).toBe('A polished pair of earrings for every day. The clusters…');
    expect(marked(runs)).toEqual(['earrings']);
  });

  it('opens a few words before a later match, with an ellipsis on each cut side', () => {
    const runs = descriptionExcerpt(long, 'pearl', 10);
    expect(text(runs)).toBe('…oxidised lightly so the pearls stand out against the silver,…');
    expect(marked(runs)).toEqual(['pearls']);
  });

  it('shows the opening words, unmarked, when the description does not hold the words', () => {
    const runs = descriptionExcerpt(long, 'jhumka', 5);
    expect(text(runs)).toBe('A polished pair of earrings…');
    expect(marked(runs)).toEqual([]);
  });

  it('never shows the index text: only the description, whole when short', () => {
    expect(text(descriptionExcerpt('Light   hoops.\n', 'hoop'))).toBe('Light hoops.');
    expect(descriptionExcerpt('', 'ring')).toEqual([]);
  });
});
