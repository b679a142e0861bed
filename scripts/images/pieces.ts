/**
 * Jewellery drawings. Each returns a Piece drawn around (0, 0) in "piece units" (about 1000 across),
 * which a scene scales into place. Variants (peacock, pearl, rope...) are picked from words in the
 * product's slug so that a catalogue edited by the content team still gets fitting pictures.
 */
import {
  METAL_DARK,
  METAL_LIGHT,
  METAL_MID,
  arcPts,
  bead,
  bezel,
  cabochon,
  drape,
  f,
  gem,
  nextId,
  pathD,
  pearl,
  prongs,
  resample,
  sparkle,
  stoneAt,
  type GemColour,
  type Look,
  type Metal,
} from './svg.ts';

/** A drawn piece: SVG around the origin, its approximate size and the display prop it suits. */
export interface Piece {
  svg: string;
  w: number;
  h: number;
  prop: 'bust' | 'cushion' | 'tray';
  /** Point (piece units) the close-up view centres on; scenes pick one by prop when absent. */
  focus?: [number, number];
  /** Below 1 for tiny pieces, which look wrong blown up to fill the frame. */
  fill?: number;
}

/** How a necklace is laid: flat on a surface (closed loop) or worn on a bust (open U). */
export type Lay = 'flat' | 'worn';

type Pt = [number, number];
const has = (look: Look, ...words: string[]): boolean => words.some((w) => look.words.includes(w));

// ---------------------------------------------------------------------------------------------
// Bands: rings, bangles, kadas and hoops are all the same cylinder seen at an angle.
// ---------------------------------------------------------------------------------------------

interface BandOpts {
  /** Outer radius. */
  R: number;
  /** Foreshortening of the circle (ry / rx); 1 is face-on. */
  k: number;
  /** Radial thickness of the metal. */
  t: number;
  /** Width of the band along its axis, seen as the wall height. */
  h: number;
  metal: Metal;
  /** Extra SVG drawn over the outer wall, in band coordinates (clipped to the wall). */
  wallDecor?: string;
  /** Extra SVG drawn on the rim face, in band coordinates. */
  rimDecor?: string;
  /** Reduce contrast, as on brushed or matte metal. */
  matte?: boolean;
  /** Leave a gap at the front (open cuffs and toe rings), as a fraction of the circle. */
  gap?: number;
}

/** A band lying flat (axis vertical): inner far wall, rim face and near outer wall. */
function band(o: BandOpts): string {
  const { R, k, t, h, metal } = o;
  const ry = R * k;
  const r = R - t;
  const rr = r * k;
  const clip = nextId('cl');
  const wclip = nextId('wc');
  const front = `M${f(-R)} 0 A${f(R)} ${f(ry)} 0 0 0 ${f(R)} 0 L${f(R)} ${f(h)} A${f(R)} ${f(ry)} 0 0 1 ${f(-R)} ${f(h)} Z`;
  const back = `M${f(-r)} 0 A${f(r)} ${f(rr)} 0 0 1 ${f(r)} 0 L${f(r)} ${f(h)} A${f(r)} ${f(rr)} 0 0 0 ${f(-r)} ${f(h)} Z`;
  const rim = `M${f(-R)} 0 A${f(R)} ${f(ry)} 0 1 0 ${f(R)} 0 A${f(R)} ${f(ry)} 0 1 0 ${f(-R)} 0 Z M${f(-r)} 0 A${f(r)} ${f(rr)} 0 1 0 ${f(r)} 0 A${f(r)} ${f(rr)} 0 1 0 ${f(-r)} 0 Z`;
  const matte = o.matte
    ? `<path d="${front}" fill="#9aa0a7" fill-opacity="0.35"/><path d="${rim}" fill-rule="evenodd" fill="#9aa0a7" fill-opacity="0.3"/>`
    : '';
  let s =
    `<clipPath id="${clip}"><ellipse cx="0" cy="0" rx="${f(r)}" ry="${f(rr)}"/></clipPath>` +
    `<clipPath id="${wclip}"><path d="${front}"/></clipPath>` +
    `<path d="${back}" fill="url(#${metal}-in)" clip-path="url(#${clip})"/>` +
    `<path d="${rim}" fill-rule="evenodd" fill="url(#${metal})"/>` +
    `<path d="${front}" fill="url(#${metal}-h)"/>` +
    matte +
    (o.wallDecor ? `<g clip-path="url(#${wclip})">${o.wallDecor}</g>` : '') +
    // Edge lines: a bright rim edge and a dark lower edge give the band its crispness.
    `<path d="M${f(-R)} 0 A${f(R)} ${f(ry)} 0 0 0 ${f(R)} 0" fill="none" stroke="${METAL_LIGHT[metal]}" stroke-opacity="0.8" stroke-width="${f(Math.max(1.5, t * 0.06))}"/>` +
    `<path d="M${f(-R)} ${f(h)} A${f(R)} ${f(ry)} 0 0 0 ${f(R)} ${f(h)}" fill="none" stroke="${METAL_DARK[metal]}" stroke-opacity="0.55" stroke-width="${f(Math.max(1.5, t * 0.05))}"/>` +
    `<ellipse cx="0" cy="0" rx="${f(r)}" ry="${f(rr)}" fill="none" stroke="${METAL_DARK[metal]}" stroke-opacity="0.4" stroke-width="${f(Math.max(1, t * 0.04))}"/>` +
    (o.rimDecor ?? '');
  if (o.gap) {
    // Open cuff: clip away a wedge at the front. A clip path, not a mask: masks make librsvg
    // render an offscreen canvas and are several times slower.
    const c = nextId('gc');
    const a = o.gap * Math.PI;
    const big = R * 2;
    const wedge = `M0 0 L${f(Math.cos(Math.PI / 2 - a) * big)} ${f(Math.sin(Math.PI / 2 - a) * big)} L${f(Math.cos(Math.PI / 2 + a) * big)} ${f(Math.sin(Math.PI / 2 + a) * big)} Z`;
    s = `<clipPath id="${c}"><path clip-rule="evenodd" d="M${f(-big)} ${f(-big)} H${f(big)} V${f(big)} H${f(-big)} Z ${wedge}"/></clipPath><g clip-path="url(#${c})">${s}</g>`;
  }
  return s;
}

/** Points along the middle of a band's outer wall, front half, with a foreshortening factor. */
function wallPoints(R: number, k: number, h: number, n: number, from = 0.08, to = 0.92): { x: number; y: number; s: number }[] {
  const out: { x: number; y: number; s: number }[] = [];
  for (let i = 0; i < n; i++) {
    const a = Math.PI * (from + ((to - from) * (i + 0.5)) / n);
    out.push({ x: -Math.cos(a) * R, y: Math.sin(a) * R * k + h / 2, s: Math.max(0.25, Math.sin(a)) });
  }
  return out;
}

/** Diagonal twist stripes for rope bands, drawn over the wall. */
function ropeStripes(R: number, h: number, metal: Metal, n: number): string {
  let s = '';
  for (let i = 0; i <= n; i++) {
    const x = -R + (2 * R * i) / n;
    s += `<path d="M${f(x - h * 0.5)} ${f(-R)} L${f(x + h * 0.5)} ${f(R)}" stroke="${METAL_DARK[metal]}" stroke-opacity="0.45" stroke-width="${f(h * 0.12)}"/>`;
    s += `<path d="M${f(x - h * 0.5 + h * 0.2)} ${f(-R)} L${f(x + h * 0.5 + h * 0.2)} ${f(R)}" stroke="#fff" stroke-opacity="0.45" stroke-width="${f(h * 0.06)}"/>`;
  }
  return s;
}

/** Small random facets, lighter and darker, for hammered and diamond-cut metal. */
function facets(R: number, k: number, h: number, rand: () => number, n: number, size: number): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    const a = Math.PI * rand();
    const x = -Math.cos(a) * R;
    const y = Math.sin(a) * R * k + rand() * h;
    const r = size * (0.6 + rand() * 0.6);
    const c = rand() > 0.5 ? '#ffffff' : '#000000';
    s += `<path d="M${f(x - r)} ${f(y)} L${f(x)} ${f(y - r * 0.6)} L${f(x + r)} ${f(y)} L${f(x)} ${f(y + r * 0.6)} Z" fill="${c}" fill-opacity="${f(0.12 + rand() * 0.2)}"/>`;
  }
  return s;
}

/** A regular band of machine-cut facets: alternating bright and dark triangles around the wall. */
function diamondCut(R: number, k: number, h: number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    const a0 = (Math.PI * i) / n;
    const a1 = (Math.PI * (i + 1)) / n;
    const x0 = -Math.cos(a0) * R;
    const x1 = -Math.cos(a1) * R;
    const y0 = Math.sin(a0) * R * k;
    const y1 = Math.sin(a1) * R * k;
    const xm = (x0 + x1) / 2;
    const ym = (y0 + y1) / 2;
    const bright = i % 2 === 0;
    s += `<path d="M${f(x0)} ${f(y0)} L${f(x1)} ${f(y1)} L${f(xm)} ${f(ym + h)} Z" fill="${bright ? '#ffffff' : '#000000'}" fill-opacity="${bright ? 0.38 : 0.16}"/>`;
    s += `<path d="M${f(x0)} ${f(y0 + h)} L${f(x1)} ${f(y1 + h)} L${f(xm)} ${f(ym)} Z" fill="${bright ? '#000000' : '#ffffff'}" fill-opacity="${bright ? 0.12 : 0.3}"/>`;
  }
  return s;
}

/** Tiny dark dots in a line, the beaded/granulated borders of Indian silverwork. */
function dots(pts: Pt[], r: number, colour: string, opacity = 0.7): string {
  return pts.map(([x, y]) => `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${colour}" fill-opacity="${opacity}"/>`).join('');
}

/** A standing ring band (axis horizontal), its top at (0, -R). */
function ringBand(R: number, look: Look, opts: Partial<BandOpts> = {}, k = 0.5): string {
  const h = opts.h ?? R * 0.26;
  return `<g transform="translate(${f(-h / 2)} 0) rotate(-90)">${band({ R, k, t: R * 0.16, h, metal: look.metal, ...opts })}</g>`;
}

// ---------------------------------------------------------------------------------------------
// Motifs
// ---------------------------------------------------------------------------------------------

/** A flower of metal petals with a centre stone. */
function flower(x: number, y: number, r: number, look: Look, petals = 6, petalStones = false): string {
  let s = '';
  for (let i = 0; i < petals; i++) {
    const a = (i / petals) * 360 - 90;
    const rad = (a * Math.PI) / 180;
    const px = x + Math.cos(rad) * r * 0.55;
    const py = y + Math.sin(rad) * r * 0.55;
    s += `<ellipse cx="${f(px)}" cy="${f(py)}" rx="${f(r * 0.5)}" ry="${f(r * 0.32)}" transform="rotate(${f(a)} ${f(px)} ${f(py)})" fill="url(#${look.metal})" stroke="${METAL_DARK[look.metal]}" stroke-opacity="0.45" stroke-width="${f(r * 0.03)}"/>`;
    if (petalStones && look.stone !== 'none') s += stoneAt(px, py, r * 0.22, look, false);
    else
      s += `<ellipse cx="${f(px)}" cy="${f(py)}" rx="${f(r * 0.3)}" ry="${f(r * 0.08)}" transform="rotate(${f(a)} ${f(px)} ${f(py)})" fill="${METAL_DARK[look.metal]}" fill-opacity="0.25"/>`;
  }
  s += bezel(x, y, r * 0.34, look.metal);
  s += look.stone === 'none' ? bead(x, y, r * 0.32, look.metal) : stoneAt(x, y, r * 0.33, look);
  return s;
}

/** A solitaire head: a basket of prongs holding a large stone above the band. */
function solitaire(x: number, y: number, r: number, look: Look): string {
  const m = look.metal;
  return (
    `<path d="M${f(x - r * 0.75)} ${f(y + r * 0.3)} L${f(x - r * 0.25)} ${f(y + r * 1.25)} L${f(x + r * 0.25)} ${f(y + r * 1.25)} L${f(x + r * 0.75)} ${f(y + r * 0.3)} Z" fill="url(#${m}-h)" stroke="${METAL_DARK[m]}" stroke-opacity="0.4" stroke-width="2"/>` +
    `<path d="M${f(x - r * 0.42)} ${f(y + r * 0.7)} L${f(x + r * 0.42)} ${f(y + r * 0.7)}" stroke="${METAL_DARK[m]}" stroke-opacity="0.5" stroke-width="${f(r * 0.08)}"/>` +
    gem(x, y, r, look.stone === 'moissanite' ? 'fire' : look.colour) +
    prongs(x, y, r, m, 6)
  );
}

/** An oval coloured stone in a halo of small white stones. */
function halo(x: number, y: number, r: number, look: Look): string {
  let s = `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r * 1.25)}" ry="${f(r * 1.5)}" fill="url(#${look.metal})"/>`;
  const n = 16;
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    s += gem(x + Math.cos(a) * r * 1.08, y + Math.sin(a) * r * 1.33, r * 0.16, 'white', false);
  }
  s += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r * 0.82)}" ry="${f(r * 1.05)}" fill="url(#gem-${look.colour})"/>`;
  s += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r * 0.45)}" ry="${f(r * 0.6)}" fill="#fff" fill-opacity="0.18"/>`;
  s += `<path d="M${f(x - r * 0.82)} ${f(y)} L${f(x + r * 0.82)} ${f(y)} M${f(x)} ${f(y - r * 1.05)} L${f(x)} ${f(y + r * 1.05)}" stroke="#fff" stroke-opacity="0.2" stroke-width="${f(r * 0.04)}"/>`;
  s += sparkle(x - r * 0.3, y - r * 0.45, r * 0.55);
  return s;
}

/** A hand-engraved mandala disc, with a dotted border and petals. */
function mandala(x: number, y: number, r: number, metal: Metal): string {
  const d = METAL_DARK[metal];
  let s = `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="url(#${metal})"/>`;
  s += dots(arcPts(x, y, r * 0.9, r * 0.9, 0, Math.PI * 2, 28).slice(0, 28), r * 0.05, d);
  s += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.78)}" fill="none" stroke="${d}" stroke-opacity="0.6" stroke-width="${f(r * 0.04)}"/>`;
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * 360;
    s += `<path d="M${f(x)} ${f(y - r * 0.2)} Q${f(x + r * 0.16)} ${f(y - r * 0.5)} ${f(x)} ${f(y - r * 0.74)} Q${f(x - r * 0.16)} ${f(y - r * 0.5)} ${f(x)} ${f(y - r * 0.2)} Z" transform="rotate(${a} ${f(x)} ${f(y)})" fill="url(#${metal}-b)" stroke="${d}" stroke-opacity="0.55" stroke-width="${f(r * 0.025)}"/>`;
  }
  s += bead(x, y, r * 0.2, metal);
  s += dots(arcPts(x, y, r * 0.28, r * 0.28, 0, Math.PI * 2, 10).slice(0, 10), r * 0.03, d);
  return s;
}

/** A stylised peacock: fanned tail of eyed feathers, body and crest. */
function peacock(x: number, y: number, s: number, look: Look): string {
  const m = look.metal;
  const d = METAL_DARK[m];
  let out = '';
  const n = 7;
  for (let i = 0; i < n; i++) {
    const a = -150 + (i * 120) / (n - 1);
    const rad = (a * Math.PI) / 180;
    const cx = x + s * 0.25 + Math.cos(rad) * s * 0.55;
    const cy = y + Math.sin(rad) * s * 0.55;
    out += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(s * 0.36)}" ry="${f(s * 0.15)}" transform="rotate(${f(a)} ${f(cx)} ${f(cy)})" fill="url(#${m})" stroke="${d}" stroke-opacity="0.5" stroke-width="${f(s * 0.015)}"/>`;
    const ex = x + s * 0.25 + Math.cos(rad) * s * 0.72;
    const ey = y + Math.sin(rad) * s * 0.72;
    out +=
      look.stone === 'none' || look.stone === 'pearl'
        ? `<circle cx="${f(ex)}" cy="${f(ey)}" r="${f(s * 0.07)}" fill="${d}" fill-opacity="0.7"/><circle cx="${f(ex)}" cy="${f(ey)}" r="${f(s * 0.03)}" fill="${METAL_LIGHT[m]}"/>`
        : stoneAt(ex, ey, s * 0.08, look, false);
  }
  // Body and neck.
  out += `<path d="M${f(x - s * 0.05)} ${f(y + s * 0.28)} C${f(x - s * 0.3)} ${f(y + s * 0.1)} ${f(x - s * 0.25)} ${f(y - s * 0.3)} ${f(x - s * 0.15)} ${f(y - s * 0.45)} C${f(x - s * 0.1)} ${f(y - s * 0.55)} ${f(x + s * 0.02)} ${f(y - s * 0.5)} ${f(x)} ${f(y - s * 0.4)} C${f(x - s * 0.05)} ${f(y - s * 0.2)} ${f(x + s * 0.3)} ${f(y)} ${f(x + s * 0.2)} ${f(y + s * 0.25)} Z" fill="url(#${m}-b)" stroke="${d}" stroke-opacity="0.6" stroke-width="${f(s * 0.02)}"/>`;
  out += `<circle cx="${f(x - s * 0.1)}" cy="${f(y - s * 0.48)}" r="${f(s * 0.02)}" fill="${d}"/>`;
  out += `<path d="M${f(x - s * 0.17)} ${f(y - s * 0.47)} L${f(x - s * 0.26)} ${f(y - s * 0.44)} L${f(x - s * 0.17)} ${f(y - s * 0.43)} Z" fill="${METAL_MID[m]}"/>`;
  for (let i = 0; i < 3; i++) {
    const cx = x - s * 0.12 + i * s * 0.05;
    out += `<path d="M${f(x - s * 0.09)} ${f(y - s * 0.53)} L${f(cx)} ${f(y - s * 0.66)}" stroke="${METAL_MID[m]}" stroke-width="${f(s * 0.012)}"/>${bead(cx, y - s * 0.67, s * 0.022, m)}`;
  }
  out += dots(
    [0, 1, 2, 3].map((i): Pt => [x - s * 0.08 + i * s * 0.05, y - s * 0.05 + i * s * 0.06]),
    s * 0.018,
    d,
  );
  return out;
}

/** A lotus of pointed petals, stones in the petals if the piece has them. */
function lotus(x: number, y: number, r: number, look: Look): string {
  const m = look.metal;
  let s = '';
  for (let layer = 0; layer < 2; layer++) {
    const n = layer ? 8 : 8;
    const rr = r * (layer ? 0.7 : 1);
    for (let i = 0; i < n; i++) {
      const a = (i / n) * 360 + (layer ? 22.5 : 0);
      s += `<path d="M${f(x)} ${f(y)} Q${f(x + rr * 0.32)} ${f(y - rr * 0.5)} ${f(x)} ${f(y - rr)} Q${f(x - rr * 0.32)} ${f(y - rr * 0.5)} ${f(x)} ${f(y)} Z" transform="rotate(${f(a)} ${f(x)} ${f(y)})" fill="url(#${m})" stroke="${METAL_DARK[m]}" stroke-opacity="0.5" stroke-width="${f(r * 0.02)}"/>`;
      if (layer === 1 && look.stone === 'kemp') {
        const rad = ((a - 90) * Math.PI) / 180;
        s += cabochon(x + Math.cos(rad) * rr * 0.55, y + Math.sin(rad) * rr * 0.55, r * 0.1, r * 0.14, look.colour);
      }
    }
  }
  s += look.stone === 'none' ? bead(x, y, r * 0.22, m) : pearl(x, y, r * 0.22);
  return s;
}

/** A leaf with a centre vein. */
function leaf(x: number, y: number, len: number, angle: number, metal: Metal): string {
  const w = len * 0.42;
  return (
    `<g transform="rotate(${f(angle)} ${f(x)} ${f(y)})"><path d="M${f(x)} ${f(y)} Q${f(x + len * 0.5)} ${f(y - w)} ${f(x + len)} ${f(y)} Q${f(x + len * 0.5)} ${f(y + w)} ${f(x)} ${f(y)} Z" fill="url(#${metal})" stroke="${METAL_DARK[metal]}" stroke-opacity="0.45" stroke-width="${f(len * 0.03)}"/>` +
    `<path d="M${f(x + len * 0.08)} ${f(y)} L${f(x + len * 0.85)} ${f(y)}" stroke="${METAL_DARK[metal]}" stroke-opacity="0.4" stroke-width="${f(len * 0.03)}"/></g>`
  );
}

/** A heart outline path, centred, pointing down. */
function heartPath(x: number, y: number, s: number): string {
  return `M${f(x)} ${f(y + s * 0.9)} C${f(x - s * 1.3)} ${f(y + s * 0.1)} ${f(x - s * 0.9)} ${f(y - s * 0.95)} ${f(x)} ${f(y - s * 0.35)} C${f(x + s * 0.9)} ${f(y - s * 0.95)} ${f(x + s * 1.3)} ${f(y + s * 0.1)} ${f(x)} ${f(y + s * 0.9)} Z`;
}

/** A five-point star path. */
function starPath(x: number, y: number, r: number): string {
  const pts: Pt[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.45 : r;
    pts.push([x + Math.cos(a) * rr, y + Math.sin(a) * rr]);
  }
  return pathD(pts, true);
}

/** A blue evil-eye charm in a metal bezel. */
function evilEye(x: number, y: number, r: number, metal: Metal): string {
  return (
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 1.12)}" fill="url(#${metal})"/>` +
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="url(#cab-blue)"/>` +
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.55)}" fill="#f4f7fb"/>` +
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.38)}" fill="#5fb3ff"/>` +
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.2)}" fill="#0b1330"/>` +
    `<ellipse cx="${f(x - r * 0.35)}" cy="${f(y - r * 0.45)}" rx="${f(r * 0.35)}" ry="${f(r * 0.16)}" fill="#fff" fill-opacity="0.55"/>`
  );
}

/** A coin with a beaded rim and an embossed seated figure on a lotus (Lakshmi kasu). */
function coin(x: number, y: number, r: number, metal: Metal, figure = true): string {
  const d = METAL_DARK[metal];
  let s = `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="url(#${metal})" stroke="${d}" stroke-opacity="0.5" stroke-width="${f(r * 0.04)}"/>`;
  s += dots(arcPts(x, y, r * 0.86, r * 0.86, 0, Math.PI * 2, 22).slice(0, 22), r * 0.055, d, 0.55);
  s += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.72)}" fill="url(#${metal}-b)" fill-opacity="0.7"/>`;
  if (figure) {
    s += `<circle cx="${f(x)}" cy="${f(y - r * 0.34)}" r="${f(r * 0.13)}" fill="url(#${metal}-b)" stroke="${d}" stroke-opacity="0.6" stroke-width="${f(r * 0.02)}"/>`;
    s += `<path d="M${f(x)} ${f(y - r * 0.56)} L${f(x - r * 0.08)} ${f(y - r * 0.45)} L${f(x + r * 0.08)} ${f(y - r * 0.45)} Z" fill="${METAL_MID[metal]}"/>`;
    s += `<path d="M${f(x - r * 0.22)} ${f(y + r * 0.25)} C${f(x - r * 0.3)} ${f(y - r * 0.05)} ${f(x - r * 0.15)} ${f(y - r * 0.22)} ${f(x)} ${f(y - r * 0.2)} C${f(x + r * 0.15)} ${f(y - r * 0.22)} ${f(x + r * 0.3)} ${f(y - r * 0.05)} ${f(x + r * 0.22)} ${f(y + r * 0.25)} Z" fill="url(#${metal}-b)" stroke="${d}" stroke-opacity="0.55" stroke-width="${f(r * 0.02)}"/>`;
    s += `<path d="M${f(x - r * 0.42)} ${f(y + r * 0.4)} Q${f(x)} ${f(y + r * 0.18)} ${f(x + r * 0.42)} ${f(y + r * 0.4)} Q${f(x)} ${f(y + r * 0.5)} ${f(x - r * 0.42)} ${f(y + r * 0.4)} Z" fill="${METAL_MID[metal]}" stroke="${d}" stroke-opacity="0.5" stroke-width="${f(r * 0.02)}"/>`;
    s += `<path d="M${f(x - r * 0.36)} ${f(y - r * 0.02)} L${f(x - r * 0.46)} ${f(y - r * 0.18)} M${f(x + r * 0.36)} ${f(y - r * 0.02)} L${f(x + r * 0.46)} ${f(y - r * 0.18)}" stroke="${d}" stroke-opacity="0.5" stroke-width="${f(r * 0.03)}" stroke-linecap="round"/>`;
  }
  return s;
}

/** A ghungroo bell: a round bell with a slit, hanging from a small loop. */
function ghungroo(x: number, y: number, r: number, metal: Metal, angle = 0): string {
  return (
    `<g transform="rotate(${f(angle)} ${f(x)} ${f(y)})">` +
    `<circle cx="${f(x)}" cy="${f(y - r * 1.15)}" r="${f(r * 0.32)}" fill="none" stroke="url(#${metal})" stroke-width="${f(r * 0.14)}"/>` +
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="url(#${metal}-b)"/>` +
    `<path d="M${f(x - r * 0.7)} ${f(y + r * 0.25)} Q${f(x)} ${f(y + r * 0.45)} ${f(x + r * 0.7)} ${f(y + r * 0.25)}" fill="none" stroke="${METAL_DARK[metal]}" stroke-width="${f(r * 0.16)}" stroke-linecap="round"/>` +
    `<circle cx="${f(x)}" cy="${f(y - r * 0.2)}" r="${f(r * 0.86)}" fill="none" stroke="${METAL_DARK[metal]}" stroke-opacity="0.25" stroke-width="${f(r * 0.05)}"/>` +
    `</g>`
  );
}

// ---------------------------------------------------------------------------------------------
// Chains
// ---------------------------------------------------------------------------------------------

/** Chain styles, recognised in product names. */
export type ChainStyle = 'cable' | 'box' | 'rope' | 'snake' | 'figaro' | 'bead';

/** Links along a path: the look of each chain style at a glance. */
function chain(pts: Pt[], style: ChainStyle, metal: Metal, L: number): string {
  const d = METAL_DARK[metal];
  if (style === 'snake') {
    const p = pathD(pts);
    let s =
      `<path d="${p}" fill="none" stroke="${d}" stroke-width="${f(L * 0.85)}" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<path d="${p}" fill="none" stroke="${METAL_MID[metal]}" stroke-width="${f(L * 0.62)}" stroke-linecap="round" stroke-linejoin="round"/>`;
    for (const q of resample(pts, L * 0.34)) {
      const nx = -Math.sin(q.a) * L * 0.3;
      const ny = Math.cos(q.a) * L * 0.3;
      s += `<path d="M${f(q.x - nx)} ${f(q.y - ny)} L${f(q.x + nx)} ${f(q.y + ny)}" stroke="${d}" stroke-opacity="0.35" stroke-width="${f(L * 0.08)}"/>`;
    }
    return (
      s +
      `<path d="${p}" fill="none" stroke="${METAL_LIGHT[metal]}" stroke-opacity="0.85" stroke-width="${f(L * 0.16)}" transform="translate(${f(-L * 0.1)} ${f(-L * 0.12)})"/>`
    );
  }
  const step = style === 'bead' ? L * 1.2 : style === 'rope' ? L * 0.42 : style === 'box' ? L * 0.95 : L * 0.78;
  const links = resample(pts, step);
  let s = '';
  links.forEach((q, i) => {
    const deg = (q.a * 180) / Math.PI;
    switch (style) {
      case 'cable':
        s +=
          i % 2 === 0
            ? `<ellipse cx="${f(q.x)}" cy="${f(q.y)}" rx="${f(L * 0.56)}" ry="${f(L * 0.34)}" transform="rotate(${f(deg)} ${f(q.x)} ${f(q.y)})" fill="none" stroke="url(#${metal})" stroke-width="${f(L * 0.17)}"/>`
            : `<rect x="${f(q.x - L * 0.55)}" y="${f(q.y - L * 0.1)}" width="${f(L * 1.1)}" height="${f(L * 0.2)}" rx="${f(L * 0.1)}" transform="rotate(${f(deg)} ${f(q.x)} ${f(q.y)})" fill="url(#${metal}-v)"/>`;
        break;
      case 'box':
        s += `<g transform="rotate(${f(deg)} ${f(q.x)} ${f(q.y)})"><rect x="${f(q.x - L * 0.45)}" y="${f(q.y - L * 0.4)}" width="${f(L * 0.9)}" height="${f(L * 0.8)}" fill="url(#${metal})" stroke="${d}" stroke-opacity="0.5" stroke-width="${f(L * 0.06)}"/><rect x="${f(q.x - L * 0.22)}" y="${f(q.y - L * 0.18)}" width="${f(L * 0.44)}" height="${f(L * 0.36)}" fill="${d}" fill-opacity="0.55"/></g>`;
        break;
      case 'rope':
        s += `<ellipse cx="${f(q.x)}" cy="${f(q.y)}" rx="${f(L * 0.5)}" ry="${f(L * 0.2)}" transform="rotate(${f(deg + 50)} ${f(q.x)} ${f(q.y)})" fill="url(#${metal}-v)" stroke="${d}" stroke-opacity="0.35" stroke-width="${f(L * 0.04)}"/>`;
        break;
      case 'figaro': {
        const long = i % 4 === 3;
        const rx = long ? L * 0.95 : L * 0.5;
        s += `<ellipse cx="${f(q.x)}" cy="${f(q.y)}" rx="${f(rx)}" ry="${f(L * 0.36)}" transform="rotate(${f(deg)} ${f(q.x)} ${f(q.y)})" fill="none" stroke="url(#${metal})" stroke-width="${f(L * 0.2)}"/>`;
        break;
      }
      case 'bead':
        s +=
          `<path d="M${f(q.x)} ${f(q.y)} l${f(Math.cos(q.a) * step)} ${f(Math.sin(q.a) * step)}" stroke="${METAL_MID[metal]}" stroke-width="${f(L * 0.12)}"/>` +
          bead(q.x, q.y, L * 0.42, metal);
        break;
    }
  });
  if (style === 'figaro') {
    // Figaro links have a long link every fourth; space them by re-walking with varying steps.
    return s;
  }
  return s;
}

/** A lobster clasp and jump ring at a point. */
function clasp(x: number, y: number, s: number, metal: Metal, angle = 0): string {
  return (
    `<g transform="rotate(${f(angle)} ${f(x)} ${f(y)})">` +
    `<ellipse cx="${f(x + s * 0.9)}" cy="${f(y)}" rx="${f(s * 0.9)}" ry="${f(s * 0.48)}" fill="url(#${metal}-v)" stroke="${METAL_DARK[metal]}" stroke-opacity="0.5" stroke-width="${f(s * 0.06)}"/>` +
    `<path d="M${f(x + s * 0.5)} ${f(y - s * 0.1)} L${f(x + s * 1.3)} ${f(y - s * 0.1)}" stroke="${METAL_DARK[metal]}" stroke-opacity="0.5" stroke-width="${f(s * 0.08)}"/>` +
    `<circle cx="${f(x - s * 0.35)}" cy="${f(y)}" r="${f(s * 0.32)}" fill="none" stroke="url(#${metal})" stroke-width="${f(s * 0.12)}"/>` +
    `</g>`
  );
}

/** A necklace outline: a teardrop loop laid flat (clasp at top), or an open U worn on a bust. */
function necklacePath(lay: Lay, W: number, D: number, n = 260): Pt[] {
  if (lay === 'worn') return drape(W, 0, D, n, 1.25);
  const pts: Pt[] = [];
  for (let i = 0; i <= n; i++) {
    const t = (i / n) * Math.PI * 2;
    const pinch = Math.pow((1 - Math.cos(t)) / 2, 0.38);
    pts.push([W * Math.sin(t) * pinch * 1.05, -D / 2 + D * ((1 - Math.cos(t)) / 2)]);
  }
  return pts;
}

// ---------------------------------------------------------------------------------------------
// Piece types
// ---------------------------------------------------------------------------------------------

/** Squashes a ring head vertically about the band top, as its face is seen from a low angle. */
function onTop(svg: string, y: number, sy: number): string {
  return `<g transform="translate(0 ${f(y)}) scale(1 ${sy}) translate(0 ${f(-y)})">${svg}</g>`;
}

function ringPiece(look: Look): Piece {
  const R = 260;
  const k = 0.7;
  const m = look.metal;
  const top = -R;
  let head = '';
  let bandOpts: Partial<BandOpts> = {};
  let noBand = false;
  let topY: number;
  if (has(look, 'solitaire', 'moissanite-solitaire')) {
    head = solitaire(0, -R - 95, 88, look);
    bandOpts = { t: R * 0.1, h: R * 0.18 };
    topY = -R - 190;
  } else if (has(look, 'halo', 'cocktail')) {
    head = onTop(halo(0, -R - 30, 95, look), top, 0.72);
    topY = -R - 140;
  } else if (has(look, 'mandala')) {
    head = onTop(mandala(0, -R - 20, 150, m), top, 0.7);
    topY = -R - 130;
  } else if (has(look, 'peacock')) {
    head = peacock(0, -R - 30, 250, look);
    topY = -R - 210;
  } else if (has(look, 'lotus', 'kemp')) {
    head = onTop(lotus(0, -R - 40, 150, look), top, 0.72);
    topY = -R - 150;
  } else if (has(look, 'pearl')) {
    head = onTop(flower(0, -R - 30, 115, { ...look, stone: 'none' }, 5), top, 0.7) + pearl(0, -R - 55, 72);
    topY = -R - 130;
  } else if (has(look, 'infinity')) {
    const y = -R + 6;
    const p = `M0 ${f(y)} C-60 ${f(y - 80)} -180 ${f(y - 62)} -180 ${f(y)} C-180 ${f(y + 62)} -60 ${f(y + 80)} 0 ${f(y)} C60 ${f(y - 80)} 180 ${f(y - 62)} 180 ${f(y)} C180 ${f(y + 62)} 60 ${f(y + 80)} 0 ${f(y)} Z`;
    head = `<path d="${p}" fill="none" stroke="${METAL_DARK[m]}" stroke-opacity="0.4" stroke-width="44"/><path d="${p}" fill="none" stroke="url(#${m})" stroke-width="38"/>`;
    for (const q of resample(arcPts(-98, y, 76, 56, -Math.PI * 0.85, Math.PI * 0.85, 40), 28))
      head += gem(q.x, q.y, 11, look.colour, false);
    topY = -R - 80;
  } else if (has(look, 'leaf', 'vine')) {
    const pts = arcPts(0, 0, R * k + 6, R + 6, -Math.PI * 0.82, -Math.PI * 0.18, 7);
    pts.forEach(([x, y], i) => {
      const a = (Math.atan2(y, x) * 180) / Math.PI;
      head += leaf(x, y, 92, a + (i % 2 ? 70 : -70) + 180 * (i % 2), m);
      if (look.stone !== 'none') head += gem(x, y, 15, look.colour, false);
    });
    topY = -R - 90;
  } else if (has(look, 'signet')) {
    head = onTop(
      `<rect x="-150" y="${f(-R - 140)}" width="300" height="250" rx="64" fill="url(#${m}-v)" stroke="${METAL_DARK[m]}" stroke-opacity="0.5" stroke-width="5"/>` +
        `<rect x="-122" y="${f(-R - 114)}" width="244" height="196" rx="46" fill="url(#${m})"/>` +
        `<rect x="-122" y="${f(-R - 114)}" width="244" height="196" rx="46" fill="#8d939a" fill-opacity="0.32"/>`,
      top,
      0.6,
    );
    bandOpts = { t: R * 0.2, h: R * 0.34, matte: true };
    topY = -R - 90;
  } else if (has(look, 'twist')) {
    // Crossover: two slim bands leaning opposite ways, crossing at the top and the bottom.
    const slim = { t: R * 0.07, h: R * 0.08 };
    head = `<g transform="rotate(9)">${ringBand(R, look, slim, k)}</g><g transform="rotate(-9)">${ringBand(R, look, slim, k)}</g>`;
    noBand = true;
    topY = -R - 10;
  } else if (look.stone !== 'none') {
    head = onTop(flower(0, -R - 30, 110, look, 6, true), top, 0.72);
    topY = -R - 130;
  } else {
    head = onTop(mandala(0, -R - 20, 120, m), top, 0.7);
    topY = -R - 110;
  }
  const bandSvg = noBand ? '' : ringBand(R, look, bandOpts, k);
  const h = R * 2 - (topY + R);
  const svg = `<g transform="translate(0 ${f((-topY - R) / 2)})">${bandSvg}${head}</g>`;
  return { svg, w: Math.max(2 * R * k + 80, 440), h: h + 30, prop: 'cushion' };
}

function coupleBands(look: Look): Piece {
  const m = look.metal;
  const hammered = has(look, 'hammered');
  const matte = has(look, 'matte', 'brushed');
  const big = (): string => {
    const R = 250;
    const wall = hammered ? facets(R, 0.5, R * 0.3, look.rand, 70, 14) : '';
    return `<g transform="translate(-130 -30) rotate(-14)">${`<g transform="translate(${f(-R * 0.15)} 0) rotate(-90)">${band({ R, k: 0.5, t: R * 0.14, h: R * 0.3, metal: m, matte, wallDecor: wall })}</g>`}</g>`;
  };
  const small = (): string => {
    const R = 200;
    let wall = hammered ? facets(R, 0.52, R * 0.26, look.rand, 50, 12) : '';
    if (look.stone !== 'none') {
      for (const p of wallPoints(R, 0.52, R * 0.26, look.stone === 'moissanite' ? 1 : 9, 0.12, 0.88))
        wall += gem(
          p.x,
          p.y,
          R * 0.085 * (look.stone === 'moissanite' ? 1.3 : 1),
          look.stone === 'moissanite' ? 'fire' : look.colour,
          false,
        );
    }
    return `<g transform="translate(160 60) rotate(18)"><g transform="translate(${f(-R * 0.13)} 0) rotate(-90)">${band({ R, k: 0.52, t: R * 0.13, h: R * 0.26, metal: m, matte, wallDecor: wall })}</g>${look.stone !== 'none' ? sparkle(R * 0.1, -R * 0.6, 26) : ''}</g>`;
  };
  return { svg: big() + small(), w: 880, h: 700, prop: 'cushion' };
}

/** One jhumka: stud, connector, carved dome and a fringe. */
function jhumka(x: number, y: number, s: number, look: Look): string {
  const m = look.metal;
  const d = METAL_DARK[m];
  let out = '';
  // Stud top.
  if (has(look, 'peacock')) out += peacock(x, y + s * 0.05, s * 0.55, look);
  else if (look.stone === 'kemp') {
    out += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(s * 0.24)}" fill="url(#${m})"/>`;
    out += dots(arcPts(x, y, s * 0.2, s * 0.2, 0, Math.PI * 2, 14).slice(0, 14), s * 0.022, d, 0.6);
    out += cabochon(x, y, s * 0.13, s * 0.15, look.colour);
  } else out += flower(x, y, s * 0.24, look, 6);
  const top = y + s * 0.32;
  // Connector link.
  out += `<rect x="${f(x - s * 0.035)}" y="${f(y + s * 0.2)}" width="${f(s * 0.07)}" height="${f(s * 0.16)}" rx="${f(s * 0.03)}" fill="url(#${m}-h)"/>`;
  // Dome.
  const w0 = s * 0.16;
  const w1 = has(look, 'mini') ? s * 0.42 : s * 0.56;
  const bot = top + s * 0.62;
  const dome = `M${f(x - w0)} ${f(top)} C${f(x - w0 * 1.2)} ${f(top + s * 0.28)} ${f(x - w1)} ${f(top + s * 0.34)} ${f(x - w1)} ${f(bot)} Q${f(x)} ${f(bot + s * 0.1)} ${f(x + w1)} ${f(bot)} C${f(x + w1)} ${f(top + s * 0.34)} ${f(x + w0 * 1.2)} ${f(top + s * 0.28)} ${f(x + w0)} ${f(top)} Z`;
  out += `<path d="${dome}" fill="url(#${m}-h)" stroke="${d}" stroke-opacity="0.5" stroke-width="${f(s * 0.01)}"/>`;
  // Carved bands following the dome's curve.
  for (let i = 1; i <= 3; i++) {
    const t = i / 4;
    const yy = top + (bot - top) * (0.3 + t * 0.62);
    const ww = w0 + (w1 - w0) * Math.pow(0.25 + t * 0.75, 0.7);
    out += `<path d="M${f(x - ww)} ${f(yy)} Q${f(x)} ${f(yy + s * 0.06)} ${f(x + ww)} ${f(yy)}" fill="none" stroke="${d}" stroke-opacity="${look.metal === 'oxidised' ? 0.8 : 0.45}" stroke-width="${f(s * 0.012)}"/>`;
    const n = 5 + i * 2;
    const dp: Pt[] = [];
    for (let j = 0; j < n; j++) {
      const u = -1 + (2 * (j + 0.5)) / n;
      dp.push([x + u * ww * 0.9, yy + s * 0.03 * (1 - u * u) + s * 0.03]);
    }
    out += dots(dp, s * 0.012, d, look.metal === 'oxidised' ? 0.85 : 0.5);
  }
  if (look.stone === 'kemp') {
    for (let j = 0; j < 5; j++) {
      const u = -0.8 + j * 0.4;
      out += cabochon(x + u * w1 * 0.75, top + s * 0.42 + s * 0.02 * (1 - u * u), s * 0.035, s * 0.045, look.colour);
    }
  }
  // Rim beads and fringe.
  const n = has(look, 'mini') ? 7 : 11;
  for (let j = 0; j < n; j++) {
    const u = -1 + (2 * j) / (n - 1);
    const bx = x + u * w1 * 0.96;
    const by = bot + s * 0.05 * (1 - u * u);
    const len = s * (0.1 + 0.05 * (1 - Math.abs(u)));
    out += `<path d="M${f(bx)} ${f(by)} L${f(bx)} ${f(by + len)}" stroke="${METAL_MID[m]}" stroke-width="${f(s * 0.008)}"/>`;
    if (has(look, 'ghungroo')) out += ghungroo(bx, by + len + s * 0.04, s * 0.04, m);
    else if (look.stone === 'pearl' || look.stone === 'kemp') out += pearl(bx, by + len, s * 0.035, s * 0.042);
    else out += bead(bx, by + len, s * 0.028, m);
    out += bead(bx, by, s * 0.022, m);
  }
  if (has(look, 'chandbali')) {
    out =
      `<path d="M${f(x - s * 0.55)} ${f(y + s * 0.1)} A${f(s * 0.55)} ${f(s * 0.5)} 0 0 0 ${f(x + s * 0.55)} ${f(y + s * 0.1)} L${f(x + s * 0.4)} ${f(y + s * 0.1)} A${f(s * 0.4)} ${f(s * 0.36)} 0 0 1 ${f(x - s * 0.4)} ${f(y + s * 0.1)} Z" fill="url(#${m})" stroke="${d}" stroke-opacity="0.6" stroke-width="${f(s * 0.01)}"/>` +
      dots(arcPts(x, y + s * 0.1, s * 0.475, s * 0.43, 0.2, Math.PI - 0.2, 14), s * 0.02, d, 0.8) +
      out;
  }
  return out;
}

function jhumkaPair(look: Look): Piece {
  const s = 400;
  return {
    svg: `<g transform="rotate(-4 -250 0)">${jhumka(-255, -270, s, look)}</g><g transform="rotate(5 250 0) translate(0 30)">${jhumka(255, -270, s * 0.97, look)}</g>`,
    w: 1000,
    h: 880,
    prop: 'tray',
  };
}

/** One stud motif, face-on. */
function stud(x: number, y: number, r: number, look: Look): string {
  const m = look.metal;
  if (has(look, 'butterfly')) {
    let s = '';
    for (const side of [-1, 1]) {
      s += `<ellipse cx="${f(x + side * r * 0.5)}" cy="${f(y - r * 0.3)}" rx="${f(r * 0.55)}" ry="${f(r * 0.45)}" transform="rotate(${side * 20} ${f(x + side * r * 0.5)} ${f(y - r * 0.3)})" fill="url(#${m})"/>`;
      s += `<ellipse cx="${f(x + side * r * 0.4)}" cy="${f(y + r * 0.35)}" rx="${f(r * 0.38)}" ry="${f(r * 0.32)}" fill="url(#${m})"/>`;
      s +=
        gem(x + side * r * 0.52, y - r * 0.3, r * 0.3, look.colour, false) +
        gem(x + side * r * 0.4, y + r * 0.35, r * 0.2, look.colour, false);
    }
    return s + `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r * 0.1)}" ry="${f(r * 0.55)}" fill="url(#${m}-h)"/>`;
  }
  if (has(look, 'sunflower')) {
    let s = '';
    for (let layer = 0; layer < 2; layer++) {
      const n = 14;
      for (let i = 0; i < n; i++) {
        const a = (i / n) * 360 + layer * (180 / n);
        const rr = r * (layer ? 0.75 : 1);
        s += `<path d="M${f(x)} ${f(y)} Q${f(x + rr * 0.2)} ${f(y - rr * 0.55)} ${f(x)} ${f(y - rr)} Q${f(x - rr * 0.2)} ${f(y - rr * 0.55)} ${f(x)} ${f(y)} Z" transform="rotate(${f(a)} ${f(x)} ${f(y)})" fill="url(#${m})" stroke="${METAL_DARK[m]}" stroke-opacity="0.6" stroke-width="${f(r * 0.02)}"/>`;
      }
    }
    s += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.38)}" fill="url(#${m}-b)"/>`;
    const g: Pt[] = [];
    for (let i = 0; i < 26; i++) {
      const a = i * 2.4;
      const rr = r * 0.32 * Math.sqrt(i / 26);
      g.push([x + Math.cos(a) * rr, y + Math.sin(a) * rr]);
    }
    return s + dots(g, r * 0.035, METAL_DARK[m], 0.75);
  }
  if (has(look, 'cluster', 'flower')) {
    let s = `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.95)}" fill="url(#${m})"/>`;
    for (let i = 0; i < 6; i++) {
      const a = (i / 6) * Math.PI * 2;
      s += gem(x + Math.cos(a) * r * 0.58, y + Math.sin(a) * r * 0.58, r * 0.34, look.colour);
    }
    return s + gem(x, y, r * 0.36, look.colour);
  }
  if (look.stone === 'pearl') return pearl(x, y, r);
  return bezel(x, y, r * 0.8, m) + solitaireTop(x, y, r * 0.8, look);
}

function solitaireTop(x: number, y: number, r: number, look: Look): string {
  return gem(x, y, r, look.stone === 'moissanite' ? 'fire' : look.colour) + prongs(x, y, r, look.metal);
}

function studPair(look: Look): Piece {
  const r = has(look, 'sunflower') ? 220 : has(look, 'cluster', 'flower') ? 190 : 170;
  // The second stud is turned a little, as a pair would lie on a tray.
  return {
    svg: `<g transform="translate(-230 -40)">${stud(0, 0, r, look)}</g><g transform="translate(240 70) rotate(14) scale(0.9)">${stud(0, 0, r, look)}</g>`,
    w: 960,
    h: 620,
    prop: 'cushion',
  };
}

function hoopPair(look: Look): Piece {
  const m = look.metal;
  const huggie = has(look, 'huggie');
  const R = huggie ? 190 : has(look, 'bali') ? 300 : 250;
  const t = huggie ? R * 0.22 : R * 0.09;
  const h = huggie ? R * 0.26 : R * 0.1;
  // Nearly face-on, as hoops are photographed hanging; huggies turned a little more to show their width.
  const k = huggie ? 0.72 : 0.86;
  let wall = '';
  let rim = '';
  if (has(look, 'twist', 'twisted')) wall = ropeStripes(R, h * 2, m, 28);
  if (has(look, 'pave', 'pav') && look.stone !== 'none') {
    for (const p of wallPoints(R, k, h, 11, 0.1, 0.9)) wall += gem(p.x, p.y, h * 0.3 * p.s + 3, look.colour, false);
  }
  if (has(look, 'bali')) {
    rim = dots(arcPts(0, 0, R - t / 2, (R - t / 2) * k, 0.15, Math.PI - 0.15, 18), t * 0.3, METAL_DARK[m], 0.7);
    for (const [x, y] of arcPts(0, 0, R + 4, R * k + 4, 0.35, Math.PI - 0.35, 9)) rim += bead(x, y + h, t * 0.55, m);
  }
  const one = (x: number, y: number, rot: number, sc: number): string =>
    `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${sc})"><g transform="rotate(-90)">${band({ R, k, t, h, metal: m, wallDecor: wall, rimDecor: rim })}</g>` +
    // The ear wire or hinged post where the hoop opens at the top.
    `<path d="M${f(-t * 0.1)} ${f(-R + t * 0.3)} q ${f(-R * 0.08)} ${f(-R * 0.22)} ${f(R * 0.1)} ${f(-R * 0.3)}" fill="none" stroke="${METAL_DARK[m]}" stroke-opacity="0.45" stroke-width="${f(Math.max(8, t * 0.3) + 4)}" stroke-linecap="round"/>` +
    `<path d="M${f(-t * 0.1)} ${f(-R + t * 0.3)} q ${f(-R * 0.08)} ${f(-R * 0.22)} ${f(R * 0.1)} ${f(-R * 0.3)}" fill="none" stroke="url(#${m}-h)" stroke-width="${f(Math.max(8, t * 0.3))}" stroke-linecap="round"/>` +
    `</g>`;
  return { svg: one(-R * 0.85, -10, -8, 1) + one(R * 0.9, 30, 10, 0.95), w: R * 3.8, h: R * 2.5, prop: 'tray' };
}

function dropPair(look: Look): Piece {
  const m = look.metal;
  const one = (x: number, y: number): string => {
    let s = bezel(x, y, 46, m) + (look.stone === 'pearl' ? gem(x, y, 46, 'white') : stoneAt(x, y, 46, look));
    s += `<path d="M${f(x)} ${f(y + 50)} L${f(x)} ${f(y + 110)}" stroke="url(#${m}-h)" stroke-width="9"/>`;
    s += `<circle cx="${f(x)}" cy="${f(y + 112)}" r="12" fill="none" stroke="url(#${m})" stroke-width="6"/>`;
    const ty = y + 130;
    if (has(look, 'coin')) {
      s += coin(x, ty + 60, 58, m, false) + coin(x, ty + 175, 66, m, false) + coin(x, ty + 305, 76, m, true);
    } else if (look.stone === 'pearl') {
      s +=
        `<path d="M${f(x)} ${f(ty)} L${f(x)} ${f(ty + 30)}" stroke="${METAL_MID[m]}" stroke-width="5"/>` +
        bead(x, ty + 30, 12, m) +
        pearl(x, ty + 130, 88, 108);
    } else {
      const c: GemColour = look.colour;
      const w = 105;
      const hh = 260;
      const p = `M${f(x)} ${f(ty)} C${f(x + w * 0.4)} ${f(ty + hh * 0.3)} ${f(x + w)} ${f(ty + hh * 0.55)} ${f(x + w * 0.85)} ${f(ty + hh * 0.8)} C${f(x + w * 0.7)} ${f(ty + hh * 1.02)} ${f(x - w * 0.7)} ${f(ty + hh * 1.02)} ${f(x - w * 0.85)} ${f(ty + hh * 0.8)} C${f(x - w)} ${f(ty + hh * 0.55)} ${f(x - w * 0.4)} ${f(ty + hh * 0.3)} ${f(x)} ${f(ty)} Z`;
      s += `<path d="${p}" fill="url(#${m})" transform="translate(${f(x)} ${f(ty + hh * 0.6)}) scale(1.1) translate(${f(-x)} ${f(-ty - hh * 0.6)})"/>`;
      s += `<path d="${p}" fill="url(#drop-${c})"/>`;
      s += `<path d="M${f(x)} ${f(ty + 30)} L${f(x)} ${f(ty + hh * 0.95)} M${f(x - w * 0.75)} ${f(ty + hh * 0.7)} L${f(x + w * 0.75)} ${f(ty + hh * 0.7)} M${f(x - w * 0.6)} ${f(ty + hh * 0.45)} L${f(x)} ${f(ty + hh * 0.95)} L${f(x + w * 0.6)} ${f(ty + hh * 0.45)}" stroke="#fff" stroke-opacity="0.3" stroke-width="3" fill="none"/>`;
      s += `<path d="M${f(x - w * 0.55)} ${f(ty + hh * 0.55)} Q${f(x - w * 0.6)} ${f(ty + hh * 0.8)} ${f(x - w * 0.3)} ${f(ty + hh * 0.9)}" stroke="#fff" stroke-opacity="0.6" stroke-width="8" fill="none" stroke-linecap="round"/>`;
      s += sparkle(x - w * 0.3, ty + hh * 0.45, 40);
    }
    return s;
  };
  return {
    svg: `<g transform="rotate(-5 -190 -250)">${one(-190, -300)}</g><g transform="rotate(6 190 -250)">${one(190, -270)}</g>`,
    w: 820,
    h: 860,
    prop: 'tray',
  };
}

function chainStyle(look: Look): ChainStyle {
  if (has(look, 'box')) return 'box';
  if (has(look, 'rope')) return 'rope';
  if (has(look, 'snake')) return 'snake';
  if (has(look, 'figaro')) return 'figaro';
  return 'cable';
}

function chainPiece(look: Look, lay: Lay): Piece {
  const style = chainStyle(look);
  const heavy = has(look, 'men', 'rope', 'figaro');
  const L = heavy ? 30 : style === 'cable' ? 18 : 22;
  const pts = necklacePath(lay, 330, 760);
  let svg = chain(pts, style, look.metal, L);
  if (lay === 'flat') svg += clasp(0, -380, 34, look.metal, 60);
  // The close-up shows the clasp and the links beside it, where a buyer checks the chain type.
  return { svg, w: 720, h: 800, prop: 'bust', focus: [40, -300] };
}

/** A small pear-shaped stone in a metal frame, hanging from (x, y). */
function dropStone(x: number, y: number, s: number, colour: GemColour, metal: Metal): string {
  const p = `M${f(x)} ${f(y)} C${f(x + s * 0.5)} ${f(y + s * 0.6)} ${f(x + s * 0.8)} ${f(y + s * 1.2)} ${f(x)} ${f(y + s * 1.9)} C${f(x - s * 0.8)} ${f(y + s * 1.2)} ${f(x - s * 0.5)} ${f(y + s * 0.6)} ${f(x)} ${f(y)} Z`;
  return (
    `<path d="${p}" fill="url(#${metal})" stroke="${METAL_DARK[metal]}" stroke-opacity="0.5" stroke-width="${f(s * 0.3)}"/>` +
    `<path d="${p}" fill="url(#drop-${colour})"/>` +
    `<path d="M${f(x)} ${f(y + s * 0.3)} L${f(x)} ${f(y + s * 1.7)} M${f(x - s * 0.45)} ${f(y + s * 1.05)} L${f(x + s * 0.45)} ${f(y + s * 1.05)}" stroke="#3c4656" stroke-opacity="0.35" stroke-width="${f(s * 0.08)}"/>` +
    `<ellipse cx="${f(x - s * 0.18)}" cy="${f(y + s * 0.95)}" rx="${f(s * 0.14)}" ry="${f(s * 0.35)}" fill="#fff" fill-opacity="0.8"/>`
  );
}

function chokerPiece(look: Look, lay: Lay): Piece {
  const m = look.metal;
  const cx = 0;
  const cy = lay === 'worn' ? -120 : -170;
  const rx = 330;
  const ry = lay === 'worn' ? 330 : 340;
  const a0 = Math.PI + 0.45;
  const a1 = -0.45;
  const arc = arcPts(cx, cy, rx, ry, a0, a1, 200);
  let svg = '';
  const dori = (): string => {
    // Cotton dori ties with tassels at the ends, as temple and tribal chokers are worn.
    const l = arc[0]!;
    const r = arc[arc.length - 1]!;
    const col = m === 'gold' ? '#7b1a22' : '#1d1b1a';
    return (
      `<path d="M${f(l[0])} ${f(l[1])} Q${f(l[0] + 10)} ${f(l[1] - 140)} ${f(l[0] + 80)} ${f(l[1] - 220)}" fill="none" stroke="${col}" stroke-width="9" stroke-linecap="round"/>` +
      `<path d="M${f(r[0])} ${f(r[1])} Q${f(r[0] - 10)} ${f(r[1] - 140)} ${f(r[0] - 80)} ${f(r[1] - 220)}" fill="none" stroke="${col}" stroke-width="9" stroke-linecap="round"/>` +
      bead(l[0] + 80, l[1] - 222, 10, m) +
      bead(r[0] - 80, r[1] - 222, 10, m)
    );
  };
  if (has(look, 'pearl')) {
    for (let row = 0; row < 3; row++) {
      const pts = arcPts(cx, cy, rx - 40 + row * 46, ry - 40 + row * 46, a0 + 0.03, a1 - 0.03, 300);
      for (const q of resample(pts, 34)) svg += pearl(q.x, q.y, 17);
    }
    svg += flower(arc[0]![0] + 10, arc[0]![1] + 10, 60, { ...look, stone: 'cz', colour: 'white' }, 6, true);
  } else if (has(look, 'tribal', 'hasli')) {
    svg += dori();
    const torc = pathD(arc);
    svg += `<path d="${torc}" fill="none" stroke="${METAL_DARK[m]}" stroke-width="44" stroke-linecap="round"/><path d="${torc}" fill="none" stroke="url(#${m}-v)" stroke-width="38" stroke-linecap="round"/>`;
    svg += dots(
      resample(arc, 22).map((q): Pt => [q.x, q.y]),
      4,
      METAL_DARK[m],
      0.8,
    );
    const plates = resample(arcPts(cx, cy, rx, ry, a0 - 0.25, a1 + 0.25, 200), 58);
    for (const q of plates) {
      const nx = Math.cos(q.a + Math.PI / 2);
      const ny = Math.sin(q.a + Math.PI / 2);
      const px = q.x + nx * 50;
      const py = q.y + ny * 50;
      svg += `<path d="M${f(q.x)} ${f(q.y)} L${f(px)} ${f(py)}" stroke="${METAL_MID[m]}" stroke-width="4"/>`;
      svg += `<g transform="rotate(${f((q.a * 180) / Math.PI)} ${f(px)} ${f(py)})"><rect x="${f(px - 22)}" y="${f(py)}" width="44" height="62" rx="8" fill="url(#${m})" stroke="${METAL_DARK[m]}" stroke-opacity="0.7" stroke-width="3"/>${dots(
        [
          [px - 10, py + 16],
          [px + 10, py + 16],
          [px, py + 32],
          [px - 10, py + 48],
          [px + 10, py + 48],
        ],
        4,
        METAL_DARK[m],
        0.8,
      )}</g>`;
    }
  } else if (look.stone === 'kemp') {
    svg += dori();
    const panels = resample(arcPts(cx, cy, rx, ry, a0 + 0.05, a1 - 0.05, 200), 70);
    for (const q of panels) {
      const deg = (q.a * 180) / Math.PI;
      const nx = Math.cos(q.a + Math.PI / 2);
      const ny = Math.sin(q.a + Math.PI / 2);
      svg += `<g transform="rotate(${f(deg)} ${f(q.x)} ${f(q.y)})"><path d="M${f(q.x - 34)} ${f(q.y - 30)} L${f(q.x + 34)} ${f(q.y - 30)} L${f(q.x + 28)} ${f(q.y + 40)} Q${f(q.x)} ${f(q.y + 60)} ${f(q.x - 28)} ${f(q.y + 40)} Z" fill="url(#${m})" stroke="${METAL_DARK[m]}" stroke-opacity="0.6" stroke-width="3"/>${dots(
        [-24, -12, 0, 12, 24].map((dx): Pt => [q.x + dx, q.y - 22]),
        3.2,
        METAL_DARK[m],
      )}</g>`;
      svg += cabochon(q.x + nx * 8, q.y + ny * 8, 17, 21, svg.length % 3 === 0 ? 'emerald' : look.colour);
      svg +=
        `<path d="M${f(q.x + nx * 50)} ${f(q.y + ny * 50)} L${f(q.x + nx * 75)} ${f(q.y + ny * 75)}" stroke="${METAL_MID[m]}" stroke-width="3"/>` +
        pearl(q.x + nx * 86, q.y + ny * 86, 13, 15);
    }
  } else {
    // CZ: a collar of faceted round stones in metal cups, with pear-shaped drops between flowers.
    const base = pathD(arcPts(cx, cy, rx, ry, a0, a1, 200));
    svg += `<path d="${base}" fill="none" stroke="${METAL_DARK[m]}" stroke-opacity="0.5" stroke-width="50"/><path d="${base}" fill="none" stroke="url(#${m}-v)" stroke-width="44"/>`;
    const r1 = resample(arcPts(cx, cy, rx, ry, a0 + 0.02, a1 - 0.02, 300), 34);
    for (const q of r1) svg += gem(q.x, q.y, 15.5, look.colour, true);
    const r2 = resample(arcPts(cx, cy, rx, ry, a0 + 0.2, a1 - 0.2, 300), 68);
    r2.forEach((q, i) => {
      const nx = Math.cos(q.a + Math.PI / 2);
      const ny = Math.sin(q.a + Math.PI / 2);
      const px = q.x + nx * 46;
      const py = q.y + ny * 46;
      const deg = (q.a * 180) / Math.PI;
      svg += `<path d="M${f(q.x + nx * 22)} ${f(q.y + ny * 22)} L${f(px)} ${f(py)}" stroke="${METAL_MID[m]}" stroke-width="4"/>`;
      svg += `<g transform="rotate(${f(deg)} ${f(px)} ${f(py)})">${dropStone(px, py + 4, i % 2 ? 20 : 26, look.colour, m)}</g>`;
    });
  }
  // Laid flat, the ties rise well above the collar: recentre so the whole piece fits its box.
  if (lay === 'flat') return { svg: `<g transform="translate(0 130)">${svg}</g>`, w: 820, h: 820, prop: 'bust' };
  return { svg, w: 800, h: 760, prop: 'bust' };
}

function setPiece(look: Look, lay: Lay): Piece {
  const m = look.metal;
  let neck = '';
  let ear = (x: number, y: number): string => jhumka(x, y, 230, look);
  if (has(look, 'coin', 'lakshmi')) {
    const pts = necklacePath(lay, 300, 640);
    neck += chain(pts, 'cable', m, 16);
    const coins = resample(pts, 64).filter((q) => q.y > (lay === 'worn' ? 120 : -160));
    for (const q of coins) neck += coin(q.x + Math.cos(q.a + Math.PI / 2) * 34, q.y + Math.sin(q.a + Math.PI / 2) * 34, 34, m, true);
    const bottom = lay === 'worn' ? 640 : 320;
    neck += lotus(0, bottom + 40, 70, look) + cabochon(0, bottom + 40, 26, 30, look.colour);
  } else if (has(look, 'mirror')) {
    const pts = necklacePath(lay, 300, 620);
    neck += chain(pts, 'bead', m, 16);
    const meds = resample(pts, 120).filter((q) => q.y > (lay === 'worn' ? 180 : -120));
    for (const q of meds) {
      const x = q.x + Math.cos(q.a + Math.PI / 2) * 40;
      const y = q.y + Math.sin(q.a + Math.PI / 2) * 40;
      neck +=
        `<circle cx="${f(x)}" cy="${f(y)}" r="38" fill="url(#${m})"/><circle cx="${f(x)}" cy="${f(y)}" r="26" fill="url(#silver-b)"/><circle cx="${f(x)}" cy="${f(y)}" r="26" fill="#cfe3f2" fill-opacity="0.45"/>` +
        dots(arcPts(x, y, 33, 33, 0, Math.PI * 2, 12).slice(0, 12), 3, METAL_DARK[m], 0.85);
    }
    ear = (x, y) =>
      `<circle cx="${f(x)}" cy="${f(y)}" r="26" fill="url(#${m}-b)"/><path d="M${f(x)} ${f(y + 26)} L${f(x)} ${f(y + 60)}" stroke="${METAL_MID[m]}" stroke-width="4"/><circle cx="${f(x)}" cy="${f(y + 110)}" r="52" fill="url(#${m})"/><circle cx="${f(x)}" cy="${f(y + 110)}" r="36" fill="url(#silver-b)"/><circle cx="${f(x)}" cy="${f(y + 110)}" r="36" fill="#cfe3f2" fill-opacity="0.45"/>` +
      dots(arcPts(x, y + 110, 45, 45, 0, Math.PI * 2, 14).slice(0, 14), 3.5, METAL_DARK[m], 0.85);
  } else if (look.stone === 'pearl') {
    const pts = necklacePath(lay, 320, 780);
    for (const q of resample(pts, 30)) neck += pearl(q.x, q.y, 15);
    const b = lay === 'worn' ? 780 : 390;
    neck +=
      `<path d="M0 ${f(b)} L0 ${f(b + 30)}" stroke="url(#${m})" stroke-width="8"/>` +
      coin(0, b + 90, 60, m, false) +
      cabochon(0, b + 90, 22, 26, 'ruby') +
      pearl(0, b + 175, 22, 28);
    ear = (x, y) =>
      bead(x, y, 18, m) +
      `<path d="M${f(x)} ${f(y + 16)} L${f(x)} ${f(y + 60)}" stroke="${METAL_MID[m]}" stroke-width="4"/>` +
      pearl(x, y + 110, 44, 54);
  } else {
    const pts = necklacePath(lay, 300, 660);
    neck += chain(pts, 'cable', m, 14);
    const fl = resample(pts, 90).filter((q) => q.y > (lay === 'worn' ? 150 : -100));
    for (const q of fl) neck += flower(q.x, q.y, 34, look, 6, true);
    ear = (x, y) => flower(x, y, 56, look, 6, true);
  }
  // Laid flat, the earrings sit either side of the necklace's lower curve, as in a set's box.
  const ears = lay === 'worn' ? '' : ear(-430, 40) + ear(430, 60);
  return { svg: neck + ears, w: lay === 'worn' ? 760 : 1080, h: 880, prop: 'bust' };
}

/** Letter strokes in a unit box, as polylines (curves pre-sampled). */
function letterStrokes(ch: string): Pt[][] {
  const cubic = (p0: Pt, p1: Pt, p2: Pt, p3: Pt, n = 24): Pt[] => {
    const out: Pt[] = [];
    for (let i = 0; i <= n; i++) {
      const t = i / n;
      const u = 1 - t;
      out.push([
        u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
        u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
      ]);
    }
    return out;
  };
  switch (ch) {
    case 'A':
      return [
        [
          [0.05, 1],
          [0.5, 0],
          [0.95, 1],
        ],
        [
          [0.25, 0.62],
          [0.75, 0.62],
        ],
      ];
    case 'K':
      return [
        [
          [0.15, 0],
          [0.15, 1],
        ],
        [
          [0.85, 0],
          [0.17, 0.56],
        ],
        [
          [0.38, 0.4],
          [0.9, 1],
        ],
      ];
    case 'M':
      return [
        [
          [0.02, 1],
          [0.1, 0],
          [0.5, 0.72],
          [0.9, 0],
          [0.98, 1],
        ],
      ];
    case 'R':
      return [
        [[0.15, 1], [0.15, 0], ...cubic([0.15, 0], [0.95, -0.02], [0.95, 0.54], [0.15, 0.52]).slice(1)],
        [
          [0.45, 0.52],
          [0.9, 1],
        ],
      ];
    case 'S':
      return [
        [
          ...cubic([0.85, 0.12], [0.6, -0.08], [0.1, 0.0], [0.18, 0.26]),
          ...cubic([0.18, 0.26], [0.26, 0.52], [0.85, 0.45], [0.85, 0.74]).slice(1),
          ...cubic([0.85, 0.74], [0.85, 1.05], [0.25, 1.06], [0.12, 0.86]).slice(1),
        ],
      ];
    default:
      return [
        [
          [0.15, 0],
          [0.15, 1],
        ],
        [
          [0.15, 0.5],
          [0.8, 0.5],
        ],
      ];
  }
}

/** A pendant drawn with its bail at (0, 0), hanging down. */
function pendantAt(look: Look): { svg: string; h: number } {
  const m = look.metal;
  const d = METAL_DARK[m];
  const bail = `<ellipse cx="0" cy="12" rx="16" ry="26" fill="none" stroke="url(#${m}-h)" stroke-width="10"/>`;
  const initial = /initial-([a-z])-/.exec(look.words)?.[1];
  if (initial) {
    const S = 220;
    const strokes = letterStrokes(initial.toUpperCase()).map((ln) => ln.map(([x, y]): Pt => [(x - 0.5) * S * 0.8, 50 + y * S]));
    let s = bail;
    for (const ln of strokes) {
      const p = pathD(ln);
      s += `<path d="${p}" fill="none" stroke="${d}" stroke-opacity="0.5" stroke-width="36" stroke-linecap="round" stroke-linejoin="round"/><path d="${p}" fill="none" stroke="url(#${m})" stroke-width="30" stroke-linecap="round" stroke-linejoin="round"/>`;
      s += `<path d="${p}" fill="none" stroke="${METAL_LIGHT[m]}" stroke-opacity="0.6" stroke-width="6" stroke-linecap="round" stroke-linejoin="round" transform="translate(-5 -5)"/>`;
      if (look.stone !== 'none') for (const q of resample(ln, 24)) s += gem(q.x, q.y, 10, look.colour, false);
    }
    return { svg: s, h: S + 60 };
  }
  if (has(look, 'trishul')) {
    const s =
      bail +
      `<path d="M-9 38 L9 38 L9 380 L0 410 L-9 380 Z" fill="url(#${m}-h)" stroke="${d}" stroke-opacity="0.6" stroke-width="3"/>` +
      `<path d="M0 40 L-18 90 L-9 120 L9 120 L18 90 Z" fill="url(#${m})" stroke="${d}" stroke-opacity="0.6" stroke-width="3"/>` +
      `<path d="M-8 190 C-60 190 -90 160 -95 70 L-80 95 L-70 60 C-66 140 -40 160 -8 165 Z" fill="url(#${m})" stroke="${d}" stroke-opacity="0.6" stroke-width="3"/>` +
      `<path d="M8 190 C60 190 90 160 95 70 L80 95 L70 60 C66 140 40 160 8 165 Z" fill="url(#${m})" stroke="${d}" stroke-opacity="0.6" stroke-width="3"/>` +
      `<path d="M-36 230 L36 230 L0 262 Z M-36 294 L36 294 L0 262 Z" fill="url(#${m}-v)" stroke="${d}" stroke-opacity="0.7" stroke-width="3"/>` +
      dots(
        [
          [-20, 236],
          [0, 236],
          [20, 236],
          [-20, 288],
          [0, 288],
          [20, 288],
        ],
        3.5,
        d,
        0.8,
      );
    return { svg: s, h: 420 };
  }
  if (has(look, 'cross')) {
    let s =
      bail +
      `<rect x="-22" y="38" width="44" height="280" rx="8" fill="url(#${m}-h)"/><rect x="-100" y="100" width="200" height="44" rx="8" fill="url(#${m}-v)"/>`;
    if (look.stone !== 'none') {
      for (let y = 60; y <= 300; y += 30) s += gem(0, y, 12, look.colour, false);
      for (const x of [-80, -50, 50, 80]) s += gem(x, 122, 12, look.colour, false);
    }
    return { svg: s, h: 330 };
  }
  if (has(look, 'ganesha', 'medallion')) {
    let s = bail + `<circle cx="0" cy="150" r="120" fill="url(#${m})" stroke="${d}" stroke-opacity="0.5" stroke-width="4"/>`;
    s += dots(arcPts(0, 150, 106, 106, 0, Math.PI * 2, 36).slice(0, 36), 4.5, d, 0.6);
    s += `<circle cx="0" cy="150" r="92" fill="url(#${m}-b)" fill-opacity="0.6"/>`;
    // Ganesha in relief: ears, head, crown and curling trunk.
    s += `<ellipse cx="-45" cy="140" rx="38" ry="46" fill="url(#${m})" stroke="${d}" stroke-opacity="0.6" stroke-width="3"/><ellipse cx="45" cy="140" rx="38" ry="46" fill="url(#${m})" stroke="${d}" stroke-opacity="0.6" stroke-width="3"/>`;
    s += `<circle cx="0" cy="130" r="36" fill="url(#${m}-b)" stroke="${d}" stroke-opacity="0.6" stroke-width="3"/>`;
    s += `<path d="M-22 104 L0 70 L22 104 Z" fill="url(#${m})" stroke="${d}" stroke-opacity="0.6" stroke-width="3"/>`;
    s += `<path d="M0 150 C-4 190 20 205 30 190 C38 180 28 170 20 178" fill="none" stroke="${d}" stroke-opacity="0.7" stroke-width="14" stroke-linecap="round"/><path d="M0 150 C-4 190 20 205 30 190 C38 180 28 170 20 178" fill="none" stroke="url(#${m})" stroke-width="9" stroke-linecap="round"/>`;
    s += `<circle cx="-14" cy="124" r="4" fill="${d}"/><circle cx="14" cy="124" r="4" fill="${d}"/>`;
    s += `<path d="M-50 225 Q0 205 50 225" fill="none" stroke="${d}" stroke-opacity="0.6" stroke-width="5"/>`;
    return { svg: s, h: 280 };
  }
  // Coin pendant (Lakshmi), framed with kemp when the piece has it.
  let s = bail + coin(0, 150, 110, m, true);
  if (look.stone === 'kemp')
    for (const [x, y] of arcPts(0, 150, 128, 128, -Math.PI * 0.95, Math.PI * 0.95, 11)) s += cabochon(x, y, 13, 15, look.colour);
  s += pearl(0, 290, 20, 24);
  return { svg: s, h: 320 };
}

function pendantPiece(look: Look, lay: Lay): Piece {
  const m = look.metal;
  // Laid flat, a short loop of chain frames a large pendant; worn, the chain hangs to the chest.
  const W = lay === 'worn' ? 300 : 230;
  const D = lay === 'worn' ? 560 : 360;
  const pts = necklacePath(lay, W, D);
  const bottom = lay === 'worn' ? D : D / 2;
  const p = pendantAt(look);
  const sc = (lay === 'worn' ? 1.15 : 1.55) * (p.h > 380 ? 0.85 : 1);
  let svg = chain(pts, has(look, 'box') ? 'box' : 'cable', m, lay === 'worn' ? 13 : 12);
  if (lay === 'flat') svg += clasp(0, -D / 2, 22, m, 70);
  svg += `<g transform="translate(0 ${f(bottom - 14)}) scale(${sc})">${p.svg}</g>`;
  if (lay === 'flat') svg = `<g transform="translate(0 ${f((-p.h * sc) / 2)})">${svg}</g>`;
  return { svg, w: Math.max(W * 2.2, 360 * sc), h: D + p.h * sc + 30, prop: 'bust' };
}

/** An anklet or bracelet laid flat as an oval loop, with charms by variant. */
function loopPiece(look: Look, scale: number, kind: 'payal' | 'bracelet'): Piece {
  const m = look.metal;
  const rx = 380 * scale;
  const ry = 250 * scale;
  const loop = (ox: number, oy: number, rr: number): string => {
    const pts = arcPts(ox, oy, rx * rr, ry * rr, -Math.PI / 2 + 0.12, Math.PI * 1.5 - 0.12, 320);
    let s = '';
    const tennis = has(look, 'tennis');
    const nazariya = has(look, 'nazariya');
    if (tennis) {
      for (const q of resample(pts, 36 * scale))
        s +=
          `<circle cx="${f(q.x)}" cy="${f(q.y)}" r="${f(19 * scale)}" fill="url(#${m})"/>` + gem(q.x, q.y, 15 * scale, look.colour, true);
    } else if (nazariya) {
      resample(pts, 34 * scale).forEach((q, i) => {
        s += i % 2 ? bead(q.x, q.y, 12 * scale, m) : cabochon(q.x, q.y, 15 * scale, 15 * scale, 'black');
      });
    } else if (has(look, 'bridal', 'heavy')) {
      for (let row = 0; row < 3; row++)
        s += chain(
          arcPts(ox, oy, rx * rr - row * 26, ry * rr - row * 26, -Math.PI / 2 + 0.12, Math.PI * 1.5 - 0.12, 320),
          'box',
          m,
          20 * scale,
        );
    } else if (has(look, 'ghungroo', 'jhalar')) {
      s += chain(pts, 'box', m, 20 * scale);
    } else {
      s += chain(pts, 'cable', m, 15 * scale);
    }
    // Charms along the lower part of the loop, lying outward.
    const charms = resample(pts, (has(look, 'jhalar') ? 34 : 62) * scale).filter((q) => q.y > oy - ry * 0.3);
    charms.forEach((q, i) => {
      const ang = Math.atan2(q.y - oy, q.x - ox);
      const cx = q.x + Math.cos(ang) * 34 * scale;
      const cy = q.y + Math.sin(ang) * 34 * scale;
      const deg = (ang * 180) / Math.PI - 90;
      if (has(look, 'ghungroo') || has(look, 'bridal')) s += ghungroo(cx, cy, 15 * scale, m, deg);
      else if (has(look, 'jhalar'))
        s += `<g transform="rotate(${f(deg)} ${f(q.x)} ${f(q.y)})">${leaf(q.x, q.y + 6, 60 * scale, 90, m)}</g>`;
      else if (has(look, 'heart') && i % 2 === 0)
        s +=
          `<path d="${heartPath(cx, cy + 8, 26 * scale)}" fill="url(#${m})" stroke="${METAL_DARK[m]}" stroke-opacity="0.5" stroke-width="2"/>` +
          gem(cx, cy + 4, 10 * scale, look.colour, false);
      else if (has(look, 'pearl') && i % 2 === 0) s += pearl(q.x, q.y, 17 * scale);
      else if (has(look, 'bead', 'minimal') && i % 2 === 0) s += bead(q.x, q.y, 13 * scale, m);
    });
    if (has(look, 'evil')) {
      const n = kind === 'bracelet' ? 3 : 1;
      for (let i = 0; i < n; i++) {
        const t = n === 1 ? 0.5 : 0.3 + i * 0.2;
        const a = Math.PI * t;
        s += evilEye(ox + Math.cos(a) * rx * rr, oy + Math.sin(a) * ry * rr, 30 * scale, m);
      }
    }
    // Clasp at the top.
    s += clasp(ox - 30 * scale, oy - ry * rr, 20 * scale, m, 0);
    return s;
  };
  const pair = /\bpair\b/.test(look.words.replace(/-/g, ' '));
  const svg = pair ? `${loop(70 * scale, -70 * scale, 0.92)}${loop(-40 * scale, 40 * scale, 1)}` : loop(0, 0, 1);
  return { svg, w: rx * 2.4, h: ry * 2.6 + (pair ? 110 * scale : 0), prop: 'tray' };
}

function toeRings(look: Look): Piece {
  const m = look.metal;
  const R = 150;
  const one = (x: number, y: number, rot: number): string => {
    let head = '';
    if (has(look, 'peacock')) head = peacock(0, -R - 10, 150, look);
    else if (has(look, 'bichiya', 'classic')) {
      head = dots(arcPts(0, -R + 10, 90, 30, Math.PI, 2 * Math.PI, 9), 16, METAL_DARK[m], 0.25);
      for (const [bx, by] of arcPts(0, -R + 10, 90, 30, Math.PI, 2 * Math.PI, 9)) head += bead(bx, by, 15, m);
    } else if (look.stone !== 'none') head = flower(0, -R - 20, 70, look, 5, true);
    const coils = has(look, 'bichiya', 'classic') ? 3 : 1;
    let b = '';
    for (let c = coils - 1; c >= 0; c--)
      b += `<g transform="translate(${c * 18} 0)">${ringBand(R, look, { t: R * 0.12, h: R * 0.14, gap: 0.08 })}</g>`;
    if (has(look, 'minimal'))
      b += `<path d="M${f(-R * 0.1)} ${f(-R + 4)} A${f(R * 0.5)} ${f(R)} 0 0 1 ${f(R * 0.5)} ${f(-R * 0.2)}" fill="none" stroke="${METAL_DARK[m]}" stroke-opacity="0.35" stroke-width="3"/>`;
    return `<g transform="translate(${x} ${y}) rotate(${rot})">${b}${head}</g>`;
  };
  return { svg: one(-170, 10, -10) + one(170, 40, 12), w: 720, h: 520, prop: 'cushion' };
}

function bangleStack(look: Look, kada: boolean): Piece {
  const m = look.metal;
  const R = 360;
  const k = 0.42;
  const t = kada ? R * 0.11 : R * 0.06;
  const h = kada ? R * 0.2 : R * 0.11;
  const count = kada || /openable|single/.test(look.words) ? 1 : 2;
  const one = (dy: number, seed: number): string => {
    let wall = '';
    let rim = '';
    if (has(look, 'rope', 'twisted')) wall += ropeStripes(R, h * 2.2, m, 40);
    if (has(look, 'diamond-cut', 'diamond')) wall += diamondCut(R, k, h, 56);
    if (has(look, 'elephant'))
      wall += dots(
        wallPoints(R, k, h, 30).map((p): Pt => [p.x, p.y]),
        h * 0.08,
        METAL_DARK[m],
        0.8,
      );
    if (look.metal === 'oxidised' && !kada) {
      for (const p of wallPoints(R, k, h, 26)) wall += leaf(p.x - 12 * p.s, p.y, 26 * p.s, 0, m);
      rim += dots(arcPts(0, 0, R - t / 2, (R - t / 2) * k, 0.05, Math.PI - 0.05, 40), t * 0.18, METAL_DARK[m], 0.7);
    }
    if (look.stone === 'kemp') {
      for (const p of wallPoints(R, k, h, 14)) wall += cabochon(p.x, p.y, h * 0.26 * p.s + 2, h * 0.3, look.colour);
      wall += dots(
        wallPoints(R, k, h, 50).map((p): Pt => [p.x, p.y - h * 0.38]),
        h * 0.05,
        METAL_DARK[m],
        0.6,
      );
    } else if (look.stone !== 'none' && look.stone !== 'pearl') {
      for (const [x, y] of arcPts(0, 0, R - t / 2, (R - t / 2) * k, 0.25, Math.PI - 0.25, 13))
        rim += gem(x, y, t * 0.36, look.colour, false);
    }
    return `<g transform="translate(0 ${f(dy)})">${band({ R: R - seed * 6, k, t, h, metal: m, wallDecor: wall, rimDecor: rim, matte: has(look, 'matte'), gap: has(look, 'elephant') ? 0.06 : 0 })}</g>`;
  };
  let svg = '';
  // A pair lies overlapping, the second shifted right and up, so both read as separate bangles.
  for (let i = 0; i < count; i++)
    svg += `<g transform="translate(${f((i - (count - 1) / 2) * R * 0.42)} ${f(-i * R * 0.12)})">${one(0, i)}</g>`;
  if (has(look, 'elephant')) {
    for (const side of [-1, 1]) {
      const x = side * R * 0.2;
      const y = R * k + h * 0.1;
      svg += `<g transform="translate(${f(x)} ${f(y)}) scale(${side} 1)"><ellipse cx="0" cy="0" rx="44" ry="50" fill="url(#${m}-b)" stroke="${METAL_DARK[m]}" stroke-opacity="0.7" stroke-width="3"/><ellipse cx="-24" cy="-6" rx="26" ry="38" fill="url(#${m})" stroke="${METAL_DARK[m]}" stroke-opacity="0.6" stroke-width="3"/><path d="M28 10 C58 20 62 56 40 64" fill="none" stroke="url(#${m})" stroke-width="16" stroke-linecap="round"/><circle cx="14" cy="-14" r="4" fill="${METAL_DARK[m]}"/></g>`;
    }
  }
  return {
    svg: `<g transform="translate(0 ${f(-h / 2 + (count - 1) * R * 0.06)})">${svg}</g>`,
    w: R * 2.1 + (count - 1) * R * 0.42,
    h: R * k * 2 + h * 2 + 60 + (count - 1) * R * 0.12,
    prop: 'tray',
  };
}

function noseRing(look: Look): Piece {
  const m = look.metal;
  const R = 260;
  let svg = '';
  if (has(look, 'maharashtrian', 'marathi')) {
    // Paisley nath outline of seed pearls with a pink centre stone.
    const pts: Pt[] = [];
    for (let i = 0; i <= 120; i++) {
      const t = (i / 120) * Math.PI * 2;
      const r = R * (0.55 + 0.45 * Math.cos(t / 2) ** 2);
      pts.push([Math.cos(t) * r * 0.8 - R * 0.1, Math.sin(t) * r * 0.65 + (t < Math.PI ? 0 : R * 0.1 * Math.sin(t))]);
    }
    svg += `<path d="${pathD(pts, true)}" fill="url(#${m})" fill-opacity="0.9"/>`;
    for (const q of resample(pts, 30)) svg += pearl(q.x, q.y, 14);
    svg += gem(R * 0.05, 0, 50, 'pink') + prongs(R * 0.05, 0, 50, m);
    for (const [x, y] of arcPts(R * 0.05, 0, 90, 80, 0, Math.PI * 2, 12).slice(0, 12)) svg += gem(x, y, 13, 'white', false);
    svg += `<path d="M${f(-R * 0.8)} ${f(-R * 0.2)} C${f(-R * 1.1)} ${f(-R * 0.9)} ${f(-R * 0.2)} ${f(-R * 1.1)} ${f(R * 0.1)} ${f(-R * 0.6)}" fill="none" stroke="url(#${m})" stroke-width="10" stroke-linecap="round"/>`;
    return { svg, w: 700, h: 700, prop: 'cushion' };
  }
  svg += `<g transform="rotate(-90)">${band({ R, k: 0.85, t: R * 0.07, h: R * 0.07, metal: m, gap: 0.04 })}</g>`;
  if (look.stone === 'pearl') {
    for (const [x, y] of arcPts(0, 0, R * 0.98, R * 0.98, Math.PI * 0.55, Math.PI * 0.95, 3)) svg += pearl(x, y, 34);
    svg += bead(-R * 0.66, R * 0.72, 20, m);
  } else if (has(look, 'oxidised', 'nath', 'clip')) {
    for (const [x, y] of arcPts(0, 0, R * 0.98, R * 0.98, Math.PI * 0.45, Math.PI * 1.05, 7))
      svg += bead(x, y, 26, m) + `<circle cx="${f(x)}" cy="${f(y)}" r="9" fill="${METAL_DARK[m]}" fill-opacity="0.5"/>`;
    svg += `<path d="M${f(R * 0.2)} ${f(-R * 0.97)} q 40 -10 50 30" fill="none" stroke="url(#${m})" stroke-width="12" stroke-linecap="round"/>`;
  }
  svg += sparkle(R * 0.55, -R * 0.6, 32);
  return { svg, w: 680, h: 640, prop: 'cushion', fill: 0.85 };
}

function nosePin(look: Look): Piece {
  const m = look.metal;
  const r = 150;
  let top: string;
  if (has(look, 'star'))
    top =
      `<path d="${starPath(0, 0, r)}" fill="url(#${m})" stroke="${METAL_DARK[m]}" stroke-opacity="0.5" stroke-width="4"/>` +
      gem(0, 0, r * 0.32, look.colour) +
      prongs(0, 0, r * 0.32, m);
  else if (has(look, 'lotus')) top = lotus(0, 0, r, look);
  else if (has(look, 'flower')) top = flower(0, 0, r, look, 5, true);
  else {
    // A solitaire in a cup bezel, seen a little from the side so the cup's depth shows.
    top =
      `<path d="M${f(-r * 0.8)} 0 L${f(-r * 0.35)} ${f(r * 0.75)} L${f(r * 0.35)} ${f(r * 0.75)} L${f(r * 0.8)} 0 Z" fill="url(#${m}-h)" stroke="${METAL_DARK[m]}" stroke-opacity="0.4" stroke-width="3"/>` +
      bezel(0, 0, r * 0.7, m) +
      gem(0, 0, r * 0.7, look.stone === 'moissanite' ? 'fire' : look.colour);
  }
  // The pin behind the head, peeking out below: a short, fine post with its small bend.
  const d = 'M10 40 L62 176 Q70 194 96 190';
  const pin = `<path d="${d}" fill="none" stroke="${METAL_DARK[m]}" stroke-opacity="0.4" stroke-width="14" stroke-linecap="round"/><path d="${d}" fill="none" stroke="url(#${m}-h)" stroke-width="9" stroke-linecap="round"/>`;
  return { svg: `${pin}<g transform="scale(1 0.92)">${top}</g>`, w: 400, h: 420, prop: 'cushion', fill: 0.72 };
}

/** The drawing for a product: by subcategory slug, else by category slug, else a ring. */
export function drawPiece(subcategory: string, category: string, look: Look, lay: Lay = 'flat'): Piece {
  return byName(subcategory, look, lay) ?? byName(category, look, lay) ?? ringPiece(look);
}

function byName(s: string, look: Look, lay: Lay): Piece | null {
  if (/couple|band/.test(s)) return coupleBands(look);
  if (/toe/.test(s)) return toeRings(look);
  if (/jhumk/.test(s)) return jhumkaPair(look);
  if (/nose-ring|nath/.test(s)) return noseRing(look);
  if (/nose/.test(s)) return nosePin(look);
  if (/stud|tops/.test(s)) return studPair(look);
  if (/hoop|bali/.test(s)) return hoopPair(look);
  if (/drop|dangler/.test(s)) return dropPair(look);
  if (/choker/.test(s)) return chokerPiece(look, lay);
  if (/set/.test(s)) return setPiece(look, lay);
  if (/pendant|locket/.test(s)) return pendantPiece(look, lay);
  if (/chain|necklace|mala/.test(s)) return chainPiece(look, lay);
  if (/payal|anklet/.test(s)) return loopPiece(look, 1, 'payal');
  if (/charm|bracelet/.test(s)) return loopPiece(look, 0.8, 'bracelet');
  if (/kada|cuff/.test(s)) return bangleStack(look, true);
  if (/bangle/.test(s)) return bangleStack(look, false);
  if (/earring/.test(s)) return studPair(look);
  if (/ring/.test(s)) return ringPiece(look);
  return null;
}
