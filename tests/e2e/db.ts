import { MongoClient } from 'mongodb';

/** Direct access to the e2e database, for journeys that change a fact behind the shopper's back. */
export async function withE2eDb<T>(fn: (db: ReturnType<MongoClient['db']>) => Promise<T>): Promise<T> {
  const client = await MongoClient.connect(`mongodb://127.0.0.1:${process.env.E2E_DB_PORT}/`);
  try {
    return await fn(client.db('e2e'));
  } finally {
    await client.close();
  }
}

/**
 * Sets a product's stock (or one size's) in the database, as an order elsewhere would. Stock lives in the
 * inventory collection, one document per sellable unit (netlify/lib/collections.ts unitId), not on the product.
 */
export async function setStock(productId: string, stock: number, size?: string): Promise<void> {
  const unit = size ? `${productId}:${size}` : productId;
  const r = await withE2eDb((db) =>
    db.collection<{ _id: string; stock: number }>('inventory').updateOne({ _id: unit }, { $set: { stock } }),
  );
  if (r.matchedCount !== 1) throw new Error(`no inventory unit ${unit}`);
}
