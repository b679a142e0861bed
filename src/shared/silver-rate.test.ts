import { describe, expect, it } from 'vitest';
import { priceFromRate, rateLabel } from './silver-rate';

describe('a price from the silver rate', () => {
  it('is weight × rate + making + stone, rounded to the rupee', () => {
    // 4.1 g × ₹92.50 = ₹379.25; + ₹520 making = ₹899.25 → ₹899
    expect(priceFromRate(4.1, 92.5, { making: { kind: 'rupees', value: 520 }, stone: 0 })).toBe(899);
    // 12.35 g × ₹95.20 = ₹1,175.72; + 18% = ₹211.63; + ₹150 stones = ₹1,537.35 → ₹1,537
    expect(priceFromRate(12.35, 95.2, { making: { kind: 'percent', value: 18 }, stone: 150 })).toBe(1537);
  });

  it('rounds a half rupee up, and never by float noise', () => {
    // 0.1 g × ₹5 = ₹0.50 exactly: up to ₹1.
    expect(priceFromRate(0.1, 5, { making: { kind: 'rupees', value: 0 }, stone: 0 })).toBe(1);
    // 3.3 g × ₹0.15 = ₹0.495: in floats 0.49499…; to the paisa it is ₹0.50, and that rounds up.
    expect(priceFromRate(3.3, 0.15, { making: { kind: 'rupees', value: 0 }, stone: 0 })).toBe(1);
    // ₹99.49 stays ₹99.
    expect(priceFromRate(1, 90, { making: { kind: 'rupees', value: 9.49 }, stone: 0 })).toBe(99);
  });

  it('writes the rate as the shop does', () => {
    expect(rateLabel(92.5)).toBe('₹92.50 a gram');
  });
});
