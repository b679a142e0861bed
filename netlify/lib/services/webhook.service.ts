import { createHash } from 'node:crypto';
import * as z from 'zod';
import { getPaymentEnv } from '../env';
import { AppError, badRequest } from '../errors';
import { ordersRepository } from '../repositories/orders.repository';
import { webhookEventsRepository } from '../repositories/webhook-events.repository';
import { recordCapturedPayment, recordPaymentFailure } from './payment-events.service';
import { hmacMatches } from './payments/gateway';
import { applyRefundEvent } from './refund-webhooks.service';

/** The parts of a Razorpay webhook the shop reads; everything else in the event is ignored. */
const WebhookEventSchema = z.object({
  event: z.string().max(100),
  payload: z
    .object({
      payment: z
        .object({ entity: z.object({ id: z.string().max(64), order_id: z.string().max(64).nullish(), status: z.string().max(32) }) })
        .optional(),
      order: z.object({ entity: z.object({ id: z.string().max(64), receipt: z.string().max(64).nullish() }) }).optional(),
      refund: z
        .object({
          entity: z.object({
            id: z.string().max(64),
            payment_id: z.string().max(64),
            amount: z.number().int().nonnegative(),
            status: z.string().max(32),
            notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
          }),
        })
        .optional()
        // A refund entity the shop cannot read is acknowledged and ignored, not retried by Razorpay forever.
        .catch(undefined),
    })
    .default({}),
});

/** What a webhook delivery did, for the answer and the log. */
type WebhookOutcome = 'paid' | 'refunded' | 'failure recorded' | 'refund processed' | 'refund failed' | 'duplicate' | 'ignored';

/**
 * Handles one Razorpay webhook. The signature (HMAC-SHA256 of the raw body with the webhook secret) is
 * checked, in constant time, before the body is even parsed; a bad one is a 400 and nothing is written.
 * Each event id is handled once. payment.captured and order.paid mark our order paid even when the
 * shopper's browser never came back (or refund a payment for an order a person cancelled); payment.failed is
 * recorded but never un-pays an order, whatever order the events arrive in; refund.processed and refund.failed settle the refund they name (see refund-webhooks.service.ts). Events for orders the shop does
 * not know as online orders are acknowledged and ignored, so Razorpay stops retrying them.
 */
export async function handleRazorpayWebhook(
  rawBody: Buffer,
  signature: string | null,
  eventIdHeader: string | null,
): Promise<WebhookOutcome> {
  const secret = getPaymentEnv().RAZORPAY_WEBHOOK_SECRET;
  if (!secret) throw new AppError(503, 'Webhooks are not configured (RAZORPAY_WEBHOOK_SECRET is not set).');
  if (!signature || !hmacMatches(secret, rawBody, signature)) throw badRequest('Invalid webhook signature');

  let event: z.infer<typeof WebhookEventSchema>;
  try {
    event = WebhookEventSchema.parse(JSON.parse(rawBody.toString('utf8')));
  } catch {
    throw badRequest('Invalid webhook body');
  }
  if (!['payment.captured', 'order.paid', 'payment.failed', 'refund.processed', 'refund.failed'].includes(event.event)) return 'ignored';

  // Razorpay sends x-razorpay-event-id on every delivery; the body's hash stands in if a proxy dropped it.
  const eventId = eventIdHeader?.trim() || `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
  if (!(await webhookEventsRepository.record(eventId, event.event))) return 'duplicate';
  try {
    return await apply(event);
  } catch (err) {
    // Not handled: forget the id so Razorpay's next retry is handled.
    await webhookEventsRepository.forget(eventId).catch(() => undefined);
    throw err;
  }
}

async function apply(event: z.infer<typeof WebhookEventSchema>): Promise<WebhookOutcome> {
  if (event.event === 'refund.processed' || event.event === 'refund.failed') {
    const refund = event.payload.refund?.entity;
    if (!refund) return 'ignored';
    const notes = refund.notes && !Array.isArray(refund.notes) ? refund.notes : {};
    const key = typeof notes['refund_key'] === 'string' ? notes['refund_key'] : null;
    // An admin's retry of a cancelled order's refund is named by its retry key (see refundsService.retryFailedRefund).
    const retryKey = typeof notes['retry_key'] === 'string' ? notes['retry_key'] : null;
    return applyRefundEvent(event.event === 'refund.processed' ? 'processed' : 'failed', { ...refund, key, retryKey });
  }
  const payment = event.payload.payment?.entity;
  // Matched by Razorpay's order id only, never by the receipt: a receipt names our order id, and a signed
  // event whose receipt names a cash-on-delivery order must not touch it.
  const razorpayOrderId = payment?.order_id ?? event.payload.order?.entity.id ?? null;
  const order = razorpayOrderId ? await ordersRepository.findByRazorpayOrderId(razorpayOrderId) : null;
  if (!order || order.paymentMethod !== 'razorpay') {
    console.warn(`[webhook] ${event.event} for an order this shop does not know (${razorpayOrderId ?? 'no id'}); ignored`);
    return 'ignored';
  }
  if (event.event === 'payment.failed') {
    await recordPaymentFailure(order);
    return 'failure recorded';
  }
  if (!payment || payment.status !== 'captured') return 'ignored';
  return (await recordCapturedPayment(order, payment.id, 'razorpay')).kind;
}
