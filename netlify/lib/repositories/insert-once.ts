import { MongoServerError, type Collection, type Document, type OptionalUnlessRequiredId } from 'mongodb';

/**
 * Inserts `doc` unless a document with its _id is there already (someone wrote it first, or this is a retry):
 * true when this call inserted it. A plain insert, not an upsert with $setOnInsert, which FerretDB v1 stores
 * without top-level empty arrays and nulls.
 */
export async function insertOnce<T extends Document>(collection: Collection<T>, doc: OptionalUnlessRequiredId<T>): Promise<boolean> {
  try {
    await collection.insertOne(doc);
    return true;
  } catch (err) {
    if (err instanceof MongoServerError && err.code === 11000) return false;
    throw err;
  }
}
