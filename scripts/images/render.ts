/**
 * Rasterises a layered Scene with sharp: background, a soft drop shadow made from the jewellery's
 * alpha (blurred at quarter size, which is far cheaper than an SVG filter), the jewellery, then glints.
 */
import sharp, { type JpegOptions, type Sharp } from 'sharp';
import { layerSvg, type Scene } from './scenes.ts';

/** Drop-shadow look: offset and blur in output pixels, strength 0..1. */
export interface ShadowOpts {
  dx: number;
  dy: number;
  blur: number;
  opacity: number;
  colour: { r: number; g: number; b: number };
}

const DEFAULT_SHADOW: ShadowOpts = { dx: 10, dy: 24, blur: 11, opacity: 0.3, colour: { r: 58, g: 44, b: 36 } };

const Q = 4;

/** A PNG as an <image> covering the canvas; librsvg scales it up smoothly. */
function imageTag(png: Buffer, w: number, h: number, x = 0, y = 0): string {
  return `<image x="${x}" y="${y}" width="${w}" height="${h}" preserveAspectRatio="none" href="data:image/png;base64,${png.toString('base64')}"/>`;
}

/**
 * Renders a scene in one full-size librsvg pass (the soft layer and the drop shadow are rasterised
 * at quarter size first and embedded as images). Returns the pipeline, RGB, ready to encode.
 */
export async function renderScene(sc: Scene, shadow: Partial<ShadowOpts> = {}): Promise<Sharp> {
  const { width: w, height: h } = sc;
  const sh = { ...DEFAULT_SHADOW, ...shadow };
  // Scale shadow size with the image so tiles and banners match the product shots.
  const k = Math.max(w, h) / 1875;
  const sw = Math.ceil(w / Q);
  const shh = Math.ceil(h / Q);
  const small = { width: sw, height: shh, channels: 4 as const };

  let shadowRaw: Buffer | null = null;
  if (sc.front) {
    const alpha = await sharp(Buffer.from(layerSvg(sc, sc.front, Q)))
      .ensureAlpha()
      .extractChannel(3)
      .blur(Math.max(0.5, (sh.blur * k) / Q))
      .linear(sh.opacity, 0)
      .raw()
      .toBuffer();
    shadowRaw = await sharp({ create: { width: sw, height: shh, channels: 3, background: sh.colour } })
      .joinChannel(alpha, { raw: { width: sw, height: shh, channels: 1 } })
      .raw()
      .toBuffer();
  }
  const dx = Math.round((sh.dx * k) / Q);
  const dy = Math.round((sh.dy * k) / Q);

  let prefix = '';
  if (sc.soft) {
    let soft = sharp(Buffer.from(layerSvg(sc, sc.soft, Q))).ensureAlpha();
    if (shadowRaw && !sc.back) {
      // No props between background and jewellery: bake the shadow into the background image,
      // saving a full-size image draw. The shadow is cropped so the offset overlay still fits.
      const cropped = await sharp(shadowRaw, { raw: small })
        .extract({ left: 0, top: 0, width: sw - dx, height: shh - dy })
        .raw()
        .toBuffer();
      soft = sharp(await soft.raw().toBuffer(), { raw: small }).composite([
        { input: cropped, raw: { width: sw - dx, height: shh - dy, channels: 4 }, left: dx, top: dy },
      ]);
      shadowRaw = null;
    }
    prefix += imageTag(await soft.png({ compressionLevel: 6 }).toBuffer(), sw * Q, shh * Q);
  }
  prefix += sc.back;
  if (shadowRaw) {
    const png = await sharp(shadowRaw, { raw: small }).png({ compressionLevel: 6 }).toBuffer();
    // The offset puts the shadow down and right, as if lit from the top left.
    prefix += imageTag(png, sw * Q, shh * Q, dx * Q, dy * Q);
  }
  return sharp(Buffer.from(layerSvg(sc, sc.front + sc.over, 1, prefix))).removeAlpha();
}

/** JPEG settings: mozjpeg tables with trellis and scan optimisation off, near-mozjpeg size at a third of the time. */
export const JPEG: JpegOptions = {
  quality: 82,
  mozjpeg: true,
  trellisQuantisation: false,
  optimiseScans: false,
  chromaSubsampling: '4:2:0',
};
