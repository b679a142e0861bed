import { ObjectId } from 'mongodb';
import type { z } from 'zod';
import {
  BannerInputSchema,
  CategoryInputSchema,
  CollectionInputSchema,
  HeadingInputSchema,
  ProductInputSchema,
  SettingsInputSchema,
  SubcategoryInputSchema,
  type CatalogueFile,
} from '@shared/schemas/catalogue';
import { describeIssue } from '@shared/schemas/common';
import { ALL_PRODUCTS_SLUG } from '@shared/routes';
import { slugFromName } from '@shared/slug';
import { clearCache } from '../cache';
import { clearCatalogueList } from './catalogue-editor.service';
import { bannerFields } from '../repositories/mappers';
import { stableId } from './catalogue-ids';
import { unitId, type InventoryDoc, type ProductDoc } from '../collections';
import {
  catalogueWriteRepository,
  type CatalogueWritePlan,
  type ExistingIds,
  type StoredCatalogue,
} from '../repositories/catalogue-write.repository';

/** One problem found in an import file, located by section, row and field. */
export interface ImportError {
  section: string;
  row: number;
  key: string;
  message: string;
}

/** How the rows of one section compare with what is stored. */
export interface SectionChanges {
  added: number;
  /** Rows whose stored fields differ in anything but stock. */
  changed: number;
  /** Existing products whose only difference is stock (counted only when stock is overwritten). */
  stock: number;
  unchanged: number;
}

/**
 * What an import changes, which decides how it is published: 'content' when anything the static pages
 * show changes (they must be rebuilt), 'stock' when only product stock changes (pages read stock live, so
 * purging cached API answers is enough), 'none' when the database already holds exactly this file.
 */
export type ChangeKind = 'none' | 'stock' | 'content';

/** What an import did (or would do, on a dry run). */
export interface ImportReport {
  ok: boolean;
  errors: ImportError[];
  counts: Record<string, number>;
  /** Per section present in the file, compared with the database before the import (empty when not ok). */
  changes: Record<string, SectionChanges>;
  change: ChangeKind;
}

const SECTIONS = {
  categories: CategoryInputSchema,
  subcategories: SubcategoryInputSchema,
  collections: CollectionInputSchema,
  products: ProductInputSchema,
  banners: BannerInputSchema,
  headings: HeadingInputSchema,
} as const;

/** Parses a raw catalogue row by row, so every bad row is reported rather than only the first. */
function parseCatalogue(raw: unknown): { file: CatalogueFile | null; errors: ImportError[] } {
  const errors: ImportError[] = [];
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return {
      file: null,
      errors: [{ section: '(file)', row: 0, key: '', message: 'the catalogue must be a JSON object with sections such as "products"' }],
    };
  }
  const input = raw as Record<string, unknown>;
  const known = new Set([...Object.keys(SECTIONS), 'settings']);
  for (const k of Object.keys(input)) if (!known.has(k)) errors.push({ section: k, row: 0, key: '', message: `unknown section "${k}"` });
  const out: Record<string, unknown[]> = {};
  for (const [section, schema] of Object.entries(SECTIONS) as [keyof typeof SECTIONS, z.ZodType][]) {
    const rows = input[section] ?? [];
    if (!Array.isArray(rows)) {
      errors.push({ section, row: 0, key: '', message: 'must be a list' });
      continue;
    }
    out[section] = rows.flatMap((row, i) => {
      const r = schema.safeParse(row);
      if (r.success) return [r.data];
      const raw = (row ?? {}) as { slug?: unknown; key?: unknown; name?: unknown };
      const key = raw.slug ?? raw.key ?? (typeof raw.name === 'string' ? slugFromName(raw.name) : '');
      for (const issue of r.error.issues)
        errors.push({
          section,
          row: i + 1,
          key: String(key),
          message: issue.path.length ? describeIssue(issue) : `(row): ${issue.message}`,
        });
      return [];
    });
  }
  let settings: CatalogueFile['settings'];
  if (input['settings'] !== undefined) {
    const r = SettingsInputSchema.safeParse(input['settings']);
    if (r.success) settings = r.data;
    else for (const issue of r.error.issues) errors.push({ section: 'settings', row: 0, key: '', message: describeIssue(issue) });
  }
  if (errors.length) return { file: null, errors };
  return { file: { ...(out as Omit<CatalogueFile, 'settings'>), settings }, errors };
}

/** Checks duplicates and that every slug a row refers to exists in the file or in the database. */
function checkReferences(file: CatalogueFile, existing: ExistingIds): ImportError[] {
  const errors: ImportError[] = [];
  const dupes = (section: string, keys: string[]) => {
    const seen = new Set<string>();
    keys.forEach((k, i) => {
      if (seen.has(k)) errors.push({ section, row: i + 1, key: k, message: `duplicate "${k}"` });
      seen.add(k);
    });
  };
  dupes(
    'categories',
    file.categories.map((r) => r.slug),
  );
  dupes(
    'subcategories',
    file.subcategories.map((r) => r.slug),
  );
  dupes(
    'collections',
    file.collections.map((r) => r.slug),
  );
  dupes(
    'products',
    file.products.map((r) => r.slug),
  );
  dupes(
    'banners',
    file.banners.map((r) => r.key),
  );

  // Categories, collections and subcategories share /collections/{slug}: a category may not take a
  // slug another listing has (the build would refuse it too; see categorySlugClashes).
  const listingSlug = new Map<string, string>([[ALL_PRODUCTS_SLUG, 'the listing of every product']]);
  for (const slug of [...existing.collections.keys(), ...file.collections.map((r) => r.slug)])
    listingSlug.set(slug, `collection "${slug}"`);
  for (const slug of [...existing.subcategories.keys(), ...file.subcategories.map((r) => r.slug)])
    listingSlug.set(slug, `subcategory "${slug}"`);
  file.categories.forEach((c, i) => {
    const other = listingSlug.get(c.slug);
    if (other) errors.push({ section: 'categories', row: i + 1, key: c.slug, message: `slug "${c.slug}" is already the slug of ${other}` });
  });

  const has = (inFile: { slug: string }[], stored: Map<string, string>) => {
    const s = new Set(inFile.map((r) => r.slug));
    return (slug: string) => s.has(slug) || stored.has(slug);
  };
  const hasCategory = has(file.categories, existing.categories);
  const hasSub = has(file.subcategories, existing.subcategories);
  const hasCollection = has(file.collections, existing.collections);
  const hasProduct = has(file.products, existing.products);
  file.subcategories.forEach((s, i) => {
    if (!hasCategory(s.category))
      errors.push({ section: 'subcategories', row: i + 1, key: s.slug, message: `category "${s.category}" does not exist` });
  });
  file.products.forEach((p, i) => {
    const err = (message: string) => errors.push({ section: 'products', row: i + 1, key: p.slug, message });
    if (!hasSub(p.subcategory)) err(`subcategory "${p.subcategory}" does not exist`);
    p.collections.filter((c) => !hasCollection(c)).forEach((c) => err(`collection "${c}" does not exist`));
    p.related.filter((r) => !hasProduct(r)).forEach((r) => err(`related product "${r}" does not exist`));
    p.pairs.filter((r) => !hasProduct(r)).forEach((r) => err(`pair product "${r}" does not exist`));
    if (p.related.includes(p.slug) || p.pairs.includes(p.slug)) err('a product cannot be related to itself');
    // Its id comes from the slug it was created with, so a row under the old address would clash with it.
    const renamed = existing.formerProductSlugs.get(p.slug);
    if (renamed && !existing.products.has(p.slug))
      err(`"${p.slug}" is the old web address of "${renamed}" (changed in the back office); use "${renamed}"`);
  });
  file.banners.forEach((b, i) => {
    b.products
      .filter((s) => !hasProduct(s))
      .forEach((s) => errors.push({ section: 'banners', row: i + 1, key: b.key, message: `product "${s}" does not exist` }));
  });
  return errors;
}

/** Product fields of a catalogue file that an import can leave alone on products that already exist. */
export type KeepableField = 'collections' | 'related' | 'pairs' | 'featured' | 'dynamicFields';

const KEEPABLE_DOC_FIELD: Record<KeepableField, keyof ProductDoc> = {
  collections: 'collectionIds',
  related: 'relatedIds',
  pairs: 'pairIds',
  featured: 'featured',
  dynamicFields: 'dynamicFields',
};

/** How an import writes. */
interface ImportOptions {
  /** Validate and compare only; write nothing. */
  dryRun?: boolean;
  /** Write stock of existing products too (otherwise only new products get the file's stock: orders own stock). */
  overwriteStock?: boolean;
  /** Fields set only when a product is created, for sources that do not carry them (a Shopify export has no collections). */
  keepExisting?: KeepableField[];
}

/** Maps a checked file to documents, reusing stored ids and otherwise deriving stable ones. */
function planWrites(
  file: CatalogueFile,
  existing: ExistingIds,
  overwriteStock: boolean,
  keepExisting: KeepableField[] = [],
): CatalogueWritePlan {
  const idFor = (kind: keyof ExistingIds, slug: string) => {
    const known = existing[kind].get(slug);
    return known ? new ObjectId(known) : stableId(kind, slug);
  };
  const subcategoryCategory = new Map(file.subcategories.map((s) => [s.slug, s.category]));
  const now = new Date();
  // Each product's stock goes to its units: one per size, or the product itself.
  const inventory: InventoryDoc[] = file.products.flatMap((p): InventoryDoc[] => {
    const productId = idFor('products', p.slug);
    return p.sizes
      ? p.sizes.values.map((v) => ({ _id: unitId(productId, v.value), productId, size: v.value, stock: v.stock }))
      : [{ _id: unitId(productId), productId, size: null, stock: p.stock ?? 0 }];
  });
  return {
    categories: file.categories.map((c, i) => ({ _id: idFor('categories', c.slug), slug: c.slug, name: c.name, position: i })),
    subcategories: file.subcategories.map((s, i) => ({
      _id: idFor('subcategories', s.slug),
      slug: s.slug,
      name: s.name,
      categoryId: idFor('categories', s.category),
      image: s.image,
      position: i,
    })),
    collections: file.collections.map((c, i) => ({
      _id: idFor('collections', c.slug),
      slug: c.slug,
      name: c.name,
      description: c.description,
      image: c.image,
      position: i,
    })),
    products: file.products.map((p) => {
      const _id = idFor('products', p.slug);
      const categorySlug = subcategoryCategory.get(p.subcategory);
      return {
        _id,
        slug: p.slug,
        name: p.name,
        price: p.price,
        discountPrice: p.discountPrice,
        thumbnail: p.thumbnail,
        image: p.image,
        sizes: p.sizes
          ? {
              name: p.sizes.name,
              guide: p.sizes.guide,
              values: p.sizes.values.map((v) => ({ value: v.value, price: v.price, discountPrice: v.discountPrice, sku: v.sku })),
            }
          : null,
        description: p.description,
        tags: p.tags,
        attributes: Object.entries(p.attributes).map(([name, value]) => ({ name, value })),
        dynamicFields: p.dynamicFields.map((f) => ({
          _id: stableId(`field:${p.slug}`, f.fieldName),
          fieldName: f.fieldName,
          value: f.value,
        })),
        // A product's category follows its subcategory; a subcategory not in this file keeps its stored parent (resolved below).
        categoryId: categorySlug ? idFor('categories', categorySlug) : new ObjectId('000000000000000000000000'),
        subcategoryId: idFor('subcategories', p.subcategory),
        collectionIds: p.collections.map((c) => idFor('collections', c)),
        relatedIds: p.related.map((r) => idFor('products', r)),
        pairIds: p.pairs.map((r) => idFor('products', r)),
        featured: p.featured,
        // The back office's fields, stored only when the file gives them, so files written before them change nothing.
        // A status the file gives is the product's (the storefront shows only active ones); none keeps it active.
        ...(p.status !== undefined ? { status: p.status } : {}),
        ...(p.weightGrams !== undefined ? { weightGrams: p.weightGrams } : {}),
        ...(p.hsn !== undefined ? { hsn: p.hsn } : {}),
        ...(p.seoTitle !== undefined ? { seoTitle: p.seoTitle } : {}),
        ...(p.seoDescription !== undefined ? { seoDescription: p.seoDescription } : {}),
        ...(p.imageAlt.length ? { imageAlt: p.imageAlt } : {}),
        ...(p.pricing ? { pricing: p.pricing } : {}),
        createdAt: p.createdAt ? new Date(p.createdAt) : now,
        updatedAt: now,
      };
    }),
    inventory,
    banners: file.banners.map((b, i) => ({
      _id: idFor('banners', b.key),
      ...bannerFields(b),
      productIds: b.products.map((s) => idFor('products', s)),
      position: i,
    })),
    headings: file.headings.length
      ? file.headings.map((h, i) => ({ _id: stableId('heading', String(i)), message: h.message, isVisible: h.isVisible, position: i }))
      : null,
    settings: file.settings ? { _id: 'shop', ...file.settings } : null,
    overwriteStock,
    keep: {
      fields: keepExisting.map((f) => KEEPABLE_DOC_FIELD[f]),
      slugs: new Set(keepExisting.length ? file.products.filter((p) => existing.products.has(p.slug)).map((p) => p.slug) : []),
    },
  };
}

/** A value with ids and dates as strings and object keys sorted, so stored and planned rows compare by content. */
function canonical(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    if (typeof (value as { toHexString?: unknown }).toHexString === 'function') return (value as ObjectId).toHexString();
    const obj = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(obj)
        .sort()
        .map((k) => [k, canonical(obj[k])]),
    );
  }
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/**
 * Compares planned rows with stored ones by identity key, field by field, ignoring what the import never
 * overwrites; `stockDiffers`, when given, says whether an otherwise unchanged row's stock changes.
 */
function compareRows<T extends object>(
  planned: T[],
  stored: T[],
  key: keyof T,
  ignore: string[],
  stockDiffers?: (row: T) => boolean,
): SectionChanges {
  const byKey = new Map(stored.map((d) => [d[key], d as Record<string, unknown>]));
  const out: SectionChanges = { added: 0, changed: 0, stock: 0, unchanged: 0 };
  for (const row of planned as Record<string, unknown>[]) {
    const old = byKey.get(row[key as string] as T[keyof T]);
    if (!old) {
      out.added++;
      continue;
    }
    const differs = Object.keys(row).some((f) => !ignore.includes(f) && !same(row[f], old[f]));
    if (differs) out.changed++;
    else if (stockDiffers?.(row as T)) out.stock++;
    else out.unchanged++;
  }
  return out;
}

/** How a plan compares with what is stored, section by section (only sections the file holds). */
function describeChanges(
  plan: CatalogueWritePlan,
  stored: StoredCatalogue,
): { changes: Record<string, SectionChanges>; change: ChangeKind } {
  const changes: Record<string, SectionChanges> = {};
  const bySlug = ['_id'];
  if (plan.categories.length) changes['categories'] = compareRows(plan.categories, stored.categories, 'slug', bySlug);
  if (plan.subcategories.length) changes['subcategories'] = compareRows(plan.subcategories, stored.subcategories, 'slug', bySlug);
  if (plan.collections.length) changes['collections'] = compareRows(plan.collections, stored.collections, 'slug', bySlug);
  if (plan.products.length) {
    // A product's stock changes when any of its units' does (a unit the store lacks counts as a change too).
    const storedStock = new Map(stored.inventory.map((u) => [u._id, u.stock]));
    const plannedUnits = new Map<string, InventoryDoc[]>();
    for (const u of plan.inventory)
      plannedUnits.set(u.productId.toHexString(), [...(plannedUnits.get(u.productId.toHexString()) ?? []), u]);
    const stockDiffers = (p: ProductDoc) =>
      plan.overwriteStock && (plannedUnits.get(p._id.toHexString()) ?? []).some((u) => storedStock.get(u._id) !== u.stock);
    // createdAt is only ever set on insert and updatedAt on every write: neither is a change an editor made.
    changes['products'] = compareRows(
      plan.products,
      stored.products,
      'slug',
      ['_id', 'createdAt', 'updatedAt', ...plan.keep.fields],
      stockDiffers,
    );
  }
  if (plan.banners.length) changes['banners'] = compareRows(plan.banners, stored.banners, 'key', bySlug);
  if (plan.headings) {
    // Headings are replaced as a list, so they compare by position; stored ones beyond the new list count as changed.
    const h = compareRows(plan.headings, stored.headings, 'position', bySlug);
    h.changed += Math.max(0, stored.headings.length - plan.headings.length);
    changes['headings'] = h;
  }
  if (plan.settings) {
    const { _id, ...next } = plan.settings;
    const old = stored.settings ? (({ _id: _old, ...rest }) => rest)(stored.settings) : null;
    changes['settings'] = {
      added: old ? 0 : 1,
      changed: old && !same(next, old) ? 1 : 0,
      stock: 0,
      unchanged: old && same(next, old) ? 1 : 0,
    };
  }
  const all = Object.values(changes);
  const change: ChangeKind = all.some((c) => c.added || c.changed) ? 'content' : all.some((c) => c.stock) ? 'stock' : 'none';
  return { changes, change };
}

/**
 * Validates a whole catalogue (schemas, duplicates, references) and, only if every row is valid,
 * upserts it. Stock of existing products is left alone unless overwriteStock: orders own stock.
 * The report says what changed against the database, so the caller knows whether pages need a rebuild.
 */
export async function importCatalogue(raw: unknown, opts: ImportOptions = {}): Promise<ImportReport> {
  const failed = (errors: ImportError[]): ImportReport => ({ ok: false, errors, counts: {}, changes: {}, change: 'none' });
  const { file, errors } = parseCatalogue(raw);
  if (!file) return failed(errors);
  const existing = await catalogueWriteRepository.existingIds();
  const refErrors = checkReferences(file, existing);
  if (refErrors.length) return failed(refErrors);
  const plan = planWrites(file, existing, opts.overwriteStock ?? false, opts.keepExisting);
  const unresolved = plan.products.filter((p) => p.categoryId.toHexString() === '000000000000000000000000');
  if (unresolved.length) {
    // Products whose subcategory lives only in the database: take the stored subcategory's category.
    const { catalogueRepository } = await import('../repositories/catalogue.repository');
    for (const p of unresolved) {
      const sub = await catalogueRepository.subcategoryBySlugOrId(p.subcategoryId.toHexString());
      if (sub) p.categoryId = new ObjectId(sub.category);
    }
  }
  const sections = (Object.keys(SECTIONS) as (keyof typeof SECTIONS)[]).filter((k) => file[k].length);
  const stored = await catalogueWriteRepository.stored(file.settings ? [...sections, 'settings'] : sections);
  const { changes, change } = describeChanges(plan, stored);
  if (opts.dryRun) {
    return {
      ok: true,
      errors: [],
      changes,
      change,
      counts: {
        categories: plan.categories.length,
        subcategories: plan.subcategories.length,
        collections: plan.collections.length,
        products: plan.products.length,
        banners: plan.banners.length,
        headings: plan.headings?.length ?? 0,
      },
    };
  }
  const counts = await catalogueWriteRepository.apply(plan);
  clearCache();
  clearCatalogueList();
  return { ok: true, errors: [], counts, changes, change };
}
