/** Wire types of the discount endpoints, shared by the functions that answer and the islands that call them. */
import type { DiscountCode } from '../discounts';

/** POST /api/discounts/check: the code applies; what it takes off and the order's new figures, in rupees. */
export interface DiscountCheckResponse {
  success: true;
  /** 'You save ₹200' */
  message: string;
  discount: { code: string; amount: number; description: string };
  subtotal: number;
  shippingCost: number;
  total: number;
}

/** GET /api/admin/discounts: every code, newest first. */
export interface AdminDiscountsResponse {
  success: true;
  codes: DiscountCode[];
}

/** POST /api/admin/discounts, PUT /api/admin/discounts/{code}, PATCH .../status: the code as saved. */
export interface AdminDiscountResponse {
  success: true;
  message: string;
  code: DiscountCode;
}

/** The discount endpoints' paths. */
export const discountsApiPaths = {
  /** Does a code apply to these lines (signed in): Apply at checkout. */
  discountCheck: '/api/discounts/check',
  adminDiscounts: '/api/admin/discounts',
  adminDiscount: (code: string): string => `/api/admin/discounts/${encodeURIComponent(code)}`,
  adminDiscountStatus: (code: string): string => `/api/admin/discounts/${encodeURIComponent(code)}/status`,
} as const;
