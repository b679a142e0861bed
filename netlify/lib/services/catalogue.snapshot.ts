import type { Banner, CatalogueView, Category, Heading, Product, ShopSettings } from '@shared/types';
import { AppError } from '../errors';
import { catalogueRepository as repo } from '../repositories/catalogue.repository';
import {
  DEFAULT_SETTINGS,
  navigationOf,
  pairsOf,
  productsByListing,
  relatedById,
  toProduct,
  type NavigationEntry,
} from './catalogue.read-model';
import { sleep } from '../sleep';

/**
 * The whole catalogue resolved in memory, for the static build (one read instead of one per page),
 * joined by the same read model as the API's answers.
 */
export interface CatalogueSnapshot extends CatalogueView {
  categories: Category[];
  navigation: NavigationEntry[];
  banners: Banner[];
  headings: Heading[];
  settings: ShopSettings;
  /** Archived products: each keeps its page, which says it is no longer available (never listed, never sold). */
  archived: Product[];
  /** Old web addresses of products whose slug changed, each leading to the current one (none that a page uses now). */
  moved: { from: string; to: string }[];
}

/**
 * Where the process keeps its snapshot. On globalThis rather than in a module variable because the
 * build loads this module twice (once for the search integration, once bundled into the pages), and
 * both must share one read of the catalogue.
 */
const SNAPSHOT = Symbol.for('chandi-kala.catalogue-snapshot');
const holder = globalThis as { [SNAPSHOT]?: Promise<CatalogueSnapshot> };

/**
 * How many times the build reads the catalogue when the database does not answer in time: the functions fail fast
 * for a waiting shopper, but a build can wait (a publish's rebuild on a loaded machine found the database
 * unreachable within the client's 2.5 s and failed the whole publish).
 */
export const BUILD_READ_ATTEMPTS = 5;

/** Reads the catalogue, again after 2, 4, 6 and 8 s while the database is unreachable (503). */
async function buildPatiently(): Promise<CatalogueSnapshot> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await build();
    } catch (err) {
      if (!(err instanceof AppError && err.status === 503) || attempt >= BUILD_READ_ATTEMPTS) throw err;
      console.warn(`[catalogue] the database did not answer; reading the catalogue again (${attempt + 1} of ${BUILD_READ_ATTEMPTS})`);
      await sleep(2_000 * attempt);
    }
  }
}

/** Loads the catalogue once per build process; every page's frontmatter and the search index share the result. */
export function loadCatalogueSnapshot(): Promise<CatalogueSnapshot> {
  holder[SNAPSHOT] ??= buildPatiently().catch((err: unknown) => {
    holder[SNAPSHOT] = undefined;
    throw err;
  });
  return holder[SNAPSHOT];
}

async function build(): Promise<CatalogueSnapshot> {
  const [categories, subcategories, collections, rows, archivedRows, former, banners, headings, settings] = await Promise.all([
    repo.categories(),
    repo.subcategories(),
    repo.collections(),
    repo.products(),
    repo.archivedProducts(),
    repo.formerSlugs(),
    repo.banners(),
    repo.headings(),
    repo.settings(),
  ]);
  // Every product on sale is loaded, so every related and pair id resolves from memory (an archived one drops out).
  const related = relatedById(rows);
  const products = rows.map((r) => toProduct(r, related));
  const { byCollection, bySubcategory, byCategory } = productsByListing(products, collections, subcategories, categories);
  return {
    categories,
    subcategories,
    navigation: navigationOf(categories, subcategories),
    collections,
    products,
    banners,
    headings,
    settings: settings ?? DEFAULT_SETTINGS,
    productById: new Map(products.map((p) => [p._id, p])),
    productsByCollection: byCollection,
    productsBySubcategory: bySubcategory,
    productsByCategory: byCategory,
    pairsById: new Map(rows.map((r) => [r._id, pairsOf(r, related)])),
    archived: archivedRows.map((r) => toProduct(r, related)),
    // A slug another product took since is that product's page now, not a way to the old one.
    moved: former.filter((m) => ![...rows, ...archivedRows].some((r) => r.slug === m.from)),
  };
}
