import { describe, expect, it, vi } from 'vitest';
import type { Parsed } from './schemas/storage';
import { createFallbackStorage, decodeStoredJson } from './persistent-engine';
import type { KeyValueStorage } from './persistent-engine';

/** An in-memory Storage whose writes can be made to fail like a full localStorage. */
function fakeStorage(options: { full?: boolean } = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get length() {
      return data.size;
    },
    key: (index) => [...data.keys()][index] ?? null,
    getItem: (key) => data.get(key) ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => {
      if (options.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      data.set(key, value);
    },
  };
}

describe('createFallbackStorage', () => {
  it('reads and writes through to localStorage when it works', () => {
    const backing = fakeStorage();
    const storage = createFallbackStorage(backing);
    storage['cartItems'] = '[]';
    expect(backing.data.get('cartItems')).toBe('[]');
    expect('cartItems' in storage).toBe(true);
    delete storage['cartItems'];
    expect(backing.data.has('cartItems')).toBe(false);
    expect('cartItems' in storage).toBe(false);
  });

  it('keeps a refused write in memory and reports it', () => {
    const backing = fakeStorage({ full: true });
    const refused = vi.fn();
    const storage = createFallbackStorage(backing, refused);
    storage['cartItems'] = '[1]';
    expect(storage['cartItems']).toBe('[1]');
    expect(refused).toHaveBeenCalledOnce();
  });

  it('works with no localStorage at all', () => {
    const storage = createFallbackStorage(null);
    expect(storage['token']).toBeUndefined();
    storage['token'] = 'abc';
    expect(storage['token']).toBe('abc');
  });

  it('survives a storage whose reads throw (blocked by the browser)', () => {
    const blocked: KeyValueStorage = {
      ...fakeStorage(),
      getItem: () => {
        throw new DOMException('Access denied', 'SecurityError');
      },
    };
    const storage = createFallbackStorage(blocked);
    expect(storage['wishlist']).toBeUndefined();
    expect('wishlist' in storage).toBe(false);
  });
});

describe('decodeStoredJson', () => {
  const numbers = (value: unknown): Parsed<number[]> =>
    Array.isArray(value) && value.every((n) => typeof n === 'number') ? { ok: true, value } : { ok: false, problem: 'not numbers' };

  it('returns parsed data when valid', () => {
    expect(decodeStoredJson(numbers, '[1,2]', 'k', [])).toEqual([1, 2]);
  });

  it('returns the fallback and warns on corrupt JSON or a wrong shape', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(decodeStoredJson(numbers, '[1,', 'k', [])).toEqual([]);
    expect(decodeStoredJson(numbers, '["a"]', 'k', [])).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
