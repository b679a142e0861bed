/**
 * The home page's feature strip: the spec's five titles, in its order, each with its icon and the line under it.
 * The titles are the spec's words and stay; the lines are the shop's to change (the back office's Home page), so
 * what is stored is only the five lines. Pure: the build and the back office's form share it.
 */
import { formatINR } from './money';
import { COD_LIMIT } from './pricing';

/** One feature: its title (fixed), the icon drawn beside it, and the line shown when the shop has written none. */
interface FeatureStripItem {
  title: string;
  icon: 'return' | 'truck' | 'tag' | 'gem' | 'cash';
  defaultText: string;
}

/** The five features, in the strip's order. */
export const FEATURE_STRIP: readonly FeatureStripItem[] = [
  { title: '7 Days Return', icon: 'return', defaultText: 'Refund or replacement within 7 days of delivery' },
  { title: 'Fast Delivery', icon: 'truck', defaultText: '3–5 days to metro cities' },
  { title: 'Affordable Price', icon: 'tag', defaultText: 'Honest prices on 92.5 silver' },
  { title: 'Exclusive Collection', icon: 'gem', defaultText: 'Designs you will not see elsewhere' },
  { title: 'COD Available', icon: 'cash', defaultText: `Cash on delivery under ${formatINR(COD_LIMIT)}` },
];

/** The lines the strip shows: the shop's own where it has written them, else the defaults. */
export function featureStripTexts(stored: readonly string[] | null | undefined): string[] {
  return FEATURE_STRIP.map((f, i) => stored?.[i] || f.defaultText);
}
