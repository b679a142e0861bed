import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Rupees and paise cross only in src/shared/money.ts (toPaise, toRupees, roundToPaise, samePaise): a second
 * hand-written conversion is where a total drifts by a paisa. The zod schemas are apart: they import nothing
 * but zod, so their "at most two decimals" checks stay inline.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MONEY = 'src/shared/money.ts';
/** Rupees times 100 rounded, or an amount in paise divided by 100. */
const HAND_CONVERSION = /Math\.round\([\w.!?() ]+ \* 100\)|paise\b[\w.!?()]* \/ 100\b|Paise\b[\w.!?()]* \/ 100\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'schemas' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('money', () => {
  it('is converted between rupees and paise in one module only', () => {
    const offenders = ['netlify/lib', 'src/shared']
      .flatMap((dir) => sourceFiles(join(ROOT, dir)))
      .map((path) => relative(ROOT, path))
      .filter((path) => path !== MONEY)
      .flatMap((path) =>
        readFileSync(join(ROOT, path), 'utf8')
          .split('\n')
          .flatMap((line, i) => (HAND_CONVERSION.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });
});
