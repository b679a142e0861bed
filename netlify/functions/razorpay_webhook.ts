import type { Config } from '@netlify/functions';
import { handle, json, textBody } from '@server/http';
import { handleRazorpayWebhook } from '@server/services/webhook.service';

/** Razorpay's events are small; anything larger is not from Razorpay. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

/**
 * POST /api/razorpay-webhook: Razorpay's payment events. Verified by signature over the exact body before
 * it is parsed, handled once per event id, answered 200 for every verified event (including ignored ones)
 * so Razorpay does not retry them.
 */
export default handle(
  async (req) => {
    // Razorpay sends UTF-8 JSON without a byte-order mark, so the text's UTF-8 bytes are the bytes it signed.
    const body = Buffer.from(await textBody(req, { maxBytes: MAX_WEBHOOK_BYTES }), 'utf8');
    const outcome = await handleRazorpayWebhook(body, req.headers.get('x-razorpay-signature'), req.headers.get('x-razorpay-event-id'));
    return json({ success: true, outcome });
  },
  { methods: ['POST'], env: ['payment', 'mail'] },
);

export const config: Config = { path: '/api/razorpay-webhook' };
