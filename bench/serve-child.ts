/**
 * Serves the shop (warm or emulated functions) in its own process so a load generator doesn't share its
 * event loop. Arguments from bench/lib.ts: --port N [--functions warm|emulated] [--no-cdn-cache].
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { startShopServer } from '../scripts/lib/serve';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    functions: { type: 'string', default: 'warm' },
    'no-cdn-cache': { type: 'boolean', default: false },
  },
});

// Throw-away secrets for this run (benches never touch the developer's .env).
process.env.AUTH_SECRET ??= randomBytes(48).toString('base64url');
process.env.OTP_SECRET ??= randomBytes(48).toString('base64url');
process.env.RAZORPAY_SANDBOX_SECRET ??= randomBytes(48).toString('base64url');
process.env.RAZORPAY_WEBHOOK_SECRET ??= randomBytes(48).toString('base64url');
const server = await startShopServer({
  port: Number(values.port),
  quiet: true,
  functions: values.functions === 'emulated' ? 'emulated' : 'warm',
  cdnCache: !values['no-cdn-cache'],
});
process.stdout.write(`READY ${server.url}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
