import { MongoClient, ObjectId } from 'mongodb';

/** Direct access to the e2e database, for journeys that change a fact behind the shopper's back. */
export async function withE2eDb<T>(fn: (db: ReturnType<MongoClient['db']>) => Promise<T>): Promise<T> {
  const client = await MongoClient.connect(`mongodb://127.0.0.1:${process.env.E2E_DB_PORT}/`);
  try {
    return await fn(client.db('e2e'));
  } finally {
    await client.close();
  }
}

/** Sets a product's stock in the database, as an order elsewhere would. */
export async function setStock(productId: string, stock: number): Promise<void> {
  await withE2eDb((db) => db.collection('products').updateOne({ _id: new ObjectId(productId) }, { $set: { stock } }));
}
