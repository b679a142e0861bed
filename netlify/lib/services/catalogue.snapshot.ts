import type { Banner, Category, Collection, Heading, Product, RelatedProduct, ShopSettings, Subcategory } from '../../../src/shared/types';
import { catalogueRepository as repo } from '../repositories/catalogue.repository';
import type { ProductRow } from '../repositories/mappers';
import { DEFAULT_SETTINGS, toRelated, type NavigationEntry } from './catalogue.service';

/** The whole catalogue resolved in memory, for the static build (one read instead of one per page). */
export interface CatalogueSnapshot {
  categories: Category[];
  subcategories: Subcategory[];
  navigation: NavigationEntry[];
  collections: Collection[];
  products: Product[];
  banners: Banner[];
  headings: Heading[];
  settings: ShopSettings;
  productById: Map<string, Product>;
  productsByCollection: Map<string, Product[]>;
  productsBySubcategory: Map<string, Product[]>;
  pairsById: Map<string, RelatedProduct[]>;
}

/**
 * Where the process keeps its snapshot. On globalThis rather than in a module variable because the
 * build loads this module twice (once for the search integration, once bundled into the pages), and
 * both must share one read of the catalogue.
 */
const SNAPSHOT = Symbol.for('chandi-kala.catalogue-snapshot');
const holder = globalThis as { [SNAPSHOT]?: Promise<CatalogueSnapshot> };

/** Loads the catalogue once per build process; every page's frontmatter and the search index share the result. */
export function loadCatalogueSnapshot(): Promise<CatalogueSnapshot> {
  holder[SNAPSHOT] ??= build().catch((err: unknown) => {
    holder[SNAPSHOT] = undefined;
    throw err;
  });
  return holder[SNAPSHOT];
}

async function build(): Promise<CatalogueSnapshot> {
  const [categories, subcategories, collections, rows, banners, headings, settings] = await Promise.all([
    repo.categories(),
    repo.subcategories(),
    repo.collections(),
    repo.products(),
    repo.banners(),
    repo.headings(),
    repo.settings(),
  ]);
  const rowById = new Map<string, ProductRow>(rows.map((r) => [r._id, r]));
  const relatedOf = (ids: string[]) =>
    ids.flatMap((id) => {
      const r = rowById.get(id);
      return r ? [toRelated(r)] : [];
    });
  const products: Product[] = rows.map(({ relatedIds, pairIds: _p, ...rest }) => ({ ...rest, relatedProducts: relatedOf(relatedIds) }));
  const productById = new Map(products.map((p) => [p._id, p]));

  const productsByCollection = new Map<string, Product[]>(collections.map((c) => [c._id, []]));
  const productsBySubcategory = new Map<string, Product[]>(subcategories.map((s) => [s._id, []]));
  for (const p of products) {
    for (const cid of p.collections) productsByCollection.get(cid)?.push(p);
    productsBySubcategory.get(p.subCategory)?.push(p);
  }
  return {
    categories,
    subcategories,
    navigation: categories.map((c) => ({ ...c, subCategories: subcategories.filter((s) => s.category === c._id) })),
    collections,
    products,
    banners,
    headings,
    settings: settings ?? DEFAULT_SETTINGS,
    productById,
    productsByCollection,
    productsBySubcategory,
    pairsById: new Map(rows.map((r) => [r._id, relatedOf(r.pairIds)])),
  };
}
