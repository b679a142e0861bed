import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CatalogueFileSchema } from '@shared/schemas/catalogue';

// The sample catalogue is data edited by hand: these checks stand between an edit and a shop (or a test) that
// finds an empty category, a dangling slug or no sized product to try.
const raw: unknown = JSON.parse(readFileSync(new URL('../../data/sample-catalogue.json', import.meta.url), 'utf8'));
const parsed = CatalogueFileSchema.safeParse(raw);
const sample = parsed.success ? parsed.data : CatalogueFileSchema.parse({});
type Product = (typeof sample.products)[number];
const stockOf = (p: Product) => p.stock ?? p.sizes?.values.reduce((sum, v) => sum + v.stock, 0) ?? 0;

/** Every string in a JSON value, with its path. */
function* strings(value: unknown, path = '$'): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* strings(v, `${path}[${i}]`);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* strings(v, `${path}.${k}`);
}

describe('data/sample-catalogue.json', () => {
  it('is a catalogue file the import accepts, written out in full (no field left to a default)', () => {
    expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
    for (const p of (raw as { products: Record<string, unknown>[] }).products)
      expect(Object.keys(p), p['slug'] as string).toEqual(
        expect.arrayContaining(['slug', 'name', 'price', 'discountPrice', 'thumbnail', 'image']),
      );
  });

  it('links to no other site: a banner slide opens its own banner page', () => {
    expect(sample.banners.filter((b) => b.URL !== '').map((b) => b.key)).toEqual([]);
    const external = [...strings(raw)].filter(([, v]) => /\bhttps?:\/\//i.test(v));
    expect(external).toEqual([]);
  });

  it('names only what it holds: no duplicate slug, no dangling category, subcategory, collection, related or pair', () => {
    const cats = new Set(sample.categories.map((x) => x.slug));
    const subs = new Set(sample.subcategories.map((x) => x.slug));
    const cols = new Set(sample.collections.map((x) => x.slug));
    const prods = new Set(sample.products.map((x) => x.slug));
    expect(prods.size).toBe(sample.products.length);
    const dangling = [
      ...sample.subcategories.filter((s) => !cats.has(s.category)).map((s) => `subcategory ${s.slug} -> ${s.category}`),
      ...sample.products.flatMap((p) => [
        ...(subs.has(p.subcategory) ? [] : [`${p.slug} subcategory ${p.subcategory}`]),
        ...p.collections.filter((x) => !cols.has(x)).map((x) => `${p.slug} collection ${x}`),
        ...[...p.related, ...p.pairs].filter((x) => !prods.has(x) || x === p.slug).map((x) => `${p.slug} -> ${x}`),
      ]),
      ...sample.banners.flatMap((b) => b.products.filter((x) => !prods.has(x)).map((x) => `banner ${b.key} -> ${x}`)),
    ];
    expect(dangling).toEqual([]);
  });

  it('fills every shelf: each category, subcategory and collection has products, each product pictures and suggestions', () => {
    const subsOf = (cat: string) => sample.subcategories.filter((s) => s.category === cat).map((s) => s.slug);
    expect(
      sample.categories.filter((c) => !sample.products.some((p) => subsOf(c.slug).includes(p.subcategory))).map((c) => c.slug),
    ).toEqual([]);
    expect(sample.subcategories.filter((s) => !sample.products.some((p) => p.subcategory === s.slug)).map((s) => s.slug)).toEqual([]);
    expect(sample.collections.filter((c) => !sample.products.some((p) => p.collections.includes(c.slug))).map((c) => c.slug)).toEqual([]);
    for (const p of sample.products) {
      expect(p.image.length, p.slug).toBeGreaterThan(0);
      expect(p.related.length, p.slug).toBeGreaterThanOrEqual(3);
      expect(p.related.length, p.slug).toBeLessThanOrEqual(6);
      expect(p.pairs.length, p.slug).toBeGreaterThanOrEqual(1);
      expect(p.pairs.length, p.slug).toBeLessThanOrEqual(3);
    }
  });

  it('has every kind of product the shop shows differently: featured, discounted, in stock, sold out, sold in sizes', () => {
    const has = (test: (p: Product) => boolean) => sample.products.some(test);
    expect(has((p) => p.featured)).toBe(true);
    expect(has((p) => p.discountPrice !== null)).toBe(true);
    expect(has((p) => p.discountPrice === null)).toBe(true);
    expect(has((p) => stockOf(p) > 0)).toBe(true);
    expect(has((p) => stockOf(p) === 0)).toBe(true);
    expect(new Set(sample.products.flatMap((p) => (p.sizes ? [p.sizes.guide] : []))).size).toBeGreaterThanOrEqual(3);
    expect(has((p) => !!p.sizes?.values.some((v) => v.stock === 0) && stockOf(p) > 0)).toBe(true);
    expect(sample.banners.some((b) => b.status === 'active')).toBe(true);
    expect(sample.headings.some((h) => h.isVisible)).toBe(true);
  });
});
