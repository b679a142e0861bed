import { MongoClient } from 'mongodb';
import { setUnitStock } from '../fixtures/stock';

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
 * Sets a product's stock (or one size's) in the database, as a stock count elsewhere would (recorded in the
 * unit's ledger). Stock lives in the inventory collection, one document per sellable unit
 * (netlify/lib/collections.ts unitId), not on the product.
 */
export async function setStock(productId: string, stock: number, size?: string): Promise<void> {
  const unit = size ? `${productId}:${size}` : productId;
  if (!(await withE2eDb((db) => setUnitStock(db, unit, stock)))) throw new Error(`no inventory unit ${unit}`);
}
