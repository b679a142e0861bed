/**
 * npm run dev: `astro dev` with hot reload, Netlify's emulation through @netlify/vite-plugin (functions at
 * /api, Image CDN) and the embedded database (started and seeded if needed).
 */
import './lib/env-file';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDatabase } from './lib/database';
import { ensureLocalSecrets } from './lib/local-secrets';
import { ROOT } from './lib/ferretdb';
import { startMailOutbox } from './lib/mail-outbox';
import { seedSampleCatalogue } from './seed';
import { closeDb } from '@server/db';

ensureLocalSecrets();
const db = await ensureDatabase();
await seedSampleCatalogue({ ifEmpty: true });
await closeDb();
if (!existsSync(join(ROOT, 'public', 'uploads', 'products'))) {
  spawnSync(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/images/generate.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}
// Order emails go through real SMTP to the local mail outbox (npm run mail:outbox) unless SMTP_URL names a provider.
const mailOutbox = process.env.SMTP_URL ? null : await startMailOutbox();
if (mailOutbox) process.env.SMTP_URL = mailOutbox.url;
const astro = spawn(
  process.execPath,
  [join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'dev', '--port', process.env.PORT ?? '4321'],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_NETLIFY_DEV: '1', ASTRO_TELEMETRY_DISABLED: '1' },
  },
);
const stop = () => astro.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
astro.once('exit', (code) => void Promise.all([db?.stop(), mailOutbox?.close()]).then(() => process.exit(code ?? 0)));
