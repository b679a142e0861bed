/** Wire types of the admin's inventory endpoints. */
import type { InventoryUnit, StockChange } from '../inventory';

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
  /** The GST invoices of a date range as CSV, for the accountant. */
  adminAccounts: '/api/admin/accounts',
} as const;
