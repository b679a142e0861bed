// zod/mini: the admin's inventory page parses its forms with these too.
import * as z from 'zod/mini';
import { MAX_UNIT_STOCK, STOCK_REASONS, type StockReason } from '../inventory';

/** A unit id: a product id, or '<product id>:<size>'. */
const UnitIdSchema = z
  .string({ error: 'unit must be a product (and size)' })
  .check(z.regex(/^[0-9a-f]{24}(:[A-Za-z0-9./]+( [A-Za-z0-9./]+)*)?$/, 'unit must be a product id, or a product id and a size'));

const pieces = (what: string, min: number) =>
  z
    .int({ error: `${what} must be a whole number of pieces` })
    .check(
      z.minimum(min, `${what} must be at least ${min}`),
      z.maximum(MAX_UNIT_STOCK, `${what} must be at most ${MAX_UNIT_STOCK.toLocaleString('en-IN')}`),
    );

/**
 * POST /api/admin/inventory: set a unit's stock to a count (conditional on the stock the admin saw, so an
 * order placed meanwhile is never overwritten), or add or take pieces (never below zero), with a reason.
 */
export const StockChangeSchema = z.discriminatedUnion('mode', [
  z.strictObject({
    mode: z.literal('set'),
    unit: UnitIdSchema,
    stock: pieces('Stock', 0),
    /** The stock the admin's page showed. */
    expected: z
      .int({ error: 'expected must be the stock you saw' })
      .check(z.minimum(-MAX_UNIT_STOCK, 'expected is too small'), z.maximum(MAX_UNIT_STOCK, 'expected is too large')),
    reason: z.enum(Object.keys(STOCK_REASONS) as [StockReason, ...StockReason[]], { error: 'Choose a reason' }),
    note: z._default(z.string().check(z.trim(), z.maxLength(200, 'Note is too long (200 characters at most)')), ''),
  }),
  z.strictObject({
    mode: z.literal('adjust'),
    unit: UnitIdSchema,
    delta: z.int({ error: 'Change must be a whole number of pieces' }).check(
      z.minimum(-MAX_UNIT_STOCK, 'Change is too large'),
      z.maximum(MAX_UNIT_STOCK, 'Change is too large'),
      z.refine((n) => n !== 0, 'Change must add or take at least one piece'),
    ),
    reason: z.enum(Object.keys(STOCK_REASONS) as [StockReason, ...StockReason[]], { error: 'Choose a reason' }),
    note: z._default(z.string().check(z.trim(), z.maxLength(200, 'Note is too long (200 characters at most)')), ''),
  }),
]);

/** A parsed stock change. */
export type StockChangeInput = z.infer<typeof StockChangeSchema>;

/** PUT /api/admin/inventory/settings: the low-stock threshold. */
export const InventorySettingsSchema = z.strictObject({
  lowStockThreshold: pieces('Low-stock threshold', 0),
});

/** GET /api/admin/stock-changes query: one unit's changes, or the latest across the shop. */
export const StockChangesQuerySchema = z.strictObject({
  unit: z.optional(UnitIdSchema),
});

/** GET /api/admin/stock-ledger query: the unit whose history is read. */
export const StockLedgerQuerySchema = z.strictObject({
  unit: UnitIdSchema,
});
