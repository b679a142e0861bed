/**
 * A small per-process read-through cache for catalogue reads. Netlify's CDN already caches these answers;
 * this keeps a warm function instance from re-querying the database for every CDN miss in a burst.
 * Concurrent misses for one key share a single query (single flight), and entries are bounded.
 */
const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
const MAX_ENTRIES = 1000;

/** Returns the cached value for key if younger than ttlMs, else runs load once and caches it. */
export function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  if (ttlMs <= 0) return load();
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { expires: now + ttlMs, value });
  // A failed load must not be served from cache.
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  if (entries.size > MAX_ENTRIES) {
    for (const [k, e] of entries) if (e.expires <= now || entries.size > MAX_ENTRIES) entries.delete(k);
  }
  return value;
}

/** Empties the cache (tests, and after an import in the same process). */
export function clearCache(): void {
  entries.clear();
}
