import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const sample = JSON.parse(readFileSync(new URL('../../data/sample-catalogue.json', import.meta.url), 'utf8')) as {
  banners: { key: string; URL: string }[];
};

/** Every string in a JSON value, with its path. */
function* strings(value: unknown, path = '$'): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* strings(v, `${path}[${i}]`);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* strings(v, `${path}.${k}`);
}

describe('data/sample-catalogue.json', () => {
  it('links to no other site: a banner slide opens its own banner page', () => {
    expect(sample.banners.filter((b) => b.URL !== '').map((b) => b.key)).toEqual([]);
    const external = [...strings(sample)].filter(([, v]) => /\bhttps?:\/\//i.test(v));
    expect(external).toEqual([]);
  });
});
