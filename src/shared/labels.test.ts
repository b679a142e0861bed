import { describe, expect, it } from 'vitest';
import { gramsAsG, sentenceCase } from './labels';

describe('gramsAsG', () => {
  it('writes grams as g however the catalogue spelled them', () => {
    expect(['4.2 gm', '4.2gm', '12 Gms', '12Gms', '3 grams', '1 gram', '2.5 GM', '5 grm', '4.1 g', '4.1g'].map(gramsAsG)).toEqual([
      '4.2 g',
      '4.2 g',
      '12 g',
      '12 g',
      '3 g',
      '1 g',
      '2.5 g',
      '5 g',
      '4.1 g',
      '4.1 g',
    ]);
  });

  it('leaves other words alone, and finds grams inside a sentence', () => {
    expect(gramsAsG('Approx. 4.2 gms, with a 2 gold-plated clasp')).toBe('Approx. 4.2 g, with a 2 gold-plated clasp');
    expect(gramsAsG('18 inches plus a 2 inch extender')).toBe('18 inches plus a 2 inch extender');
    expect(gramsAsG('92.5% Sterling Silver')).toBe('92.5% Sterling Silver');
    expect(gramsAsG('Weight: 4 gm.')).toBe('Weight: 4 g.');
  });
});

describe('sentenceCase', () => {
  it('lowers the later title-cased words, and keeps acronyms and words with digits', () => {
    expect(sentenceCase('Stone Colour')).toBe('Stone colour');
    expect(sentenceCase('Rose Gold Plated')).toBe('Rose gold plated');
    expect(sentenceCase('Diamond-Cut')).toBe('Diamond-cut');
    expect(sentenceCase('BIS Hallmarked')).toBe('BIS hallmarked');
    expect(sentenceCase('CZ Pave')).toBe('CZ pave');
    expect(sentenceCase('daily wear')).toBe('Daily wear');
    expect(sentenceCase('Ring size')).toBe('Ring size');
    expect(sentenceCase('3–5 g')).toBe('3–5 g');
    expect(sentenceCase('10 g and over')).toBe('10 g and over');
  });
});
