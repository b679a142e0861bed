// zod/mini: the shopper's return form and the admin's returns page parse with these too.
import * as z from 'zod/mini';
import { RETURN_REASONS, RETURN_STATUSES } from '../returns';
import { ShipmentSchema } from './admin';

/** A note typed by the shopper or an admin: required, trimmed, at most 500 characters. */
const note = (what: string) =>
  z
    .string({ error: `Write ${what}` })
    .check(z.trim(), z.minLength(1, `Write ${what}`), z.maxLength(500, 'The note is too long (500 characters at most)'));

/** POST /api/orders/{id}/returns: one line of a delivered order back, for a refund or a replacement. */
export const CreateReturnSchema = z.strictObject({
  lineIndex: z
    .number()
    .check(z.int('lineIndex must be a whole number'), z.minimum(0, 'lineIndex must be 0 or more'), z.maximum(99, 'lineIndex is too large')),
  kind: z.enum(['refund', 'replacement'], { error: 'Choose a refund or a replacement' }),
  reason: z.enum(RETURN_REASONS, { error: 'Choose a reason' }),
  quantity: z
    .number()
    .check(z.int('Quantity must be a whole number'), z.minimum(1, 'Quantity must be at least 1'), z.maximum(99, 'Quantity is too large')),
  note: note('a note saying what is wrong'),
  /** For a replacement in another size: the size wanted (one the product is sold in). */
  size: z._default(z.nullable(z.string().check(z.trim(), z.maxLength(40, 'Size is too long'))), null),
});

/** A parsed return request. */
export type CreateReturnInput = z.infer<typeof CreateReturnSchema>;

/** GET /api/admin/returns query: a status, 'open' (default) or 'all'. */
export const AdminReturnsQuerySchema = z.strictObject({
  status: z._default(z.enum(['open', 'all', ...RETURN_STATUSES], { error: 'status must be open, all or a return status' }), 'open'),
});

/** PATCH /api/admin/returns/{id}: one step of a request, by an admin. */
export const ReturnStepSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('approve'),
    note: z._default(z.string().check(z.trim(), z.maxLength(500, 'The note is too long')), ''),
  }),
  z.strictObject({ action: z.literal('reject'), note: note('why the request is rejected') }),
  z.strictObject({ action: z.literal('receive'), condition: z.enum(['sellable', 'damaged'], { error: 'Choose the condition' }) }),
  z.strictObject({ action: z.literal('ship'), shipment: ShipmentSchema }),
  z.strictObject({ action: z.literal('delivered') }),
]);

/** A parsed admin step. */
export type ReturnStepInput = z.infer<typeof ReturnStepSchema>;
