/**
 * GET /api/admin/dashboard: the owner's figures for a range of India days and the same-length range before it.
 * Every amount is whole paise. What each figure counts (docs/dashboard.md):
 * - a sale is an order placed cash on delivery or paid online, counted on the day it was placed;
 * - charged is what online payments took plus the cash collected on delivery (on the day delivered);
 * - revenue is charged less refunds (each counted on the day it was asked, unless it failed).
 */

/** The dashboard's endpoint. */
export const dashboardApiPaths = {
  adminDashboard: '/api/admin/dashboard',
} as const;

/** The range's totals. */
export interface DashboardTotals {
  /** Charged less refunded. */
  revenuePaise: number;
  /** Paid online plus cash collected on delivery. */
  chargedPaise: number;
  refundedPaise: number;
  /** Sales (orders placed cash on delivery or paid online) and their totals. */
  orders: number;
  salesPaise: number;
  /** salesPaise / orders, rounded to the paisa (0 without orders). */
  averageOrderPaise: number;
  online: { orders: number; paise: number };
  cod: {
    orders: number;
    paise: number;
    /** Cash collected on delivery in the range. */
    collectedOrders: number;
    collectedPaise: number;
    /** Cash orders cancelled once shipped: refused at the door. */
    refused: number;
    refusedPaise: number;
  };
  /** Orders with a discount code and what the codes took off; each code's uses and cost, most used first. */
  discounts: { orders: number; paise: number; codes: { code: string; uses: number; paise: number }[] };
  refunds: { count: number; paise: number };
  /** Return and replacement requests, and their pieces. */
  returns: { count: number; units: number };
  /** Sales cancelled in the range. */
  cancelled: number;
  views: number;
  clicks: number;
}

/** One India day of the range. */
export interface DashboardDay {
  day: string;
  orders: number;
  salesPaise: number;
  revenuePaise: number;
  views: number;
}

/** A piece's figures over the range. */
export interface DashboardPiece {
  productId: string;
  name: string;
  units: number;
  revenuePaise: number;
  /** Orders that held it. */
  orders: number;
  views: number;
  /** Pieces asked to be returned or replaced. */
  returns: number;
}

/** A size (or a piece without sizes, size null) with its stock now and what sold in the range. */
export interface DashboardStockLine {
  productId: string;
  name: string;
  size: string | null;
  stock: number;
  unitsSold: number;
  /** Days of stock left at the range's pace of sales (null when none sold). */
  daysLeft: number | null;
}

/** The dashboard's answer. */
export interface DashboardResponse {
  success: true;
  from: string;
  to: string;
  /** The range before, of the same length, compared with. */
  previousFrom: string;
  previousTo: string;
  totals: DashboardTotals;
  previous: DashboardTotals;
  days: DashboardDay[];
  /** Most revenue first (at most 10). */
  topByRevenue: DashboardPiece[];
  /** Most units first (at most 10). */
  topByUnits: DashboardPiece[];
  /** Most viewed first, with their orders: the ones looked at and not bought show a low conversion (at most 10). */
  mostViewed: DashboardPiece[];
  /** Sizes with no stock left, most sold in the range first. */
  soldOut: DashboardStockLine[];
  /** Sizes at or under the low-stock threshold that sold in the range, fewest days left first. */
  lowStockSellingFast: DashboardStockLine[];
  lowStockThreshold: number;
}
