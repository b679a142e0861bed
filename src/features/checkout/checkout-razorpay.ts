/**
 * Paying online at the checkout: the server prices the order and creates the Razorpay order, Razorpay
 * Checkout takes the payment, and the server verifies Razorpay's signature before the order counts as paid.
 * Dismissing Checkout leaves the shopper on the checkout with 'Payment cancelled by user'; paying again
 * reuses the same order (the same attempt key).
 */
import { ordersApiPaths, type CreateRazorpayOrderResponse, type OrderCheckoutResponse } from '@shared/api/orders';
import { callApi } from '../auth/api-client';
import {
  ensurePaymentProvider,
  isCheckoutOrder,
  openRazorpayCheckout,
  PAYMENT_CANCELLED,
  RAZORPAY_NOT_LOADED,
  type CheckoutPrefill,
  type RazorpayPayment,
} from '../payments/razorpay-checkout';
import { attemptKey } from './checkout-attempt';
import { $checkoutBusy, $checkoutToast } from './checkout-status';

/** One online payment: what is sent, who pays, and what the checkout does with each answer. */
export interface RazorpayAttempt {
  /** The order as the create call takes it (lines, addresses, code, amount). */
  body: Record<string, unknown>;
  /** The order's fields again for the confirmation, with the shipping cost and total shown. */
  confirmation: Record<string, unknown>;
  payer: CheckoutPrefill;
  /** The server refused the order (the checkout shows why, and re-checks what changed). */
  onRefused: (status: number, message: string) => void;
  /** The paid order is confirmed: the cart and the attempt are done with. */
  onConfirmed: () => void;
  /** Goes to the order's success page. */
  onPlaced: (orderId: string) => void;
}

/** Creates the Razorpay order and opens Checkout for it; the confirmation follows Checkout's handler. */
export async function payWithRazorpay(attempt: RazorpayAttempt, fetchImpl?: typeof fetch): Promise<void> {
  const { body } = attempt;
  $checkoutBusy.set('placing');
  let created: CreateRazorpayOrderResponse;
  try {
    // A shopper who pays before checkout.js has arrived (autofill on a slow phone) waits for it, and one whose
    // load failed gets it tried again, rather than an error for a script still on its way.
    if (!(await ensurePaymentProvider(fetchImpl))) return $checkoutToast.set({ kind: 'error', text: RAZORPAY_NOT_LOADED });
    const r = await callApi<CreateRazorpayOrderResponse>(
      ordersApiPaths.createRazorpayOrder,
      { body, auth: true, headers: { 'Idempotency-Key': attemptKey('razorpay', body) } },
      fetchImpl,
    );
    if (!r.ok) return attempt.onRefused(r.status, r.message ?? 'Failed to create Razorpay order');
    if (!isCheckoutOrder(r.data)) return $checkoutToast.set({ kind: 'error', text: 'Invalid Razorpay order response' });
    created = r.data;
  } finally {
    $checkoutBusy.set('idle');
  }

  $checkoutBusy.set('paying');
  const opened = openRazorpayCheckout(created, attempt.payer, {
    onPaid: (payment) => void confirmPayment(created, payment, attempt, fetchImpl),
    onFailed: (text) => $checkoutToast.set({ kind: 'error', text }),
    onDismiss: () => {
      if ($checkoutBusy.get() === 'paying') $checkoutBusy.set('idle');
      $checkoutToast.set({ kind: 'info', text: PAYMENT_CANCELLED });
    },
  });
  if (!opened) {
    $checkoutBusy.set('idle');
    $checkoutToast.set({ kind: 'error', text: RAZORPAY_NOT_LOADED });
  }
}

/** After Checkout's handler: the server verifies the signature and confirms the paid order. */
async function confirmPayment(
  created: CreateRazorpayOrderResponse,
  payment: RazorpayPayment,
  attempt: RazorpayAttempt,
  fetchImpl?: typeof fetch,
): Promise<void> {
  $checkoutBusy.set('confirming');
  try {
    const body = {
      ...attempt.confirmation,
      paymentMethod: 'razorpay',
      razorpayOrderId: payment.razorpay_order_id,
      razorpayPaymentId: payment.razorpay_payment_id,
      razorpaySignature: payment.razorpay_signature,
    };
    const r = await callApi<OrderCheckoutResponse>(
      ordersApiPaths.orderCheckOut,
      { body, auth: true, headers: { 'Idempotency-Key': attemptKey('confirm', body) } },
      fetchImpl,
    );
    if (!r.ok) {
      // The payment went through; if our confirmation failed, the webhook or reconciliation still records it.
      $checkoutToast.set({ kind: 'error', text: r.message ?? 'Failed to create order' });
      return;
    }
    attempt.onConfirmed();
    $checkoutToast.set({ kind: 'success', text: 'Order placed successfully!' });
    attempt.onPlaced(r.data.order._id || created.orderId);
  } finally {
    $checkoutBusy.set('idle');
  }
}
