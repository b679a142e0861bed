/**
 * Razorpay Checkout in the browser, for every page that takes a payment (the checkout, and Pay now on the
 * order pages): loading checkout.js from where the server says (Razorpay's, or the local sandbox's
 * stand-in), opening it for one Razorpay order, and the words shoppers see when it fails or is closed.
 * A folder of its own: the orders folder importing checkout would close a loop of feature imports
 * (checkout → cart → account → orders), which tests/unit/feature-imports.test.ts forbids.
 */
import { atom } from 'nanostores';
import { ordersApiPaths, type CreateRazorpayOrderResponse, type PaymentConfigResponse } from '@shared/api/orders';
import { orderNumber } from '@shared/orders';
import { callApi } from '../auth/api-client';

/** Said when checkout.js could not be loaded. */
export const RAZORPAY_NOT_LOADED = 'Razorpay SDK not loaded. Please try again.';
/** Said when the shopper closes Checkout without paying. */
export const PAYMENT_CANCELLED = 'Payment cancelled by user';

/** Said when the bank declines a payment: 'Payment failed: ' and the provider's description. */
export function paymentFailedMessage(description: string | undefined): string {
  return `Payment failed: ${description ?? 'the payment did not go through'}`;
}

/** Whether Razorpay Checkout is loaded (or the local sandbox's stand-in), and from where. */
export const $paymentProvider = atom<{ state: 'loading' | 'ready' | 'failed'; sandbox: boolean }>({ state: 'loading', sandbox: false });

/** Razorpay Checkout's browser API (the real checkout.js, or the sandbox's stand-in). */
interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (response: { error?: { description?: string } }) => void): void;
}
declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => RazorpayInstance;
  }
}

/** What Checkout hands back after a successful payment: the ids and Razorpay's signature over them. */
export interface RazorpayPayment {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/**
 * Loads Razorpay Checkout from where the server says (Razorpay's checkout.js, or the local sandbox's
 * stand-in). The pay button explains a failure at pay time ('Razorpay SDK not loaded').
 */
export async function loadPaymentProvider(fetchImpl?: typeof fetch): Promise<void> {
  const r = await callApi<PaymentConfigResponse>(ordersApiPaths.paymentConfig, {}, fetchImpl);
  if (!r.ok) return $paymentProvider.set({ state: 'failed', sandbox: false });
  const sandbox = r.data.sandbox;
  if (typeof window.Razorpay === 'function') return $paymentProvider.set({ state: 'ready', sandbox });
  await new Promise<void>((resolve) => {
    const script = document.createElement('script');
    script.src = r.data.checkoutScript;
    script.async = true;
    script.onload = () => {
      $paymentProvider.set({ state: 'ready', sandbox });
      resolve();
    };
    script.onerror = () => {
      $paymentProvider.set({ state: 'failed', sandbox });
      resolve();
    };
    document.head.appendChild(script);
  });
}

/** Whether Checkout can be opened now. */
export function checkoutReady(): boolean {
  return $paymentProvider.get().state === 'ready' && typeof window.Razorpay === 'function';
}

let loading: Promise<void> | null = null;

/** Loads Checkout once for a page that pays only on demand (Pay now); a failed load is tried again next time. */
export async function ensurePaymentProvider(fetchImpl?: typeof fetch): Promise<boolean> {
  if ($paymentProvider.get().state !== 'ready') {
    loading ??= loadPaymentProvider(fetchImpl).finally(() => {
      loading = null;
    });
    await loading;
  }
  return checkoutReady();
}

/** Whether the server's answer is one Checkout can open with. */
export function isCheckoutOrder(created: Partial<CreateRazorpayOrderResponse> | null | undefined): boolean {
  return Boolean(created?.order?.id && Number.isInteger(created.order.amount) && created.key && created.orderId);
}

/** Who pays, for Checkout's prefilled form. */
export interface CheckoutPrefill {
  name: string;
  email?: string | undefined;
  /** Ten digits; sent as +91… */
  phone: string;
}

/** What happens after Checkout: paid (verify it on the server), a declined try (Checkout stays open), or closed. */
export interface CheckoutCallbacks {
  onPaid: (payment: RazorpayPayment) => void;
  onFailed: (message: string) => void;
  onDismiss: () => void;
}

/**
 * Opens Checkout for a Razorpay order the server created (or reopened for Pay now). Returns false, opening
 * nothing, when checkout.js is not loaded.
 */
export function openRazorpayCheckout(
  created: Pick<CreateRazorpayOrderResponse, 'order' | 'orderId' | 'key'>,
  prefill: CheckoutPrefill,
  callbacks: CheckoutCallbacks,
): boolean {
  const Razorpay = window.Razorpay;
  if (!checkoutReady() || !Razorpay) return false;
  const checkout = new Razorpay({
    key: created.key,
    amount: created.order.amount,
    currency: created.order.currency,
    order_id: created.order.id,
    name: 'Chandi Kala',
    description: `Order ${orderNumber(created.orderId)}`,
    prefill: { name: prefill.name, email: prefill.email || undefined, contact: `+91${prefill.phone}` },
    notes: { orderId: created.orderId },
    theme: { color: '#1f3a4d' },
    handler: callbacks.onPaid,
    modal: { ondismiss: callbacks.onDismiss },
  });
  // Checkout stays open after a declined payment for another try; the shopper sees why this one failed.
  checkout.on('payment.failed', (response) => callbacks.onFailed(paymentFailedMessage(response.error?.description)));
  checkout.open();
  return true;
}
