/**
 * Placing orders: cash on delivery and Razorpay. The steps live beside it in checkout/: pricing.ts (the server's
 * prices, the code, the COD rules), holds.ts (stock and code taken under a try's mark, the insert, the give-back)
 * and attempts.ts (an Idempotency-Key places its order once, whatever replays or twin requests arrive).
 */
import type { CreateRazorpayOrderResponse, Order } from '@shared/api/orders';
import { formatPaiseAsINR, toRupees } from '@shared/money';
import { mayPayNow, orderNumber } from '@shared/orders';
import { type PaymentMethod } from '@shared/pricing';
import type { CreateRazorpayOrderInput, OrderCheckoutInput } from '@shared/schemas/checkout';
import type { BillingAddress, ShippingAddress } from '@shared/schemas/address';
import { type OrderDoc, type UserDoc } from '../collections';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { ordersRepository, toOrder } from '../repositories/orders.repository';
import { usersRepository } from '../repositories/users.repository';
import { claimedNotices, noticeKeys, sendClaimedNoticesSoon } from './notices/notices.service';
import { getPaymentGateway } from './payments/gateway';
import { recordCapturedPayment } from './payment-events.service';
import { pincodeService } from './pincode.service';
import { rateLimitService, type RateLimit } from './rate-limit.service';
import type { DiscountCheckInput } from '@shared/schemas/discounts';
import type { DiscountCheckResponse } from '@shared/api/discounts';
import { deliveryWindow } from '@shared/delivery';
import { emailsShopper, tellYou } from '@shared/notices';
import { discountsService, orderDiscountDoc } from './discounts.service';
import { type PricedOrder, codeOf, crossCheck, priceOrder } from './checkout/pricing';
import { type Attempt, giveBackTry, pricedFor, storeOrder, takeHolds } from './checkout/holds';
import { placeOnce, started } from './checkout/attempts';
import { failPoint } from '../failpoints';

/** How long an unpaid online order holds its stock. */
const HOLD_MINUTES = 30;

/** A new order as a try stores it: its id, mark and key are the attempt's. */
function newOrderDoc(
  user: UserDoc,
  priced: PricedOrder,
  input: { shippingInfo: ShippingAddress; billingInfo: BillingAddress; paymentMethod: PaymentMethod },
  attempt: Attempt,
  extra: Pick<OrderDoc, 'status' | 'paymentStatus'> & Partial<OrderDoc>,
  now: Date,
): OrderDoc {
  const _id = attempt.orderId;
  return {
    _id,
    ...(attempt.key ? { idempotencyKey: attempt.key.id, idempotencyFingerprint: attempt.key.fingerprint } : {}),
    attemptId: attempt.mark,
    userId: user._id,
    orderNumber: orderNumber(_id.toHexString()),
    products: priced.lines,
    shippingInfo: input.shippingInfo,
    billingInfo: input.billingInfo,
    paymentMethod: input.paymentMethod,
    subtotalPaise: priced.subtotalPaise,
    ...(priced.discount ? { discount: heldDiscount(priced) } : {}),
    shippingPaise: priced.shippingPaise,
    totalPaise: priced.totalPaise,
    stock: { state: 'taken', holdExpiresAt: null },
    statusHistory: [{ status: extra.status, at: now, by: 'customer' }],
    // The window the shopper was shown at checkout, kept as promised (the PIN was verified on the way in).
    delivery: deliveryWindow(pincodeService.find(input.shippingInfo.pincode)?.class ?? 'tier2', now),
    needsAttention: null,
    refund: null,
    createdAt: now,
    updatedAt: now,
    ...extra,
  };
}

/** What an order stores of its code (undefined without one). */
const heldDiscount = (priced: PricedOrder) => (priced.discount ? orderDiscountDoc(priced.discount) : undefined);

/** Refuses a PIN code India Post does not have, or a state that is not the PIN's, in either address. */
function verifyAddresses(input: { shippingInfo: ShippingAddress; billingInfo: BillingAddress }): void {
  pincodeService.verify(input.shippingInfo, 'delivery');
  pincodeService.verify(input.billingInfo, 'billing');
}

/** Saves the delivery address for next time when the shopper asked to (never fails the order). */
async function maybeSaveAddress(user: UserDoc, saveInfo: boolean, address: ShippingAddress): Promise<void> {
  if (!saveInfo) return;
  await usersRepository.setAddress(user._id, address).catch((err: unknown) => console.warn('[checkout] could not save the address:', err));
}

/** Apply at checkout: a shopper may try this many codes in 10 minutes (codes are not guessed one by one). */
const DISCOUNT_CHECK_LIMIT: RateLimit = {
  name: 'discount-check',
  limit: 30,
  windowSeconds: 600,
  message: 'Too many discount codes tried.',
};

/** Placing orders: priced by the server, stock held without overselling, each attempt placed once. */
export const checkoutService = {
  /**
   * Apply: whether a code applies to these lines for this shopper, and the order's figures with it. Only a
   * preview: the order is priced and the code checked again when it is placed.
   */
  async checkDiscount(user: UserDoc, input: DiscountCheckInput): Promise<Omit<DiscountCheckResponse, 'success'>> {
    await rateLimitService.consume(DISCOUNT_CHECK_LIMIT, user._id.toHexString());
    const priced = await priceOrder(input.products, input.paymentMethod, { user, typed: input.code });
    const applied = priced.discount!;
    return {
      message: `You save ${formatPaiseAsINR(applied.amountPaise)}`,
      discount: { code: applied.rule.code, amount: toRupees(applied.amountPaise), description: discountsService.describe(applied.rule) },
      subtotal: toRupees(priced.subtotalPaise),
      shippingCost: toRupees(priced.shippingPaise),
      total: toRupees(priced.totalPaise),
    };
  },

  /**
   * Cash on delivery: prices the order, takes its stock and stores it confirmed, payment 'cod_pending'.
   */
  async placeCodOrder(user: UserDoc, input: OrderCheckoutInput, idempotencyKey: string | null): Promise<Order> {
    // Pricing only reads, so it runs while the attempt's order is looked up instead of after it.
    const pricing = started(priceOrder(input.products, 'cod', codeOf(user, input)));
    const { order: doc, placedHere } = await placeOnce(user, 'order', idempotencyKey, input, async (attempt) => {
      // Checked here, not before: a replay answers its stored order whatever the directory says today.
      verifyAddresses(input);
      const priced = await pricedFor(pricing, attempt, input.discountCode);
      crossCheck(priced, { total: input.totalAmount, lines: input.products, shippingCost: input.shippingCost, discount: input.discount });
      await takeHolds(user, priced, attempt);
      const now = new Date();
      const order = newOrderDoc(
        user,
        priced,
        input,
        attempt,
        {
          status: 'confirmed',
          paymentStatus: 'cod_pending',
          // The confirmation is stored with the order, claimed by the request that stores it: sent once.
          ...claimedNotices(noticeKeys('confirmed', { shippingInfo: input.shippingInfo }), now),
        },
        now,
      );
      await storeOrder(order);
      return order;
    });
    if (placedHere) await sendClaimedNoticesSoon(doc, user);
    await maybeSaveAddress(user, input.saveInfo, input.shippingInfo);
    return toOrder(doc);
  },

  /**
   * Online payment, step 1: prices the order, holds its stock for 30 minutes, creates the Razorpay order
   * (receipt = our order id) and stores our order as pending_payment.
   */
  async createOnlineOrder(
    user: UserDoc,
    input: CreateRazorpayOrderInput,
    idempotencyKey: string | null,
  ): Promise<Omit<CreateRazorpayOrderResponse, 'success' | 'message'>> {
    const gateway = getPaymentGateway();
    const pricing = started(priceOrder(input.products, 'razorpay', codeOf(user, input)));
    const { order: doc } = await placeOnce(user, 'razorpay', idempotencyKey, input, async (attempt) => {
      verifyAddresses(input);
      const priced = await pricedFor(pricing, attempt, input.discountCode);
      crossCheck(priced, { total: input.amount, lines: input.products, discount: input.discount });
      const _id = attempt.orderId;
      await takeHolds(user, priced, attempt);
      const now = new Date();
      let razorpayOrderId: string;
      try {
        const created = await gateway.createOrder({
          amountPaise: priced.totalPaise,
          receipt: _id.toHexString(),
          notes: { orderId: _id.toHexString(), userId: user._id.toHexString() },
        });
        razorpayOrderId = created.id;
        failPoint('checkout.after-razorpay-order');
      } catch (err) {
        await giveBackTry(
          { products: priced.lines, discount: heldDiscount(priced), userId: user._id, orderNumber: orderNumber(_id.toHexString()) },
          attempt.mark,
        );
        console.error('[checkout] creating the Razorpay order failed:', err instanceof Error ? err.message : err);
        throw new AppError(502, 'Failed to create Razorpay order');
      }
      const order = newOrderDoc(
        user,
        priced,
        { ...input, paymentMethod: 'razorpay' },
        attempt,
        {
          status: 'pending_payment',
          paymentStatus: 'pending',
          razorpayOrderId,
          stock: { state: 'taken', holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000) },
        },
        now,
      );
      await storeOrder(order);
      return order;
    });
    if (doc.status !== 'pending_payment' && doc.paymentStatus !== 'paid') {
      throw conflict('This checkout attempt has ended (its order was cancelled). Please start again.');
    }
    await maybeSaveAddress(user, input.saveInfo, input.shippingInfo);
    return {
      order: { id: doc.razorpayOrderId!, amount: doc.totalPaise, currency: 'INR' },
      orderId: doc._id.toHexString(),
      key: gateway.keyId,
    };
  },

  /**
   * Online payment, step 2: after Checkout's handler, verifies Razorpay's signature over our stored
   * Razorpay order id and the payment id before anything is recorded, then records the payment along the
   * state table. An order the shopper (or an admin) cancelled before the payment arrived is not revived: the
   * payment is refunded and the shopper is told so. `orderId`, when given (Pay now), must be that order.
   */
  async confirmOnlinePayment(
    user: UserDoc,
    input: Pick<OrderCheckoutInput, 'razorpayOrderId' | 'razorpayPaymentId' | 'razorpaySignature'>,
    orderId?: string,
  ): Promise<Order> {
    const { razorpayOrderId, razorpayPaymentId, razorpaySignature } = input;
    if (!razorpayOrderId || !razorpayPaymentId || !razorpaySignature) {
      throw badRequest('razorpayOrderId, razorpayPaymentId and razorpaySignature are required for online payment');
    }
    const order = await ordersRepository.findByRazorpayOrderId(razorpayOrderId);
    if (!order || !order.userId.equals(user._id) || (orderId && order._id.toHexString() !== orderId)) throw notFound('Order');
    if (!getPaymentGateway().verifyPaymentSignature(order.razorpayOrderId!, razorpayPaymentId, razorpaySignature)) {
      throw badRequest('Payment verification failed: the payment signature does not match this order.');
    }
    if (order.paymentStatus === 'paid' && order.status !== 'cancelled' && order.razorpayPaymentId !== razorpayPaymentId) {
      throw conflict('This order was already paid with another payment.');
    }
    const outcome = await recordCapturedPayment(order, razorpayPaymentId, 'customer');
    if (outcome.kind === 'refunded') {
      const refund = outcome.order.refund;
      throw conflict(
        refund?.status === 'failed'
          ? `Order ${outcome.order.orderNumber} was cancelled before your payment arrived, so your payment of ${formatPaiseAsINR(outcome.order.totalPaise)} will be refunded. We will ${tellYou(emailsShopper(outcome.order.shippingInfo))} when it is on its way.`
          : `Order ${outcome.order.orderNumber} was cancelled before your payment arrived, so your payment of ${formatPaiseAsINR(refund?.amountPaise ?? outcome.order.totalPaise)} has been refunded. It reaches your account within 7 to 10 working days.`,
      );
    }
    return toOrder(outcome.order);
  },

  /**
   * Pay now: reopens Checkout for one of the shopper's unpaid online orders while its stock is held, with the
   * same Razorpay order and amount (a payment already made for it is then refused by Razorpay, never taken
   * twice). Anything else is refused with what is true of the order.
   */
  async payNow(user: UserDoc, orderId: string, now = new Date()): Promise<Omit<CreateRazorpayOrderResponse, 'success' | 'message'>> {
    const order = await ordersRepository.findOwned(orderId, user._id);
    if (!order) throw notFound('Order');
    if (!mayPayNow(toOrder(order), now.getTime()) || !order.razorpayOrderId) {
      if (order.paymentMethod === 'cod') throw conflict('This order is paid in cash on delivery.');
      if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') throw conflict('This order is already paid.');
      throw conflict('This payment can no longer be completed: the items are no longer held for it. Please place the order again.');
    }
    return {
      order: { id: order.razorpayOrderId, amount: order.totalPaise, currency: 'INR' },
      orderId: order._id.toHexString(),
      key: getPaymentGateway().keyId,
    };
  },
};
