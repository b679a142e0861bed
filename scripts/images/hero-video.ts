/**
 * Renders the home-page hero loop: a silver still life with a slow pan, zoom and turn and
 * twinkling glints, encoded as VP9 WebM and H.264 MP4 (1280×720, 5 s) plus a JPEG poster.
 *
 * Run by hand when the look should change: `npm exec -c 'tsx scripts/images/hero-video.ts'`.
 * Needs ffmpeg (apt-get install -y ffmpeg); the outputs in public/media are committed, so a
 * fresh machine needs neither ffmpeg nor this script.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { renderScene } from './render.ts';
import { heroGlints, heroStill, type ProductLike } from './scenes.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = join(ROOT, 'public/media');
const W = 1280;
const H = 720;
const FPS = 18;
const FRAMES = 90;
/** The still is drawn larger than the frame so the pan and turn never show an edge. */
const OVER = 1.15;
const MAX_VIDEO = 700 * 1024;
const MAX_POSTER = 120 * 1024;

/** Silver pieces for the still life: a choker in the middle, jhumkas, bangles and a solitaire. */
const PREFERRED = ['cz-bridal-choker', 'oxidised-peacock-jhumkas', 'diamond-cut-bangles-set-of-2', 'moissanite-solitaire-ring'];

interface Row {
  slug: string;
  name: string;
  subcategory: string;
  attributes?: Record<string, string>;
}

function pieces(): ProductLike[] {
  const c = JSON.parse(readFileSync(join(ROOT, 'data/sample-catalogue.json'), 'utf8')) as {
    products: Row[];
    subcategories: { slug: string; category: string }[];
  };
  const cat = new Map(c.subcategories.map((s) => [s.slug, s.category]));
  const rows = PREFERRED.map((slug) => c.products.find((p) => p.slug === slug)).filter((p) => p !== undefined);
  const chosen = rows.length === PREFERRED.length ? rows : c.products.slice(0, 4);
  return chosen.map((p) => ({
    slug: p.slug,
    name: p.name,
    subcategory: p.subcategory,
    category: cat.get(p.subcategory) ?? '',
    attributes: p.attributes ?? {},
  }));
}

/** Encodes with increasing CRF until the file fits the budget; a hero must not cost much data. */
function encode(name: string, args: (crf: number) => string[], crfs: number[]): string {
  const file = join(OUT, name);
  for (const crf of crfs) {
    execFileSync('ffmpeg', ['-y', '-loglevel', 'error', ...args(crf), file], { stdio: 'inherit' });
    const size = statSync(file).size;
    console.log(`${name}: crf ${crf} -> ${(size / 1024).toFixed(0)} KB`);
    if (size <= MAX_VIDEO) return file;
  }
  throw new Error(`${name} stays above ${MAX_VIDEO / 1024} KB`);
}

async function main(): Promise<void> {
  const started = performance.now();
  mkdirSync(OUT, { recursive: true });
  const frames = mkdtempSync(join(tmpdir(), 'hero-'));
  try {
    const SW = Math.round(W * OVER);
    const SH = Math.round(H * OVER);
    const still = await heroStill(pieces(), SW, SH);
    const stillJpeg = await (await renderScene(still)).jpeg({ quality: 95 }).toBuffer();
    const href = `data:image/jpeg;base64,${stillJpeg.toString('base64')}`;

    for (let i = 0; i < FRAMES; i++) {
      const t = i / FRAMES;
      // Cosine easing: the motion slows to a stop at both ends, so the last frame meets the first.
      const c = (1 - Math.cos(t * Math.PI * 2)) / 2;
      const scale = (1 / OVER) * (1.03 + 0.06 * c);
      const panX = -18 + 36 * c;
      const panY = 6 - 12 * c;
      const turn = -0.8 + 1.6 * c;
      const glints = heroGlints(t, SW, SH).replace(/^<svg[^>]*>|<\/svg>$/g, '');
      const svg =
        `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
        `<g transform="translate(${W / 2 + panX} ${H / 2 + panY}) rotate(${turn.toFixed(3)}) scale(${scale.toFixed(5)}) translate(${-SW / 2} ${-SH / 2})">` +
        `<image width="${SW}" height="${SH}" href="${href}"/>${glints}</g></svg>`;
      await sharp(Buffer.from(svg))
        .png({ compressionLevel: 1 })
        .toFile(join(frames, `f${String(i).padStart(3, '0')}.png`));
    }

    const input = ['-framerate', String(FPS), '-i', join(frames, 'f%03d.png'), '-an'];
    encode(
      'hero-loop.webm',
      (crf) => [
        ...input,
        '-c:v',
        'libvpx-vp9',
        '-b:v',
        '0',
        '-crf',
        String(crf),
        '-row-mt',
        '1',
        '-deadline',
        'good',
        '-cpu-used',
        '2',
        '-pix_fmt',
        'yuv420p',
      ],
      [30, 34, 38, 42],
    );
    encode(
      'hero-loop.mp4',
      (crf) => [...input, '-c:v', 'libx264', '-preset', 'slow', '-crf', String(crf), '-pix_fmt', 'yuv420p', '-movflags', '+faststart'],
      [21, 24, 27, 30],
    );

    // Poster: the first frame, so the swap from poster to video is seamless.
    let poster: Buffer = Buffer.alloc(0);
    for (const q of [80, 72, 64, 56]) {
      poster = await sharp(join(frames, 'f000.png')).jpeg({ quality: q, mozjpeg: true }).toBuffer();
      if (poster.length <= MAX_POSTER) break;
    }
    writeFileSync(join(OUT, 'hero-poster.jpg'), poster);
    console.log(`hero-poster.jpg: ${(poster.length / 1024).toFixed(0)} KB`);
  } finally {
    rmSync(frames, { recursive: true, force: true });
  }
  console.log(`Hero video done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
