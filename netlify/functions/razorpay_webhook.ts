import type { Config } from '@netlify/functions';
import { getPaymentEnv } from '../lib/env';
import { AppError } from '../lib/errors';
import { handle, json } from '../lib/http';
import { handleRazorpayWebhook } from '../lib/services/webhook.service';

getPaymentEnv();

/** Razorpay's events are small; anything larger is not from Razorpay. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

/** Reads the raw body (the signature is over these exact bytes), refusing oversized ones without reading them all. */
async function rawBody(req: Request): Promise<Buffer> {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > MAX_WEBHOOK_BYTES) throw new AppError(413, 'Webhook body too large');
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > MAX_WEBHOOK_BYTES) throw new AppError(413, 'Webhook body too large');
      chunks.push(chunk);
    }
  }
  return Buffer.concat(chunks);
}

/**
 * POST /api/razorpay-webhook: Razorpay's payment events. Verified by signature before anything is read,
 * handled once per event id, answered 200 for every verified event (including ignored ones) so Razorpay
 * does not retry them.
 */
export default handle(
  async (req) => {
    const outcome = await handleRazorpayWebhook(
      await rawBody(req),
      req.headers.get('x-razorpay-signature'),
      req.headers.get('x-razorpay-event-id'),
    );
    return json({ success: true, outcome });
  },
  { methods: ['POST'] },
);

export const config: Config = { path: '/api/razorpay-webhook' };
