/**
 * Header navigation state: the mobile slide-in menu's categories (whether it is open is in mobile-menu.store.ts,
 * which the menu button needs before this; the desktop dropdowns' is in desktop-nav.store.ts, loaded from
 * 992 px only). The mobile menu loads a category's subcategories from the API on its first opening only, then
 * reuses them, so opening and closing an entry costs one request at most.
 */
import { atom, map } from 'nanostores';
import { catalogueApiPaths } from '@shared/api/catalogue';
import type { GetCategoryDetailsResponse } from '@shared/api/catalogue';
import { routes } from '@shared/routes';

/** A link in a menu. */
export interface NavLink {
  id: string;
  name: string;
  href: string;
  /** A small picture for the desktop dropdown (the subcategory's first image), when it has one. */
  image?: string;
}

/** A top-level category as the menus need it. */
export interface NavCategory {
  id: string;
  name: string;
  /** The category's own listing ('All Rings', /collections/{slug}), first in its menus. */
  all: NavLink;
  /** Known at build time, led by the category's own listing; the desktop dropdowns use them, the mobile menu fetches its own. */
  subCategories: NavLink[];
}

/** Subcategories of one category in the mobile menu: being fetched, or fetched (empty after a failure). */
export type SubcategoryState = { status: 'loading' } | { status: 'loaded'; links: NavLink[] } | { status: 'failed' };

/** Ids of the categories expanded in the mobile menu. */
export const $expandedCategories = atom<ReadonlySet<string>>(new Set());

/** Subcategories fetched per category id. An entry exists from the first opening on. */
export const $categorySubcategories = map<Record<string, SubcategoryState>>({});

/** Turns the API's subcategories into links; entries without an id or name are skipped. */
export function toSubcategoryLinks(body: unknown): NavLink[] {
  // Read defensively: a proxy or an old deploy may answer with anything.
  const list = (body as Partial<GetCategoryDetailsResponse> | null)?.subCategories;
  if (!Array.isArray(list)) return [];
  return list
    .filter((s) => typeof s?._id === 'string' && typeof s.name === 'string')
    .map((s) => ({ id: s._id, name: s.name, href: routes.collection(s) }));
}

/**
 * Fetches a category's subcategories unless they were fetched (or are being fetched) already.
 * A failure is logged and shows the category's own listing alone; the next opening tries again.
 */
export async function loadSubcategories(categoryId: string, fetchImpl: typeof fetch = fetch): Promise<void> {
  const current = $categorySubcategories.get()[categoryId];
  if (current && current.status !== 'failed') return;
  $categorySubcategories.setKey(categoryId, { status: 'loading' });
  try {
    const res = await fetchImpl(catalogueApiPaths.getCategoryDetails(categoryId), {
      headers: { Accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`${res.status}`);
    $categorySubcategories.setKey(categoryId, { status: 'loaded', links: toSubcategoryLinks(await res.json()) });
  } catch (error) {
    // Terse: the words would ship in every page's first load for a console line.
    console.warn('[nav]', categoryId, error);
    $categorySubcategories.setKey(categoryId, { status: 'failed' });
  }
}

/** Expands or collapses a category in the mobile menu; the first expansion fetches its subcategories. */
export function toggleCategory(categoryId: string, fetchImpl: typeof fetch = fetch): void {
  const expanded = new Set($expandedCategories.get());
  if (expanded.has(categoryId)) {
    expanded.delete(categoryId);
  } else {
    expanded.add(categoryId);
    void loadSubcategories(categoryId, fetchImpl);
  }
  $expandedCategories.set(expanded);
}
