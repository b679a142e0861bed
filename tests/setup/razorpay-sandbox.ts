import { createServer, type Server } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll } from 'vitest';
import { createRazorpaySandbox, SANDBOX_PREFIX, type RazorpaySandbox } from '../../scripts/lib/razorpay-sandbox/sandbox';
import { getDb } from '@server/db';
import { resetEnvForTests, SANDBOX_KEY_ID } from '@server/env';

/** The sandbox for a test file: its URL (for the checkout's "pay" call) and a way to wait for webhooks. */
export interface TestSandbox {
  url: string;
  sandbox: RazorpaySandbox;
  /** Pays (or fails) a Razorpay order the way the stand-in Checkout does; answers Checkout's handler payload. */
  pay(razorpayOrderId: string, outcome?: 'success' | 'failure'): Promise<{ status: number; body: any }>;
}

/**
 * Serves the local Razorpay sandbox on a free port for this test file and points the payment settings at
 * it, so the functions run the real SDK code path against the stub (as `npm start` does).
 */
export function serveRazorpaySandbox(webhook?: () => { url: string; secret: string; delayMs?: number } | undefined): TestSandbox {
  let server: Server;
  const state = {} as TestSandbox;
  beforeAll(async () => {
    const sandbox = createRazorpaySandbox({
      keyId: SANDBOX_KEY_ID,
      keySecret: process.env.RAZORPAY_SANDBOX_SECRET!,
      getDb,
      ...(webhook?.() ? { webhook: webhook()! } : {}),
    });
    server = createServer(async (req, res) => {
      const request = new Request(`http://127.0.0.1${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: req.method === 'GET' || req.method === 'HEAD' ? null : (Readable.toWeb(req) as ReadableStream),
        // @ts-expect-error Node's fetch needs duplex for streamed bodies
        duplex: 'half',
      });
      const response = (await sandbox.handle(request)) ?? new Response('not found', { status: 404 });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    state.url = `http://127.0.0.1:${port}${SANDBOX_PREFIX}`;
    state.sandbox = sandbox;
    process.env.RAZORPAY_SANDBOX_URL = state.url;
    resetEnvForTests();
  });
  afterAll(async () => {
    await state.sandbox?.settled();
    await new Promise<void>((r) => server.close(() => r()));
  });
  state.pay = async (razorpayOrderId, outcome = 'success') => {
    const res = await fetch(`${state.url}/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: SANDBOX_KEY_ID, order_id: razorpayOrderId, outcome }),
    });
    return { status: res.status, body: await res.json() };
  };
  return state;
}
