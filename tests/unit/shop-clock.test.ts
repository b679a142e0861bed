import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * India's time zone and offset are written once, in src/shared/india-time.ts; everything else asks it. A second
 * hand-written copy is how one screen's "today" ends up a day off from another's (issue #33).
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CLOCK = 'src/shared/india-time.ts';
/** The zone's name, or India's offset written out in minutes, milliseconds or hours. */
const HAND_WRITTEN = /'Asia\/Kolkata'|"Asia\/Kolkata"|\b330 \* 60|\b5\.5 \* 60|\b19_?800_?000\b|\+05:30/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("the shop's clock", () => {
  it('is written in one module: no other source names the zone or its offset', () => {
    const offenders = ['src', 'netlify', 'scripts', 'bench']
      .flatMap((dir) => sourceFiles(join(ROOT, dir)))
      .map((path) => relative(ROOT, path))
      .filter((path) => path !== CLOCK)
      .filter((path) => HAND_WRITTEN.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
