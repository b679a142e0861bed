import { afterEach, describe, expect, it, vi } from 'vitest';
import { cached, clearCache } from './cache';

afterEach(() => {
  clearCache();
  vi.useRealTimers();
});

describe('cached', () => {
  it('shares one load between concurrent callers and reuses it until the TTL passes', async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => ({ n: load.mock.calls.length }));
    const [a, b] = await Promise.all([cached('k', 1000, load), cached('k', 1000, load)]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1001);
    await cached('k', 1000, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('never caches a failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('db down')).mockResolvedValueOnce('ok');
    await expect(cached('k', 60_000, load)).rejects.toThrow('db down');
    await expect(cached('k', 60_000, load)).resolves.toBe('ok');
  });

  it('does not cache at all with a zero TTL', async () => {
    const load = vi.fn(async () => 1);
    await cached('k', 0, load);
    await cached('k', 0, load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
