/** Wire types and paths of returns and replacements. */
import type { ReturnCondition, ReturnKind, ReturnReason, ReturnStatus } from '../returns';

/** A replacement's shipment as the pages show it (the same facts as an order's). */
export interface ReturnShipment {
  courier: string;
  awb: string;
  trackingUrl: string | null;
  expectedDelivery: string | null;
  shippedAt: string;
}

/** One return or replacement request, as its shopper and the admins read it. */
export interface ReturnRequest {
  /** '<order id>-<line index>': one request per order line. */
  _id: string;
  orderId: string;
  orderNumber: string;
  lineIndex: number;
  /** The line as bought. */
  name: string;
  size: string | null;
  /** For a replacement in another size: the size wanted. */
  replacementSize: string | null;
  quantity: number;
  kind: ReturnKind;
  reason: ReturnReason;
  note: string;
  status: ReturnStatus;
  /** The admin's note on approving or rejecting ('' without one). */
  adminNote: string;
  condition: ReturnCondition | null;
  shipment: ReturnShipment | null;
  refundRef: string | null;
  history: { status: ReturnStatus; at: string; by: string }[];
  createdAt: string;
}

/** An admin's view: the request and who asked. */
export interface AdminReturnRequest extends ReturnRequest {
  customer: { name: string; phone: string };
  /**
   * Whether the shopper's messages about this request are emailed as well as texted: its order has an email
   * address (the server reads it from the order), so the admin's dialogs name only what is sent.
   */
  emailed: boolean;
}

/** GET/POST /api/orders/{id}/returns. */
export interface OrderReturnsResponse {
  success: true;
  message?: string;
  returns: ReturnRequest[];
}

/** GET /api/admin/returns. */
export interface AdminReturnsResponse {
  success: true;
  returns: AdminReturnRequest[];
}

/** PATCH /api/admin/returns/{id}. */
export interface AdminReturnStepResponse {
  success: true;
  message: string;
  request: AdminReturnRequest;
}

/** The returns endpoints' paths. */
export const returnsApiPaths = {
  orderReturns: (orderId: string): string => `/api/orders/${encodeURIComponent(orderId)}/returns`,
  adminReturns: '/api/admin/returns',
  adminReturn: (returnId: string): string => `/api/admin/returns/${encodeURIComponent(returnId)}`,
} as const;
