/**
 * Playwright's global set-up: one static build of the sample catalogue for the whole run, made from a
 * throw-away database that is gone before the first journey starts. Every worker's shop serves this dist/
 * against its own freshly seeded database (tests/e2e/test.ts): the sample's ids are stable, so the pages and
 * every worker's data agree. E2E_REUSE_BUILD=1 skips it when dist/ already holds that build.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, ROOT } from '../../scripts/lib/ferretdb';
import { buildSite, e2eEnvironment, seededDatabase } from './e2e-server';

/** Builds dist/ once for the run. */
export default async function buildForJourneys(): Promise<void> {
  if (process.env.E2E_REUSE_BUILD === '1' && existsSync(join(ROOT, 'dist', 'index.html'))) return;
  const started = Date.now();
  e2eEnvironment();
  const db = await seededDatabase(await freePort());
  try {
    buildSite();
  } finally {
    await db.stop();
  }
  console.log(`Journeys' build done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// Run on its own (scripts/test.ts starts it beside vitest): builds, and says why not if it cannot.
if (import.meta.url === `file://${process.argv[1]}`) await buildForJourneys();
