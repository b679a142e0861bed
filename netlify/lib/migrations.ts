import type { Db, ObjectId } from 'mongodb';
import { collections, unitId } from './collections';

/**
 * Moves stock kept on product documents (databases from before stock had units of its own) into inventory
 * units, once: each such product gets its unit (unless it has one) and loses the field. Run at first
 * connection, before any request is served, like ensureIndexes; a database without such products costs one
 * query.
 */
export async function adoptLegacyStock(db: Db): Promise<number> {
  const c = collections(db);
  const legacy = (await c.products
    .find({ stock: { $exists: true } } as never, { projection: { _id: 1, stock: 1 } })
    .toArray()) as unknown as { _id: ObjectId; stock: number }[];
  for (const p of legacy) {
    await c.inventory.updateOne(
      { _id: unitId(p._id) },
      { $setOnInsert: { productId: p._id, size: null, stock: p.stock } },
      { upsert: true },
    );
    await c.products.updateOne({ _id: p._id }, { $unset: { stock: '', holds0: '', holds1: '', holds2: '' } } as never);
  }
  return legacy.length;
}
