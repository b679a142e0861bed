import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startEmbeddedDb } from '../../scripts/lib/ferretdb';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUri: string;
  }
}

/**
 * Starts one real embedded FerretDB for the whole test run on a free port with a throw-away data
 * directory (or uses TEST_MONGODB_URI, e.g. a real MongoDB). Each test file then gets its own database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_MONGODB_URI) {
    project.provide('mongoUri', process.env.TEST_MONGODB_URI);
    return async () => {};
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'silver-shop-test-db-'));
  const db = await startEmbeddedDb({ port: await freePort(), dataDir, reuse: false });
  project.provide('mongoUri', db.uri);
  return async () => {
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
