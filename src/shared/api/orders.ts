/**
 * Wire types of the checkout and order endpoints, shared by the functions that answer and the islands that
 * call them. Field names are the API's published ones (products[].productId populated, shippingInfo, totalAmount, ...).
 */
import type { BillingAddress, ShippingAddress } from '../schemas/address';
import type { AttentionCode } from '../attention';
import type { OrderStatus, PaymentStatus } from '../orders';
import type { PaymentMethod } from '../pricing';
import type { InvoiceLine, InvoiceTotals, SupplyKind } from '../invoice/gst';
import type { SellerDetails } from '../types';

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

/** A credit note as an order lists it. */
export interface OrderCreditNote {
  id: string;
  number: string;
  at: string;
  amount: number;
  kind: 'refund' | 'cancellation';
}

/** The product of an order line as it was when ordered (names and pictures survive catalogue changes). */
interface OrderLineProduct {
  _id: string;
  name: string;
  slug: string;
  thumbnail: string;
  image: string[];
}

/** One line of an order: the product, its size (if it has sizes), the unit price charged and the quantity. */
export interface OrderLine {
  productId: OrderLineProduct;
  /** The size bought ('12'), or null for a product without sizes. */
  size: string | null;
  /** The size option's name ('Ring size'), or null. */
  sizeName: string | null;
  price: number;
  quantity: number;
  /**
   * This line's share of the order's discount, in rupees to the paisa (the shares add up to the discount;
   * the invoice taxes the line on price × quantity − discount). Absent or 0 without a discount.
   */
  discount?: number;
}

/** A discount code applied to an order: the code, how it reads ('10% off'), and what it took off in rupees. */
export interface OrderDiscount {
  code: string;
  description: string;
  amount: number;
}

/** One step of an order's history: what it became, when, and who moved it ('customer', 'admin', 'system', 'razorpay'). */
export interface StatusChange {
  status: OrderStatus;
  at: string;
  by: string;
  /** On an admin's undo: the step undone (the order went back to `status`). */
  undid?: OrderStatus;
}

/** A refund of an order's online payment: 'requested' while Razorpay is asked, then Razorpay's status, or 'failed'. */
export interface OrderRefund {
  id: string | null;
  status: string;
  amount: number;
  at: string;
  /** True when this is an admin's retry of a refund that failed (still 'requested' after a lost answer, it can be asked again). */
  retry?: boolean;
  /** Why a 'failed' refund failed, when certain (Razorpay refused it, or reported it failed): only those may be retried. */
  failure?: 'refused' | 'reported';
}

/** An order as its owner (or an admin) reads it. Amounts in rupees. */
export interface Order {
  _id: string;
  /** 'HRM-' and the id's last six characters in upper case: what the shopper quotes. */
  orderNumber: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  products: OrderLine[];
  shippingInfo: ShippingAddress;
  billingInfo: BillingAddress;
  subtotal: number;
  /** The discount code applied and what it took off (totalAmount = subtotal − discount + shippingCost); null without one. */
  discount?: OrderDiscount | null;
  shippingCost: number;
  totalAmount: number;
  razorpayOrderId: string | null;
  razorpayPaymentId: string | null;
  statusHistory: StatusChange[];
  createdAt: string;
  /** Until when the stock of an unpaid online order is held for it. */
  holdExpiresAt: string | null;
  /** Who cancelled it (null while it is not cancelled): the shopper, an admin, or the shop for non-payment. */
  cancelledBy: 'customer' | 'admin' | 'system' | null;
  /** The refund of its payment, if one was made or is under way. */
  refund: OrderRefund | null;
  /** Refunds of lines or of everything left, oldest first (absent from older servers). */
  refunds?: OrderRefundEntry[];
  /** Rupees refunded or being refunded so far (0 without refunds). */
  refundedAmount?: number;
  /** Units of each line (by index) a replacement was sent for: the shopper keeps them, so they are not refunded. */
  replacedQty?: Record<string, number>;
  /** GST credit notes issued against its invoice, oldest first. */
  creditNotes?: OrderCreditNote[];
  /**
   * Its GST invoice number once one was issued (the first time the invoice is opened), else null. Tells the
   * pages whether a cancelled order has an invoice; optional so an older server's answer still type-checks.
   */
  invoiceNumber?: string | null;
  /**
   * The courier, tracking (AWB) number, where to follow it (the admin's link or the courier's page) and the
   * courier's expected date ('YYYY-MM-DD'), once shipped; null before.
   */
  shipment?: { courier: string; awb: string; trackingUrl: string | null; expectedDelivery: string | null; shippedAt: string } | null;
  /** The delivery window promised at checkout ('YYYY-MM-DD', India time); null on orders placed before promises. */
  delivery?: { from: string; to: string } | null;
}

/** POST /api/create-razorpay-order: what Razorpay Checkout needs to open. */
export interface CreateRazorpayOrderResponse {
  success: true;
  message: string;
  /** Razorpay's order: its id, the amount in paise, the currency. */
  order: { id: string; amount: number; currency: 'INR' };
  /** Our order's id (Razorpay's receipt). */
  orderId: string;
  /** The public key id Checkout is opened with. */
  key: string;
}

/** POST /api/orderCheck_out: the placed (or now paid) order. */
export interface OrderCheckoutResponse {
  success: true;
  message: string;
  order: Order;
}

/** GET /api/get_orders/{orderId}. */
export interface GetOrderResponse {
  success: true;
  order: Order;
}

/** GET /api/get_order-details: the caller's own orders, newest first. */
export interface GetOrderDetailsResponse {
  success: true;
  userOrders: Order[];
}

/** GET /api/payment-config: how the checkout page reaches the payment provider. */
export interface PaymentConfigResponse {
  success: true;
  /** The public key id. */
  key: string;
  /** Razorpay's checkout.js in production, the local stand-in when running the sandbox. */
  checkoutScript: string;
  /** True when payments go to the local sandbox (no money moves). */
  sandbox: boolean;
}

/** An order as an admin sees it: the shopper, payment ids and anything that needs a person. */
export interface AdminOrder extends Order {
  customer: { _id: string; name: string; phone: string };
  needsAttention: string | null;
  /** The flag's reason (null for a flag from before reasons had codes): picks the hint shown beside it. */
  attentionCode: AttentionCode | null;
  /**
   * The last admin step while it can still be undone (its messages to the shopper are held until `until`),
   * else null. The server checks again when asked.
   */
  undo: { step: OrderStatus; from: OrderStatus; until: string; by: string } | null;
}

/** GET /api/get_order-all (admin): one page of orders, newest first, with the total that match. */
export interface GetOrderAllResponse {
  success: true;
  getOrder: AdminOrder[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/orders/{id} and PATCH /api/admin/orders/{id}/status (admin). */
export interface AdminOrderResponse {
  success: true;
  message: string;
  order: AdminOrder;
}

/**
 * POST /api/orders/{id}/pay (the owner): reopens Razorpay Checkout for an unpaid order while its stock is
 * held, with the same Razorpay order (so a payment already on its way is never taken twice).
 */
export type PayNowResponse = CreateRazorpayOrderResponse;

/** POST /api/orders/{id}/payment (the owner): Checkout's answer after Pay now, verified; the order as it now stands. */
export interface ConfirmPaymentResponse {
  success: true;
  message: string;
  order: Order;
}

/** POST /api/orders/{id}/cancel (the owner, within 24 hours, before shipping). */
export interface CancelOrderResponse {
  success: true;
  message: string;
  order: Order;
}

/**
 * A GST tax invoice as issued for one order: amounts in integer paise (3% GST included in the prices, taxed
 * on each line's value after its share of any discount, split into equal CGST + SGST within the seller's
 * state, IGST across states), computed by src/shared/invoice/gst.ts.
 */
export interface Invoice {
  orderId: string;
  orderNumber: string;
  /** INV/<financial year>/<sequence>, e.g. INV/2026-27/000123; assigned once, the first time it is issued. */
  invoiceNumber: string;
  invoiceDate: string;
  orderDate: string;
  status: OrderStatus;
  seller: SellerDetails & { stateCode: string };
  /** Bill to: the billing address (it may be abroad). */
  buyer: BillingAddress;
  /** Ship to: the delivery address, whose state is the place of supply. */
  shipTo: ShippingAddress;
  placeOfSupply: { state: string; code: string };
  supply: SupplyKind;
  lines: InvoiceLine[];
  totals: InvoiceTotals;
  /**
   * The discount code the order used (its lines carry the shares, totals.discount the sum, in paise), for the
   * totals' 'Discount (CODE)' row; null without one. Optional so an older server's answer still type-checks.
   */
  discount?: OrderDiscount | null;
  amountInWords: string;
  /** 'Razorpay <payment id>' or 'Cash on delivery'. */
  payment: string;
  /** Credit notes issued against it (refunds, a cancellation), oldest first. */
  creditNotes?: OrderCreditNote[];
}

/** GET /api/invoice/{orderId} (bearer; the order's owner or an admin). */
export interface GetInvoiceResponse {
  success: true;
  invoice: Invoice;
}

/** Paths of the checkout and order endpoints. */
export const ordersApiPaths = {
  paymentConfig: '/api/payment-config',
  createRazorpayOrder: '/api/create-razorpay-order',
  orderCheckOut: '/api/orderCheck_out',
  orderDetails: '/api/get_order-details',
  order: (orderId: string): string => `/api/get_orders/${encodeURIComponent(orderId)}`,
  cancelOrder: (orderId: string): string => `/api/orders/${encodeURIComponent(orderId)}/cancel`,
  /** Pay now: reopens Checkout for an unpaid order while its stock is held. */
  payNow: (orderId: string): string => `/api/orders/${encodeURIComponent(orderId)}/pay`,
  /** Confirms a Pay now payment (Checkout's ids and signature). */
  confirmPayment: (orderId: string): string => `/api/orders/${encodeURIComponent(orderId)}/payment`,
  allOrders: '/api/get_order-all',
  adminOrder: (orderId: string): string => `/api/admin/orders/${encodeURIComponent(orderId)}`,
  adminOrderStatus: (orderId: string): string => `/api/admin/orders/${encodeURIComponent(orderId)}/status`,
  /** The GST tax invoice of one order (issued on first request). */
  invoice: (orderId: string): string => `/api/invoice/${encodeURIComponent(orderId)}`,
  /** Razorpay's server calls this one, never the browser. */
  razorpayWebhook: '/api/razorpay-webhook',
} as const;
