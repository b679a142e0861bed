import type { AdminOrder, OrderRefundEntry } from './orders';
import type { BillingAddress, ShippingAddress } from '../schemas/address';
import type { InvoiceLine, InvoiceTotals, SupplyKind } from '../invoice/gst';
import type { SellerDetails } from '../types';

// The parts of an order that refunds make, declared with the order; named here too for refund code.
export type { OrderRefundEntry };

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
  /** POST (admins): retry a cancelled order's refund that failed. Send an Idempotency-Key header. */
  adminRefundRetry: (orderId: string): string => `/api/admin/orders/${encodeURIComponent(orderId)}/refund-retry`,
  /** GET (the order's owner or an admin): one credit note. */
  creditNote: (id: string): string => `/api/credit-notes/${encodeURIComponent(id)}`,
} as const;

/** A GST credit note as issued against an order's invoice: amounts in paise, laid out like the invoice. */
export interface CreditNote {
  id: string;
  /** CN/<financial year>/<sequence>, its own series. */
  creditNoteNumber: string;
  creditNoteDate: string;
  kind: 'refund' | 'cancellation';
  reason: string;
  orderId: string;
  orderNumber: string;
  /** The invoice it adjusts. */
  invoiceNumber: string;
  invoiceDate: string;
  seller: SellerDetails & { stateCode: string };
  buyer: BillingAddress;
  shipTo: ShippingAddress;
  placeOfSupply: { state: string; code: string };
  supply: SupplyKind;
  lines: InvoiceLine[];
  totals: InvoiceTotals;
  amountInWords: string;
  /** How the money went back: 'Razorpay rfnd_…', 'UPI (reference)', or a note for a cancellation. */
  settlement: string;
}

/** GET /api/credit-notes/{id} (bearer; the order's owner or an admin). */
export interface GetCreditNoteResponse {
  success: true;
  creditNote: CreditNote;
}
