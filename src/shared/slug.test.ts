import { describe, expect, it } from 'vitest';
import { SLUG_MAX_LENGTH } from './ids';
import { slugFromName } from './slug';

describe('slugFromName', () => {
  it('lowercases the name and turns whitespace runs into single hyphens', () => {
    expect(slugFromName('Toe Rings')).toBe('toe-rings');
    expect(slugFromName('  Adjustable   Rings ')).toBe('adjustable-rings');
    expect(slugFromName('Gifts Under 999')).toBe('gifts-under-999');
  });

  it('drops what a URL would have to escape', () => {
    expect(slugFromName('Necklaces & Chains')).toBe('necklaces-chains');
    expect(slugFromName("Men's Silver")).toBe('mens-silver');
    expect(slugFromName('Anklets / Payal')).toBe('anklets-payal');
    expect(slugFromName('Café Crème')).toBe('cafe-creme');
  });

  it('gives nothing for a name without Latin letters or digits', () => {
    expect(slugFromName('पायल')).toBe('');
    expect(slugFromName('---')).toBe('');
  });

  it('keeps long slugs within the limit, cut between words', () => {
    const slug = slugFromName('Sterling silver temple jhumka '.repeat(8));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(slug.endsWith('jhumka') || slug.endsWith('temple') || slug.endsWith('silver') || slug.endsWith('sterling')).toBe(true);
  });
});
