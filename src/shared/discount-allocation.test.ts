/** allocateDiscount: how an order's discount is shared among its lines, which the GST invoice taxes line by line. */
import { describe, expect, it } from 'vitest';
import { allocateDiscount } from './discounts';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('allocateDiscount', () => {
  it('shares in proportion to the lines’ values when they divide exactly', () => {
    // ₹1,999 and 2 × ₹2,499 with 10% (₹699.70) off: a tenth of each line.
    expect(allocateDiscount([199_900, 499_800], 69_970)).toEqual([19_990, 49_980]);
  });

  it('gives the left-over paise to the largest remainders so the shares add up exactly', () => {
    // ₹200 flat on ₹1,999 + ₹4,998: exact shares 5713.88 and 14286.12 → floors 5713 + 14286 = 19999;
    // the one paisa left goes to the first line (remainder .88 beats .12).
    expect(allocateDiscount([199_900, 499_800], 20_000)).toEqual([5_714, 14_286]);
    // Three equal lines, 100 paise: 33.33 each, the leftover paisa goes to the earliest line on a tie.
    expect(allocateDiscount([1_000, 1_000, 1_000], 100)).toEqual([34, 33, 33]);
  });

  it('always adds up to the discount, for awkward values', () => {
    const values = [71_900, 129_900, 3_5, 249_900, 99_900];
    for (const off of [1, 7, 99, 12_345, 55_555, 300_000]) {
      const shares = allocateDiscount(values, off);
      expect(sum(shares)).toBe(off);
      shares.forEach((s, i) => {
        expect(Number.isInteger(s)).toBe(true);
        // Each share is within a paisa of its exact proportion.
        expect(Math.abs(s - (values[i]! * off) / sum(values))).toBeLessThan(1);
      });
    }
  });

  it('no discount shares nothing; a discount beyond the value takes at most the value', () => {
    expect(allocateDiscount([199_900, 499_800], 0)).toEqual([0, 0]);
    expect(allocateDiscount([], 500)).toEqual([]);
    expect(allocateDiscount([100, 300], 1_000)).toEqual([100, 300]);
  });
});
