import type { Db } from 'mongodb';
import { collections } from './collections';

/**
 * Creates every index the API's lookups rely on. createIndexes is idempotent, so this runs once per
 * process at first connection; it uses only index kinds FerretDB v1 and MongoDB both support.
 */
export async function ensureIndexes(db: Db): Promise<void> {
  const c = collections(db);
  await Promise.all([
    c.categories.createIndexes([{ key: { slug: 1 }, name: 'slug_unique', unique: true }, { key: { position: 1 }, name: 'position' }]),
    c.subcategories.createIndexes([
      { key: { slug: 1 }, name: 'slug_unique', unique: true },
      { key: { categoryId: 1, position: 1 }, name: 'category_position' },
    ]),
    c.collections.createIndexes([{ key: { slug: 1 }, name: 'slug_unique', unique: true }]),
    c.products.createIndexes([
      { key: { slug: 1 }, name: 'slug_unique', unique: true },
      { key: { subcategoryId: 1, createdAt: -1 }, name: 'subcategory_latest' },
      { key: { collectionIds: 1, createdAt: -1 }, name: 'collection_latest' },
      { key: { featured: 1, createdAt: -1 }, name: 'featured_latest' },
      { key: { createdAt: -1 }, name: 'latest' },
    ]),
    c.banners.createIndexes([{ key: { key: 1 }, name: 'key_unique', unique: true }]),
    c.headings.createIndexes([{ key: { position: 1 }, name: 'position' }]),
    c.events.createIndexes([{ key: { productId: 1, at: -1 }, name: 'product_at' }]),
    c.contactMessages.createIndexes([{ key: { createdAt: -1 }, name: 'created' }]),
  ]);
}
