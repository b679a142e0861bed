/**
 * One idempotent refund request to Razorpay and how to read its errors, shared by the refunds ledger and a
 * cancelled order's whole refund: only a definite refusal may be recorded as failed (and retried under a new key).
 */
import type { ObjectId } from 'mongodb';
import { getPaymentGateway } from './gateway';
import { sleep } from '../../sleep';

/**
 * Razorpay's idempotency key for a cancelled order's first refund of a payment: one per order and payment (an
 * order's first whole refund is claimed once), so asking again after a lost answer can never refund twice.
 */
export const wholeRazorpayKey = (orderId: ObjectId, paymentId: string): string => `${orderId.toHexString()}-whole-${paymentId}`;

/** Razorpay's 409: a request with the same idempotency key is still being processed (a twin click). */
const stillProcessing = (err: unknown): boolean => err instanceof Error && /^Razorpay 409 /.test(err.message);

/** Whether an error is Razorpay's definite refusal (a 4xx other than 409 "still processing"): no refund was made. */
export const definiteRefusal = (err: unknown): boolean => err instanceof Error && /^Razorpay 4(?!09)\d\d /.test(err.message);

/** Asks Razorpay for a refund with an idempotency key, waiting out a twin request still being processed. */
export async function refundOnce(
  paymentId: string,
  paise: number,
  notes: Record<string, string>,
  idempotencyKey: string,
): Promise<{ id: string; status: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await getPaymentGateway().refund(paymentId, paise, notes, idempotencyKey);
    } catch (err) {
      if (!stillProcessing(err) || attempt >= 10) throw err;
      await sleep(50 * attempt);
    }
  }
}
