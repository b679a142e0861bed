import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Rupees and paise cross only in src/shared/money.ts (toPaise, toRupees, roundToPaise, formatPaiseAsINR, and the rounding
 * rules: a percentage of paise, up to a whole rupee, whole percent, basis points): a second hand-written
 * conversion is where a total drifts by a paisa. The zod schemas (which import nothing but zod) check "at most
 * two decimals" with zod's own float-safe multipleOf(0.01), so they are read too.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MONEY = 'src/shared/money.ts';
/** Anything times or divided by 100 (rupees to paise and back, or a percentage worked by hand). */
const HAND_CONVERSION = /[*/] ?100\b|\b100 ?[*/]/;
/** A comment line: prose may say "× 100". */
const COMMENT = /^\s*(\*|\/\/|\/\*)/;
/** Lines where 100 is not money: the invoice's amount in words counts hundreds; the price slider's CSS percentage. */
const NOT_MONEY = [/\bhundreds = Math\.floor\(n \/ 100\)/, /\* 100\}%`/];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('money', () => {
  it('is converted between rupees and paise in one module only', () => {
    const offenders = ['netlify/lib', 'netlify/functions', 'src/shared', 'src/features']
      .flatMap((dir) => sourceFiles(join(ROOT, dir)))
      .map((path) => relative(ROOT, path))
      .filter((path) => path !== MONEY)
      .flatMap((path) =>
        readFileSync(join(ROOT, path), 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            HAND_CONVERSION.test(line) && !COMMENT.test(line) && !NOT_MONEY.some((r) => r.test(line))
              ? [`${path}:${i + 1}: ${line.trim()}`]
              : [],
          ),
      );
    expect(offenders).toEqual([]);
  });
});
