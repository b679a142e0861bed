import {
  MongoClient,
  type Db,
  MongoServerSelectionError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoTopologyClosedError,
} from 'mongodb';
import { getEnv } from './env';
import { databaseUnavailable } from './errors';
import { ensureIndexes } from './indexes';
import { adoptLegacyStock, codeUncodedAttention, codesInPaise, ordersInPaise, startLedgers } from './migrations';

let clientPromise: Promise<MongoClient> | undefined;
let dbPromise: Promise<Db> | undefined;

/** True for driver errors that mean "the database is not reachable" (answered with 503). */
export function isConnectivityError(err: unknown): boolean {
  return (
    err instanceof MongoServerSelectionError ||
    err instanceof MongoNetworkError ||
    err instanceof MongoNotConnectedError ||
    err instanceof MongoTopologyClosedError
  );
}

function connect(): Promise<MongoClient> {
  const { MONGODB_URI } = getEnv();
  const client = new MongoClient(MONGODB_URI, {
    // Fail fast so a shopper gets a clear 503 instead of a hanging request.
    serverSelectionTimeoutMS: 2500,
    connectTimeoutMS: 2500,
    // Functions handle one request at a time; a small pool is plenty and keeps Atlas connection counts sane.
    maxPoolSize: 10,
    appName: 'silver-shop',
  });
  return client.connect();
}

/**
 * The shop database. One MongoClient per process, created lazily on first use and reused by every
 * invocation; a failed connection is forgotten so the next request retries.
 */
export function getDb(): Promise<Db> {
  if (!dbPromise) {
    clientPromise = connect();
    dbPromise = clientPromise
      .then(async (client) => {
        const db = client.db(getEnv().MONGODB_DB);
        await ensureIndexes(db);
        await adoptLegacyStock(db);
        await codeUncodedAttention(db);
        await startLedgers(db);
        await ordersInPaise(db);
        await codesInPaise(db);
        return db;
      })
      .catch(async (err: unknown) => {
        const failed = clientPromise;
        clientPromise = undefined;
        dbPromise = undefined;
        await failed?.then((c) => c.close()).catch(() => undefined);
        if (isConnectivityError(err)) throw databaseUnavailable();
        throw err;
      });
  }
  return dbPromise;
}

/** Closes the shared client (scripts and tests call this so the process can exit). */
export async function closeDb(): Promise<void> {
  const pending = clientPromise;
  clientPromise = undefined;
  dbPromise = undefined;
  if (pending) await pending.then((c) => c.close()).catch(() => undefined);
}
