/** Wire types of the admin's inventory endpoints. */
import type { InventoryUnit, StockChange, StockMovement } from '../inventory';

/** GET /api/admin/inventory: every unit, low stock first, and the threshold that decides 'low'. */
export interface AdminInventoryResponse {
  success: true;
  units: InventoryUnit[];
  lowStockThreshold: number;
}

/** POST /api/admin/inventory: the unit after the change, and the change as recorded. */
export interface StockChangeResponse {
  success: true;
  message: string;
  unit: InventoryUnit;
  change: StockChange;
}

/** GET /api/admin/stock-changes: recorded changes, newest first. */
export interface StockChangesResponse {
  success: true;
  changes: StockChange[];
}

/** PUT /api/admin/inventory/settings. */
export interface InventorySettingsResponse {
  success: true;
  message: string;
  lowStockThreshold: number;
}

/** The inventory and accounts endpoints' paths (the admin's tools besides orders and discounts). */
export const inventoryApiPaths = {
  adminInventory: '/api/admin/inventory',
  adminInventorySettings: '/api/admin/inventory/settings',
  adminStockChanges: '/api/admin/stock-changes',
  /** One unit's stock ledger: every movement with its cause. */
  adminStockLedger: '/api/admin/stock-ledger',
  /** The GST invoices of a date range as CSV, for the accountant. */
  adminAccounts: '/api/admin/accounts',
} as const;

/** GET /api/admin/stock-ledger?unit=: one unit's movements, newest first, and whether its ledger agrees with its stock. */
export interface StockLedgerResponse {
  success: true;
  unit: string;
  stock: number;
  /** Pieces orders are taking right now (taken, their orders not yet stored): out of stock, not yet in the ledger. */
  inFlight: number;
  /** The ledger's sum: equal to stock + inFlight when every movement is accounted for. */
  ledgerTotal: number;
  movements: StockMovement[];
  /** Older movements exist beyond these. */
  more: boolean;
}
