/**
 * Serves the shop (warm or emulated functions) in its own process so a load generator doesn't share its
 * event loop. Arguments from bench/lib.ts: --port N [--functions warm|emulated] [--no-cdn-cache].
 */
import { parseArgs } from 'node:util';
import { startShopServer } from '../scripts/lib/serve';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    functions: { type: 'string', default: 'warm' },
    'no-cdn-cache': { type: 'boolean', default: false },
  },
});
const server = await startShopServer({
  port: Number(values.port),
  quiet: true,
  functions: values.functions === 'emulated' ? 'emulated' : 'warm',
  cdnCache: !values['no-cdn-cache'],
});
process.stdout.write(`READY ${server.url}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
