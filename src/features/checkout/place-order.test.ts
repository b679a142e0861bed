import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allTasks, cleanStores, keepMount } from 'nanostores';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { ordersApiPaths } from '@shared/api/orders';
import { discountsApiPaths } from '@shared/api/discounts';
import { catalogueApiPaths } from '@shared/api/catalogue';
import { makeStoredProduct } from '@shared/schemas/storage.fixtures';
import { $paymentProvider, PAYMENT_CANCELLED } from '../payments/razorpay-checkout';
import { $cart, addToCart } from '../cart/cart.store';
import { $checkoutLines, clearCart } from '../cart/cart-page.store';
import { BUY_NOW_KEY } from '../product/buy-now';
import {
  $appliedDiscount,
  $billingSameAsShipping,
  $checkoutBusy,
  $checkoutToast,
  $codAvailable,
  $lines,
  $paymentMethod,
  $source,
  $totals,
  choosePaymentMethod,
  linesKey,
  placeOrder,
  setShippingField,
  shippingForm,
  type CheckoutLine,
} from './checkout.store';
import { removeDiscount } from './discount.store';
import { deliveryAddress } from '../../../tests/fixtures/addresses';

const PRODUCT = 'a1b2c3d4e5f6a1b2c3d4e5f6';
const ORDER_ID = '65f1a2b3c4d5e6f7a8b6e398';

/** A Buy it now line: one piece at ₹2,600 (over the cash on delivery limit on its own). */
const lotus: CheckoutLine = {
  productId: PRODUCT,
  name: 'Lotus Ring',
  image: '/uploads/lotus.jpg',
  price: 2600,
  discountPrice: null,
  quantity: 1,
};

const address = deliveryAddress;

type Answer = { status: number; body: unknown } | 'no answer';
type Sent = { path: string; body: Record<string, unknown>; key: string | undefined };

/** The shop's API: each path answers with its queue of answers in turn; every request is recorded. */
function server(routes: Record<string, Answer[]>) {
  const sent: Sent[] = [];
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = String(url);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    sent.push({ path, body: init?.body ? JSON.parse(String(init.body)) : {}, key: headers['Idempotency-Key'] });
    const queue = routes[path.split('?')[0]!] ?? [];
    const answer = queue.length > 1 ? queue.shift()! : queue[0];
    if (!answer) return new Response(JSON.stringify({ success: false, message: 'Not found' }), { status: 404 });
    if (answer === 'no answer') {
      // callApi logs a network failure; the test expects one, so the log stays quiet.
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      throw new TypeError('Failed to fetch');
    }
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

const placed = { status: 200, body: { success: true, message: 'Order placed', order: { _id: ORDER_ID } } };
const razorpayOrder = {
  status: 200,
  body: { success: true, order: { id: 'order_Sandbox1', amount: 260000, currency: 'INR' }, orderId: ORDER_ID, key: 'rzp_test_k' },
};

/** Razorpay Checkout as the page sees it: the last one opened, with the options it was given. */
let checkout: { options: Record<string, any> } | null;
class FakeRazorpay {
  constructor(options: Record<string, any>) {
    checkout = { options };
  }
  on() {}
  open() {}
}

/** Lets the promises Checkout's callbacks start run to the end. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let session: Map<string, string>;

beforeEach(() => {
  session = new Map();
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => session.get(k) ?? null,
    setItem: (k: string, v: string) => void session.set(k, v),
    removeItem: (k: string) => void session.delete(k),
  });
  checkout = null;
  vi.stubGlobal('window', { Razorpay: FakeRazorpay });
  $paymentProvider.set({ state: 'ready', sandbox: true });
  shippingForm.reset();
  shippingForm.fill(address);
  $source.set({ kind: 'buy-now', line: lotus });
  session.set(BUY_NOW_KEY, JSON.stringify({ productId: PRODUCT, quantity: 1 }));
});

afterEach(() => {
  removeDiscount();
  $source.set({ kind: 'loading' });
  $paymentMethod.set('razorpay');
  $billingSameAsShipping.set(true);
  $checkoutBusy.set('idle');
  $checkoutToast.set(null);
  $paymentProvider.set({ state: 'loading', sandbox: false });
});

/** Applies a code the server accepted for the lines as they are. */
function applyCode(code: string, amount: number) {
  $appliedDiscount.set({ code, description: `₹${amount} off`, amount, linesKey: linesKey($lines.get()) });
}

describe('totals and cash on delivery', () => {
  it('offers cash on delivery only under ₹2,499 of goods after the discount, its fee added after', () => {
    expect($totals.get()).toMatchObject({ subtotal: 2600, discount: 0, shipping: 0, total: 2600 });
    expect($codAvailable.get()).toBe(false);
    choosePaymentMethod('cod');
    expect($paymentMethod.get()).toBe('razorpay');

    applyCode('SAVE200', 200);
    expect($codAvailable.get()).toBe(true);
    choosePaymentMethod('cod');
    expect($paymentMethod.get()).toBe('cod');
    expect($totals.get()).toMatchObject({ subtotal: 2600, discount: 200, shipping: 100, total: 2500 });
  });

  it('sends the code with the amount the shopper was shown', async () => {
    const sent = server({ [ordersApiPaths.orderCheckOut]: [placed] });
    applyCode('SAVE200', 200);
    choosePaymentMethod('cod');
    await placeOrder(() => {});
    expect(sent[0]!.body).toMatchObject({
      discountCode: 'SAVE200',
      discount: 200,
      shippingCost: 100,
      totalAmount: 2500,
      paymentMethod: 'cod',
    });
  });
});

describe('placing a cash on delivery order', () => {
  beforeEach(() => {
    $source.set({ kind: 'buy-now', line: { ...lotus, price: 1200 } });
    choosePaymentMethod('cod');
  });

  it('goes to the success page, says so, and forgets the Buy it now item', async () => {
    server({ [ordersApiPaths.orderCheckOut]: [placed] });
    const onPlaced = vi.fn();
    await placeOrder(onPlaced);
    expect(onPlaced).toHaveBeenCalledWith(ORDER_ID);
    expect($checkoutToast.get()).toEqual({ kind: 'success', text: 'Order placed successfully!' });
    expect(session.has(BUY_NOW_KEY)).toBe(false);
  });

  it('retries with the same Idempotency-Key after no answer or a server error, and a new order gets a new one', async () => {
    const sent = server({
      [ordersApiPaths.orderCheckOut]: [
        'no answer',
        { status: 503, body: { success: false, message: 'Please try again.' } },
        placed,
        placed,
      ],
    });
    const onPlaced = vi.fn();
    await placeOrder(onPlaced);
    expect($checkoutToast.get()).toEqual({ kind: 'error', text: 'Failed to create order' });
    await placeOrder(onPlaced);
    expect($checkoutToast.get()).toEqual({ kind: 'error', text: 'Please try again.' });
    await placeOrder(onPlaced);
    expect(onPlaced).toHaveBeenCalledTimes(1);
    expect(sent.map((s) => s.key)).toEqual([sent[0]!.key, sent[0]!.key, sent[0]!.key]);

    // The server answered with an order: the next one (even the same again) is a new attempt.
    await placeOrder(onPlaced);
    expect(sent[3]!.key).toBeTruthy();
    expect(sent[3]!.key).not.toBe(sent[0]!.key);
  });

  it('a changed order is a new attempt with a new key', async () => {
    const sent = server({ [ordersApiPaths.orderCheckOut]: ['no answer', placed] });
    await placeOrder(() => {});
    $source.set({ kind: 'buy-now', line: { ...lotus, price: 1200, quantity: 2 } });
    await placeOrder(() => {});
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  it('a double click sends one request', async () => {
    const sent = server({ [ordersApiPaths.orderCheckOut]: [placed] });
    const onPlaced = vi.fn();
    await Promise.all([placeOrder(onPlaced), placeOrder(onPlaced)]);
    expect(sent).toHaveLength(1);
    expect(onPlaced).toHaveBeenCalledTimes(1);
  });

  it('keeps the shopper on the form with a message when a field is wrong, sending nothing', async () => {
    const sent = server({ [ordersApiPaths.orderCheckOut]: [placed] });
    shippingForm.set('phone', '12');
    await placeOrder(() => {});
    expect(sent).toHaveLength(0);
    expect($checkoutToast.get()).toEqual({ kind: 'error', text: 'Please check the highlighted fields.' });
  });

  it('takes the message back once no field is highlighted any more, and not before', async () => {
    server({ [ordersApiPaths.orderCheckOut]: [placed] });
    shippingForm.fill({ phone: '12', city: '' });
    await placeOrder(() => {});
    expect(Object.keys(shippingForm.$errors.get()).filter((k) => shippingForm.$errors.get()[k])).toEqual(['city', 'phone']);
    setShippingField('city', address.city);
    expect($checkoutToast.get()).toEqual({ kind: 'error', text: 'Please check the highlighted fields.' });
    setShippingField('phone', address.phone);
    expect($checkoutToast.get()).toBeNull();
  });

  it('forgets the billing block’s highlighted fields once billing is the same as shipping again', async () => {
    server({ [ordersApiPaths.orderCheckOut]: [placed] });
    $billingSameAsShipping.set(false);
    await placeOrder(() => {});
    expect($checkoutToast.get()).toEqual({ kind: 'error', text: 'Please check the highlighted fields.' });
    $billingSameAsShipping.set(true);
    expect($checkoutToast.get()).toBeNull();
  });

  it('leaves any other message alone when a field changes', async () => {
    $checkoutToast.set({ kind: 'error', text: 'Failed to create order' });
    setShippingField('city', 'Jaipur');
    expect($checkoutToast.get()).toEqual({ kind: 'error', text: 'Failed to create order' });
  });
});

describe('a refusal at order time', () => {
  it('shows the server’s message when the discount changed, and asks about the code again', async () => {
    const refusal = 'The code SAVE200 now takes ₹100 off this order. Please check the total and try again.';
    server({
      [ordersApiPaths.orderCheckOut]: [{ status: 409, body: { success: false, message: refusal } }],
      [discountsApiPaths.discountCheck]: [
        {
          status: 200,
          body: { success: true, message: 'You save ₹100', discount: { code: 'SAVE200', amount: 100, description: '₹100 off' } },
        },
      ],
    });
    applyCode('SAVE200', 200);
    choosePaymentMethod('cod');
    const onPlaced = vi.fn();
    await placeOrder(onPlaced);
    expect(onPlaced).not.toHaveBeenCalled();
    expect($checkoutToast.get()).toEqual({ kind: 'error', text: refusal });
    await vi.waitFor(() => expect($totals.get()).toMatchObject({ discount: 100 }));
  });

  describe('from the cart', () => {
    beforeEach(() => {
      useTestStorageEngine();
      keepMount($cart);
      keepMount($checkoutLines);
      clearCart();
    });
    afterEach(() => {
      cleanStores($cart, $checkoutLines);
      cleanTestStorage();
    });

    it('shows the server’s message when a piece sold out, and the summary checks the cart again', async () => {
      const ring = makeStoredProduct({ _id: PRODUCT, name: 'Lotus Ring', price: 1200, stock: 3 });
      addToCart(ring);
      $source.set({ kind: 'cart' });
      choosePaymentMethod('cod');
      const soldOut = 'Lotus Ring is out of stock. Please remove it to continue.';
      const sent = server({
        [ordersApiPaths.orderCheckOut]: [{ status: 409, body: { success: false, message: soldOut } }],
        [catalogueApiPaths.productAvailability]: [
          { status: 200, body: { success: true, products: [{ _id: PRODUCT, price: 1200, discountPrice: null, stock: 0 }] } },
        ],
      });
      await placeOrder(() => {});
      expect($checkoutToast.get()).toEqual({ kind: 'error', text: soldOut });
      await allTasks();
      expect(sent.some((s) => s.path.startsWith(catalogueApiPaths.productAvailability))).toBe(true);
      expect($lines.get()).toEqual([]);
    });
  });
});

describe('paying online', () => {
  const payment = { razorpay_order_id: 'order_Sandbox1', razorpay_payment_id: 'pay_Sandbox1', razorpay_signature: 'a'.repeat(64) };

  it('opens Checkout for the server’s order, has the payment verified, and goes to the success page', async () => {
    const sent = server({ [ordersApiPaths.createRazorpayOrder]: [razorpayOrder], [ordersApiPaths.orderCheckOut]: [placed] });
    const onPlaced = vi.fn();
    await placeOrder(onPlaced);
    expect(checkout!.options).toMatchObject({
      order_id: 'order_Sandbox1',
      amount: 260000,
      prefill: { name: 'Meera Shah', contact: '+919812345678' },
    });
    expect($checkoutBusy.get()).toBe('paying');

    checkout!.options.handler(payment);
    await settle();
    expect(sent[1]).toMatchObject({
      path: ordersApiPaths.orderCheckOut,
      body: { paymentMethod: 'razorpay', razorpayOrderId: 'order_Sandbox1', razorpayPaymentId: 'pay_Sandbox1', totalAmount: 2600 },
    });
    expect(onPlaced).toHaveBeenCalledWith(ORDER_ID);
    expect($checkoutToast.get()).toEqual({ kind: 'success', text: 'Order placed successfully!' });
    expect($checkoutBusy.get()).toBe('idle');
  });

  it('a closed Checkout keeps the order: paying again reopens the same one', async () => {
    const sent = server({ [ordersApiPaths.createRazorpayOrder]: [razorpayOrder] });
    await placeOrder(() => {});
    checkout!.options.modal.ondismiss();
    expect($checkoutToast.get()).toEqual({ kind: 'info', text: PAYMENT_CANCELLED });
    expect($checkoutBusy.get()).toBe('idle');
    expect(session.has(BUY_NOW_KEY)).toBe(true);

    checkout = null;
    await placeOrder(() => {});
    expect(checkout!.options.order_id).toBe('order_Sandbox1');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });

  it('tries checkout.js again at Pay after a failed load, and says it is not loaded, creating no order, when it fails again', async () => {
    const sent = server({ [ordersApiPaths.createRazorpayOrder]: [razorpayOrder] });
    $paymentProvider.set({ state: 'failed', sandbox: false });
    await placeOrder(() => {});
    expect(sent.map((s) => s.path)).toEqual([ordersApiPaths.paymentConfig]);
    expect($checkoutToast.get()).toEqual({ kind: 'error', text: 'Razorpay SDK not loaded. Please try again.' });
    expect($checkoutBusy.get()).toBe('idle');
  });

  it('waits for checkout.js when Pay comes before it has loaded, then opens Checkout', async () => {
    const config = { status: 200, body: { success: true, key: 'rzp_test_k', sandbox: true, checkoutScript: '/checkout.js' } };
    const sent = server({ [ordersApiPaths.paymentConfig]: [config], [ordersApiPaths.createRazorpayOrder]: [razorpayOrder] });
    $paymentProvider.set({ state: 'loading', sandbox: false });
    await placeOrder(() => {});
    expect(sent.map((s) => s.path)).toEqual([ordersApiPaths.paymentConfig, ordersApiPaths.createRazorpayOrder]);
    expect(checkout!.options.order_id).toBe('order_Sandbox1');
    expect($checkoutToast.get()).toBeNull();
  });
});
