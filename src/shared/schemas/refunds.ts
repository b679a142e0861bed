// zod/mini: the admin's refund panel checks its body with this too.
import * as z from 'zod/mini';
import { CREDIT_NOTE_ID_PATTERN } from '../credit-note-path';

/** How a refund reaches the shopper (Razorpay for online payments; UPI or bank transfer for cash paid on delivery). */
const REFUND_METHODS = ['razorpay', 'upi', 'bank_transfer'] as const;

/** One line of a refund: the order line's position and how many of its units go back. */
const RefundLineSchema = z.strictObject({
  index: z
    .number()
    .check(z.int('index must be a whole number'), z.minimum(0, 'index must be 0 or more'), z.maximum(99, 'index is too large')),
  quantity: z
    .number()
    .check(z.int('quantity must be a whole number'), z.minimum(1, 'quantity must be at least 1'), z.maximum(100, 'quantity is too large')),
});

/**
 * POST /api/admin/orders/{id}/refunds: which lines and quantities to refund, or everything left (`all`), and how.
 * The server works out the amount; a reference is required for UPI and bank transfers.
 */
export const RefundRequestSchema = z
  .strictObject({
    lines: z.optional(z.array(RefundLineSchema).check(z.maxLength(50, 'too many lines'))),
    all: z.optional(z.boolean()),
    method: z.enum(REFUND_METHODS, { error: 'method must be razorpay, upi or bank_transfer' }),
    reference: z.optional(z.string().check(z.trim(), z.maxLength(64, 'reference is too long (64 characters at most)'))),
  })
  .check(
    z.refine((r) => (r.all === true) !== Boolean(r.lines?.length), { message: 'Choose lines to refund, or everything left (not both).' }),
    z.refine((r) => new Set((r.lines ?? []).map((l) => l.index)).size === (r.lines ?? []).length, {
      message: 'Each line may appear once.',
    }),
    z.refine((r) => r.method === 'razorpay' || Boolean(r.reference), { message: 'Enter the UPI or bank transfer reference.' }),
  );

/** POST /api/admin/orders/{id}/refund-retry: nothing to choose (the failed refund is retried as it was), so an empty object. */
export const RefundRetrySchema = z.strictObject({});

/** A refund request as parsed. */
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

/** A credit note's id: its order's id and the refund's key, or 'cancel'. */
export const CreditNoteIdSchema = z.string().check(z.regex(CREDIT_NOTE_ID_PATTERN, 'Invalid credit note id'));
