/**
 * SVG building blocks for the jewellery renders: metal and gem gradients, stones, pearls,
 * backgrounds and display props. Everything is plain strings so sharp (librsvg) can rasterise it
 * without a browser, fonts or network.
 *
 * Translucency is always fill-opacity/stroke-opacity, never `opacity` on a shape: librsvg renders
 * every element with `opacity` into its own offscreen canvas, which made busy pieces ten times slower.
 */

/** A metal finish, chosen from the product's Plating attribute. */
export type Metal = 'silver' | 'oxidised' | 'gold' | 'rose';

/** The colour family of a stone as drawn. */
export type GemColour = 'white' | 'fire' | 'emerald' | 'ruby' | 'blue' | 'pink' | 'black';

/** What a piece is set with, drawn differently (faceted, cabochon, pearl, bead). */
export type StoneKind = 'cz' | 'moissanite' | 'kemp' | 'pearl' | 'onyx' | 'none';

/** Everything a piece drawing needs to know about the product. */
export interface Look {
  metal: Metal;
  stone: StoneKind;
  colour: GemColour;
  /** Lower-case slug/name words, used to pick a design variant (peacock, pearl, rope...). */
  words: string;
  rand: () => number;
}

/** mulberry32 seeded PRNG: every image is a pure function of its path. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a hash of a string, to seed the PRNG from an image path. */
export function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Rounds for compact SVG output. */
export const f = (n: number): string => (Math.round(n * 10) / 10).toString();
/** Three decimals, for scale factors. */
export const f3 = (n: number): string => (Math.round(n * 1000) / 1000).toString();

let uid = 0;
/** Unique id for clip paths and one-off gradients inside one document. */
export function nextId(prefix: string): string {
  uid += 1;
  return `${prefix}${uid}`;
}

/** Stops of each metal, light to dark bands, which is what makes a flat fill read as polished metal. */
const METAL_STOPS: Record<Metal, string[]> = {
  silver: ['#ffffff', '#e4e7eb', '#a3a9b1', '#f7f8fa', '#c3c8ce', '#6f767e', '#dfe2e6'],
  oxidised: ['#d8d4cc', '#99958d', '#4f4c46', '#aaa69e', '#5a5650', '#2b2926', '#8a867e'],
  gold: ['#fff7d6', '#f2d47e', '#b98a3b', '#fde9a9', '#d1a24b', '#80591d', '#ecc86d'],
  rose: ['#fff2ec', '#f2c6b5', '#ba7d69', '#fbe0d5', '#d59c88', '#8d5243', '#eab7a5'],
};

/** Flat mid tone of each metal, for thin engraved lines and small dots. */
export const METAL_MID: Record<Metal, string> = {
  silver: '#b9bec5',
  oxidised: '#6d6962',
  gold: '#d2a650',
  rose: '#d49c88',
};
/** Dark tone of each metal, for grooves and engraving. */
export const METAL_DARK: Record<Metal, string> = {
  silver: '#6b727a',
  oxidised: '#2a2825',
  gold: '#7a5418',
  rose: '#8a4e3f',
};
/** Highlight of each metal. */
export const METAL_LIGHT: Record<Metal, string> = {
  silver: '#ffffff',
  oxidised: '#e6e1d8',
  gold: '#fff8dc',
  rose: '#fff4ef',
};

function stops(colours: string[]): string {
  return colours.map((c, i) => `<stop offset="${f((i / (colours.length - 1)) * 100)}%" stop-color="${c}"/>`).join('');
}

/** Gem colours: light, mid, dark; the facets are drawn from these. */
const GEM: Record<GemColour, [string, string, string]> = {
  white: ['#ffffff', '#dfe7f0', '#8c9bb0'],
  fire: ['#ffffff', '#e8eef5', '#8d99ad'],
  emerald: ['#7ff0bd', '#11885a', '#03361f'],
  ruby: ['#ff8a9a', '#c0132f', '#4a0410'],
  blue: ['#a6d0ff', '#2460c8', '#0a2560'],
  pink: ['#ffd0e4', '#e0669f', '#7d1e4d'],
  black: ['#8a8d94', '#1d1f24', '#050506'],
};

/** All shared gradients and filters. Included once per document; ids are fixed and short. */
export function defs(): string {
  const parts: string[] = [];
  for (const m of Object.keys(METAL_STOPS) as Metal[]) {
    const s = METAL_STOPS[m];
    parts.push(
      // Diagonal: general surfaces.
      `<linearGradient id="${m}" x1="0" y1="0" x2="1" y2="1">${stops(s)}</linearGradient>`,
      // Across x: cylindrical walls (bands, bangle sides, wires).
      `<linearGradient id="${m}-h" x1="0" y1="0" x2="1" y2="0">${stops([s[5]!, s[2]!, s[0]!, s[1]!, s[4]!, s[0]!, s[2]!, s[5]!])}</linearGradient>`,
      `<linearGradient id="${m}-v" x1="0" y1="0" x2="0" y2="1">${stops([s[0]!, s[1]!, s[3]!, s[2]!, s[4]!, s[5]!])}</linearGradient>`,
      // Inner surfaces: darker, one soft reflection.
      `<linearGradient id="${m}-in" x1="0" y1="0" x2="1" y2="0">${stops([s[5]!, s[2]!, s[4]!, s[1]!, s[2]!, s[5]!])}</linearGradient>`,
      // Balls, beads and domes.
      `<radialGradient id="${m}-b" cx="0.5" cy="0.5" r="0.55" fx="0.34" fy="0.3">${stops([s[0]!, s[1]!, s[4]!, s[2]!, s[5]!])}</radialGradient>`,
    );
  }
  for (const c of Object.keys(GEM) as GemColour[]) {
    const [l, m, d] = GEM[c];
    parts.push(
      `<radialGradient id="gem-${c}" cx="0.5" cy="0.5" r="0.5" fx="0.4" fy="0.35"><stop offset="0%" stop-color="${l}"/><stop offset="45%" stop-color="${m}"/><stop offset="100%" stop-color="${d}"/></radialGradient>`,
      `<radialGradient id="cab-${c}" cx="0.5" cy="0.55" r="0.55" fx="0.38" fy="0.3"><stop offset="0%" stop-color="${l}"/><stop offset="35%" stop-color="${m}"/><stop offset="100%" stop-color="${d}"/></radialGradient>`,
      `<linearGradient id="drop-${c}" x1="0" y1="0" x2="1" y2="1"><stop offset="0%" stop-color="${l}"/><stop offset="50%" stop-color="${m}"/><stop offset="100%" stop-color="${d}"/></linearGradient>`,
    );
  }
  parts.push(
    `<radialGradient id="pearl" cx="0.5" cy="0.5" r="0.5" fx="0.36" fy="0.3"><stop offset="0%" stop-color="#ffffff"/><stop offset="30%" stop-color="#fbf6ec"/><stop offset="65%" stop-color="#ebe0cd"/><stop offset="90%" stop-color="#c9b9a0"/><stop offset="100%" stop-color="#a8977e"/></radialGradient>`,
    `<radialGradient id="pearl-glow" cx="0.5" cy="0.5" r="0.5"><stop offset="60%" stop-color="#ffd9e2" stop-opacity="0"/><stop offset="88%" stop-color="#f7c7d3" stop-opacity="0.45"/><stop offset="100%" stop-color="#d9c8ff" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5"><stop offset="0%" stop-color="#3a2f28" stop-opacity="0.38"/><stop offset="55%" stop-color="#3a2f28" stop-opacity="0.14"/><stop offset="100%" stop-color="#3a2f28" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="55%" stop-color="#2a1f1a" stop-opacity="0"/><stop offset="100%" stop-color="#2a1f1a" stop-opacity="0.2"/></radialGradient>`,
    `<radialGradient id="bokeh" cx="0.5" cy="0.5" r="0.5"><stop offset="0%" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="70%" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="100%" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="gold-bokeh" cx="0.5" cy="0.5" r="0.5"><stop offset="0%" stop-color="#ffe9b0" stop-opacity="0.75"/><stop offset="65%" stop-color="#f6c86a" stop-opacity="0.28"/><stop offset="100%" stop-color="#f6c86a" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="glint" cx="0.5" cy="0.5" r="0.5"><stop offset="0%" stop-color="#ffffff" stop-opacity="1"/><stop offset="30%" stop-color="#ffffff" stop-opacity="0.6"/><stop offset="100%" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    // A soft drop shadow for whole pieces; a modest blur keeps librsvg fast at 1500 px.
    `<filter id="drop" x="-20%" y="-20%" width="140%" height="150%" color-interpolation-filters="sRGB"><feGaussianBlur in="SourceAlpha" stdDeviation="9"/><feOffset dx="10" dy="22" result="b"/><feFlood flood-color="#3b2c24" flood-opacity="0.26"/><feComposite in2="b" operator="in"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
    `<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>`,
  );
  return `<defs>${parts.join('')}</defs>`;
}

/** A small four-point sparkle, drawn where light would catch a facet or polished edge. */
export function sparkle(x: number, y: number, r: number, opacity = 0.95): string {
  const t = r * 0.14;
  return (
    `<g fill-opacity="${opacity}"><circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.5)}" fill="url(#glint)"/>` +
    `<path d="M${f(x - r)} ${f(y)} L${f(x - t)} ${f(y - t)} L${f(x)} ${f(y - r)} L${f(x + t)} ${f(y - t)} L${f(x + r)} ${f(y)} L${f(x + t)} ${f(y + t)} L${f(x)} ${f(y + r)} L${f(x - t)} ${f(y + t)} Z" fill="#ffffff"/></g>`
  );
}

/** Facet tones per stone colour, lightest to darkest: the mosaic of these is what reads as "cut stone". */
const TONES: Record<GemColour, string[]> = {
  white: ['#ffffff', '#eef2f7', '#c6cfdb', '#8391a6', '#414b5c'],
  fire: ['#ffffff', '#f1f4f8', '#cbd3de', '#8a96aa', '#434c5c'],
  emerald: ['#c4f7df', '#4fd39a', '#14945f', '#0b5e3b', '#032a19'],
  ruby: ['#ffc9d1', '#ff5a6e', '#c4142f', '#7d0a1c', '#3d0309'],
  blue: ['#dcecff', '#7db4ff', '#2a63c9', '#143a80', '#081a40'],
  pink: ['#ffe6f1', '#ff9cc6', '#e0649a', '#a3336b', '#571136'],
  black: ['#a2a5ab', '#5c5f66', '#2a2c31', '#16171a', '#050506'],
};

/** A round brilliant-cut stone seen from above: table, star, kite and girdle facets in contrasting tones. */
export function gem(x: number, y: number, r: number, colour: GemColour, detail = true): string {
  const [, , dark] = GEM[colour];
  if (!detail || r < 9) {
    return (
      `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="url(#gem-${colour})" stroke="${dark}" stroke-opacity="0.6" stroke-width="${f(Math.max(0.6, r * 0.1))}"/>` +
      `<circle cx="${f(x + r * 0.15)}" cy="${f(y + r * 0.2)}" r="${f(r * 0.35)}" fill="${TONES[colour][4]}" fill-opacity="0.3"/>` +
      `<circle cx="${f(x - r * 0.3)}" cy="${f(y - r * 0.32)}" r="${f(r * 0.28)}" fill="#ffffff" fill-opacity="0.9"/>`
    );
  }
  const tones = TONES[colour];
  const P = (rad: number, deg: number): string =>
    `${f(x + Math.cos((deg * Math.PI) / 180) * r * rad)} ${f(y + Math.sin((deg * Math.PI) / 180) * r * rad)}`;
  // Light from the top left: facets facing it are bright, the far side dark, with a scatter of
  // reflections so it does not look like a shaded ball.
  const tone = (deg: number, k: number): string => {
    const lit = Math.cos(((deg + 135) * Math.PI) / 180);
    const jitter = ((k * 7919) % 13) / 13 - 0.5;
    const v = Math.min(4, Math.max(0, Math.round(2 - lit * 1.6 + jitter * 2.6)));
    return tones[v]!;
  };
  const out: string[] = [`<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${tones[2]}"/>`];
  for (let i = 0; i < 8; i++) {
    const a = i * 45 + 22.5;
    // Upper girdle facets.
    out.push(`<path d="M${P(0.8, a + 22.5)} L${P(1, a)} L${P(1, a + 22.5)} Z" fill="${tone(a + 11, i * 3 + 1)}"/>`);
    out.push(`<path d="M${P(0.8, a + 22.5)} L${P(1, a + 22.5)} L${P(1, a + 45)} Z" fill="${tone(a + 34, i * 3 + 2)}"/>`);
    // Kite (bezel) facets.
    out.push(`<path d="M${P(0.5, a)} L${P(0.8, a - 22.5)} L${P(1, a)} L${P(0.8, a + 22.5)} Z" fill="${tone(a + 180, i * 5 + 3)}"/>`);
    // Star facets.
    out.push(`<path d="M${P(0.5, a)} L${P(0.5, a + 45)} L${P(0.8, a + 22.5)} Z" fill="${tone(a + 22 + 90, i * 11 + 4)}"/>`);
  }
  const table = Array.from({ length: 8 }, (_, i) => P(0.5, i * 45 + 22.5)).join(' L');
  out.push(`<path d="M${table} Z" fill="${tones[1]}" fill-opacity="0.9"/>`);
  out.push(
    `<path d="M${P(0.5, 22.5)} L${P(0.5, 202.5)} M${P(0.5, 112.5)} L${P(0.5, 292.5)}" stroke="${tones[3]}" stroke-opacity="0.25" stroke-width="${f(r * 0.03)}"/>`,
  );
  out.push(
    `<path d="M${table} Z" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="${f(r * 0.025)}"/>` +
      `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="none" stroke="${tones[4]}" stroke-opacity="0.6" stroke-width="${f(r * 0.045)}"/>`,
  );
  if (colour === 'fire') {
    // Moissanite throws rainbow fire: a few coloured facets.
    const fire = ['#ff8fcf', '#7fdcff', '#ffe98a', '#a99bff', '#8dffc0'];
    fire.forEach((c, i) => {
      const a = i * 72 + 10;
      out.push(`<path d="M${P(0.8, a + 22.5)} L${P(1, a)} L${P(1, a + 22.5)} Z" fill="${c}" fill-opacity="0.7"/>`);
    });
  }
  out.push(sparkle(x - r * 0.25, y - r * 0.28, r * 0.55));
  return out.join('');
}

/** A smooth cabochon (kemp, onyx): domed with a strong glossy highlight. */
export function cabochon(x: number, y: number, rx: number, ry: number, colour: GemColour): string {
  return (
    `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(ry)}" fill="url(#cab-${colour})"/>` +
    `<ellipse cx="${f(x - rx * 0.25)}" cy="${f(y - ry * 0.38)}" rx="${f(rx * 0.45)}" ry="${f(ry * 0.22)}" fill="#ffffff" fill-opacity="0.55"/>` +
    `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(ry)}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="${f(Math.max(0.8, rx * 0.06))}"/>`
  );
}

/** A lustrous pearl with a pink overtone and a window-shaped highlight. */
export function pearl(x: number, y: number, r: number, ry = r): string {
  return (
    `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r)}" ry="${f(ry)}" fill="url(#pearl)"/>` +
    `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r)}" ry="${f(ry)}" fill="url(#pearl-glow)"/>` +
    `<ellipse cx="${f(x - r * 0.3)}" cy="${f(y - ry * 0.36)}" rx="${f(r * 0.22)}" ry="${f(ry * 0.14)}" fill="#ffffff" fill-opacity="0.9" transform="rotate(-30 ${f(x - r * 0.3)} ${f(y - ry * 0.36)})"/>`
  );
}

/** A polished metal bead. */
export function bead(x: number, y: number, r: number, metal: Metal): string {
  return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="url(#${metal}-b)"/>`;
}

/** The stone a piece is set with, at a spot: faceted, cabochon or pearl as the product says. */
export function stoneAt(x: number, y: number, r: number, look: Look, detail = true): string {
  switch (look.stone) {
    case 'pearl':
      return pearl(x, y, r);
    case 'kemp':
      return cabochon(x, y, r, r, look.colour);
    case 'onyx':
      return cabochon(x, y, r, r, 'black');
    case 'none':
      return bead(x, y, r * 0.8, look.metal);
    default:
      return gem(x, y, r, look.colour, detail);
  }
}

/** Four prongs around a stone. */
export function prongs(x: number, y: number, r: number, metal: Metal, n = 4): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2 + Math.PI / 4;
    s += bead(x + Math.cos(a) * r * 0.93, y + Math.sin(a) * r * 0.93, r * 0.16, metal);
  }
  return s;
}

/** A bezel (rim) behind a stone. */
export function bezel(x: number, y: number, r: number, metal: Metal): string {
  return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 1.14)}" fill="url(#${metal})" stroke="${METAL_DARK[metal]}" stroke-opacity="0.35" stroke-width="${f(r * 0.04)}"/>`;
}

/** Ground shadow under a piece: a radial gradient, far cheaper than a blur filter. */
export function groundShadow(x: number, y: number, rx: number, ry: number, opacity = 1): string {
  return `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(ry)}" fill="url(#shadow)" fill-opacity="${opacity}"/>`;
}

/** Soft background palettes: [centre, edge]. Pastel, ivory and blush like a studio sweep. */
export const PALETTES: Record<string, [string, string]> = {
  ivory: ['#fdfaf4', '#ece2d3'],
  blush: ['#fdf4f1', '#ecd6d1'],
  sage: ['#f6f8f3', '#dae2d5'],
  powder: ['#f5f8fb', '#d9e1ea'],
  lavender: ['#f9f6fb', '#e2dbea'],
  sand: ['#fcf6ee', '#e8dac6'],
  pearl: ['#fbfbfa', '#e3e1dd'],
  peach: ['#fff5ef', '#f0d8c8'],
};

/** A studio background: soft radial sweep, a faint tabletop horizon and a vignette. */
export function background(w: number, h: number, palette: [string, string], horizon = 0.62): string {
  const id = nextId('bg');
  const fl = nextId('fl');
  return (
    `<radialGradient id="${id}" cx="0.5" cy="0.42" r="0.8"><stop offset="0%" stop-color="${palette[0]}"/><stop offset="100%" stop-color="${palette[1]}"/></radialGradient>` +
    `<linearGradient id="${fl}" x1="0" y1="0" x2="0" y2="1"><stop offset="0%" stop-color="#ffffff" stop-opacity="0.0"/><stop offset="8%" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="100%" stop-color="${palette[1]}" stop-opacity="0.35"/></linearGradient>` +
    `<rect width="${w}" height="${h}" fill="url(#${id})"/>` +
    `<rect y="${f(h * horizon)}" width="${w}" height="${f(h * (1 - horizon))}" fill="url(#${fl})"/>` +
    `<rect width="${w}" height="${h}" fill="url(#vignette)"/>`
  );
}

/** Out-of-focus light circles, as from a window behind the set. */
export function bokeh(
  w: number,
  h: number,
  rand: () => number,
  n: number,
  warm = false,
  area: [number, number, number, number] = [0, 0, 1, 1],
): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    const x = (area[0] + rand() * (area[2] - area[0])) * w;
    const y = (area[1] + rand() * (area[3] - area[1])) * h;
    const r = (0.015 + rand() * 0.045) * Math.max(w, h);
    s += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="url(#${warm ? 'gold-bokeh' : 'bokeh'})" fill-opacity="${f(0.35 + rand() * 0.5)}"/>`;
  }
  return s;
}

/** Velvet colours for display props: [light, mid, dark]. */
export const VELVET: Record<string, [string, string, string]> = {
  navy: ['#3d5479', '#1f3150', '#0d1626'],
  maroon: ['#8a2f3f', '#5c1824', '#2b0a10'],
  emerald: ['#2f7460', '#174a3c', '#08211a'],
  plum: ['#8d5a7c', '#5d3352', '#2a1325'],
  charcoal: ['#5b5f66', '#34373d', '#15171a'],
  blush: ['#e8c0bb', '#c9928c', '#8c5a55'],
  teal: ['#3e7c83', '#1f5259', '#0b2529'],
};

/** Velvet gradients for one prop colour; ids are prefixed so several colours can coexist. */
export function velvetDefs(name: string): string {
  const [l, m, d] = VELVET[name] ?? VELVET['navy']!;
  return (
    `<linearGradient id="vel-${name}" x1="0" y1="0" x2="1" y2="0"><stop offset="0%" stop-color="${d}"/><stop offset="30%" stop-color="${m}"/><stop offset="55%" stop-color="${l}"/><stop offset="80%" stop-color="${m}"/><stop offset="100%" stop-color="${d}"/></linearGradient>` +
    `<radialGradient id="velr-${name}" cx="0.45" cy="0.35" r="0.7"><stop offset="0%" stop-color="${l}"/><stop offset="55%" stop-color="${m}"/><stop offset="100%" stop-color="${d}"/></radialGradient>` +
    `<linearGradient id="velv-${name}" x1="0" y1="0" x2="0" y2="1"><stop offset="0%" stop-color="${l}"/><stop offset="100%" stop-color="${d}"/></linearGradient>` +
    `<radialGradient id="velg-${name}" cx="0.5" cy="0.45" r="0.5"><stop offset="0%" stop-color="${l}" stop-opacity="0.5"/><stop offset="100%" stop-color="${l}" stop-opacity="0"/></radialGradient>`
  );
}

/** A velvet necklace bust, centred on x, neck top at y; `s` is the neck half-width. Necklaces sit at y + 1.25 s. */
export function bust(x: number, y: number, s: number, velvet: string): string {
  const base = y + s * 1.3;
  const sh = s * 3.3;
  const torso = [
    `M${f(x - s)} ${f(base - s * 0.2)}`,
    `C${f(x - s * 1.15)} ${f(base + s * 0.35)} ${f(x - sh * 0.6)} ${f(base + s * 0.45)} ${f(x - sh)} ${f(base + s * 1.3)}`,
    `L${f(x - sh * 1.05)} ${f(y + s * 9)} L${f(x + sh * 1.05)} ${f(y + s * 9)} L${f(x + sh)} ${f(base + s * 1.3)}`,
    `C${f(x + sh * 0.6)} ${f(base + s * 0.45)} ${f(x + s * 1.15)} ${f(base + s * 0.35)} ${f(x + s)} ${f(base - s * 0.2)} Z`,
  ].join(' ');
  const neck = `M${f(x - s * 0.9)} ${f(y)} L${f(x + s * 0.9)} ${f(y)} C${f(x + s * 0.92)} ${f(y + s * 0.7)} ${f(x + s)} ${f(base - s * 0.4)} ${f(x + s * 1.08)} ${f(base)} Q${f(x)} ${f(base + s * 0.35)} ${f(x - s * 1.08)} ${f(base)} C${f(x - s)} ${f(base - s * 0.4)} ${f(x - s * 0.92)} ${f(y + s * 0.7)} ${f(x - s * 0.9)} ${f(y)} Z`;
  return (
    `<path d="${torso}" fill="url(#vel-${velvet})"/>` +
    `<ellipse cx="${f(x)}" cy="${f(base + s * 1.7)}" rx="${f(s * 2.6)}" ry="${f(s * 1.6)}" fill="url(#velg-${velvet})"/>` +
    `<path d="${neck}" fill="url(#vel-${velvet})"/>` +
    // Shadow where the neck meets the chest, so the necklace has something to sit on.
    `<path d="M${f(x - s * 1.05)} ${f(base)} Q${f(x)} ${f(base + s * 0.38)} ${f(x + s * 1.05)} ${f(base)}" fill="none" stroke="#000" stroke-opacity="0.18" stroke-width="${f(s * 0.08)}"/>` +
    `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(s * 0.9)}" ry="${f(s * 0.2)}" fill="url(#velr-${velvet})"/>`
  );
}

/** A velvet ring cushion seen from slightly above; pieces stand in its slit at (x, y). */
export function cushion(x: number, y: number, w: number, velvet: string): string {
  const h = w * 0.46;
  return (
    `<rect x="${f(x - w / 2)}" y="${f(y - h * 0.42)}" width="${f(w)}" height="${f(h)}" rx="${f(h * 0.48)}" fill="url(#velv-${velvet})"/>` +
    `<ellipse cx="${f(x)}" cy="${f(y - h * 0.12)}" rx="${f(w * 0.47)}" ry="${f(h * 0.3)}" fill="url(#velr-${velvet})"/>` +
    `<ellipse cx="${f(x - w * 0.12)}" cy="${f(y - h * 0.2)}" rx="${f(w * 0.28)}" ry="${f(h * 0.1)}" fill="#ffffff" fill-opacity="0.07"/>` +
    // The slit the rings sit in.
    `<path d="M${f(x - w * 0.36)} ${f(y)} Q${f(x)} ${f(y + h * 0.07)} ${f(x + w * 0.36)} ${f(y)}" fill="none" stroke="#000" stroke-opacity="0.5" stroke-width="${f(h * 0.04)}" stroke-linecap="round"/>`
  );
}

/** The part of the cushion in front of its slit, drawn over a ring so it appears to sit inside. */
export function cushionFront(x: number, y: number, w: number, velvet: string): string {
  const h = w * 0.46;
  const id = nextId('cf');
  const clip = `M${f(x - w)} ${f(y)} L${f(x - w * 0.36)} ${f(y)} Q${f(x)} ${f(y + h * 0.07)} ${f(x + w * 0.36)} ${f(y)} L${f(x + w)} ${f(y)} L${f(x + w)} ${f(y + h)} L${f(x - w)} ${f(y + h)} Z`;
  return `<clipPath id="${id}"><path d="${clip}"/></clipPath><g clip-path="url(#${id})">${cushion(x, y, w, velvet)}</g>`;
}

/** Evenly spaced points along a polyline, with the tangent angle at each. */
export function resample(pts: [number, number][], step: number): { x: number; y: number; a: number }[] {
  const out: { x: number; y: number; a: number }[] = [];
  let carry = 0;
  for (let i = 1; i < pts.length; i++) {
    const [x0, y0] = pts[i - 1]!;
    const [x1, y1] = pts[i]!;
    const len = Math.hypot(x1 - x0, y1 - y0);
    const a = Math.atan2(y1 - y0, x1 - x0);
    let d = carry;
    while (d <= len) {
      const t = len === 0 ? 0 : d / len;
      out.push({ x: x0 + (x1 - x0) * t, y: y0 + (y1 - y0) * t, a });
      d += step;
    }
    carry = d - len;
  }
  return out;
}

/** Points of a U-shaped drape from (-w, top) down to depth and back, like a necklace laid flat. */
export function drape(w: number, top: number, depth: number, n = 200, pinch = 1): [number, number][] {
  const pts: [number, number][] = [];
  for (let i = 0; i <= n; i++) {
    const t = -Math.PI / 2 + (i / n) * Math.PI;
    pts.push([w * Math.sin(t), top + depth * Math.pow(Math.cos(t), pinch)]);
  }
  return pts;
}

/** Points on an ellipse from angle a0 to a1 (radians). */
export function arcPts(cx: number, cy: number, rx: number, ry: number, a0: number, a1: number, n = 160): [number, number][] {
  const pts: [number, number][] = [];
  for (let i = 0; i <= n; i++) {
    const a = a0 + ((a1 - a0) * i) / n;
    pts.push([cx + Math.cos(a) * rx, cy + Math.sin(a) * ry]);
  }
  return pts;
}

/** SVG path from points. */
export function pathD(pts: [number, number][], close = false): string {
  return `M${pts.map((p) => `${f(p[0])} ${f(p[1])}`).join(' L')}${close ? ' Z' : ''}`;
}
