/**
 * Serves the shop (warm or emulated functions) in its own process so a load generator doesn't share its
 * event loop. Arguments from bench/lib.ts: --port N [--functions warm|emulated] [--no-cdn-cache].
 */
import { parseArgs } from 'node:util';
import { startShopServer } from '../scripts/lib/serve';
import { setThrowawaySecrets } from './lib';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    functions: { type: 'string', default: 'warm' },
    'no-cdn-cache': { type: 'boolean', default: false },
  },
});

// Throw-away secrets for this run, unless the bench that started it set its own (benches never touch .env).
setThrowawaySecrets();
const server = await startShopServer({
  port: Number(values.port),
  quiet: true,
  functions: values.functions === 'emulated' ? 'emulated' : 'warm',
  cdnCache: !values['no-cdn-cache'],
});
process.stdout.write(`READY ${server.url}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
