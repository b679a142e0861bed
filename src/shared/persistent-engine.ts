/**
 * A localStorage engine for @nanostores/persistent that never throws.
 *
 * Why: the library only guards the *existence* check of localStorage. Its writes go straight to
 * `localStorage[key] = value`, which throws QuotaExceededError when storage is full (and in old
 * Safari private mode, where the quota is 0) and then the store is never updated: a shopper's
 * "Add to cart" would silently do nothing. Reads can throw SecurityError when cookies/storage are
 * blocked. This engine keeps the value in memory whenever the browser refuses, so the page keeps
 * working for the session and simply stops persisting.
 */
import { setPersistentEngine, windowPersistentEvents } from '@nanostores/persistent';
import type { PersistentEvents, PersistentStore } from '@nanostores/persistent';
import type { Parsed } from './schemas/storage';

/** The part of the Web Storage API the engine uses (lets tests pass a failing fake). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** Events engine for places without `window` (the Astro build, unit tests): nothing to listen to. */
const silentEvents: PersistentEvents = {
  addEventListener() {},
  removeEventListener() {},
};

/** Returns the browser's localStorage, or null when absent or when merely touching it throws (blocked storage). */
function openLocalStorage(): KeyValueStorage | null {
  try {
    const storage = (globalThis as { localStorage?: KeyValueStorage }).localStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}

/**
 * A key-value object (the shape nanostores expects) over `backing`, with an in-memory overlay used
 * for every write the backing storage refuses. Reads prefer the overlay, so the latest value wins.
 * It answers what persistentAtom asks (read, `in`, write, delete), not the key listing persistentMap
 * needs: the shop has no persistentMap, and this code ships in every page's first load.
 */
export function createFallbackStorage(
  backing: KeyValueStorage | null,
  onWriteRefused: (error: unknown) => void = () => {},
): PersistentStore {
  const memory = new Map<string, string>();

  const read = (key: string): string | undefined => {
    if (memory.has(key)) return memory.get(key);
    if (!backing) return undefined;
    try {
      return backing.getItem(key) ?? undefined;
    } catch {
      return undefined;
    }
  };

  return new Proxy({} as PersistentStore, {
    get: (_target, key) => (typeof key === 'string' ? read(key) : undefined),
    has: (_target, key) => typeof key === 'string' && read(key) !== undefined,
    set: (_target, key, value: unknown) => {
      if (typeof key !== 'string') return false;
      const text = String(value);
      try {
        if (!backing) throw new Error('localStorage is unavailable');
        backing.setItem(key, text);
        memory.delete(key);
      } catch (error) {
        memory.set(key, text);
        onWriteRefused(error);
      }
      return true;
    },
    deleteProperty: (_target, key) => {
      if (typeof key !== 'string') return true;
      memory.delete(key);
      try {
        backing?.removeItem(key);
      } catch {
        // Nothing to undo: the value is already gone from the overlay the store reads first.
      }
      return true;
    },
  });
}

let installed = false;

/**
 * Makes every persistent store of the shop use the never-throwing engine. Idempotent; call it at
 * the top of a store module, before any `persistentAtom(...)` in that module runs.
 */
export function installSafePersistentEngine(): void {
  if (installed) return;
  installed = true;
  let warned = false;
  const storage = createFallbackStorage(openLocalStorage(), (error) => {
    if (warned) return;
    warned = true;
    console.warn('[storage] Browser storage refused a write; keeping changes in memory for this visit.', error);
  });
  setPersistentEngine(storage, typeof window === 'undefined' ? silentEvents : windowPersistentEvents);
}

/**
 * Decodes a stored JSON value with one of the storage parsers. Corrupt JSON or a value of an older
 * shape is logged and replaced by `fallback`: unreadable data never breaks the page, the shopper
 * simply starts with an empty cart or wishlist.
 */
export function decodeStoredJson<T>(parse: (value: unknown) => Parsed<T>, raw: string, storageKey: string, fallback: T): T {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    console.warn(`[storage] "${storageKey}" is not valid JSON; starting fresh.`, error);
    return fallback;
  }
  const parsed = parse(json);
  if (!parsed.ok) {
    console.warn(`[storage] "${storageKey}" has an unexpected shape (${parsed.problem}); starting fresh.`);
    return fallback;
  }
  return parsed.value;
}
