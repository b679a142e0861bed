import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, inject } from 'vitest';
import { closeDb } from '@server/db';
import { resetEnvForTests } from '@server/env';

/**
 * Points the server code at a fresh database of its own for this test file and drops it afterwards,
 * so test files never see each other's data.
 */
export function setupTestDatabase(): { name: string; uri: string } {
  const name = `test_${randomBytes(4).toString('hex')}`;
  const uri = inject('mongoUri');
  process.env.MONGODB_URI = uri;
  process.env.MONGODB_DB = name;
  process.env.UPLOADS_BASE = '/uploads';
  resetEnvForTests();
  beforeAll(() => {
    process.env.MONGODB_URI = uri;
    process.env.MONGODB_DB = name;
    resetEnvForTests();
  });
  afterAll(async () => {
    await closeDb();
    const client = await MongoClient.connect(uri);
    await client
      .db(name)
      .dropDatabase()
      .catch(() => undefined);
    await client.close();
  });
  return { name, uri };
}

/** Calls a Netlify function's default export as Netlify would, with a Request for the given path. */
export async function call(
  fn: (req: Request) => Promise<Response>,
  path: string,
  init?: RequestInit,
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fn(new Request(`http://localhost:8888${path}`, init));
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* non-JSON bodies are returned as text */
  }
  return { status: res.status, body, headers: res.headers };
}
