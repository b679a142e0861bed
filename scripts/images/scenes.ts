/**
 * Scenes: whole images composed from pieces. Product views (studio, close-up, on a display prop),
 * subcategory and collection tiles, and banners.
 */
import sharp from 'sharp';
import { drawPiece, type Lay, type Piece } from './pieces.ts';
import {
  PALETTES,
  VELVET,
  background,
  bokeh,
  bust,
  cushion,
  cushionFront,
  defs,
  f,
  f3,
  groundShadow,
  hash,
  nextId,
  prng,
  sparkle,
  velvetDefs,
  type GemColour,
  type Look,
  type Metal,
  type StoneKind,
} from './svg.ts';

/** The product facts a render needs; a subset of a catalogue product row. */
export interface ProductLike {
  slug: string;
  name: string;
  subcategory: string;
  category: string;
  attributes: Record<string, string>;
}

/** Maps catalogue attributes onto drawing choices (metal, stone kind, stone colour). */
export function lookFor(p: ProductLike, seedText: string): Look {
  const plating = (p.attributes['Plating'] ?? '').toLowerCase();
  const stoneAttr = (p.attributes['Stone'] ?? '').toLowerCase();
  const colourAttr = (p.attributes['Stone Colour'] ?? p.attributes['Stone Color'] ?? '').toLowerCase();
  const metal: Metal = plating.includes('oxid')
    ? 'oxidised'
    : plating.includes('rose')
      ? 'rose'
      : plating.includes('gold')
        ? 'gold'
        : 'silver';
  const stone: StoneKind = stoneAttr.includes('moissanite')
    ? 'moissanite'
    : stoneAttr.includes('kemp')
      ? 'kemp'
      : stoneAttr.includes('pearl')
        ? 'pearl'
        : stoneAttr.includes('onyx')
          ? 'onyx'
          : stoneAttr === '' || stoneAttr.includes('none')
            ? 'none'
            : 'cz';
  let colour: GemColour = 'white';
  if (/green|emerald/.test(colourAttr)) colour = 'emerald';
  else if (/red|ruby/.test(colourAttr)) colour = 'ruby';
  else if (/blue|sapphire/.test(colourAttr)) colour = 'blue';
  else if (/pink|rose/.test(colourAttr)) colour = 'pink';
  else if (/black/.test(colourAttr)) colour = 'black';
  else if (stone === 'moissanite') colour = 'fire';
  else if (stone === 'kemp') colour = 'ruby';
  return {
    metal,
    stone,
    colour,
    words: `${p.slug} ${p.name.toLowerCase()}`,
    rand: prng(hash(seedText)),
  };
}

/** Where a piece is placed: centre, box to fit and rotation. */
interface Place {
  cx: number;
  cy: number;
  maxW: number;
  maxH: number;
  rot?: number;
  zoom?: number;
  /** Point of the piece (in piece units) put at (cx, cy); defaults to its centre. */
  focus?: [number, number];
}

function fit(piece: Piece, p: Place): number {
  return Math.min(p.maxW / piece.w, p.maxH / piece.h) * (p.zoom ?? 1) * (piece.fill ?? 1);
}

/** A piece in place, and the ground shadow under it (for the back layer). */
function placed(piece: Piece, p: Place, ground = true): { ground: string; svg: string } {
  const s = fit(piece, p);
  const [fx, fy] = p.focus ?? [0, 0];
  const g = ground
    ? groundShadow(p.cx - fx * s, p.cy + (piece.h * 0.46 - fy) * s, piece.w * s * 0.46, Math.max(18, piece.w * s * 0.07))
    : '';
  return {
    ground: g,
    svg: `<g transform="translate(${f(p.cx)} ${f(p.cy)}) rotate(${f(p.rot ?? 0)}) scale(${f3(s)}) translate(${f(-fx)} ${f(-fy)})">${piece.svg}</g>`,
  };
}

/**
 * An image in layers: `soft` (smooth backgrounds, bokeh and ground shadows, rendered at low
 * resolution and scaled up, since they have no edges), `back` (crisp props: bust, cushion, gift box),
 * `front` (the jewellery, which casts a soft drop shadow made from its alpha) and `over` (glints,
 * a cushion lip). Blurring the shadow in libvips is far cheaper than an SVG blur filter.
 */
export interface Scene {
  width: number;
  height: number;
  defs: string;
  soft: string;
  back: string;
  front: string;
  over: string;
}

/** Layers of a scene as a standalone SVG document, optionally rasterised at 1/scaleDown size. */
export function layerSvg(sc: Scene, layers: string, scaleDown = 1, prefix = ''): string {
  const { width: w, height: h } = sc;
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${Math.ceil(w / scaleDown)}" height="${Math.ceil(h / scaleDown)}" viewBox="0 0 ${w} ${h}">${defs()}<defs>${sc.defs}</defs>${prefix}${layers}</svg>`;
}

function scene(width: number, height: number, soft: string, back: string, front: string, over = '', extraDefs = ''): Scene {
  return { width, height, defs: extraDefs, soft, back, front, over };
}

const PALETTE_NAMES = Object.keys(PALETTES);
function paletteFor(seed: number, avoid?: string): [string, [string, string]] {
  let name = PALETTE_NAMES[seed % PALETTE_NAMES.length]!;
  if (name === avoid) name = PALETTE_NAMES[(seed + 3) % PALETTE_NAMES.length]!;
  return [name, PALETTES[name]!];
}

/** Velvet that flatters the metal: dark for bright silver and gold, blush for dark oxidised pieces. */
function velvetFor(metal: Metal, seed: number): string {
  const byMetal: Record<Metal, string[]> = {
    silver: ['navy', 'maroon', 'emerald', 'teal', 'plum'],
    gold: ['maroon', 'emerald', 'navy'],
    rose: ['plum', 'navy', 'charcoal'],
    oxidised: ['blush', 'teal'],
  };
  const list = byMetal[metal];
  return list[seed % list.length]!;
}

/** Full-bleed velvet cloth with two soft folds of light. */
function velvetCloth(w: number, h: number, velvet: string): string {
  const [l, , d] = VELVET[velvet] ?? VELVET['navy']!;
  const g = nextId('fold');
  return (
    `<linearGradient id="${g}" x1="0" y1="0" x2="1" y2="0"><stop offset="0%" stop-color="${l}" stop-opacity="0"/><stop offset="50%" stop-color="${l}" stop-opacity="0.55"/><stop offset="100%" stop-color="${l}" stop-opacity="0"/></linearGradient>` +
    `<rect width="${w}" height="${h}" fill="url(#velr-${velvet})"/>` +
    `<path d="M${f(-w * 0.1)} ${f(h * 0.15)} C${f(w * 0.3)} ${f(h * 0.05)} ${f(w * 0.6)} ${f(h * 0.45)} ${f(w * 1.1)} ${f(h * 0.3)} L${f(w * 1.1)} ${f(h * 0.42)} C${f(w * 0.6)} ${f(h * 0.6)} ${f(w * 0.3)} ${f(h * 0.2)} ${f(-w * 0.1)} ${f(h * 0.3)} Z" fill="url(#${g})" fill-opacity="0.5"/>` +
    `<path d="M${f(-w * 0.1)} ${f(h * 0.75)} C${f(w * 0.4)} ${f(h * 0.62)} ${f(w * 0.7)} ${f(h * 0.95)} ${f(w * 1.1)} ${f(h * 0.8)} L${f(w * 1.1)} ${f(h * 0.9)} C${f(w * 0.7)} ${f(h * 1.05)} ${f(w * 0.4)} ${f(h * 0.75)} ${f(-w * 0.1)} ${f(h * 0.88)} Z" fill="url(#${g})" fill-opacity="0.35"/>` +
    `<rect width="${w}" height="${h}" fill="${d}" fill-opacity="0.12"/>` +
    `<rect width="${w}" height="${h}" fill="url(#vignette)"/>`
  );
}

/** A few sparkles over the brightest parts of a render, seeded so each view differs. */
function glints(rand: () => number, box: [number, number, number, number], n: number, size: number): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    s += sparkle(box[0] + rand() * (box[2] - box[0]), box[1] + rand() * (box[3] - box[1]), size * (0.6 + rand() * 0.6), 0.8);
  }
  return s;
}

/** Piece drawings accept a lay; only necklaces change with it. Worn pieces keep their origin (the bust needs it). */
function pieceFor(p: ProductLike, look: Look, lay: 'worn'): Piece;
function pieceFor(p: ProductLike, look: Look): Promise<Piece>;
function pieceFor(p: ProductLike, look: Look, lay?: Lay): Piece | Promise<Piece> {
  if (lay === 'worn') return drawPiece(p.subcategory, p.category, look, 'worn');
  return measured(drawPiece(p.subcategory, p.category, look, 'flat'), `${p.subcategory}|${p.slug}`);
}

const bounds = new Map<string, [number, number, number, number]>();

/**
 * Re-centres a piece on its drawn bounds, found by rasterising it small: hand-declared sizes drift
 * as drawings change, and exact bounds keep framing, spacing and ground shadows right.
 * Cached per product, since the views of one product differ only in tiny details.
 */
async function measured(piece: Piece, key: string): Promise<Piece> {
  let b = bounds.get(key);
  if (!b) {
    const R = 1400;
    const N = 280;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${N}" height="${N}" viewBox="${-R} ${-R} ${2 * R} ${2 * R}">${defs()}${piece.svg}</svg>`;
    const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
    let x0 = info.width;
    let y0 = info.height;
    let x1 = -1;
    let y1 = -1;
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        if (data[y * info.width + x]! > 24) {
          if (x < x0) x0 = x;
          if (x > x1) x1 = x;
          if (y < y0) y0 = y;
          if (y > y1) y1 = y;
        }
      }
    }
    const u = (2 * R) / N;
    b = x1 < 0 ? [-piece.w / 2, -piece.h / 2, piece.w / 2, piece.h / 2] : [x0 * u - R, y0 * u - R, (x1 + 1) * u - R, (y1 + 1) * u - R];
    bounds.set(key, b);
  }
  const [bx0, by0, bx1, by1] = b;
  const cx = (bx0 + bx1) / 2;
  const cy = (by0 + by1) / 2;
  return {
    ...piece,
    svg: `<g transform="translate(${f(-cx)} ${f(-cy)})">${piece.svg}</g>`,
    w: bx1 - bx0,
    h: by1 - by0,
    ...(piece.focus ? { focus: [piece.focus[0] - cx, piece.focus[1] - cy] as [number, number] } : {}),
  };
}

/** Product image `view` (1 studio, 2 close-up, 3 on a display prop) at 1500×1875. */
export async function productImage(p: ProductLike, view: number, W = 1500, H = 1875): Promise<Scene> {
  const seed = hash(p.slug);
  const look = lookFor(p, `${p.slug}-${view}`);
  const rand = prng(hash(`${p.slug}:${view}`));
  const [pal1] = paletteFor(seed);
  if (view === 1) {
    const pl = placed(await pieceFor(p, look), { cx: W / 2, cy: H * 0.47, maxW: W * 0.8, maxH: H * 0.62 });
    return scene(
      W,
      H,
      background(W, H, PALETTES[pal1]!) + pl.ground,
      '',
      pl.svg,
      glints(rand, [W * 0.3, H * 0.3, W * 0.7, H * 0.6], 2, 38),
    );
  }
  if (view === 2) {
    const piece = await pieceFor(p, look);
    const [, pal2] = paletteFor(seed + 5, pal1);
    const focus: [number, number] =
      piece.focus ??
      (piece.prop === 'bust' ? [0, piece.h * 0.28] : piece.prop === 'tray' ? [-piece.w * 0.24, -piece.h * 0.05] : [0, -piece.h * 0.12]);
    const pl = placed(piece, { cx: W * 0.52, cy: H * 0.5, maxW: W * 0.8, maxH: H * 0.62, zoom: 1.7, rot: -9 + rand() * 6, focus }, false);
    return scene(
      W,
      H,
      background(W, H, pal2, 0.7) + bokeh(W, H, rand, 9, look.metal === 'gold', [0, 0, 1, 0.45]),
      '',
      pl.svg,
      glints(rand, [W * 0.25, H * 0.3, W * 0.75, H * 0.7], 3, 50),
    );
  }
  // View 3: on velvet: a bust for necklaces, a ring cushion for small pieces, cloth for the rest.
  const velvet = velvetFor(look.metal, seed);
  const flat = await pieceFor(p, look);
  const vdefs = velvetDefs(velvet);
  if (flat.prop === 'bust') {
    const worn = pieceFor(p, look, 'worn');
    const [, pal] = paletteFor(seed + 2, pal1);
    // A close crop of the bust: neck and upper chest fill the frame so the necklace reads large.
    const neck = W * 0.2;
    const neckY = H * 0.1;
    const s = Math.min((neck * 1.02) / 320, (H * 0.62) / worn.h);
    return scene(
      W,
      H,
      background(W, H, pal, 0.8),
      bust(W / 2, neckY, neck, velvet),
      `<g transform="translate(${f(W / 2)} ${f(neckY + neck * 1.22)}) scale(${f3(s)})">${worn.svg}</g>`,
      glints(rand, [W * 0.35, H * 0.35, W * 0.65, H * 0.6], 2, 34),
      vdefs,
    );
  }
  if (flat.prop === 'cushion') {
    const [, pal] = paletteFor(seed + 4, pal1);
    const cw = W * 0.78;
    const cy = H * 0.64;
    const box = { maxW: W * 0.58, maxH: H * 0.38 };
    const pieceH = flat.h * fit(flat, { cx: 0, cy: 0, ...box });
    const pl = placed(flat, { cx: W / 2, cy: cy - pieceH * 0.3, ...box }, false);
    return scene(
      W,
      H,
      background(W, H, pal, 0.55) + groundShadow(W / 2, cy + cw * 0.3, cw * 0.58, cw * 0.1),
      cushion(W / 2, cy, cw, velvet),
      pl.svg,
      // The cushion's front lip goes over the piece, so it sits in the slit.
      cushionFront(W / 2, cy, cw, velvet),
      vdefs,
    );
  }
  const pl = placed(flat, { cx: W / 2, cy: H * 0.5, maxW: W * 0.8, maxH: H * 0.6, rot: 6 - rand() * 12 }, false);
  return scene(W, H, velvetCloth(W, H, velvet), '', pl.svg, glints(rand, [W * 0.3, H * 0.3, W * 0.7, H * 0.65], 3, 40), vdefs);
}

/** A subcategory tile: its representative piece on a soft studio background, 1200×1200. */
export async function subcategoryImage(slug: string, rep: ProductLike | undefined, S = 1200): Promise<Scene> {
  const seed = hash(slug);
  const [, pal] = paletteFor(seed);
  const p: ProductLike = rep ?? { slug, name: slug, subcategory: slug, category: '', attributes: {} };
  const look = lookFor(p, `sub:${slug}`);
  const pl = placed(await pieceFor(p, look), { cx: S / 2, cy: S * 0.48, maxW: S * 0.76, maxH: S * 0.7 });
  return scene(S, S, background(S, S, pal) + pl.ground, '', pl.svg);
}

/** Theme of a collection or banner, from words in its slug. */
interface Theme {
  palette: [string, string];
  velvet?: string;
  warm: boolean;
  gift?: boolean;
}

function themeFor(words: string, seed: number): Theme {
  if (/bridal|wedding/.test(words)) return { palette: PALETTES['blush']!, warm: true };
  if (/temple|kemp|festive|diwali/.test(words)) return { palette: ['#7a2232', '#3d0d16'], velvet: 'maroon', warm: true };
  if (/oxidised|heritage|tribal/.test(words)) return { palette: PALETTES['sand']!, warm: true };
  if (/men/.test(words)) return { palette: ['#6d7681', '#2f353d'], velvet: 'charcoal', warm: false };
  if (/gift|under/.test(words)) return { palette: PALETTES['peach']!, warm: true, gift: true };
  if (/kid|little|baby/.test(words)) return { palette: PALETTES['lavender']!, warm: false };
  if (/monsoon|sale/.test(words)) return { palette: ['#e3eef0', '#a9c6cc'], warm: false };
  if (/minimal|everyday/.test(words)) return { palette: PALETTES['pearl']!, warm: false };
  const [, pal] = paletteFor(seed);
  return { palette: pal, warm: false };
}

/** A gift box with a satin ribbon, for gifting collections and promos. */
function giftBox(x: number, y: number, s: number): string {
  const id = nextId('box');
  return (
    `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0%" stop-color="#f7e9e3"/><stop offset="100%" stop-color="#d9bfb4"/></linearGradient>` +
    groundShadow(x + s * 0.1, y + s * 0.62, s * 0.9, s * 0.14) +
    `<path d="M${f(x - s * 0.7)} ${f(y - s * 0.1)} L${f(x + s * 0.4)} ${f(y - s * 0.1)} L${f(x + s * 0.4)} ${f(y + s * 0.6)} L${f(x - s * 0.7)} ${f(y + s * 0.6)} Z" fill="url(#${id})"/>` +
    `<path d="M${f(x + s * 0.4)} ${f(y - s * 0.1)} L${f(x + s * 0.75)} ${f(y - s * 0.32)} L${f(x + s * 0.75)} ${f(y + s * 0.38)} L${f(x + s * 0.4)} ${f(y + s * 0.6)} Z" fill="#c9aa9d"/>` +
    `<path d="M${f(x - s * 0.7)} ${f(y - s * 0.1)} L${f(x - s * 0.35)} ${f(y - s * 0.32)} L${f(x + s * 0.75)} ${f(y - s * 0.32)} L${f(x + s * 0.4)} ${f(y - s * 0.1)} Z" fill="#fbf1ec"/>` +
    `<path d="M${f(x - s * 0.2)} ${f(y - s * 0.1)} L${f(x - s * 0.2)} ${f(y + s * 0.6)}" stroke="#9c2f45" stroke-width="${f(s * 0.09)}"/>` +
    `<path d="M${f(x - s * 0.52)} ${f(y - s * 0.21)} L${f(x + s * 0.58)} ${f(y - s * 0.21)}" stroke="#9c2f45" stroke-width="${f(s * 0.07)}"/>` +
    `<path d="M${f(x + s * 0.57)} ${f(y - s * 0.21)} L${f(x + s * 0.57)} ${f(y + s * 0.49)}" stroke="#7f2337" stroke-width="${f(s * 0.07)}"/>` +
    `<path d="M${f(x + 0.02 * s)} ${f(y - s * 0.22)} C${f(x - s * 0.3)} ${f(y - s * 0.6)} ${f(x - s * 0.45)} ${f(y - s * 0.2)} ${f(x + 0.02 * s)} ${f(y - s * 0.22)} Z M${f(x + 0.02 * s)} ${f(y - s * 0.22)} C${f(x + s * 0.35)} ${f(y - s * 0.6)} ${f(x + s * 0.5)} ${f(y - s * 0.2)} ${f(x + 0.02 * s)} ${f(y - s * 0.22)} Z" fill="#b5374f" stroke="#7f2337" stroke-width="${f(s * 0.015)}"/>`
  );
}

/** Scene background for a theme: velvet themes get cloth, the rest a soft studio sweep. */
function themedBackground(w: number, h: number, t: Theme, rand: () => number, bokehArea?: [number, number, number, number]): string {
  const base = t.velvet ? velvetCloth(w, h, t.velvet) : background(w, h, t.palette, 0.66);
  return base + bokeh(w, h, rand, Math.round((w * h) / 160000), t.warm, bokehArea);
}

/** Where the pieces of an arrangement go, the gift box of a gifting theme, and what lies over them. */
interface Arrangement {
  slots: Place[];
  /** Part of the frame (fractions) the bokeh stays in. */
  bokehArea: [number, number, number, number];
  /** Gift box centre and size, when the theme is gifting. */
  gift: [number, number, number];
  /** Area (pixels) and size of the glints. */
  glints: [[number, number, number, number], number];
  /** Extra SVG laid over the pieces before the glints. */
  wash?: (theme: Theme) => string;
}

/** A themed arrangement of up to three pieces: the one template of collection tiles and banners. */
async function arranged(W: number, H: number, key: string, lookKey: string, reps: ProductLike[], a: Arrangement): Promise<Scene> {
  const seed = hash(key);
  const rand = prng(seed);
  const theme = themeFor(key, seed);
  let soft = themedBackground(W, H, theme, rand, a.bokehArea);
  const back = theme.gift ? giftBox(...a.gift) : '';
  let front = '';
  const pcs = await Promise.all(reps.slice(0, 3).map((p, i) => pieceFor(p, lookFor(p, `${lookKey}:${i}`))));
  pcs.forEach((pc, i) => {
    const slot = a.slots[i];
    if (!slot) return;
    const pl = placed(pc, slot, !theme.velvet);
    soft += pl.ground;
    front += pl.svg;
  });
  const over = (a.wash?.(theme) ?? '') + glints(rand, a.glints[0], 3, a.glints[1]);
  return scene(W, H, soft, back, front, over, theme.velvet ? velvetDefs(theme.velvet) : '');
}

/** A collection tile: two or three of its pieces arranged, 1200×1200. */
export function collectionImage(slug: string, reps: ProductLike[], S = 1200): Promise<Scene> {
  const slots: Place[] =
    reps.length >= 3
      ? [
          { cx: S * 0.5, cy: S * 0.34, maxW: S * 0.6, maxH: S * 0.44, rot: -4 },
          { cx: S * 0.27, cy: S * 0.72, maxW: S * 0.42, maxH: S * 0.36, rot: -10 },
          { cx: S * 0.74, cy: S * 0.72, maxW: S * 0.42, maxH: S * 0.36, rot: 9 },
        ]
      : [
          { cx: S * 0.36, cy: S * 0.45, maxW: S * 0.52, maxH: S * 0.52, rot: -6 },
          { cx: S * 0.68, cy: S * 0.62, maxW: S * 0.46, maxH: S * 0.46, rot: 8 },
        ];
  return arranged(S, S, slug, `col:${slug}`, reps, {
    slots,
    bokehArea: [0, 0, 1, 0.5],
    gift: [S * 0.84, S * 0.17, S * 0.12],
    glints: [[S * 0.2, S * 0.25, S * 0.8, S * 0.8], 32],
  });
}

/** Banner kinds and their pixel sizes. */
export const BANNER_SIZE = { web: [1920, 700], mobile: [900, 1000], promo: [1600, 600] } as const;

/**
 * A banner without text (the page overlays the Heading). Pieces sit right of centre; the left
 * side is calm for copy. Mobile keeps everything inside the middle band that a 250 px tall
 * phone crop shows.
 */
export function bannerImage(key: string, kind: keyof typeof BANNER_SIZE, reps: ProductLike[]): Promise<Scene> {
  const [W, H] = BANNER_SIZE[kind];
  const right = kind === 'promo' ? 0.52 : 0.5;
  const mobile = kind === 'mobile';
  return arranged(W, H, key, `banner:${key}`, reps, {
    slots: mobile
      ? // A phone shows this at about 250 px tall, cropping to roughly y 210..790 of 1000: keep the
        // pieces inside that band, the hero piece right of centre where overlaid text is least likely.
        [
          { cx: W * 0.64, cy: H * 0.47, maxW: W * 0.56, maxH: H * 0.46, rot: -4 },
          { cx: W * 0.89, cy: H * 0.64, maxW: W * 0.24, maxH: H * 0.24, rot: 10 },
          { cx: W * 0.34, cy: H * 0.66, maxW: W * 0.26, maxH: H * 0.22, rot: -10 },
        ]
      : [
          { cx: W * (right + 0.19), cy: H * 0.48, maxW: W * 0.22, maxH: H * 0.82, rot: -4 },
          { cx: W * (right + 0.38), cy: H * 0.56, maxW: W * 0.13, maxH: H * 0.46, rot: 8 },
          { cx: W * (right + 0.0), cy: H * 0.62, maxW: W * 0.11, maxH: H * 0.4, rot: -10 },
        ],
    bokehArea: mobile ? [0.35, 0.2, 1, 0.8] : [0.45, 0, 1, 1],
    gift: mobile ? [W * 0.88, H * 0.36, W * 0.1] : [W * 0.43, H * 0.7, H * 0.15],
    glints: [[W * 0.55, H * 0.25, W * 0.95, H * 0.75], Math.min(W, H) * 0.03],
    // A gentle wash over the copy side keeps overlaid text legible on any theme.
    wash: (theme) => {
      const id = nextId('wash');
      const colour = theme.velvet || /men/.test(key) ? '#000000' : '#ffffff';
      return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0%" stop-color="${colour}" stop-opacity="0.35"/><stop offset="${mobile ? 45 : 50}%" stop-color="${colour}" stop-opacity="0"/></linearGradient><rect width="${W}" height="${H}" fill="url(#${id})"/>`;
    },
  });
}
