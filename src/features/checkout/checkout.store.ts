/**
 * The checkout: what is being bought (the cart's buyable lines, or a Buy it now item alone), the delivery,
 * billing and payment choices checked with the server's own schemas, the totals from the shared pricing
 * rules, and placing the order: cash on delivery in one call, or online (checkout-razorpay.ts). Every
 * attempt carries an Idempotency-Key kept across reloads (checkout-attempt.ts), so a double click, a reload
 * or a retried request can never place two orders. The server re-prices everything; the amounts here
 * are what the shopper sees and a cross-check.
 */
import { atom, computed } from 'nanostores';
import { catalogueApiPaths } from '@shared/api/catalogue';
import type { GetProductsResponse } from '@shared/api/catalogue';
import type { MeResponse } from '@shared/api/auth';
import { authApiPaths } from '@shared/api/auth';
import { ordersApiPaths, type OrderCheckoutResponse } from '@shared/api/orders';
import { isObjectId } from '@shared/ids';
import { BILLING_COUNTRIES, type BillingCountry } from '@shared/india';
import { cartTotals, isCodAvailable, unitPrice, type CartTotals, type PaymentMethod } from '@shared/pricing';
import {
  BillingAddressSchema,
  ShippingAddressSchema,
  type AddressFormValues,
  type BillingAddress,
  type ShippingAddress,
} from '@shared/schemas/address';
import { callApi } from '../auth/api-client';
import { rememberFirstName } from '../auth/token.store';
import { $cartFlags } from '../cart/cart.store';
import { $checkoutLines, clearCart, refreshCart } from '../cart/cart-page.store';
import { createForm } from '../forms/form.store';
import { createPincodeAssist } from '../forms/pincode-assist';
import { $deliveryPin, checkDelivery } from '../delivery/delivery.store';
import { PINCODE_PATTERN } from '@shared/pincodes';
import { BUY_NOW_KEY } from '../product/buy-now';
import type { BuyNowItem } from '../product/buy-now';
import { findSize } from '@shared/sizes';
import { attemptKey, forgetAttempt, readSession, writeSession } from './checkout-attempt';
import { payWithRazorpay } from './checkout-razorpay';
import { $checkoutBusy, $checkoutToast } from './checkout-status';

// Checkout's loading lives with Pay now's in razorpay-checkout.ts; the checkout's islands read it from here.
export { $paymentProvider, ensurePaymentProvider } from '../payments/razorpay-checkout';
// The islands read what the checkout is doing from here, whichever step set it.
export { $checkoutBusy, $checkoutToast } from './checkout-status';

/** One line of the order as the shopper sees it: a product, or a product in one size. */
export interface CheckoutLine {
  productId: string;
  /** The size ('12') and the option's name ('Ring size'), for a product sold in sizes. */
  size?: string;
  sizeName?: string;
  name: string;
  image: string;
  price: number;
  discountPrice: number | null;
  quantity: number;
}

/** The delivery address fields as typed (its email box is always there). */
export type ShippingFields = Required<AddressFormValues>;

/** The billing address fields as typed: no email, and a country (India or the United States). */
export interface BillingFields extends Omit<AddressFormValues, 'email'> {
  country: BillingCountry;
}

const EMPTY_SHIPPING: ShippingFields = {
  email: '',
  firstName: '',
  lastName: '',
  address: '',
  apartment: '',
  city: '',
  state: '',
  pincode: '',
  phone: '',
};
const { email: _noEmail, ...EMPTY_BILLING_ADDRESS } = EMPTY_SHIPPING;
const EMPTY_BILLING: BillingFields = { ...EMPTY_BILLING_ADDRESS, country: 'India' };

/** What the checkout is buying, and whether that is known yet. */
export const $source = atom<{ kind: 'loading' } | { kind: 'cart' } | { kind: 'buy-now'; line: CheckoutLine | null }>({ kind: 'loading' });
/** The delivery address form (India only). */
export const shippingForm = createForm<ShippingFields, ShippingAddress>(ShippingAddressSchema, EMPTY_SHIPPING);
/** The billing address form, used when billing differs from delivery. */
export const billingForm = createForm<BillingFields, BillingAddress>(BillingAddressSchema, EMPTY_BILLING);
/** Fills the delivery city and state from its PIN code, and checks them before the order is sent. */
export const shippingPincode = createPincodeAssist(shippingForm);
/** The same for a billing address in India (a US billing address has a ZIP code). */
export const billingPincode = createPincodeAssist(billingForm, { applies: () => billingForm.$fields.get().country === 'India' });
/** Razorpay (default) or cash on delivery. */
export const $paymentMethod = atom<PaymentMethod>('razorpay');
/** Billing same as shipping (default yes). */
export const $billingSameAsShipping = atom(true);
/** Save the delivery address on the profile for next time. */
export const $saveInfo = atom(true);
/** Step 1 of a checkout without a token: the sign-in details, then the code sent to the phone. */
export const $signInStep = atom<'details' | 'code'>('details');

/** The lines being bought. */
export const $lines = computed([$source, $checkoutLines], (source, cartLines): CheckoutLine[] => {
  if (source.kind === 'buy-now') return source.line ? [source.line] : [];
  if (source.kind === 'loading') return [];
  return cartLines.map((l) => ({
    productId: l._id,
    ...(l.size ? { size: l.size, ...(l.sizeName ? { sizeName: l.sizeName } : {}) } : {}),
    name: l.name,
    image: l.thumbnail,
    price: l.price,
    discountPrice: l.discountPrice,
    quantity: l.quantity,
  }));
});

/** What identifies the lines a discount was worked out for: a code's amount holds for these lines only. */
export function linesKey(lines: readonly CheckoutLine[]): string {
  return lines.map((l) => `${l.productId}:${l.size ?? ''}:${l.quantity}:${unitPrice(l)}`).join('|');
}

/** A code the server accepted at Apply: what it takes off, for the lines it was checked against. */
export interface AppliedDiscount {
  code: string;
  description: string;
  amount: number;
  linesKey: string;
}

/** The discount code applied (set by discount.store.ts), or null. */
export const $appliedDiscount = atom<AppliedDiscount | null>(null);
/** Why the code typed does not apply (Apply's answer, or the server's at order time), shown by the field. */
export const $discountRefusal = atom<string | null>(null);
/** Bumped when the server says the amounts changed: the applied code is asked about again (discount.store.ts). */
export const $discountRecheck = atom(0);

/** What the applied code takes off the lines as they are now (0 while it is being checked again for changed lines). */
export const $discountAmount = computed([$appliedDiscount, $lines], (applied, lines) =>
  applied && applied.linesKey === linesKey(lines) ? applied.amount : 0,
);

/**
 * Cash on delivery is offered only below ₹2,499 of goods after any discount (the COD fee itself does not
 * count).
 */
export const $codAvailable = computed([$lines, $discountAmount], (lines, discount) => {
  const items = cartTotals(lines, 'razorpay', discount);
  return isCodAvailable(items.subtotal - items.discount);
});

/** Subtotal, discount, shipping ('Free' online; for cash on delivery the COD fee) and total of the order as chosen. */
export const $totals = computed(
  [$lines, $paymentMethod, $codAvailable, $discountAmount],
  (lines, method, codAvailable, discount): CartTotals => cartTotals(lines, method === 'cod' && codAvailable ? 'cod' : 'razorpay', discount),
);

/** A stored Buy it now item (product, quantity of at least 1, size if any), or null when there is none or it is unreadable. */
export function parseBuyNow(raw: string | null): BuyNowItem | null {
  try {
    const parsed = JSON.parse(raw ?? 'null') as { productId?: unknown; quantity?: unknown; size?: unknown } | null;
    if (!isObjectId(parsed?.productId)) return null;
    const quantity = Number.isInteger(parsed.quantity) && (parsed.quantity as number) >= 1 ? (parsed.quantity as number) : 1;
    return typeof parsed.size === 'string' && parsed.size
      ? { productId: parsed.productId, quantity, size: parsed.size }
      : { productId: parsed.productId, quantity };
  } catch {
    return null;
  }
}

/**
 * Decides what is being bought: a Buy it now item (fetched live: name, picture, price, and its size's own
 * price and stock) or the cart's lines (re-checked against live price and stock first, so out-of-stock lines
 * drop out). A Buy it now size the product no longer offers, or no longer has, buys nothing.
 */
export async function loadCheckoutSource(fetchImpl?: typeof fetch): Promise<void> {
  const item = parseBuyNow(readSession(BUY_NOW_KEY));
  if (item) {
    const r = await callApi<GetProductsResponse>(catalogueApiPaths.getProducts(item.productId), {}, fetchImpl);
    const p = r.ok ? r.data.products : null;
    const size = p?.sizes ? findSize(p.sizes, item.size) : undefined;
    // A product sold in sizes is bought in one of them; one sold as a piece, without.
    const unit = p && (p.sizes ? size : !item.size ? p : undefined);
    const line: CheckoutLine | null =
      p && unit && unit.stock > 0
        ? {
            productId: p._id,
            ...(size && p.sizes ? { size: size.value, sizeName: p.sizes.name } : {}),
            name: p.name,
            image: p.thumbnail || p.image[0] || '',
            price: unit.price,
            discountPrice: unit.discountPrice,
            quantity: Math.min(item.quantity, unit.stock),
          }
        : null;
    $source.set({ kind: 'buy-now', line });
    return;
  }
  await refreshCart();
  $source.set({ kind: 'cart' });
}

/** Loads the saved address into the delivery form (only fields the shopper has not typed yet). */
export async function prefillFromProfile(fetchImpl?: typeof fetch): Promise<void> {
  const r = await callApi<MeResponse>(authApiPaths.me, { auth: true }, fetchImpl);
  if (!r.ok) return;
  const { user } = r.data;
  rememberFirstName(user.firstName);
  const current = shippingForm.$fields.get();
  const saved: Partial<ShippingFields> = user.address
    ? { ...user.address }
    : { firstName: user.firstName, lastName: user.lastName, phone: user.phone, email: user.email ?? '' };
  const fill = Object.fromEntries(
    Object.entries(saved).filter(([k, v]) => v && !current[k as keyof ShippingFields]),
  ) as Partial<ShippingFields>;
  if (!fill.email && user.email && !current.email) fill.email = user.email;
  // No saved address: the PIN last used to check delivery is where the shopper most likely wants it.
  if (!fill.pincode && !current.pincode && $deliveryPin.get()) fill.pincode = $deliveryPin.get();
  shippingForm.fill(fill);
  if (fill.pincode) pincodeTyped(fill.pincode);
}

/** Sets a delivery field (the PIN code keeps digits only; the phone keeps what was typed until it is parsed). */
export function setShippingField(field: keyof ShippingFields, value: string): void {
  shippingForm.set(field, cleanField(field, value));
  if (field === 'pincode') pincodeTyped(shippingForm.$fields.get().pincode);
}

/** A delivery PIN typed or filled in: city and state from it, and the dates the summary promises. */
function pincodeTyped(pincode: string): void {
  void shippingPincode.pincodeChanged(pincode);
  if (PINCODE_PATTERN.test(pincode)) void checkDelivery(pincode);
}

/** Sets a billing field; changing the country clears a state that belongs to the other country. */
export function setBillingField(field: keyof BillingFields, value: string): void {
  if (field === 'country') {
    const country = (BILLING_COUNTRIES as readonly string[]).includes(value) ? (value as BillingCountry) : 'India';
    billingForm.fill({ country, state: '' });
    // A US address has no Indian towns to offer; back in India the PIN is looked up again.
    void billingPincode.pincodeChanged(billingForm.$fields.get().pincode);
    return;
  }
  billingForm.set(field, cleanField(field, value));
  if (field === 'pincode') void billingPincode.pincodeChanged(billingForm.$fields.get().pincode);
}

// A phone is kept as typed: the shared rule reads it when the form is parsed, and cutting it while typing
// turned a pasted "+91 98765 43210" into a stranger's number.
function cleanField(field: string, value: string): string {
  if (field === 'pincode') return value.replace(/[^\d-]/g, '').slice(0, 10);
  return value;
}

/** Chooses the payment method; cash on delivery only while it is offered. */
export function choosePaymentMethod(method: PaymentMethod): void {
  $paymentMethod.set(method === 'cod' && !$codAvailable.get() ? 'razorpay' : method);
}

/** The order as the server takes it, if every field is valid; null (with messages under the fields) otherwise. */
function validOrder(): { shippingInfo: ShippingAddress; billingInfo: BillingAddress } | null {
  // The PIN checks run after the schema's, which replace the form's messages.
  const shippingValid = shippingForm.validate({ ...shippingForm.$fields.get(), country: 'India' });
  const shippingInfo = shippingPincode.check() ? shippingValid : null;
  let billingInfo: BillingAddress | null;
  if ($billingSameAsShipping.get()) {
    billingForm.reset();
    billingInfo = shippingInfo ? (({ email: _email, ...rest }) => ({ ...rest, country: 'India' as const }))(shippingInfo) : null;
  } else {
    const billingValid = billingForm.validate();
    billingInfo = billingPincode.check() ? billingValid : null;
  }
  return shippingInfo && billingInfo ? { shippingInfo, billingInfo } : null;
}

/** What the checkout says when the order waits on fields marked under them. */
export const CHECK_FIELDS_MESSAGE = 'Please check the highlighted fields.';

/** Whether a field the shopper can see has a message under it (a hidden billing block's do not count). */
function fieldsHighlighted(): boolean {
  const marked = (errors: Record<string, string | undefined>) => Object.values(errors).some(Boolean);
  return marked(shippingForm.$errors.get()) || (!$billingSameAsShipping.get() && marked(billingForm.$errors.get()));
}

// The message sent the shopper to the marked fields: once the last of them is fixed (or hidden), it has nothing
// left to say, and an alert that outlives its cause reads as a new problem.
for (const store of [shippingForm.$errors, billingForm.$errors, $billingSameAsShipping]) {
  store.listen(() => {
    if ($checkoutToast.get()?.text === CHECK_FIELDS_MESSAGE && !fieldsHighlighted()) $checkoutToast.set(null);
  });
}

/** Closes the toast (its close button). */
export function dismissCheckoutToast(): void {
  $checkoutToast.set(null);
}

/** After an order: the cart (or the Buy it now item) is cleared and the attempt forgotten. */
function finishAttempt(): void {
  if ($source.get().kind === 'buy-now') writeSession(BUY_NOW_KEY, null);
  else clearCart();
  forgetAttempt();
}

/**
 * Tells the shopper a refusal; a changed price also refreshes what the summary shows, and a code the
 * server no longer accepts (422 while one is applied) is taken off with its reason by the field.
 */
function refuse(status: number, message: string): void {
  $checkoutToast.set({ kind: 'error', text: message });
  if (status === 409 && $source.get().kind === 'cart') void refreshCart();
  if (status === 409 && $appliedDiscount.get()) $discountRecheck.set($discountRecheck.get() + 1);
  if (status === 422 && $appliedDiscount.get()) {
    $appliedDiscount.set(null);
    $discountRefusal.set(message);
  }
}

/**
 * Places the order the shopper sees. Cash on delivery: one call, then the success page. Online: Razorpay
 * Checkout, then the server's verified confirmation (checkout-razorpay.ts).
 */
export async function placeOrder(onPlaced: (orderId: string) => void, fetchImpl?: typeof fetch): Promise<void> {
  if ($checkoutBusy.get() !== 'idle') return;
  $checkoutToast.set(null);
  const lines = $lines.get();
  if (lines.length === 0) return $checkoutToast.set({ kind: 'error', text: 'No items selected' });
  const addresses = validOrder();
  if (!addresses) return $checkoutToast.set({ kind: 'error', text: CHECK_FIELDS_MESSAGE });
  const totals = $totals.get();
  const priced = lines.map((l) => ({
    productId: l.productId,
    ...(l.size ? { size: l.size } : {}),
    price: unitPrice(l),
    quantity: l.quantity,
  }));
  if (!(totals.total > 0) || priced.some((l) => !Number.isFinite(l.price) || !Number.isInteger(l.quantity))) {
    return $checkoutToast.set({ kind: 'error', text: 'Invalid total amount. Please check product prices and quantities.' });
  }
  const method = $paymentMethod.get() === 'cod' && $codAvailable.get() ? 'cod' : 'razorpay';
  const applied = $appliedDiscount.get();
  // A code being checked again for changed lines has no amount yet: the order waits for it rather than lose it.
  if (applied && totals.discount === 0) {
    return $checkoutToast.set({ kind: 'info', text: `Checking ${applied.code} for your order. Please try again in a moment.` });
  }
  // The code goes with the amount the shopper was shown; the server checks both again.
  const code = applied && totals.discount > 0 ? { discountCode: applied.code, discount: totals.discount } : {};
  const base = { products: priced, ...addresses, saveInfo: $saveInfo.get(), ...code };

  if (method === 'cod') {
    const body = { ...base, paymentMethod: 'cod', shippingCost: totals.shipping, totalAmount: totals.total };
    $checkoutBusy.set('placing');
    try {
      const r = await callApi<OrderCheckoutResponse>(
        ordersApiPaths.orderCheckOut,
        { body, auth: true, headers: { 'Idempotency-Key': attemptKey('cod', body) } },
        fetchImpl,
      );
      if (!r.ok) return refuse(r.status, r.message ?? 'Failed to create order');
      finishAttempt();
      $checkoutToast.set({ kind: 'success', text: 'Order placed successfully!' });
      onPlaced(r.data.order._id);
    } finally {
      $checkoutBusy.set('idle');
    }
    return;
  }

  const shipping = addresses.shippingInfo;
  await payWithRazorpay(
    {
      body: { ...base, amount: totals.total },
      confirmation: { ...base, shippingCost: totals.shipping, totalAmount: totals.total },
      payer: { name: `${shipping.firstName} ${shipping.lastName}`, email: shipping.email, phone: shipping.phone },
      onRefused: refuse,
      onConfirmed: finishAttempt,
      onPlaced,
    },
    fetchImpl,
  );
}

/** Whether any cart line was dropped because it sold out (the summary says so). */
export const $droppedLines = computed([$source, $cartFlags], (source, flags) =>
  source.kind === 'cart' ? Object.values(flags).filter((f) => f.outOfStock).length : 0,
);
