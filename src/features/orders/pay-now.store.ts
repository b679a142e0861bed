/**
 * Pay now: the shopper completes the online payment of an order they started and did not finish, while its
 * items are held. The server reopens Razorpay Checkout for the same Razorpay order (so a payment already on
 * its way is never taken twice), Checkout takes the payment, and the server verifies it before the order
 * counts as paid. The account, the history and the order's page then show the order as it now stands;
 * a declined or closed Checkout says so in the checkout's own words.
 */
import { takeBoughtFromCart } from '../cart/cart.store';
import { atom } from 'nanostores';
import { ordersApiPaths, type ConfirmPaymentResponse, type GetOrderResponse, type Order, type PayNowResponse } from '@shared/api/orders';
import { routes } from '@shared/routes';
import { callApi } from '../auth/api-client';
import {
  ensurePaymentProvider,
  isCheckoutOrder,
  openRazorpayCheckout,
  PAYMENT_CANCELLED,
  RAZORPAY_NOT_LOADED,
  type RazorpayPayment,
} from '../payments/razorpay-checkout';
import { $orderDetail } from './order-detail.store';
import { $myOrders } from './orders.store';

/** The payment under way (one at a time: every Pay now button waits while it is): its order and step. */
export const $payNow = atom<{ orderId: string; step: 'starting' | 'paying' | 'confirming' } | null>(null);

/** The last Pay now's outcome, in words, for the order it concerns. */
export const $payNowNotice = atom<{ orderId: string; kind: 'success' | 'error' | 'info'; text: string } | null>(null);

/** Said when the server could not confirm a payment Checkout reported as made. */
export const NOT_CONFIRMED_YET =
  'We could not confirm your payment just now. If money left your account, your order is confirmed here within a few minutes.';

function tell(orderId: string, kind: 'success' | 'error' | 'info', text: string): void {
  $payNowNotice.set({ orderId, kind, text });
}

/** Shows an order as the server now has it, wherever it is on screen (the lists and the order's page). */
function showOrder(order: Order): void {
  $myOrders.set($myOrders.get().map((o) => (o._id === order._id ? order : o)));
  const detail = $orderDetail.get();
  if (detail.status === 'ready' && detail.order._id === order._id) $orderDetail.set({ status: 'ready', order });
}

/** Reads an order again after the server refused or could not confirm, so the page stops offering what is no longer true. */
async function refreshOrder(orderId: string, fetchImpl?: typeof fetch): Promise<void> {
  const r = await callApi<GetOrderResponse>(ordersApiPaths.order(orderId), { auth: true }, fetchImpl);
  if (r.ok) showOrder(r.data.order);
}

/** After Checkout's handler: the server verifies the signature and confirms the order. */
async function confirm(
  order: Order,
  payment: RazorpayPayment,
  onConfirmed: (order: Order) => void,
  fetchImpl?: typeof fetch,
): Promise<void> {
  $payNow.set({ orderId: order._id, step: 'confirming' });
  const r = await callApi<ConfirmPaymentResponse>(
    ordersApiPaths.confirmPayment(order._id),
    {
      body: {
        razorpayOrderId: payment.razorpay_order_id,
        razorpayPaymentId: payment.razorpay_payment_id,
        razorpaySignature: payment.razorpay_signature,
      },
      auth: true,
    },
    fetchImpl,
  );
  $payNow.set(null);
  if (!r.ok) {
    // A 409 carries the truth (e.g. the order had been cancelled and the payment is refunded); otherwise
    // the webhook or the reconciliation still records a payment that went through.
    tell(order._id, 'error', r.message ?? NOT_CONFIRMED_YET);
    return refreshOrder(order._id, fetchImpl);
  }
  showOrder(r.data.order);
  // The pieces are bought: a cart still holding them from the checkout that was left would sell them twice.
  takeBoughtFromCart(r.data.order.products.map((l) => ({ productId: l.productId._id, size: l.size, quantity: l.quantity })));
  tell(order._id, 'success', r.data.message);
  onConfirmed(r.data.order);
}

/**
 * Pay now for one of the shopper's unpaid orders: asks the server to reopen Checkout, opens it, and once
 * paid confirms the payment and calls `onConfirmed` with the confirmed order (e.g. to open its page).
 */
export async function payNow(order: Order, onConfirmed: (order: Order) => void, fetchImpl?: typeof fetch): Promise<void> {
  if ($payNow.get()) return;
  $payNowNotice.set(null);
  $payNow.set({ orderId: order._id, step: 'starting' });
  let opened = false;
  try {
    if (!(await ensurePaymentProvider(fetchImpl))) return tell(order._id, 'error', RAZORPAY_NOT_LOADED);
    const r = await callApi<PayNowResponse>(ordersApiPaths.payNow(order._id), { method: 'POST', auth: true }, fetchImpl);
    if (!r.ok) {
      tell(order._id, 'error', r.message ?? 'The payment could not be started. Please try again.');
      if (r.status === 409) await refreshOrder(order._id, fetchImpl);
      return;
    }
    if (!isCheckoutOrder(r.data)) return tell(order._id, 'error', 'Invalid Razorpay order response');
    $payNow.set({ orderId: order._id, step: 'paying' });
    const ship = order.shippingInfo;
    opened = openRazorpayCheckout(
      r.data,
      { name: `${ship.firstName} ${ship.lastName}`, email: ship.email, phone: ship.phone },
      {
        onPaid: (payment) => void confirm(order, payment, onConfirmed, fetchImpl),
        onFailed: (text) => tell(order._id, 'error', text),
        onDismiss: () => {
          if ($payNow.get()?.step !== 'paying') return;
          $payNow.set(null);
          tell(order._id, 'info', PAYMENT_CANCELLED);
        },
      },
    );
    if (!opened) tell(order._id, 'error', RAZORPAY_NOT_LOADED);
  } finally {
    // Checkout now owns the payment until it is paid or closed; anything else ends here.
    if (!opened) $payNow.set(null);
  }
}

/** Opens a confirmed order's page: where Pay now from a list ends, so the shopper sees the order as placed. */
export function openOrderPage(order: Order): void {
  location.assign(routes.orderSuccess(order._id));
}
