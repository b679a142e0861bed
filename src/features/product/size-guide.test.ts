import { describe, expect, it } from 'vitest';
import { BANGLE_SIZES, LENGTHS, RING_SIZES } from './size-guide';

describe('size guide charts', () => {
  it('lists Indian ring sizes 1 to 30, each larger than the last, diameter and circumference agreeing', () => {
    expect(RING_SIZES.map((r) => r.size)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    for (const [i, row] of RING_SIZES.entries()) {
      expect(Math.abs(row.diameterMm * Math.PI - row.circumferenceMm)).toBeLessThan(0.2);
      if (i > 0) expect(row.circumferenceMm).toBeGreaterThan(RING_SIZES[i - 1]!.circumferenceMm);
    }
    // Spot checks against the published chart.
    expect(RING_SIZES[11]).toEqual({ size: 12, diameterMm: 16.5, circumferenceMm: 51.9 });
    expect(RING_SIZES[15]).toEqual({ size: 16, diameterMm: 17.9, circumferenceMm: 56.3 });
  });

  it('gives bangle sizes as 2 inches plus sixteenths', () => {
    expect(BANGLE_SIZES).toEqual([
      { size: '2.2', diameterIn: 2.125, diameterMm: 54 },
      { size: '2.4', diameterIn: 2.25, diameterMm: 57.2 },
      { size: '2.6', diameterIn: 2.375, diameterMm: 60.3 },
      { size: '2.8', diameterIn: 2.5, diameterMm: 63.5 },
      { size: '2.10', diameterIn: 2.625, diameterMm: 66.7 },
    ]);
  });

  it('converts lengths to centimetres', () => {
    expect(LENGTHS.find((l) => l.inches === 18)?.cm).toBe(45.7);
  });
});
