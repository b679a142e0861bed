/**
 * The AVIF encoder effort of the local Image CDN emulation. @netlify/images (inside @netlify/dev) transforms
 * pictures with ipx, which encodes AVIF through its own copy of sharp at libaom's default effort, 4: about 2.5 s
 * of one core for an 800 px picture on this project's 2-core machines, where WebP of the same picture takes 0.15 s.
 * The journeys ask for about 480 variants from a fresh clone, a third of their CPU.
 *
 * Only the journeys' shops lower it (tests/setup/e2e-server.ts). What they check is which variant a page asks
 * for, that it arrives as AVIF at that width and that it shows; the bytes themselves are never the shop's (in
 * production Netlify's Image CDN encodes them), so libaom's compression is not what they test. `npm start`
 * and the benches keep ipx's default, and a lowered effort has its own disk cache (see `edgeImageCacheDir`), so
 * their pictures are never the quicker, larger ones.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The part of sharp's constructor this patch touches. */
interface SharpConstructor {
  prototype: { toFormat(format: unknown, options?: Record<string, unknown>): unknown };
}

let patchedEffort: number | null = null;

/**
 * Makes the emulation's AVIF encodes use this effort (0, fastest, to 9), unless a caller sets its own. It patches
 * the copy of sharp that ipx itself resolves, found the way Node finds it from @netlify/dev, so the patch follows
 * the dependency tree rather than a path; it applies to the whole process, once.
 */
export function setLocalAvifEffort(effort: number): void {
  if (patchedEffort !== null) {
    if (patchedEffort !== effort) throw new Error(`the local AVIF effort is already ${patchedEffort}`);
    return;
  }
  const images = createRequire(import.meta.resolve('@netlify/dev')).resolve('@netlify/images');
  const ipx = createRequire(images).resolve('ipx');
  const sharp = createRequire(ipx)('sharp') as SharpConstructor;
  const toFormat = sharp.prototype.toFormat;
  sharp.prototype.toFormat = function (format, options) {
    const avif = format === 'avif' || format === 'heif';
    return toFormat.call(this, format, avif && options?.['effort'] === undefined ? { ...options, effort } : options);
  };
  patchedEffort = effort;
}

/** Where transformed pictures are kept on disk: ipx's default encodes apart from quicker ones. */
export function edgeImageCacheDir(root: string, avifEffort: number | undefined): string {
  return join(root, '.cache', avifEffort === undefined ? 'edge-images' : `edge-images-avif-effort-${avifEffort}`);
}
