import { describe, expect, it } from 'vitest';
import { formatConverted, formatINR, formatPaiseAsINR, roundToPaise, toPaise, toRupees } from './money';

const rates = { INR: 1, USD: 0.012, AED: 0.044, EUR: 0.011, AUD: 0.018, GBP: 0.0095 };

describe('formatINR', () => {
  it('groups rupees the Indian way, with the ₹ sign', () => {
    expect(formatINR(999)).toBe('₹999');
    expect(formatINR(2499)).toBe('₹2,499');
    expect(formatINR(124999)).toBe('₹1,24,999');
    expect(formatINR(10000000)).toBe('₹1,00,00,000');
  });

  it('shows paise, two digits, only when there are any', () => {
    expect(formatINR(1299.5)).toBe('₹1,299.50');
    expect(formatINR(1299.75)).toBe('₹1,299.75');
    expect(formatINR(0)).toBe('₹0');
    expect(formatINR(999.999)).toBe('₹1,000');
  });
});

describe('formatConverted', () => {
  it('marks converted amounts as approximate and keeps INR exact', () => {
    expect(formatConverted(1000, 'USD', rates)).toBe('≈ $12.00');
    expect(formatConverted(2500, 'GBP', rates)).toBe('≈ £23.75');
    expect(formatConverted(124999, 'INR', rates)).toBe('₹1,24,999');
  });
});

describe('rupees and paise', () => {
  it('cross exactly, with no float noise', () => {
    expect(toPaise(1299.5)).toBe(129950);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toRupees(129950)).toBe(1299.5);
    expect(roundToPaise(0.1 + 0.2)).toBe(0.3);
    expect(formatPaiseAsINR(259_900)).toBe('₹2,599');
    expect(formatPaiseAsINR(129_950)).toBe('₹1,299.50');
  });
});
