import type { AdminOrder } from './orders';

/** One refund of an order as the pages show it. Amount in rupees; dates as ISO strings. */
export interface OrderRefundEntry {
  key: string;
  lines: { index: number; quantity: number }[];
  whole: boolean;
  amount: number;
  method: 'razorpay' | 'upi' | 'bank_transfer';
  reference: string | null;
  razorpayRefundId: string | null;
  status: 'requested' | 'processed' | 'failed';
  at: string;
  creditNote: string | null;
}

/** POST /api/admin/orders/{id}/refunds: the refund (new, or the one this Idempotency-Key already made) and the order after it. */
export interface CreateRefundResponse {
  success: true;
  message: string;
  refund: OrderRefundEntry;
  order: AdminOrder;
}

/** Where refunds are asked for. */
export const refundsApiPaths = {
  /** POST (admins): refund lines of an order, or everything left. Send an Idempotency-Key header. */
  adminRefunds: (orderId: string): string => `/api/admin/orders/${encodeURIComponent(orderId)}/refunds`,
} as const;
