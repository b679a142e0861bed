import { afterEach, describe, expect, it, vi } from 'vitest';
import { badRequest, databaseUnavailable } from '../errors';
import { catalogueRepository } from '../repositories/catalogue.repository';
import { BUILD_READ_ATTEMPTS, loadCatalogueSnapshot } from './catalogue.snapshot';

/** An empty catalogue from every read but categories, whose answers are given in turn (an Error is thrown). */
function catalogueAnswering(...categories: (Error | [])[]) {
  for (const read of ['subcategories', 'collections', 'products', 'archivedProducts', 'formerSlugs', 'banners', 'headings'] as const) {
    vi.spyOn(catalogueRepository, read).mockResolvedValue([] as never);
  }
  vi.spyOn(catalogueRepository, 'settings').mockResolvedValue(null as never);
  const reads = vi.spyOn(catalogueRepository, 'categories');
  for (const answer of categories) {
    if (answer instanceof Error) reads.mockRejectedValueOnce(answer);
    else reads.mockResolvedValueOnce(answer as never);
  }
  return reads;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('chandi-kala.catalogue-snapshot')];
});

describe('the build’s catalogue read', () => {
  it('reads again while the database is unreachable, and builds from the answer that comes', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reads = catalogueAnswering(databaseUnavailable(), databaseUnavailable(), []);
    const snapshot = loadCatalogueSnapshot();
    await vi.advanceTimersByTimeAsync(2_000 + 4_000);
    await expect(snapshot).resolves.toMatchObject({ categories: [], products: [] });
    expect(reads).toHaveBeenCalledTimes(3);
  });

  it('gives up after its attempts, and a refusal that is not the database being away fails at once', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reads = catalogueAnswering(...Array.from({ length: BUILD_READ_ATTEMPTS }, () => databaseUnavailable()));
    const snapshot = loadCatalogueSnapshot();
    const failed = expect(snapshot).rejects.toThrow('database unreachable');
    await vi.advanceTimersByTimeAsync(60_000);
    await failed;
    expect(reads).toHaveBeenCalledTimes(BUILD_READ_ATTEMPTS);

    vi.restoreAllMocks();
    const refused = catalogueAnswering(badRequest('no'));
    await expect(loadCatalogueSnapshot()).rejects.toThrow('no');
    expect(refused).toHaveBeenCalledTimes(1);
  });
});
