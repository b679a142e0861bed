/**
 * The size guide's charts: Indian ring sizes and bangle sizes with their inner measurements, and chain and
 * anklet lengths. Pure data and arithmetic; only the size guide dialog (loaded on first use) imports it.
 */

/** One Indian ring size: its number, the inner diameter and the inner circumference of a ring that size, in mm. */
export interface RingSizeRow {
  size: number;
  diameterMm: number;
  circumferenceMm: number;
}

/**
 * Inner circumference in mm of Indian ring sizes 1 to 30, as Indian jewellers publish it, e.g. Duha Fine
 * Jewellery's sizing chart (https://www.duhafinejewellery.com/pages/sizing-chart) and Elliston Jewelry's ring
 * size guide (https://ellistonjewelry.in/ring-size-guide); the same values as the India/China/Japan column of
 * Wikipedia's ring-size conversion chart (https://en.wikipedia.org/wiki/Ring_size). There is no Indian standard
 * body's table, so the shop follows the one most jewellers print. Diameters are derived below (C / π), so the
 * two columns can never disagree.
 */
const RING_CIRCUMFERENCE_MM = [
  41.0, 41.7, 42.9, 44.1, 44.8, 46.1, 47.4, 48.0, 48.7, 50.0, 51.2, 51.9, 53.1, 54.4, 55.1, 56.3, 57.0, 58.3, 58.9, 60.2, 60.8, 62.1, 62.7,
  64.0, 64.6, 65.9, 67.2, 67.8, 69.1, 69.7,
] as const;

/** Rounds to one decimal place, as the charts print millimetres. */
function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Indian ring sizes 1–30 with inner diameter and circumference in mm. */
export const RING_SIZES: readonly RingSizeRow[] = RING_CIRCUMFERENCE_MM.map((circumferenceMm, i) => ({
  size: i + 1,
  diameterMm: oneDecimal(circumferenceMm / Math.PI),
  circumferenceMm,
}));

/** One Indian bangle size: the label shoppers know ('2.6') and the inner diameter in inches and mm. */
export interface BangleSizeRow {
  size: string;
  diameterIn: number;
  diameterMm: number;
}

/**
 * Indian bangle sizes are 2 inches plus sixteenths ('anna'): 2.6 is 2 6/16 in = 2.375 in of inner diameter.
 * Sizes and values as printed by e.g. Samskruthi Silver's bangle guide
 * (https://www.samskruthisilver.com/blogs/blogs/how-to-measure-bangle-size-the-complete-guide-indian-sizes-conversion-charthow-to-measure-bangle-size)
 * and Papilior's (https://www.papilior.com/rings-and-bangles-education); computed here from the rule.
 */
export const BANGLE_SIZES: readonly BangleSizeRow[] = [2, 4, 6, 8, 10].map((sixteenths) => {
  const diameterIn = 2 + sixteenths / 16;
  return { size: `2.${sixteenths}`, diameterIn, diameterMm: oneDecimal(diameterIn * 25.4) };
});

/** One chain or anklet length in inches and centimetres, and where it sits. */
export interface LengthRow {
  inches: number;
  cm: number;
  fits: string;
}

/** Common lengths of chains and anklets, in inches (as they are sold) and cm. */
export const LENGTHS: readonly LengthRow[] = [
  { inches: 9, fits: 'Anklet, slim ankle' },
  { inches: 10, fits: 'Anklet, most ankles' },
  { inches: 11, fits: 'Anklet, loose fit' },
  { inches: 16, fits: 'Chain, at the base of the neck' },
  { inches: 18, fits: 'Chain, at the collarbone' },
  { inches: 20, fits: 'Chain, just below the collarbone' },
  { inches: 22, fits: 'Chain, above the neckline' },
  { inches: 24, fits: 'Chain, at or below the neckline' },
].map((row) => ({ ...row, cm: oneDecimal(row.inches * 2.54) }));
