/**
 * Product search backed by a Pagefind index written at build time (src/integrations/pagefind.ts):
 * no server round trip. The index script is only fetched when a search box is first focused or
 * the /search page opens, so it costs nothing on first load. Each search box creates its own
 * store with createProductSearch(); the Pagefind module itself is loaded once per page.
 */
import { atom } from 'nanostores';
import type { ReadableAtom } from 'nanostores';
import { cdnImage } from '@shared/images';

/** One product found, as the header's instant results show it. */
export interface InstantHit {
  url: string;
  title: string;
  image: string | null;
  price: string | null;
}

/** Where a search is: nothing asked, fetching the index, searching, answered, or no index on this deployment. */
export type SearchStatus = 'idle' | 'loading' | 'done' | 'unavailable';

/** The part of Pagefind's browser API the shop uses. */
export interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
}
interface PagefindApi {
  options(opts: Record<string, unknown>): Promise<void>;
  init(): Promise<void> | void;
  debouncedSearch(
    term: string,
    opts?: Record<string, unknown>,
    ms?: number,
  ): Promise<{ results: { data(): Promise<PagefindResultData> }[] } | null>;
}

/** Where Pagefind writes its browser bundle (dist/pagefind). */
const PAGEFIND_URL = '/pagefind/pagefind.js';

let pagefind: Promise<PagefindApi | null> | undefined;

/** Loads and initialises Pagefind once per page; null when the index is missing (e.g. in astro dev). */
export function loadPagefind(): Promise<PagefindApi | null> {
  pagefind ??= (async () => {
    try {
      // A runtime URL, not a bundled module: the file only exists after the build's Pagefind step.
      const url = new URL(PAGEFIND_URL, window.location.origin).href;
      const api = (await import(/* @vite-ignore */ url)) as PagefindApi;
      await api.options({ excerptLength: 18 });
      await api.init();
      return api;
    } catch (error) {
      console.warn('[search] The search index could not be loaded.', error);
      return null;
    }
  })();
  return pagefind;
}

/** Pagefind URLs keep the file's .html; the shop's canonical URLs have no extension (trailingSlash never). */
export function cleanUrl(url: string): string {
  return url.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
}

/** A small thumbnail for a hit: Pagefind records the page's first image, often an Image CDN URL already. */
export function thumbnailUrl(image: string | undefined, width = 160): string | null {
  if (!image) return null;
  let source = image;
  if (image.startsWith('/.netlify/images?')) source = new URLSearchParams(image.slice(image.indexOf('?') + 1)).get('url') ?? image;
  return cdnImage(source, width);
}

/** Maps one Pagefind result to an instant hit (the search page adds its excerpt and card: search-hit.ts). */
export function toInstantHit(data: PagefindResultData, imageWidth = 160): InstantHit {
  return {
    url: cleanUrl(data.url),
    title: data.meta['title'] ?? 'Untitled',
    image: thumbnailUrl(data.meta['image'], imageWidth),
    price: data.meta['price'] ?? null,
  };
}

/** One search box's state and actions. */
export interface ProductSearch<H extends InstantHit = InstantHit> {
  $query: ReadableAtom<string>;
  $hits: ReadableAtom<H[]>;
  $total: ReadableAtom<number>;
  $status: ReadableAtom<SearchStatus>;
  /** Starts fetching the index early (on focus), so the first keystroke answers fast. */
  prepare(): void;
  /** Searches for the term; shorter than 2 characters clears the results. */
  search(term: string): Promise<void>;
  /** Clears query and results. */
  reset(): void;
}

/**
 * Creates the state of one search UI; limit caps how many hits are resolved (each costs a fragment
 * fetch), toHit maps a result (the header's instant hit by default; the search page passes its own).
 */
export function createProductSearch<H extends InstantHit = InstantHit>(
  limit: number,
  {
    debounceMs = 180,
    imageWidth = 160,
    toHit = toInstantHit as (data: PagefindResultData, imageWidth: number) => H,
  }: { debounceMs?: number; imageWidth?: number; toHit?: (data: PagefindResultData, imageWidth: number) => H } = {},
): ProductSearch<H> {
  const $query = atom('');
  const $hits = atom<H[]>([]);
  const $total = atom(0);
  const $status = atom<SearchStatus>('idle');
  let latest = 0;

  return {
    $query,
    $hits,
    $total,
    $status,
    prepare() {
      void loadPagefind();
    },
    async search(term: string) {
      $query.set(term);
      const ticket = ++latest;
      const trimmed = term.trim();
      if (trimmed.length < 2) {
        $hits.set([]);
        $total.set(0);
        $status.set('idle');
        return;
      }
      $status.set('loading');
      const api = await loadPagefind();
      if (!api) {
        if (ticket === latest) $status.set('unavailable');
        return;
      }
      const found = await api.debouncedSearch(trimmed, {}, debounceMs);
      // null: a newer keystroke superseded this search; a newer ticket: ours is stale.
      if (!found || ticket !== latest) return;
      const hits = await Promise.all(found.results.slice(0, limit).map(async (r) => toHit(await r.data(), imageWidth)));
      if (ticket !== latest) return;
      $hits.set(hits);
      $total.set(found.results.length);
      $status.set('done');
    },
    reset() {
      latest++;
      $query.set('');
      $hits.set([]);
      $total.set(0);
      $status.set('idle');
    },
  };
}
