/**
 * The AVIF encoder effort of the local Image CDN emulation. @netlify/images (inside @netlify/dev) transforms
 * pictures with ipx, which encodes AVIF through its own copy of sharp at sharp's default effort, 4: 2.3 to 2.6 s of
 * one core for an 800 px picture on this project's 2-core machines, where WebP of the same picture takes 0.15 s.
 * A fresh clone's journeys ask for about 480 variants: about a fifth of their CPU went on encoding them.
 *
 * Only the journeys' shops lower it (tests/setup/e2e-server.ts). The journeys check that pictures load and show;
 * the Image CDN addresses a picture's sources carry are checked by unit tests (ProductPicture.test.ts), and the bytes
 * are never the shop's (in production Netlify's Image CDN encodes them), so libaom's compression is not what they
 * test. `npm start` and the benches keep the default, and a process with a lowered effort keeps its own disk cache
 * (`edgeImageCacheDir`), so their pictures are never the quicker, larger ones.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The part of sharp's constructor this patch touches. */
interface SharpConstructor {
  prototype: { toFormat(format: unknown, options?: Record<string, unknown>): unknown };
}

let patchedEffort: number | undefined;

/** True for the formats sharp encodes through libheif's AVIF path, named as sharp's toFormat accepts them. */
function isAvif(format: unknown): boolean {
  const id = typeof format === 'string' ? format : (format as { id?: unknown } | null)?.id;
  return typeof id === 'string' && ['avif', 'heif'].includes(id.toLowerCase());
}

/**
 * Makes the emulation's AVIF encodes use this effort (0, fastest, to 9), unless a caller sets its own. It patches
 * the copy of sharp that ipx itself resolves, found the way Node finds it from @netlify/dev, so the patch follows
 * the dependency tree rather than a path. It applies to the whole process, for good.
 */
export function setLocalAvifEffort(effort: number): void {
  if (!Number.isInteger(effort) || effort < 0 || effort > 9)
    throw new Error(`AVIF effort must be a whole number from 0 to 9, not ${effort}`);
  if (patchedEffort !== undefined) {
    if (patchedEffort !== effort) throw new Error(`the local AVIF effort is already ${patchedEffort}`);
    return;
  }
  const images = createRequire(import.meta.resolve('@netlify/dev')).resolve('@netlify/images');
  const ipx = createRequire(images).resolve('ipx');
  const sharp = createRequire(ipx)('sharp') as SharpConstructor;
  const toFormat = sharp.prototype.toFormat;
  sharp.prototype.toFormat = function (format, options) {
    return toFormat.call(this, format, isAvif(format) && options?.['effort'] === undefined ? { ...options, effort } : options);
  };
  patchedEffort = effort;
}

/**
 * Where this process keeps transformed pictures on disk. Decided by the effort the process encodes at, not by the
 * server asking, since the patch is process-wide: default encodes never share a folder with quicker ones.
 */
export function edgeImageCacheDir(root: string): string {
  return join(root, '.cache', patchedEffort === undefined ? 'edge-images' : `edge-images-avif-effort-${patchedEffort}`);
}
