/**
 * npm run catalogue:publish [-- --stock]: publishes the catalogue as it is in the database, without an
 * import: rebuild and purge (or, with --stock, only purge cached API answers). For retrying a publish
 * that failed after `catalogue:import --publish` had written everything.
 */
import './lib/env-file';
import { ensureDatabase } from './lib/database';
import { buildLocalSite, publishCatalogue, PublishError } from './lib/publish';

const stock = process.argv.includes('--stock');
const unknown = process.argv.slice(2).filter((a) => a !== '--stock');
if (unknown.length) {
  console.error(`Unknown argument(s): ${unknown.join(' ')}\nUsage: npm run catalogue:publish [-- --stock]`);
  process.exit(2);
}
// A local rebuild reads the catalogue from the database, so the embedded one must be up for it.
const db = !process.env.NETLIFY_BUILD_HOOK_URL && !stock ? await ensureDatabase() : null;
try {
  await publishCatalogue({
    kind: stock ? 'stock' : 'content',
    env: process.env,
    log: (line) => console.log(line),
    title: 'Catalogue publish',
    rebuildLocal: buildLocalSite,
  });
} catch (err) {
  console.error(err instanceof PublishError ? `Publishing failed: ${err.message}` : err);
  process.exitCode = 1;
} finally {
  await db?.stop();
}
