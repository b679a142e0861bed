/**
 * Writes data/sample-catalogue.json: a believable catalogue of 92.5 sterling silver jewellery
 * for development, demos and tests. Deterministic: the same code always yields the same file
 * (the only randomness is a PRNG with a fixed seed, and dates hang off a fixed anchor).
 *
 * Run: npm run catalogue:sample
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CatalogueFileSchema } from '../../src/shared/schemas/catalogue.ts';
import { slugFromName } from '../../src/shared/slug.ts';
import type { z } from 'zod';

type CatalogueInput = z.input<typeof CatalogueFileSchema>;
// The generator always writes slugs (the import would otherwise make them from the names).
type ProductRow = NonNullable<CatalogueInput['products']>[number] & { slug: string };
type BannerRow = NonNullable<CatalogueInput['banners']>[number];

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '../../data/sample-catalogue.json');

/** Fixed "now" so createdAt dates do not move between runs (IST, as the shop is in India). */
const ANCHOR = Date.parse('2026-11-15T11:00:00+05:30');

/** mulberry32: tiny seeded PRNG; a fixed seed keeps stock, discounts and weights stable. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(925);
const between = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));

/** Rounds a rupee amount to the shop's price points, which all end in 9 (1,299 not 1,300). */
function pricePoint(x: number): number {
  return Math.max(9, Math.round(x / 10) * 10 - 1);
}

// ---------------------------------------------------------------------------------------------
// Taxonomy
// ---------------------------------------------------------------------------------------------

const CATEGORIES: { name: string; subs: string[] }[] = [
  { name: 'Rings', subs: ['Adjustable Rings', 'Couple Bands', 'Statement Rings'] },
  { name: 'Earrings', subs: ['Jhumkas', 'Studs', 'Hoops', 'Drop Earrings'] },
  { name: 'Necklaces & Chains', subs: ['Chains', 'Chokers', 'Necklace Sets'] },
  { name: 'Anklets & Toe Rings', subs: ['Payal', 'Toe Rings'] },
  { name: 'Bracelets & Bangles', subs: ['Kadas', 'Charm Bracelets', 'Bangles'] },
  { name: 'Pendants', subs: ['Religious Pendants', 'Initial Pendants'] },
  { name: 'Nose Pins', subs: ['Nose Rings', 'Nose Studs'] },
];

const COLLECTIONS: { name: string; description: string }[] = [
  {
    name: 'Bridal Edit',
    description:
      'Statement chokers, kemp jhumkas, heavy payal and bichiya for the bride and her sisters. Every piece is 92.5 sterling silver, hallmarked, and finished by hand for the mehendi, the pheras and the reception.',
  },
  {
    name: 'Everyday Minimal',
    description:
      'Light, rhodium-finished studs, huggies, dainty chains and stackable rings you can wear to office, college and the gym without a second thought.',
  },
  {
    name: 'Oxidised Heritage',
    description:
      'Hand-oxidised silver inspired by tribal and folk jewellery from Rajasthan, Gujarat and Odisha: peacocks, ghungroos, mandalas and coin motifs that pair beautifully with cotton sarees and kurtas.',
  },
  {
    name: 'Temple Jewellery',
    description:
      'South Indian temple designs in gold-plated 92.5 silver, set with kemp stones and pearl drops. Lakshmi coins, lotus motifs and mango paisleys, made for Bharatanatyam, weddings and festive pujas.',
  },
  {
    name: 'Gifts Under 999',
    description:
      'Thoughtful sterling silver gifts for Raksha Bandhan, birthdays and Secret Santa, all under ₹999 and packed in our signature gift box with a care card.',
  },
  {
    name: "Men's Silver",
    description:
      'Solid kadas, rope and figaro chains, and signet rings with a weight you can feel. Made for everyday wear in 92.5 sterling silver.',
  },
  {
    name: 'Little Ones',
    description:
      'Nazariya bracelets, screw-back studs and ghungroo payal sized for babies and children, with smooth, rounded edges for young skin.',
  },
];

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

type Plating = 'Rhodium' | 'Oxidised' | 'Gold Plated' | 'Rose Gold Plated';
type Stone = 'Cubic Zirconia' | 'Pearl' | 'Kemp' | 'Moissanite' | 'Black Onyx' | 'Turquoise' | 'None';
type Finish = 'High Polish' | 'Matte' | 'Antique' | 'Diamond-Cut' | 'Hammered' | 'Textured';

interface Design {
  name: string;
  price: number;
  plating: Plating;
  stone: Stone;
  finish: Finish;
  /** Visible colour of the stones; drawn by the image generator and shown as an attribute. */
  colour?: string;
  /** One sentence about the design itself, specific to this piece. */
  detail: string;
  /** When and how it is worn, finishing the plating sentence. */
  occasion: string;
  tags: string[];
  /** Size, length, closure or similar: one extra dynamic field. */
  fit: [string, string];
  featured?: boolean;
}

/** Designs per subcategory name. Prices are MRP in INR; discounts are applied below. */
const DESIGNS: Record<string, Design[]> = {
  'Adjustable Rings': [
    {
      name: 'Leafy Vine Adjustable Ring',
      price: 899,
      plating: 'Rhodium',
      stone: 'Cubic Zirconia',
      colour: 'White',
      finish: 'High Polish',
      detail: 'A slim band of silver leaves winds across the finger, with tiny pavé-set zirconias catching the light on every leaf.',
      occasion: 'works as easily for office as for a dinner out',
      tags: ['minimal', 'daily-wear', 'gift'],
      fit: ['Size', 'Adjustable, fits Indian ring sizes 10 to 16'],
      featured: true,
    },
    {
      name: 'Oxidised Mandala Adjustable Ring',
      price: 749,
      plating: 'Oxidised',
      stone: 'None',
      finish: 'Antique',
      detail: 'A broad mandala disc with hand-engraved petals sits on an open shank, a favourite with cotton kurtas and handloom sarees.',
      occasion: 'is made for college days, Navratri and festive afternoons',
      tags: ['oxidised', 'ethnic', 'gift'],
      fit: ['Size', 'Adjustable, fits Indian ring sizes 12 to 20'],
    },
    {
      name: 'Pearl Bloom Adjustable Ring',
      price: 1099,
      plating: 'Rhodium',
      stone: 'Pearl',
      colour: 'Cream',
      finish: 'High Polish',
      detail: 'A single lustrous freshwater pearl rests in a cup of five polished petals on an open, adjustable band.',
      occasion: 'suits brunches, baby showers and engagement functions',
      tags: ['pearl', 'gift', 'minimal'],
      fit: ['Size', 'Adjustable, fits Indian ring sizes 10 to 16'],
    },
    {
      name: 'Minimal Twist Adjustable Ring',
      price: 599,
      plating: 'Rhodium',
      stone: 'None',
      finish: 'High Polish',
      detail: 'Two fine strands of silver twist once and cross over at the front, light enough to stack with other bands.',
      occasion: 'is an easy everyday piece for work, the gym and travel',
      tags: ['minimal', 'daily-wear', 'stackable', 'gift'],
      fit: ['Size', 'Adjustable, fits Indian ring sizes 8 to 16'],
    },
    {
      name: 'Rose Gold Infinity Adjustable Ring',
      price: 1199,
      plating: 'Rose Gold Plated',
      stone: 'Cubic Zirconia',
      colour: 'White',
      finish: 'High Polish',
      detail: 'An infinity loop lined with a row of brilliant-cut zirconias tops a slim open band, a quiet promise you can wear daily.',
      occasion: 'makes a lovely anniversary or Valentine’s Day gift',
      tags: ['gift', 'minimal', 'rose-gold'],
      fit: ['Size', 'Adjustable, fits Indian ring sizes 10 to 16'],
    },
  ],
  'Couple Bands': [
    {
      name: 'Eternity Couple Bands (Set of 2)',
      price: 2999,
      plating: 'Rhodium',
      stone: 'Cubic Zirconia',
      colour: 'White',
      finish: 'High Polish',
      detail: 'Her band carries a half-eternity line of channel-set zirconias and his is a plain comfort-fit band with a matching bevel.',
      occasion: 'are made for roka and engagement ceremonies',
      tags: ['couple', 'engagement', 'gift', 'men'],
      fit: ['Size', 'Women’s size 12 and men’s size 20'],
      featured: true,
    },
    {
      name: 'Brushed Matte Couple Bands (Set of 2)',
      price: 2499,
      plating: 'Rhodium',
      stone: 'None',
      finish: 'Matte',
      detail: 'Flat 4 mm bands with a brushed centre and polished edges, understated enough for everyday wear by both partners.',
      occasion: 'make an easy anniversary gift for couples who like things simple',
      tags: ['couple', 'minimal', 'men', 'daily-wear'],
      fit: ['Size', 'Women’s size 12 and men’s size 20'],
    },
    {
      name: 'Moissanite Promise Couple Bands (Set of 2)',
      price: 5999,
      plating: 'Rhodium',
      stone: 'Moissanite',
      colour: 'Colourless',
      finish: 'High Polish',
      detail:
        'Each band holds a single 2 mm moissanite flush-set into the metal, so it sparkles like a diamond without catching on clothes.',
      occasion: 'are our most-loved pick for engagements and first anniversaries',
      tags: ['couple', 'engagement', 'moissanite', 'men', 'bridal'],
      fit: ['Size', 'Women’s size 12 and men’s size 20'],
    },
    {
      name: 'Hammered Classic Couple Bands (Set of 2)',
      price: 2299,
      plating: 'Rhodium',
      stone: 'None',
      finish: 'Hammered',
      detail: 'Hand-hammered facets give these rounded bands a soft shimmer that hides everyday scratches.',
      occasion: 'suit couples who want a ring for every day, not just the ceremony',
      tags: ['couple', 'men', 'daily-wear'],
      fit: ['Size', 'Women’s size 12 and men’s size 20'],
    },
  ],
  'Statement Rings': [
    {
      name: 'Kemp Lotus Temple Ring',
      price: 2499,
      plating: 'Gold Plated',
      stone: 'Kemp',
      colour: 'Ruby Red',
      finish: 'Antique',
      detail: 'A full-bloom lotus with ruby-red kemp petals and a pearl bud at its centre, cast from a traditional Nagercoil temple mould.',
      occasion: 'completes a silk saree for weddings, Varalakshmi puja and classical dance recitals',
      tags: ['temple', 'bridal', 'festive', 'kemp'],
      fit: ['Size', 'Adjustable, fits Indian ring sizes 12 to 18'],
      featured: true,
    },
    {
      name: 'Emerald Green Halo Cocktail Ring',
      price: 1899,
      plating: 'Rhodium',
      stone: 'Cubic Zirconia',
      colour: 'Emerald Green',
      finish: 'High Polish',
      detail: 'An oval emerald-green zirconia is framed by a halo of white stones on a split shank for real cocktail-ring drama.',
      occasion: 'is made for sangeet nights, parties and receptions',
      tags: ['party', 'cocktail', 'festive'],
      fit: ['Size', 'Adjustable, fits Indian ring sizes 10 to 16'],
    },
    {
      name: 'Oxidised Peacock Statement Ring',
      price: 1299,
      plating: 'Oxidised',
      stone: 'None',
      finish: 'Antique',
      detail: 'A dancing peacock with a fanned, engraved tail spreads across two fingers’ width of silver.',
      occasion: 'pairs with Navratri chaniya cholis, block-print kurtas and Kanjeevaram sarees alike',
      tags: ['oxidised', 'ethnic', 'peacock', 'festive'],
      fit: ['Size', 'Adjustable, fits Indian ring sizes 12 to 20'],
    },
    {
      name: 'Moissanite Solitaire Ring',
      price: 4999,
      plating: 'Rhodium',
      stone: 'Moissanite',
      colour: 'Colourless',
      finish: 'High Polish',
      detail: 'A 6.5 mm round moissanite (about 1 carat diamond-equivalent) sits high in a six-prong crown on a knife-edge band.',
      occasion: 'is a brilliant, affordable choice for a proposal',
      tags: ['engagement', 'moissanite', 'bridal', 'gift'],
      fit: ['Size', 'Indian size 12'],
      featured: true,
    },
    {
      name: 'Men’s Matte Signet Ring',
      price: 3299,
      plating: 'Rhodium',
      stone: 'None',
      finish: 'Matte',
      detail: 'A heavy cushion-shaped signet face with a brushed top and polished bevels, solid enough to feel on the hand.',
      occasion: 'is an everyday ring for men who like a little weight',
      tags: ['men', 'signet', 'daily-wear'],
      fit: ['Size', 'Indian size 22'],
    },
  ],
  Jhumkas: [
    {
      name: 'Oxidised Peacock Jhumkas',
      price: 1299,
      plating: 'Oxidised',
      stone: 'Pearl',
      colour: 'White',
      finish: 'Antique',
      detail: 'Twin peacocks perch on the stud above a carved dome fringed with tiny pearl drops that sway as you move.',
      occasion: 'bring out the best in cotton sarees, Navratri outfits and college fests',
      tags: ['oxidised', 'ethnic', 'peacock', 'festive'],
      fit: ['Closure', 'Push back; 4.5 cm drop'],
      featured: true,
    },
    {
      name: 'Temple Kemp Jhumkas',
      price: 2799,
      plating: 'Gold Plated',
      stone: 'Kemp',
      colour: 'Ruby Red',
      finish: 'Antique',
      detail: 'A Lakshmi-motif stud set with ruby-red kemp leads down to a deep, intricately granulated dome with a pearl fringe.',
      occasion: 'are made for weddings, Bharatanatyam performances and temple visits',
      tags: ['temple', 'bridal', 'kemp', 'festive'],
      fit: ['Closure', 'Push back with ear chain support; 5.5 cm drop'],
      featured: true,
    },
    {
      name: 'Pearl Cluster Jhumkas',
      price: 1599,
      plating: 'Rhodium',
      stone: 'Pearl',
      colour: 'Cream',
      finish: 'High Polish',
      detail: 'A polished silver bell is edged with a double row of cream freshwater pearls beneath a pearl-cluster stud.',
      occasion: 'light up pastel lehengas, haldi mornings and day weddings',
      tags: ['pearl', 'festive', 'bridal'],
      fit: ['Closure', 'Push back; 4 cm drop'],
    },
    {
      name: 'Mini Everyday Jhumkas',
      price: 699,
      plating: 'Oxidised',
      stone: 'None',
      finish: 'Antique',
      detail: 'Small 1.5 cm domes with a dotted border and a single bead drop, sized so you can wear them all day.',
      occasion: 'suit office kurtas, jeans and college days',
      tags: ['oxidised', 'daily-wear', 'minimal', 'gift'],
      fit: ['Closure', 'Hook; 2.8 cm drop'],
    },
    {
      name: 'Ghungroo Chandbali Jhumkas',
      price: 1899,
      plating: 'Oxidised',
      stone: 'None',
      finish: 'Antique',
      detail: 'A crescent chandbali frame opens into a carved jhumka, finished with a row of tinkling ghungroo bells.',
      occasion: 'are made for garba nights, mehendi and festive dressing',
      tags: ['oxidised', 'ethnic', 'ghungroo', 'festive'],
      fit: ['Closure', 'Push back; 6 cm drop'],
    },
    {
      name: 'Ruby Red Bridal Jhumkas',
      price: 3499,
      plating: 'Gold Plated',
      stone: 'Kemp',
      colour: 'Ruby Red',
      finish: 'Antique',
      detail: 'Generous 3 cm domes encrusted with ruby-red stones and finished with a double row of pearl drops and a matching ear chain.',
      occasion: 'are made to be worn with a bridal silk saree or lehenga',
      tags: ['bridal', 'temple', 'kemp', 'festive'],
      fit: ['Closure', 'Push back with ear chain support; 6.5 cm drop'],
    },
  ],
  Studs: [
    {
      name: 'Solitaire CZ Studs',
      price: 799,
      plating: 'Rhodium',
      stone: 'Cubic Zirconia',
      colour: 'White',
      finish: 'High Polish',
      detail: 'A 6 mm brilliant-cut zirconia sits in a four-prong basket, the little black dress of earrings.',
      occasion: 'go from office to weekend plans without a change',
      tags: ['minimal', 'daily-wear', 'gift'],
      fit: ['Closure', 'Push back; 6 mm'],
      featured: true,
    },
    {
      name: 'Flower Cluster CZ Studs',
      price: 999,
      plating: 'Rhodium',
      stone: 'Cubic Zirconia',
      colour: 'White',
      finish: 'High Polish',
      detail: 'Seven zirconias are clustered into a tight flower, giving the sparkle of a much bigger stud.',
      occasion: 'make an easy gift for birthdays and Raksha Bandhan',
      tags: ['gift', 'minimal', 'daily-wear'],
      fit: ['Closure', 'Push back; 9 mm'],
    },
    {
      name: 'Pearl Button Studs',
      price: 699,
      plating: 'Rhodium',
      stone: 'Pearl',
      colour: 'White',
      finish: 'High Polish',
      detail: 'Round 7 mm freshwater pearls on polished silver posts, a classic that never dates.',
      occasion: 'suit office wear, interviews and family functions',
      tags: ['pearl', 'minimal', 'daily-wear', 'gift'],
      fit: ['Closure', 'Push back; 7 mm pearl'],
    },
    {
      name: 'Oxidised Sunflower Studs',
      price: 549,
      plating: 'Oxidised',
      stone: 'None',
      finish: 'Antique',
      detail: 'A 14 mm sunflower with two layers of engraved petals and a granulated centre.',
      occasion: 'brighten handloom sarees and everyday kurtas',
      tags: ['oxidised', 'ethnic', 'daily-wear', 'gift'],
      fit: ['Closure', 'Push back; 14 mm'],
    },
    {
      name: 'Kids Butterfly Screw-Back Studs',
      price: 499,
      plating: 'Rhodium',
      stone: 'Cubic Zirconia',
      colour: 'Pink',
      finish: 'High Polish',
      detail: 'Tiny butterflies with pink zirconia wings on short posts with screw backs that little ones cannot pull off.',
      occasion: 'are a safe first pair for children',
      tags: ['kids', 'gift', 'daily-wear'],
      fit: ['Closure', 'Screw back; 7 mm'],
    },
    {
      name: 'Moissanite Solitaire Studs',
      price: 3999,
      plating: 'Rhodium',
      stone: 'Moissanite',
      colour: 'Colourless',
      finish: 'High Polish',
      detail: 'A pair of 5 mm round moissanites (about 1 carat total, diamond-equivalent) in secure four-prong settings.',
      occasion: 'make a forever gift for milestones and anniversaries',
      tags: ['moissanite', 'gift', 'minimal', 'bridal'],
      fit: ['Closure', 'Screw back; 5 mm'],
    },
  ],
  Hoops: [
    {
      name: 'Classic Huggie Hoops',
      price: 899,
      plating: 'Rhodium',
      stone: 'None',
      finish: 'High Polish',
      detail: 'Chunky 12 mm huggies with a hinged click-top that hug the lobe closely.',
      occasion: 'are the pair you will wear every single day',
      tags: ['minimal', 'daily-wear', 'gift'],
      fit: ['Closure', 'Hinged click-top; 12 mm'],
    },
    {
      name: 'CZ Pavé Huggie Hoops',
      price: 1299,
      plating: 'Rhodium',
      stone: 'Cubic Zirconia',
      colour: 'White',
      finish: 'High Polish',
      detail: 'A full front row of pavé-set zirconias turns simple huggies into something special.',
      occasion: 'take you from work to a night out',
      tags: ['minimal', 'party', 'gift'],
      fit: ['Closure', 'Hinged click-top; 13 mm'],
    },
    {
      name: 'Rose Gold Twisted Hoops',
      price: 1099,
      plating: 'Rose Gold Plated',
      stone: 'None',
      finish: 'High Polish',
      detail: 'Lightweight 25 mm hoops with a rope twist that reflects light from every side.',
      occasion: 'suit casual Fridays, brunches and beach holidays',
      tags: ['rose-gold', 'daily-wear', 'minimal'],
      fit: ['Closure', 'Latch back; 25 mm'],
    },
    {
      name: 'Oxidised Ethnic Bali Hoops',
      price: 999,
      plating: 'Oxidised',
      stone: 'None',
      finish: 'Antique',
      detail: 'Traditional bali hoops with a beaded edge and a hand-stamped pattern, inspired by Rajasthani village jewellery.',
      occasion: 'complete a festive kurta or an indo-western look',
      tags: ['oxidised', 'ethnic', 'gift'],
      fit: ['Closure', 'Wire hook; 35 mm'],
    },
  ],
  'Drop Earrings': [
    {
      name: 'Teardrop CZ Drop Earrings',
      price: 1499,
      plating: 'Rhodium',
      stone: 'Cubic Zirconia',
      colour: 'White',
      finish: 'High Polish',
      detail: 'A pear-cut zirconia hangs from a round stud in a slim bezel, moving with every turn of the head.',
      occasion: 'are made for cocktail evenings and receptions',
      tags: ['party', 'bridal', 'gift'],
      fit: ['Closure', 'Push back; 2.5 cm drop'],
    },
    {
      name: 'Pearl Drop Earrings',
      price: 1199,
      plating: 'Rhodium',
      stone: 'Pearl',
      colour: 'White',
      finish: 'High Polish',
      detail: 'A baroque freshwater pearl drops from a tiny zirconia stud on a fine silver link.',
      occasion: 'look just right with sarees and western dresses',
      tags: ['pearl', 'minimal', 'gift'],
      fit: ['Closure', 'Push back; 3 cm drop'],
    },
    {
      name: 'Emerald Green Drop Earrings',
      price: 1699,
      plating: 'Gold Plated',
      stone: 'Cubic Zirconia',
      colour: 'Emerald Green',
      finish: 'High Polish',
      detail: 'Emerald-green pear drops framed in a rope-twist bezel under a round zirconia stud.',
      occasion: 'are perfect for Diwali parties and sangeet',
      tags: ['festive', 'party'],
      fit: ['Closure', 'Push back; 3.2 cm drop'],
    },
    {
      name: 'Oxidised Coin Drop Earrings',
      price: 899,
      plating: 'Oxidised',
      stone: 'None',
      finish: 'Antique',
      detail: 'Three stacked antique coins hang from a hook, each stamped with a different folk motif.',
      occasion: 'add a bohemian touch to kurtas and denim alike',
      tags: ['oxidised', 'ethnic', 'coin', 'gift'],
      fit: ['Closure', 'Hook; 4.5 cm drop'],
    },
  ],
  Chains: [
    {
      name: 'Box Chain',
      price: 1799,
      plating: 'Rhodium',
      stone: 'None',
      finish: 'High Polish',
      detail: 'A 1.2 mm box chain with a sturdy lobster clasp, strong enough for daily wear with any pendant.',
      occasion: 'is the everyday chain that goes with everything',
      tags: ['chain', 'daily-wear', 'minimal'],
      fit: ['Clasp', 'Lobster clasp'],
    },
    {
      name: 'Men’s Rope Chain',
      price: 3499,
      plating: 'Rhodium',
      stone: 'None',
      finish: 'Diamond-Cut',
      detail: 'A 3 mm diamond-cut rope chain with real heft, sparkling along every twist.',
      occasion: 'is a solid everyday chain for men',
      tags: ['men', 'chain', 'daily-wear'],
      fit: ['Clasp', 'Lobster clasp'],
      featured: true,
    },
    {
      name: 'Snake Chain 16 Inch',
      price: 1599,
      plating: 'Rhodium',
      stone: 'None',
      finish: 'High Polish',
      detail: 'A smooth, liquid 1.5 mm snake chain that lies flat on the collarbone.',
      occasion: 'is made for pendants and for wearing on its own with open necklines',
      tags: ['chain', 'minimal'],
      fit: ['Length', '16 inches plus a 2 inch extender'],
    },
    {
      name: 'Men’s Figaro Chain 22 Inch',
      price: 4999,
      plating: 'Rhodium',
      stone: 'None',
      finish: 'High Polish',
      detail: 'A classic 4 mm figaro pattern, three short links and one long, with a heavy lobster clasp.',
      occasion: 'looks sharp over a kurta or an open-collar shirt',
      tags: ['men', 'chain'],
      fit: ['Length', '22 inches with a lobster clasp'],
    },
    {
      name: 'Dainty Cable Chain 16 Inch',
      price: 999,
      plating: 'Rhodium',
      stone: 'None',
      finish: 'High Polish',
      detail: 'A whisper-fine 1 mm cable chain for layering or for a small charm.',
      occasion: 'makes an ideal first silver chain or a layering piece',
      tags: ['chain', 'minimal', 'daily-wear', 'gift'],
      fit: ['Length', '16 inches plus a 2 inch extender'],
    },
  ],
  Chokers: [
    {
      name: 'Kemp Temple Choker',
      price: 7999,
      plating: 'Gold Plated',
      stone: 'Kemp',
      colour: 'Ruby Red',
      finish: 'Antique',
      detail:
        'Ten Lakshmi-motif panels set with ruby-red and emerald-green kemp are joined edge to edge, with a pearl fringe along the base.',
      occasion: 'is made for weddings, Bharatanatyam and Onam',
      tags: ['temple', 'bridal', 'kemp', 'festive'],
      fit: ['Length', 'Adjustable dori, fits 12 to 16 inches'],
      featured: true,
    },
    {
      name: 'Oxidised Tribal Choker',
      price: 3999,
      plating: 'Oxidised',
      stone: 'None',
      finish: 'Antique',
      detail: 'A hasli-style collar of hand-stamped silver plates inspired by Banjara jewellery, tied with a black cotton dori.',
      occasion: 'is the statement piece for cotton sarees, Navratri and festive kurtas',
      tags: ['oxidised', 'ethnic', 'tribal', 'festive'],
      fit: ['Length', 'Adjustable dori, fits 13 to 17 inches'],
    },
    {
      name: 'Pearl Layered Choker',
      price: 4599,
      plating: 'Rhodium',
      stone: 'Pearl',
      colour: 'Cream',
      finish: 'High Polish',
      detail: 'Three strands of cream freshwater pearls meet in a silver floral clasp set with zirconias.',
      occasion: 'suits receptions, cocktail parties and day weddings',
      tags: ['pearl', 'bridal', 'party'],
      fit: ['Length', '13 inches plus a 3 inch extender'],
    },
    {
      name: 'CZ Bridal Choker',
      price: 8999,
      plating: 'Rhodium',
      stone: 'Cubic Zirconia',
      colour: 'White',
      finish: 'High Polish',
      detail: 'Rows of baguette and round zirconias form a flexible collar that sparkles like diamonds at a fraction of the price.',
      occasion: 'is made for the reception and the cocktail night',
      tags: ['bridal', 'party'],
      fit: ['Length', '13 inches plus a 3 inch extender'],
    },
  ],
  'Necklace Sets': [
    {
      name: 'Lakshmi Coin Necklace Set',
      price: 9499,
      plating: 'Gold Plated',
      stone: 'Kemp',
      colour: 'Ruby Red',
      finish: 'Antique',
      detail: 'A kasu mala of Lakshmi coins with a kemp-set centre and matching coin jhumkas, made in the Nagercoil temple style.',
      occasion: 'is the heirloom set for weddings and Varalakshmi Vratam',
      tags: ['temple', 'bridal', 'kemp', 'coin', 'festive'],
      fit: ['Length', '18 inches with an adjustable dori; earrings 4 cm'],
      featured: true,
    },
    {
      name: 'Oxidised Mirror Necklace Set',
      price: 3299,
      plating: 'Oxidised',
      stone: 'None',
      finish: 'Antique',
      detail: 'Round mirror-work medallions on a chain of small oxidised beads, with matching mirror drop earrings.',
      occasion: 'is the easy pick for garba, mehendi and festive lunches',
      tags: ['oxidised', 'ethnic', 'festive'],
      fit: ['Length', '16 inches with an adjustable dori; earrings 3.5 cm'],
    },
    {
      name: 'CZ Floral Necklace Set',
      price: 5499,
      plating: 'Rhodium',
      stone: 'Cubic Zirconia',
      colour: 'White',
      finish: 'High Polish',
      detail: 'A delicate necklace of zirconia flowers joined by fine links, with flower studs to match.',
      occasion: 'is made for engagements, receptions and anniversary dinners',
      tags: ['bridal', 'party', 'gift'],
      fit: ['Length', '16 inches plus a 2 inch extender; studs 10 mm'],
    },
    {
      name: 'Pearl Mala Necklace Set',
      price: 6299,
      plating: 'Gold Plated',
      stone: 'Pearl',
      colour: 'White',
      finish: 'High Polish',
      detail: 'A single long strand of white pearls with a gold-plated silver pendant, plus matching pearl drop earrings.',
      occasion: 'completes a Kanjeevaram or a pastel lehenga',
      tags: ['pearl', 'bridal', 'festive'],
      fit: ['Length', '22 inches; earrings 3 cm'],
    },
  ],
  Payal: [
    {
      name: 'Ghungroo Payal (Pair)',
      price: 2499,
      plating: 'Rhodium',
      stone: 'None',
      finish: 'High Polish',
      detail: 'A flat Rajasthani link chain hung with tiny ghungroo bells that chime softly with each step.',
      occasion: 'is the traditional payal for every day and for festivals',
      tags: ['ghungroo', 'ethnic', 'daily-wear'],
      fit: ['Length', '10.5 inches plus a 1 inch extender, sold as a pair'],
      featured: true,
    },
    {
      name: 'Oxidised Jhalar Payal (Pair)',
      price: 2799,
      plating: 'Oxidised',
      stone: 'None',
      finish: 'Antique',
      detail: 'A broad jhalar band of leaf-shaped drops, hand-oxidised for an old-world look.',
      occasion: 'suits Navratri, weddings and festive dressing',
      tags: ['oxidised', 'ethnic', 'festive', 'bridal'],
      fit: ['Length', '10.5 inches plus a 1 inch extender, sold as a pair'],
    },
    {
      name: 'Minimal Bead Anklet',
      price: 899,
      plating: 'Rhodium',
      stone: 'None',
      finish: 'Diamond-Cut',
      detail: 'Diamond-cut silver beads spaced along a fine cable chain, worn single on one ankle.',
      occasion: 'is perfect with jeans, dresses and beach holidays',
      tags: ['minimal', 'daily-wear', 'gift'],
      fit: ['Length', '9.5 inches plus a 1 inch extender, sold single'],
    },
    {
      name: 'Heavy Bridal Payal (Pair)',
      price: 5999,
      plating: 'Rhodium',
      stone: 'None',
      finish: 'Textured',
      detail: 'A wide, three-layer payal with textured links and rows of ghungroo, about 50 grams the pair.',
      occasion: 'is the payal the bride wears for the pheras',
      tags: ['bridal', 'ghungroo', 'festive'],
      fit: ['Length', '11 inches plus a 1 inch extender, sold as a pair'],
    },
    {
      name: 'Kids Ghungroo Payal (Pair)',
      price: 1299,
      plating: 'Rhodium',
      stone: 'None',
      finish: 'High Polish',
      detail: 'A light chain with a few soft-edged ghungroo bells, sized for little feet.',
      occasion: 'is a traditional gift for naamkaran and first birthdays',
      tags: ['kids', 'ghungroo', 'gift'],
      fit: ['Length', '6 inches plus a 1 inch extender, sold as a pair'],
    },
    {
      name: 'Evil Eye Anklet',
      price: 799,
      plating: 'Rhodium',
      stone: 'Cubic Zirconia',
      colour: 'Blue',
      finish: 'High Polish',
      detail: 'A single blue evil-eye charm set on a fine cable chain, worn for luck and protection.',
      occasion: 'is a thoughtful little gift for a friend or sister',
      tags: ['evil-eye', 'gift', 'minimal', 'daily-wear'],
      fit: ['Length', '9.5 inches plus a 1 inch extender, sold single'],
    },
  ],
  'Toe Rings': [
    {
      name: 'Classic Bichiya Toe Rings (Pair)',
      price: 549,
      plating: 'Oxidised',
      stone: 'None',
      finish: 'Antique',
      detail: 'Traditional three-turn coil bichiya with a beaded front, as worn by married women across North India.',
      occasion: 'are a must for the bridal trousseau and for everyday wear',
      tags: ['bridal', 'oxidised', 'daily-wear', 'ethnic'],
      fit: ['Size', 'Adjustable, sold as a pair'],
    },
    {
      name: 'CZ Flower Toe Rings (Pair)',
      price: 649,
      plating: 'Rhodium',
      stone: 'Cubic Zirconia',
      colour: 'White',
      finish: 'High Polish',
      detail: 'A small zirconia flower on an open band that adjusts to the second toe.',
      occasion: 'add a little sparkle to sandals and wedding outfits',
      tags: ['bridal', 'gift'],
      fit: ['Size', 'Adjustable, sold as a pair'],
    },
    {
      name: 'Oxidised Peacock Toe Rings (Pair)',
      price: 699,
      plating: 'Oxidised',
      stone: 'None',
      finish: 'Antique',
      detail: 'A carved peacock with a folded tail sits on each band, a favourite with oxidised payal.',
      occasion: 'are made for Navratri, Teej and festive days',
      tags: ['oxidised', 'peacock', 'ethnic'],
      fit: ['Size', 'Adjustable, sold as a pair'],
    },
    {
      name: 'Minimal Band Toe Rings (Pair)',
      price: 499,
      plating: 'Rhodium',
      stone: 'None',
      finish: 'High Polish',
      detail: 'Slim polished bands with a single groove, comfortable enough to never take off.',
      occasion: 'are made for everyday wear',
      tags: ['minimal', 'daily-wear', 'gift'],
      fit: ['Size', 'Adjustable, sold as a pair'],
    },
  ],
  Kadas: [
    {
      name: 'Men’s Classic Round Kada',
      price: 6999,
      plating: 'Rhodium',
      stone: 'None',
      finish: 'High Polish',
      detail: 'A solid 8 mm round-profile kada with no joins, polished to a mirror finish.',
      occasion: 'is an everyday kada for men and a meaningful gift for fathers and brothers',
      tags: ['men', 'kada', 'gift'],
      fit: ['Size', 'Inner diameter 2.8 (66 mm)'],
      featured: true,
    },
    {
      name: 'Oxidised Elephant Head Kada',
      price: 3999,
      plating: 'Oxidised',
      stone: 'None',
      finish: 'Antique',
      detail: 'An open cuff kada with two carved elephant heads facing each other, each with a tiny raised trunk for luck.',
      occasion: 'makes a statement with ethnic and fusion outfits',
      tags: ['oxidised', 'ethnic', 'kada', 'festive'],
      fit: ['Size', 'Openable, fits sizes 2.4 to 2.8'],
    },
    {
      name: 'Twisted Rope Kada',
      price: 5499,
      plating: 'Rhodium',
      stone: 'None',
      finish: 'Diamond-Cut',
      detail: 'Two thick strands of silver twisted together with diamond-cut edges for a kada that catches every light.',
      occasion: 'is made for men and women who like a bold wrist',
      tags: ['men', 'kada'],
      fit: ['Size', 'Inner diameter 2.6 (62 mm)'],
    },
    {
      name: 'Men’s Matte Sikh Kada',
      price: 4499,
      plating: 'Rhodium',
      stone: 'None',
      finish: 'Matte',
      detail: 'A flat-faced 6 mm kada with a brushed matte finish and softly rounded inner edges for comfort.',
      occasion: 'is made to be worn every day',
      tags: ['men', 'kada', 'daily-wear'],
      fit: ['Size', 'Inner diameter 2.8 (66 mm)'],
    },
  ],
  'Charm Bracelets': [
    {
      name: 'Evil Eye Charm Bracelet',
      price: 1299,
      plating: 'Rhodium',
      stone: 'Cubic Zirconia',
      colour: 'Blue',
      finish: 'High Polish',
      detail: 'Three enamel-look evil-eye charms in blue zirconia spaced along a fine silver chain.',
      occasion: 'is the go-to gift for birthdays and Raksha Bandhan',
      tags: ['evil-eye', 'gift', 'daily-wear'],
      fit: ['Length', '6.5 inches plus a 1 inch extender'],
    },
    {
      name: 'Heart Charm Bracelet',
      price: 1199,
      plating: 'Rose Gold Plated',
      stone: 'Cubic Zirconia',
      colour: 'Pink',
      finish: 'High Polish',
      detail: 'Tiny hearts with pink zirconia centres dangle from a rose gold plated cable chain.',
      occasion: 'is made for Valentine’s Day, anniversaries and best friends',
      tags: ['heart', 'gift', 'rose-gold'],
      fit: ['Length', '6.5 inches plus a 1 inch extender'],
    },
    {
      name: 'Pearl Station Bracelet',
      price: 1099,
      plating: 'Rhodium',
      stone: 'Pearl',
      colour: 'White',
      finish: 'High Polish',
      detail: 'Five small white pearls are spaced evenly along a delicate silver chain.',
      occasion: 'suits office wear and family functions alike',
      tags: ['pearl', 'minimal', 'gift'],
      fit: ['Length', '6.5 inches plus a 1 inch extender'],
    },
    {
      name: 'CZ Tennis Bracelet',
      price: 3999,
      plating: 'Rhodium',
      stone: 'Cubic Zirconia',
      colour: 'White',
      finish: 'High Polish',
      detail: 'A continuous line of 3 mm zirconias in four-prong settings, with a double-lock box clasp.',
      occasion: 'is made for receptions, parties and anniversary dinners',
      tags: ['party', 'bridal', 'gift'],
      fit: ['Length', '7 inches with a box clasp'],
    },
    {
      name: 'Baby Nazariya Bracelet',
      price: 699,
      plating: 'Rhodium',
      stone: 'Black Onyx',
      colour: 'Black',
      finish: 'High Polish',
      detail:
        'Black onyx beads alternate with small silver balls on an adjustable chain, the traditional nazariya to ward off the evil eye.',
      occasion: 'is a customary gift for a newborn or a first birthday',
      tags: ['kids', 'nazariya', 'gift'],
      fit: ['Length', 'Adjustable, 4.5 to 5.5 inches'],
    },
  ],
  Bangles: [
    {
      name: 'Oxidised Bangle Pair',
      price: 2999,
      plating: 'Oxidised',
      stone: 'None',
      finish: 'Antique',
      detail: 'Two slim bangles with a hand-engraved leaf border and tiny beaded edges, darkened to show every line.',
      occasion: 'stack beautifully with glass bangles for festivals and weddings',
      tags: ['oxidised', 'ethnic', 'festive'],
      fit: ['Size', '2.6 (fits most wrists), sold as a pair'],
    },
    {
      name: 'Diamond-Cut Bangles (Set of 2)',
      price: 3499,
      plating: 'Rhodium',
      stone: 'None',
      finish: 'Diamond-Cut',
      detail: 'Machine diamond-cut facets all around make these light bangles flash like they are stone-set.',
      occasion: 'are made for everyday wear and festive stacking',
      tags: ['daily-wear', 'festive'],
      fit: ['Size', '2.6 (fits most wrists), set of two'],
    },
    {
      name: 'Kemp Bridal Bangles (Set of 2)',
      price: 8499,
      plating: 'Gold Plated',
      stone: 'Kemp',
      colour: 'Ruby Red',
      finish: 'Antique',
      detail: 'Broad temple bangles with rows of ruby-red kemp and a screw opening so they slip on easily.',
      occasion: 'complete a South Indian bridal look',
      tags: ['temple', 'bridal', 'kemp'],
      fit: ['Size', '2.6 with screw opening, set of two'],
    },
    {
      name: 'Rose Gold CZ Openable Bangle',
      price: 2799,
      plating: 'Rose Gold Plated',
      stone: 'Cubic Zirconia',
      colour: 'White',
      finish: 'High Polish',
      detail: 'A slim oval bangle with a half row of zirconias and a hidden hinge clasp.',
      occasion: 'is perfect for office, dinners and gifting',
      tags: ['rose-gold', 'gift', 'minimal'],
      fit: ['Size', 'Openable, fits 2.4 to 2.6'],
    },
  ],
  'Religious Pendants': [
    {
      name: 'Trishul Damru Pendant',
      price: 999,
      plating: 'Oxidised',
      stone: 'None',
      finish: 'Antique',
      detail: 'Lord Shiva’s trishul with a small damru at its centre, cast in solid silver and darkened for detail.',
      occasion: 'is made for daily wear and for Mahashivratri',
      tags: ['religious', 'spiritual', 'men', 'gift'],
      fit: ['Chain', 'Pendant only; pairs with our 20 inch rope chain'],
    },
    {
      name: 'Lakshmi Coin Pendant',
      price: 1499,
      plating: 'Gold Plated',
      stone: 'Kemp',
      colour: 'Ruby Red',
      finish: 'Antique',
      detail: 'Goddess Lakshmi seated on a lotus, embossed on a coin framed with ruby-red kemp and a beaded border.',
      occasion: 'is an auspicious gift for Diwali, Akshaya Tritiya and housewarmings',
      tags: ['religious', 'temple', 'coin', 'gift'],
      fit: ['Chain', 'Pendant only; fits chains up to 3 mm'],
    },
    {
      name: 'Ganesha Medallion Pendant',
      price: 1299,
      plating: 'Rhodium',
      stone: 'None',
      finish: 'High Polish',
      detail: 'A round medallion with Lord Ganesha in relief, polished on the high points so the figure stands out.',
      occasion: 'is a blessing for new beginnings, exams and new jobs',
      tags: ['religious', 'spiritual', 'gift'],
      fit: ['Chain', 'Comes with an 18 inch box chain'],
    },
    {
      name: 'Cross Pendant with Chain',
      price: 899,
      plating: 'Rhodium',
      stone: 'Cubic Zirconia',
      colour: 'White',
      finish: 'High Polish',
      detail: 'A small Latin cross lined with zirconias on a fine cable chain.',
      occasion: 'is a gentle everyday piece and a meaningful gift for baptisms and Christmas',
      tags: ['religious', 'spiritual', 'gift', 'minimal'],
      fit: ['Chain', 'Comes with a 16 inch cable chain plus 2 inch extender'],
    },
  ],
  'Initial Pendants': [
    {
      name: 'Initial A Pendant with Chain',
      price: 1299,
      plating: 'Rhodium',
      stone: 'Cubic Zirconia',
      colour: 'White',
      finish: 'High Polish',
      detail: 'A serif letter A lined with zirconias on a fine chain, a personal piece without the wait of engraving.',
      occasion: 'is a favourite birthday gift',
      tags: ['initial', 'personalised', 'gift', 'minimal'],
      fit: ['Chain', 'Comes with a 16 inch cable chain plus 2 inch extender'],
    },
    {
      name: 'Initial S Pendant with Chain',
      price: 1299,
      plating: 'Rhodium',
      stone: 'Cubic Zirconia',
      colour: 'White',
      finish: 'High Polish',
      detail: 'A serif letter S lined with zirconias on a fine chain, a personal piece without the wait of engraving.',
      occasion: 'is a favourite birthday gift',
      tags: ['initial', 'personalised', 'gift', 'minimal'],
      fit: ['Chain', 'Comes with a 16 inch cable chain plus 2 inch extender'],
    },
    {
      name: 'Initial R Pendant with Chain',
      price: 1299,
      plating: 'Rose Gold Plated',
      stone: 'None',
      finish: 'High Polish',
      detail: 'A polished letter R with a rose gold plating, on a matching fine chain.',
      occasion: 'makes a sweet Raksha Bandhan or birthday gift',
      tags: ['initial', 'personalised', 'gift', 'rose-gold'],
      fit: ['Chain', 'Comes with a 16 inch cable chain plus 2 inch extender'],
    },
    {
      name: 'Initial K Pendant with Chain',
      price: 1299,
      plating: 'Gold Plated',
      stone: 'None',
      finish: 'High Polish',
      detail: 'A polished letter K in gold-plated silver on a matching fine chain.',
      occasion: 'is a personal gift for birthdays and friendship day',
      tags: ['initial', 'personalised', 'gift'],
      fit: ['Chain', 'Comes with a 16 inch cable chain plus 2 inch extender'],
    },
    {
      name: 'Initial M Pendant with Chain',
      price: 1299,
      plating: 'Rhodium',
      stone: 'Cubic Zirconia',
      colour: 'White',
      finish: 'High Polish',
      detail: 'A serif letter M lined with zirconias on a fine chain, a personal piece without the wait of engraving.',
      occasion: 'is a favourite birthday and Mother’s Day gift',
      tags: ['initial', 'personalised', 'gift', 'minimal'],
      fit: ['Chain', 'Comes with a 16 inch cable chain plus 2 inch extender'],
    },
  ],
  'Nose Rings': [
    {
      name: 'Oxidised Clip-On Nath',
      price: 599,
      plating: 'Oxidised',
      stone: 'None',
      finish: 'Antique',
      detail: 'A small hoop nath with oxidised beads along one side that clips on without a piercing.',
      occasion: 'is made for Navratri, haldi and festive photos',
      tags: ['oxidised', 'non-piercing', 'ethnic', 'festive'],
      fit: ['Type', 'Non-piercing clip-on; 14 mm'],
    },
    {
      name: 'Pearl Bead Nose Ring',
      price: 699,
      plating: 'Rhodium',
      stone: 'Pearl',
      colour: 'White',
      finish: 'High Polish',
      detail: 'A fine silver hoop threaded with three seed pearls and a tiny silver bead.',
      occasion: 'adds a traditional touch to sarees and lehengas',
      tags: ['pearl', 'ethnic', 'gift'],
      fit: ['Type', 'For pierced noses; 10 mm hoop'],
    },
    {
      name: 'Plain Silver Nose Hoop',
      price: 499,
      plating: 'Rhodium',
      stone: 'None',
      finish: 'High Polish',
      detail: 'A seamless, polished 8 mm hoop, thin enough to sleep in.',
      occasion: 'is made for every day',
      tags: ['minimal', 'daily-wear'],
      fit: ['Type', 'For pierced noses; 8 mm hoop'],
    },
    {
      name: 'Maharashtrian Pearl Nath',
      price: 1499,
      plating: 'Rhodium',
      stone: 'Pearl',
      colour: 'White',
      finish: 'High Polish',
      detail: 'The classic paisley-shaped Marathi nath, outlined in seed pearls with a pink-stone centre.',
      occasion: 'completes a Nauvari saree for weddings and Gudi Padwa',
      tags: ['bridal', 'pearl', 'non-piercing', 'ethnic'],
      fit: ['Type', 'Non-piercing clip-on'],
    },
  ],
  'Nose Studs': [
    {
      name: 'CZ Flower Nose Pin',
      price: 549,
      plating: 'Rhodium',
      stone: 'Cubic Zirconia',
      colour: 'White',
      finish: 'High Polish',
      detail: 'Five tiny zirconias form a 3 mm flower on an L-shaped pin.',
      occasion: 'is small enough for office and bright enough for parties',
      tags: ['minimal', 'daily-wear', 'gift'],
      fit: ['Type', 'For pierced noses; L-shaped pin'],
    },
    {
      name: 'Moissanite Nose Pin',
      price: 1299,
      plating: 'Rhodium',
      stone: 'Moissanite',
      colour: 'Colourless',
      finish: 'High Polish',
      detail: 'A single 2.5 mm moissanite in a bezel setting with a screw-back pin, the sparkle of a diamond nose pin for much less.',
      occasion: 'is made to be worn every day',
      tags: ['moissanite', 'minimal', 'daily-wear'],
      fit: ['Type', 'For pierced noses; screw pin'],
    },
    {
      name: 'Rose Gold Star Nose Pin',
      price: 599,
      plating: 'Rose Gold Plated',
      stone: 'Cubic Zirconia',
      colour: 'White',
      finish: 'High Polish',
      detail: 'A tiny rose gold plated star with a zirconia centre on an L-shaped pin.',
      occasion: 'is a sweet everyday piece and an easy gift',
      tags: ['rose-gold', 'minimal', 'gift'],
      fit: ['Type', 'For pierced noses; L-shaped pin'],
    },
    {
      name: 'Oxidised Lotus Nose Pin',
      price: 499,
      plating: 'Oxidised',
      stone: 'None',
      finish: 'Antique',
      detail: 'A 6 mm carved lotus with a dark antique finish, for those who like their nose pin noticed.',
      occasion: 'pairs with handloom sarees and oxidised jhumkas',
      tags: ['oxidised', 'ethnic', 'gift'],
      fit: ['Type', 'For pierced noses; L-shaped pin'],
    },
  ],
};

/** Weight range in grams by subcategory, used for the Weight field. */
const WEIGHT: Record<string, [number, number]> = {
  'Adjustable Rings': [2.2, 4.5],
  'Couple Bands': [7.5, 11],
  'Statement Rings': [4.5, 9.5],
  Jhumkas: [5, 18],
  Studs: [1.2, 3.5],
  Hoops: [2.5, 7],
  'Drop Earrings': [2.5, 5.5],
  Chains: [4, 26],
  Chokers: [28, 62],
  'Necklace Sets': [32, 72],
  Payal: [8, 52],
  'Toe Rings': [2.5, 5],
  Kadas: [28, 58],
  'Charm Bracelets': [3, 11],
  Bangles: [18, 46],
  'Religious Pendants': [2.5, 7],
  'Initial Pendants': [3, 5],
  'Nose Rings': [0.4, 1.8],
  'Nose Studs': [0.2, 0.6],
};

/** Nouns that read as plural ("they are made for..."): earrings, band and toe-ring pairs, bangle sets. */
const PLURAL_SUBS = new Set(['Couple Bands', 'Jhumkas', 'Studs', 'Hoops', 'Drop Earrings', 'Toe Rings']);
const isPlural = (sub: string, name: string): boolean => PLURAL_SUBS.has(sub) || /Bangles|Bangle Pair/.test(name);

/** The plating sentence up to its verb; {obj}/{Subj} are swapped for it/they. */
const PLATING_SENTENCE: Record<Plating, string> = {
  Rhodium: 'Crafted in 92.5 sterling silver with a rhodium finish that keeps {obj} bright and slows tarnish, {subj}',
  Oxidised: 'Made in 92.5 sterling silver and hand-oxidised for an antique look that brings out every carved line, {subj}',
  'Gold Plated': 'Made in 92.5 sterling silver with micron gold plating for the warm glow of temple gold, {subj}',
  'Rose Gold Plated': 'Made in 92.5 sterling silver with a soft rose gold plating, {subj}',
};

const CARE_SENTENCES = [
  'Wipe {obj} with the polishing cloth in the box and store {obj} in the zip pouch to keep {obj} tarnish-free.',
  'Keep {obj} away from perfume, sanitiser and water, and put {obj} back in the zip pouch after wear.',
  'Should {subj} darken over time, a gentle rub with a silver polishing cloth brings the shine right back.',
];
const CARE_OXIDISED =
  'Skip silver dips and polishing liquids, which strip the oxidised finish; just wipe {obj} dry and store {obj} in the zip pouch.';
const CARE_PLATED = 'Avoid perfume and water on the plating, wipe gently with a soft dry cloth and store {obj} in the zip pouch.';

/** Short care text for the Care field, by plating. */
function careField(p: Plating): string {
  if (p === 'Oxidised') return 'Store in the zip pouch; do not polish or dip, as it removes the oxidised finish';
  if (p === 'Gold Plated' || p === 'Rose Gold Plated')
    return 'Store in the zip pouch; keep away from perfume and water to protect the plating';
  return 'Store in the zip pouch; wipe with a silver polishing cloth if it darkens';
}

/** Complementary subcategories for "pairs well with" (earrings for a necklace, payal for toe rings...). */
const PAIRS_WITH: Record<string, string[]> = {
  'Adjustable Rings': ['Studs', 'Charm Bracelets'],
  'Couple Bands': ['Studs', 'Chains'],
  'Statement Rings': ['Jhumkas', 'Drop Earrings', 'Bangles'],
  Jhumkas: ['Chokers', 'Necklace Sets', 'Bangles'],
  Studs: ['Initial Pendants', 'Chains', 'Adjustable Rings'],
  Hoops: ['Chains', 'Adjustable Rings'],
  'Drop Earrings': ['Chokers', 'Statement Rings'],
  Chains: ['Religious Pendants', 'Initial Pendants', 'Kadas'],
  Chokers: ['Jhumkas', 'Drop Earrings'],
  'Necklace Sets': ['Jhumkas', 'Bangles', 'Statement Rings'],
  Payal: ['Toe Rings'],
  'Toe Rings': ['Payal'],
  Kadas: ['Chains', 'Statement Rings'],
  'Charm Bracelets': ['Studs', 'Adjustable Rings'],
  Bangles: ['Jhumkas', 'Statement Rings'],
  'Religious Pendants': ['Chains', 'Studs'],
  'Initial Pendants': ['Studs', 'Charm Bracelets'],
  'Nose Rings': ['Jhumkas', 'Toe Rings'],
  'Nose Studs': ['Studs', 'Jhumkas'],
};

// ---------------------------------------------------------------------------------------------
// Sizes
// ---------------------------------------------------------------------------------------------

/** A design sold in sizes: its guide, the sizes offered, and what each longer size adds to the price. */
interface SizeSpec {
  guide: 'ring' | 'bangle' | 'length';
  values: string[];
  /** Rupees added per size step (longer chains cost more); 0 keeps one price for every size. */
  stepPrice?: number;
}

/**
 * The designs sold in sizes, as a real shop would size them: fixed (not adjustable) rings in Indian ring sizes,
 * closed bangles and kadas in bangle sizes, two chains and two anklets by length. Everything adjustable,
 * openable or sold as a fixed set stays one piece.
 */
const SIZED: Record<string, SizeSpec> = {
  'Moissanite Solitaire Ring': { guide: 'ring', values: ['8', '10', '12', '14', '16', '18'] },
  'Men’s Matte Signet Ring': { guide: 'ring', values: ['18', '20', '22', '24'] },
  'Men’s Classic Round Kada': { guide: 'bangle', values: ['2.6', '2.8', '2.10'] },
  'Twisted Rope Kada': { guide: 'bangle', values: ['2.4', '2.6', '2.8'] },
  'Oxidised Bangle Pair': { guide: 'bangle', values: ['2.2', '2.4', '2.6', '2.8'] },
  'Diamond-Cut Bangles (Set of 2)': { guide: 'bangle', values: ['2.4', '2.6', '2.8'] },
  'Box Chain': { guide: 'length', values: ['16 in', '18 in', '20 in', '22 in'], stepPrice: 200 },
  'Men’s Rope Chain': { guide: 'length', values: ['20 in', '22 in', '24 in'], stepPrice: 300 },
  'Minimal Bead Anklet': { guide: 'length', values: ['9 in', '9.5 in', '10 in', '10.5 in'] },
  'Evil Eye Anklet': { guide: 'length', values: ['9 in', '9.5 in', '10 in', '10.5 in'] },
};

// Its own seeded generator, so sizing a design never moves the rest of the catalogue's numbers.
const sizeRand = prng(2602);

let sizedSoFar = 0;

/**
 * The sizes of a design, each with its own stock (the middle sizes sell most; every other sized design has its
 * largest size sold out, and a sold-out design has none), and its own price when longer sizes cost more.
 */
function sizesOf(spec: SizeSpec, basePrice: number, discount: number | null, stockWanted: number): NonNullable<ProductRow['sizes']> {
  const middle = (spec.values.length - 1) / 2;
  const lastGone = sizedSoFar++ % 2 === 0;
  return {
    guide: spec.guide,
    values: spec.values.map((value, i) => {
      const gone = stockWanted === 0 || (lastGone && i === spec.values.length - 1);
      const share = stockWanted / spec.values.length + (middle - Math.abs(i - middle)) * 2 - sizeRand() * 3;
      const stock = gone ? 0 : Math.max(1, Math.round(share));
      if (!spec.stepPrice || i === 0) return { value, stock };
      const price = basePrice + spec.stepPrice * i;
      return { value, stock, price, discountPrice: discount === null ? null : pricePoint(price * (discount / basePrice)) };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Build
// ---------------------------------------------------------------------------------------------

interface Built {
  row: ProductRow;
  sub: string;
  plating: Plating;
  effective: number;
}

function build(): CatalogueInput {
  const categories = CATEGORIES.map((c) => ({ slug: slugFromName(c.name), name: c.name }));
  const subcategories = CATEGORIES.flatMap((c) =>
    c.subs.map((s) => ({
      slug: slugFromName(s),
      name: s,
      category: slugFromName(c.name),
      image: [`subcategories/${slugFromName(s)}.jpg`],
    })),
  );
  const collections = COLLECTIONS.map((c) => ({
    slug: slugFromName(c.name),
    name: c.name,
    description: c.description,
    image: [`collections/${slugFromName(c.name)}.jpg`],
  }));

  // Flatten designs in taxonomy order, then interleave so createdAt does not cluster by type.
  const flat: { sub: string; d: Design }[] = [];
  for (const c of CATEGORIES) for (const s of c.subs) for (const d of DESIGNS[s] ?? []) flat.push({ sub: s, d });

  const total = flat.length;
  // Products that are sold out: spread across types so most listing pages show one.
  const soldOut = new Set([3, 14, 27, 41, 55, 68, 80]);
  const lowStock = new Set([6, 19, 33, 47, 60, 74]);

  const built: Built[] = flat.map(({ sub, d }, i) => {
    const slug = slugFromName(d.name);
    const [wLo, wHi] = WEIGHT[sub] ?? [2, 6];
    const weight = (wLo + rand() * (wHi - wLo)).toFixed(1);
    const discounted = rand() < 0.31;
    const pct = [0.1, 0.15, 0.2, 0.25][between(0, 3)] ?? 0.1;
    const discountPrice = discounted ? pricePoint(d.price * (1 - pct)) : null;
    const stock = soldOut.has(i) ? 0 : lowStock.has(i) ? between(1, 3) : between(4, 40);
    // Spread over the last 360 days with a little jitter; the order mixes subcategories.
    const dayOffset = ((i * 37) % total) * (360 / total) + rand() * 3;
    const createdAt = new Date(ANCHOR - Math.round(dayOffset * 86_400_000) - between(0, 600) * 60_000)
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');

    const care =
      d.plating === 'Oxidised' ? CARE_OXIDISED : d.plating === 'Rhodium' ? (CARE_SENTENCES[i % CARE_SENTENCES.length] ?? '') : CARE_PLATED;
    const plural = isPlural(sub, d.name);
    const pronouns = (t: string): string => t.replaceAll('{obj}', plural ? 'them' : 'it').replaceAll('{subj}', plural ? 'they' : 'it');
    const description = pronouns(`${d.detail} ${PLATING_SENTENCE[d.plating]} ${d.occasion}. ${care}`);

    const effective = discountPrice ?? d.price;
    const tags = new Set(d.tags);
    if (d.plating === 'Oxidised') tags.add('oxidised');
    if (effective < 1000) tags.add('gift');
    if (d.stone === 'Kemp') tags.add('temple');

    const attributes: Record<string, string> = { Plating: d.plating, Stone: d.stone, Finish: d.finish };
    if (d.colour) attributes['Stone Colour'] = d.colour;

    const tinyPiece = sub === 'Nose Studs' || sub === 'Nose Rings';
    const sizeSpec = SIZED[d.name];
    const sizes = sizeSpec ? sizesOf(sizeSpec, d.price, discountPrice, stock) : undefined;
    const row: ProductRow = {
      slug,
      name: d.name,
      price: d.price,
      discountPrice,
      thumbnail: `products/${slug}-1.jpg`,
      image: [1, 2, 3].map((n) => `products/${slug}-${n}.jpg`),
      // A sized design's stock is its sizes'; the size picker replaces its one-size fit field.
      ...(sizes ? { sizes } : { stock }),
      description,
      tags: [...tags],
      attributes,
      dynamicFields: [
        { fieldName: 'Weight', value: `${weight} g` },
        { fieldName: 'Purity', value: '92.5% Sterling Silver' },
        // BIS will not stamp pieces this small; they carry the 925 purity stamp instead.
        { fieldName: 'Hallmark', value: tinyPiece ? '925 purity stamp (too small for BIS mark)' : 'BIS Hallmarked' },
        ...(sizes ? [] : [{ fieldName: d.fit[0], value: d.fit[1] }]),
        { fieldName: 'Care', value: careField(d.plating) },
      ],
      subcategory: slugFromName(sub),
      collections: [],
      related: [],
      pairs: [],
      featured: d.featured ?? false,
      createdAt,
    };
    return { row, sub, plating: d.plating, effective };
  });

  // Collections by rule, so each is stocked with what a merchandiser would put there.
  for (const b of built) {
    const tags = new Set(b.row.tags);
    const cols: string[] = [];
    if (tags.has('bridal') || tags.has('engagement')) cols.push('bridal-edit');
    if (tags.has('minimal') || (tags.has('daily-wear') && b.plating === 'Rhodium')) cols.push('everyday-minimal');
    if (b.plating === 'Oxidised') cols.push('oxidised-heritage');
    if (tags.has('temple')) cols.push('temple-jewellery');
    if (b.effective < 1000) cols.push('gifts-under-999');
    if (tags.has('men')) cols.push('mens-silver');
    if (tags.has('kids')) cols.push('little-ones');
    b.row.collections = cols;
  }

  const bySub = new Map<string, Built[]>();
  for (const b of built) bySub.set(b.sub, [...(bySub.get(b.sub) ?? []), b]);

  for (const b of built) {
    const same = (bySub.get(b.sub) ?? []).filter((o) => o !== b).map((o) => o.row.slug);
    const related = same.slice(0, 4);
    const col = b.row.collections?.[0];
    if (col) {
      for (const o of built) {
        if (related.length >= 6) break;
        if (o !== b && o.sub !== b.sub && o.row.collections?.includes(col) && !related.includes(o.row.slug)) {
          related.push(o.row.slug);
        }
        if (related.length >= 5) break;
      }
    }
    b.row.related = related;

    // Pairs: matching pieces from complementary subcategories, same plating first.
    const candidates = (PAIRS_WITH[b.sub] ?? []).flatMap((s) => bySub.get(s) ?? []);
    const ranked = [...candidates.filter((o) => o.plating === b.plating), ...candidates.filter((o) => o.plating !== b.plating)];
    const n = 1 + (b.row.slug.length % 3);
    b.row.pairs = [...new Set(ranked.map((o) => o.row.slug))].slice(0, n);
  }

  const products = built.map((b) => b.row);
  const inCol = (c: string): string[] => products.filter((p) => p.collections?.includes(c)).map((p) => p.slug);
  const taggedWith = (t: string): string[] => products.filter((p) => p.tags?.includes(t)).map((p) => p.slug);

  const banners: BannerRow[] = [
    {
      key: 'festive-silver-web',
      type: 'web',
      status: 'active',
      imageType: 'Banner',
      image: 'banners/festive-silver-web.jpg',
      Heading: 'Festive silver, hallmarked and gift-ready',
      URL: '',
      products: taggedWith('festive').slice(0, 12),
    },
    {
      key: 'bridal-edit-web',
      type: 'web',
      status: 'active',
      imageType: 'Banner',
      image: 'banners/bridal-edit-web.jpg',
      Heading: 'The Bridal Edit: kemp, pearls and payal',
      URL: '',
      products: inCol('bridal-edit').slice(0, 12),
    },
    {
      key: 'everyday-minimal-web',
      type: 'web',
      status: 'active',
      imageType: 'Banner',
      image: 'banners/everyday-minimal-web.jpg',
      Heading: 'Everyday minimal, from ₹499',
      // Empty: the slide opens this banner's own page. Sample data links only to pages this shop builds,
      // never to another domain (a banner's URL is for a real shop's external link).
      URL: '',
      products: inCol('everyday-minimal').slice(0, 12),
    },
    {
      key: 'festive-silver-mobile',
      type: 'mobile',
      status: 'active',
      imageType: 'Banner',
      image: 'banners/festive-silver-mobile.jpg',
      Heading: 'Festive silver, gift-ready',
      URL: '',
      products: taggedWith('festive').slice(0, 12),
    },
    {
      key: 'bridal-edit-mobile',
      type: 'mobile',
      status: 'active',
      imageType: 'Banner',
      image: 'banners/bridal-edit-mobile.jpg',
      Heading: 'The Bridal Edit',
      URL: '',
      products: inCol('bridal-edit').slice(0, 12),
    },
    {
      key: 'oxidised-heritage-mobile',
      type: 'mobile',
      status: 'active',
      imageType: 'Banner',
      image: 'banners/oxidised-heritage-mobile.jpg',
      Heading: 'Oxidised heritage',
      URL: '',
      products: inCol('oxidised-heritage').slice(0, 12),
    },
    {
      key: 'gifts-under-999-promo',
      type: 'web',
      status: 'active',
      imageType: 'PromoBanner',
      image: 'banners/gifts-under-999-promo.jpg',
      Heading: 'Silver gifts under ₹999, free gift box',
      URL: '',
      products: inCol('gifts-under-999').slice(0, 16),
    },
    {
      key: 'monsoon-sale-web',
      type: 'web',
      status: 'inactive',
      imageType: 'Banner',
      image: 'banners/monsoon-sale-web.jpg',
      Heading: 'Monsoon sale: up to 25% off',
      URL: '',
      products: products
        .filter((p) => p.discountPrice !== null)
        .map((p) => p.slug)
        .slice(0, 12),
    },
  ];

  const headings = [
    // Each message says only what the policy pages promise (shipping, terms, cancellation and refunds), and
    // short enough for one line on a 360 px phone.
    { message: 'Free shipping on prepaid orders', isVisible: true },
    { message: 'Hallmarked 92.5 silver with a purity card', isVisible: true },
    { message: 'Damaged or wrong piece? 7-day replacement', isVisible: true },
    { message: 'Festive dispatch: up to 5 business days', isVisible: false },
  ];

  const settings = {
    currencyRates: { INR: 1, USD: 0.0118, AED: 0.0434, EUR: 0.0109, AUD: 0.018, GBP: 0.0093 },
    grievanceOfficer: {
      name: 'Meera Raghavan',
      email: 'grievance@chandikala.in',
      phone: '+91 80 4718 2290',
      address: 'Chandi Kala Silver Pvt. Ltd., 2nd Floor, 41 Avenue Road, Chickpet, Bengaluru, Karnataka 560002',
    },
    seller: {
      name: 'Chandi Kala Silver Pvt. Ltd. (sample shop)',
      address: '2nd Floor, 41 Avenue Road, Chickpet',
      city: 'Bengaluru',
      state: 'Karnataka' as const,
      pincode: '560002',
      gstin: '29AABCC1234D1Z7',
      email: 'accounts@chandikala.in',
      phone: '+91 80 4718 2200',
    },
  };

  return { categories, subcategories, collections, products, banners, headings, settings };
}

function main(): void {
  const data = build();
  // Validate the exact object we write (not the parsed one) so defaults are visible in the file.
  const parsed = CatalogueFileSchema.safeParse(data);
  if (!parsed.success) {
    console.error('Sample catalogue does not match CatalogueFileSchema:');
    for (const issue of parsed.error.issues) console.error(`  ${issue.path.join('.')}: ${issue.message}`);
    process.exit(1);
  }
  const c = parsed.data;
  checkReferences(c);
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify(data, null, 2)}\n`);
  const featured = c.products.filter((p) => p.featured).length;
  const discounted = c.products.filter((p) => p.discountPrice !== null).length;
  const stockOf = (p: (typeof c.products)[number]) => p.stock ?? p.sizes?.values.reduce((sum, v) => sum + v.stock, 0) ?? 0;
  const soldOut = c.products.filter((p) => stockOf(p) === 0).length;
  const sized = c.products.filter((p) => p.sizes).length;
  console.log(
    `Wrote ${OUT}: ${c.categories.length} categories, ${c.subcategories.length} subcategories, ` +
      `${c.collections.length} collections, ${c.products.length} products (${featured} featured, ` +
      `${discounted} discounted, ${soldOut} sold out, ${sized} sold in sizes), ${c.banners.length} banners, ${c.headings.length} headings`,
  );
}

/** The schema checks shapes only; dangling slugs would break the import, so check them here. */
function checkReferences(c: ReturnType<typeof CatalogueFileSchema.parse>): void {
  const fail = (msg: string): never => {
    throw new Error(`Sample catalogue reference error: ${msg}`);
  };
  const cats = new Set(c.categories.map((x) => x.slug));
  const subs = new Set(c.subcategories.map((x) => x.slug));
  const cols = new Set(c.collections.map((x) => x.slug));
  const prods = new Set(c.products.map((x) => x.slug));
  if (prods.size !== c.products.length) fail('duplicate product slugs');
  for (const s of c.subcategories) if (!cats.has(s.category)) fail(`subcategory ${s.slug} -> ${s.category}`);
  for (const p of c.products) {
    if (!subs.has(p.subcategory)) fail(`${p.slug} subcategory ${p.subcategory}`);
    for (const x of p.collections) if (!cols.has(x)) fail(`${p.slug} collection ${x}`);
    for (const x of [...p.related, ...p.pairs]) if (!prods.has(x) || x === p.slug) fail(`${p.slug} -> ${x}`);
    if (p.related.length < 3 || p.related.length > 6) fail(`${p.slug} has ${p.related.length} related`);
    if (p.pairs.length < 1 || p.pairs.length > 3) fail(`${p.slug} has ${p.pairs.length} pairs`);
  }
  for (const b of c.banners) for (const x of b.products) if (!prods.has(x)) fail(`banner ${b.key} -> ${x}`);
  for (const col of cols) if (!c.products.some((p) => p.collections.includes(col))) fail(`empty collection ${col}`);
}

main();
