/** Serves the shop (warm or emulated functions) in its own process so a load generator doesn't share its event loop. */
import { startShopServer } from '../scripts/lib/serve';

const server = await startShopServer({
  port: Number(process.env.PORT),
  quiet: true,
  functions: process.env.FUNCTIONS_MODE === 'emulated' ? 'emulated' : 'warm',
  cdnCache: process.env.CDN_CACHE !== '0',
});
process.stdout.write(`READY ${server.url}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
