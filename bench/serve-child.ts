/** Serves the shop (warm or emulated functions) in its own process so a load generator doesn't share its event loop. */
import { randomBytes } from 'node:crypto';
import { startShopServer } from '../scripts/lib/serve';

// Throw-away secrets for this run (benches never touch the developer's .env).
process.env.AUTH_SECRET ??= randomBytes(48).toString('base64url');
process.env.OTP_SECRET ??= randomBytes(48).toString('base64url');
process.env.RAZORPAY_SANDBOX_SECRET ??= randomBytes(48).toString('base64url');
process.env.RAZORPAY_WEBHOOK_SECRET ??= randomBytes(48).toString('base64url');

const server = await startShopServer({
  port: Number(process.env.PORT),
  quiet: true,
  functions: process.env.FUNCTIONS_MODE === 'emulated' ? 'emulated' : 'warm',
  cdnCache: process.env.CDN_CACHE !== '0',
});
process.stdout.write(`READY ${server.url}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
