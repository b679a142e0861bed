import { DEFAULT_DB_PORT, startEmbeddedDb, type EmbeddedDb } from './ferretdb';

/**
 * Makes sure process.env.MONGODB_URI points at a database: the configured one when set (Atlas, a local
 * mongod), otherwise the embedded FerretDB started (or reused) on DB_PORT.
 */
export async function ensureDatabase(log: (s: string) => void = console.log): Promise<EmbeddedDb | null> {
  if (process.env.MONGODB_URI) return null;
  const port = Number(process.env.DB_PORT ?? DEFAULT_DB_PORT);
  const db = await startEmbeddedDb({ port, log });
  process.env.MONGODB_URI = db.uri;
  return db;
}
