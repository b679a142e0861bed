/**
 * Stock as the shop's admins manage it: why a count changes, and when a unit counts as low. Shared by the
 * admin's inventory page and the server that records every change.
 */

/** Why an admin changes a unit's stock; every change is recorded with one. */
export const STOCK_REASONS = {
  count: 'Stock count',
  received: 'New stock received',
  damaged: 'Damaged or lost',
  returned: 'Returned, sellable',
  correction: 'Correction',
} as const;

/** One of the reasons a stock change may give. */
export type StockReason = keyof typeof STOCK_REASONS;

/** Why the shop itself changed a unit's stock (never offered to admins): shown in the same list as theirs. */
export const SYSTEM_STOCK_REASONS = {
  recovered: 'Given back: its order was never placed',
} as const;

/** Any reason a recorded stock change carries: an admin's, or the shop's own. */
export type StockChangeReason = StockReason | keyof typeof SYSTEM_STOCK_REASONS;

/** What a recorded change's reason reads as. */
export const stockChangeReasonLabel = (reason: StockChangeReason): string =>
  reason in STOCK_REASONS ? STOCK_REASONS[reason as StockReason] : SYSTEM_STOCK_REASONS[reason as keyof typeof SYSTEM_STOCK_REASONS];

/**
 * Why a unit's stock moved, as its ledger records every movement: the unit's stock is its ledger's sum (pieces
 * an order is still taking, not yet stored, aside).
 */
export const STOCK_MOVEMENT_CAUSES = {
  opening: 'Stock when its history began',
  import: 'Catalogue import',
  publish: 'Published as a new piece',
  order: 'Ordered',
  cancelled: 'Order cancelled: back on sale',
  'paid-late': 'Paid after it was cancelled: taken again',
  'return-received': 'Return received back into stock',
  replacement: 'Replacement sent',
  'replacement-undone': 'Replacement not sent: back on sale',
  admin: 'Changed by an admin',
} as const;

/** A cause of a stock movement (see STOCK_MOVEMENT_CAUSES). */
export type StockMovementCause = keyof typeof STOCK_MOVEMENT_CAUSES;

/** One movement of a unit's stock, as its history lists it (newest first). */
export interface StockMovement {
  at: string;
  /** Pieces in (positive) or out (negative). */
  change: number;
  cause: StockMovementCause;
  /** What it reads as: the cause, or an admin's reason and note. */
  label: string;
  /** The order or return it belongs to, when it has one. */
  orderId: string | null;
  returnId: string | null;
  /** Who made it, for an admin's change ('admin:<phone>'). */
  by: string | null;
  /** The unit's stock after it, by the ledger. */
  stockAfter: number;
}

/** The low-stock threshold until an admin sets one: a unit with this many or fewer is listed first. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 3;

/** Most pieces one unit may hold (a count, or additions by admins): a typo of extra zeros is refused, never stored. */
export const MAX_UNIT_STOCK = 100_000;

/** Whether a unit with `stock` pieces is low at this threshold. */
export const isLowStock = (stock: number, threshold: number): boolean => stock <= threshold;

/** One sellable unit as the inventory page lists it: a product, or a product in one size. */
export interface InventoryUnit {
  /** The unit's id: the product's id, or '<product id>:<size>'. */
  unit: string;
  productId: string;
  name: string;
  slug: string;
  size: string | null;
  sizeName: string | null;
  /** The seller's code for this size, when the catalogue has one. */
  sku: string | null;
  stock: number;
}

/** One recorded change of a unit's stock: from what to what, why, who and when. */
export interface StockChange {
  unit: string;
  name: string;
  size: string | null;
  from: number;
  to: number;
  reason: StockChangeReason;
  note: string;
  by: string;
  at: string;
}
