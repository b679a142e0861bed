import { createHash, randomInt } from 'node:crypto';
import { ObjectId } from 'mongodb';
import type { CreateRazorpayOrderResponse, Order } from '../../../src/shared/api/orders';
import { formatINR } from '../../../src/shared/money';
import { mayPayNow, orderNumber } from '../../../src/shared/orders';
import { cartTotals, COD_UNAVAILABLE_MESSAGE, isCodAvailable, unitPrice, type PaymentMethod } from '../../../src/shared/pricing';
import { stockLimitMessage } from '../../../src/shared/stock-messages';
import type { CreateRazorpayOrderInput, OrderCheckoutInput, OrderLineInput } from '../../../src/shared/schemas/checkout';
import type { BillingAddress, ShippingAddress } from '../../../src/shared/schemas/address';
import { unitId, type OrderDoc, type OrderLineDoc, type UserDoc } from '../collections';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { inventoryRepository, type SellableProduct } from '../repositories/inventory.repository';
import { ordersRepository, toOrder } from '../repositories/orders.repository';
import { usersRepository } from '../repositories/users.repository';
import { isConnectivityError } from '../db';
import { claimedNotices, noticeKeys, sendClaimedNoticesSoon } from './notices/notices.service';
import { getPaymentGateway } from './payments/gateway';
import { recordCapturedPayment } from './payment-events.service';
import { pincodeService } from './pincode.service';
import { rateLimitService, type RateLimit } from './rate-limit.service';
import type { DiscountCheckInput } from '../../../src/shared/schemas/discounts';
import type { DiscountCheckResponse } from '../../../src/shared/api/discounts';
import { deliveryWindow } from '../../../src/shared/delivery';
import { allocateDiscount } from '../../../src/shared/discounts';
import { emailsShopper, tellYou } from '../../../src/shared/notices';
import { toPaise } from '../../../src/shared/invoice/gst';
import { DiscountHeldByTwin, DiscountRefused, discountsService, orderDiscountDoc, type AppliedDiscount } from './discounts.service';
import { discountsRepository } from '../repositories/discounts.repository';

/** How long an unpaid online order holds its stock. */
const HOLD_MINUTES = 30;

/** An order priced from the database: its lines as they will be stored, the code that applies, and its totals. */
interface PricedOrder {
  lines: OrderLineDoc[];
  subtotal: number;
  discount: AppliedDiscount | null;
  shippingCost: number;
  total: number;
}

/** What a try holds until its order is stored: the lines' stock and the code's use, all under the try's mark. */
type Held = Pick<OrderDoc, 'products' | 'discount' | 'userId' | 'orderNumber'>;

const INVALID_TOTAL = 'Invalid total amount. Please check product prices and quantities.';

/** Rupees compared to the paisa: the browser's numbers are cross-checks, never sources. */
const sameAmount = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100);

/**
 * Prices the requested lines from the database with the shared pricing rules. Unknown products are refused;
 * a discount code is checked for this shopper and shared among the lines; the COD fee and the COD limit
 * (on the value after the discount) are applied here, whatever the browser sent.
 */
async function priceOrder(
  requested: OrderLineInput[],
  paymentMethod: PaymentMethod,
  code?: { user: UserDoc; typed: string },
): Promise<PricedOrder> {
  const products = new Map((await inventoryRepository.sellable(requested.map((l) => l.productId))).map((p) => [p._id.toHexString(), p]));
  const missing = requested.filter((l) => !products.has(l.productId));
  if (missing.length)
    throw badRequest(`Some items are no longer sold: ${missing.map((l) => l.productId).join(', ')}. Please remove them from your cart.`);
  const lines = requested.map((l) => lineOf(products.get(l.productId)!, l.quantity, l.size));
  const discount = code ? await discountsService.apply(code.user, code.typed, cartTotals(lines).subtotal) : null;
  if (discount) shareDiscount(lines, discount.amount);
  const totals = cartTotals(lines, paymentMethod, discount?.amount ?? 0);
  if (paymentMethod === 'cod' && !isCodAvailable(totals.subtotal - totals.discount)) throw badRequest(COD_UNAVAILABLE_MESSAGE);
  // A discount never takes the goods below ₹1 (discountAmount), so only broken prices reach this.
  if (!(totals.total > 0)) throw badRequest(INVALID_TOTAL);
  return { lines, subtotal: totals.subtotal, discount, shippingCost: totals.shipping, total: totals.total };
}

/** Writes each line's share of the discount onto it (whole paise, adding up to the discount): the invoice taxes it. */
function shareDiscount(lines: OrderLineDoc[], amount: number): void {
  const shares = allocateDiscount(
    lines.map((l) => toPaise(l.price) * l.quantity),
    toPaise(amount),
  );
  lines.forEach((l, i) => {
    if (shares[i]! > 0) l.discount = shares[i]! / 100;
  });
}

/**
 * One order line priced from the database: a product sold in sizes needs one of its sizes (priced as that
 * size sells), and a product without sizes takes none.
 */
function lineOf(p: SellableProduct, quantity: number, size: string | undefined): OrderLineDoc {
  const base = { productId: p._id, name: p.name, slug: p.slug, thumbnail: p.thumbnail, image: p.image[0] ?? p.thumbnail, quantity };
  const sizes = p.sizes?.values.length ? p.sizes : null;
  if (!sizes) {
    if (size) throw badRequest(`${p.name} is not sold in sizes: remove the size and try again.`);
    return { ...base, size: null, sizeName: null, price: unitPrice(p) };
  }
  if (!size) throw badRequest(`Choose a ${sizes.name.toLowerCase()} for ${p.name}.`);
  const chosen = sizes.values.find((v) => v.value === size);
  if (!chosen) throw badRequest(`${p.name} does not come in ${sizes.name.toLowerCase()} ${size}. Please choose another size.`);
  // A size with its own price sells at it (and its own discount); otherwise at the product's.
  const price = chosen.price !== null ? unitPrice({ price: chosen.price, discountPrice: chosen.discountPrice }) : unitPrice(p);
  return { ...base, size: chosen.value, sizeName: sizes.name, price };
}

/** The inventory unit an order line takes its stock from: the product, or the product in its size. */
const unitOf = (line: Pick<OrderLineDoc, 'productId' | 'size'>): string => unitId(line.productId, line.size);

/** A line's product as a stock message names it: 'Lotus Ring' or 'Lotus Ring (ring size 12)'. */
const lineName = (line: Pick<OrderLineDoc, 'name' | 'size' | 'sizeName'>): string =>
  line.size ? `${line.name} (${(line.sizeName ?? 'size').toLowerCase()} ${line.size})` : line.name;

/** Refuses an order whose shown amounts differ from the server's, naming the new total. */
function crossCheck(
  priced: PricedOrder,
  shown: { total: number; lines?: OrderLineInput[]; shippingCost?: number; discount?: number },
): void {
  const pricesDiffer = shown.lines?.some((l, i) => !sameAmount(l.price, priced.lines[i]!.price)) ?? false;
  const shippingDiffers = shown.shippingCost !== undefined && !sameAmount(shown.shippingCost, priced.shippingCost);
  const discountDiffers = shown.discount !== undefined && !sameAmount(shown.discount, priced.discount?.amount ?? 0);
  if (pricesDiffer || shippingDiffers || discountDiffers || !sameAmount(shown.total, priced.total)) {
    throw conflict(`Prices have changed: your order total is now ${formatINR(priced.total)}. Please review your order and try again.`);
  }
}

/** What a shopper reads when stock could not be reserved for a reason other than stock. */
const STOCK_UNAVAILABLE =
  'We could not reserve your items just now (a temporary problem on our side). Nothing was charged. Please try again in a moment.';

/**
 * One request's try at placing an order: the order's id (the same for every request of a checkout attempt,
 * see placeOnce), the mark its stock takes carry, and the attempt's key when it has one.
 */
interface Attempt {
  orderId: ObjectId;
  /** Unique to this request and try ('<order id>:<request>.<try>'): written with each take and onto the order. */
  mark: string;
  /** Every try of this request starts its mark with this, so none of them is taken for a twin's. */
  requestPrefix: string;
  key?: { id: string; fingerprint: string };
}

/** Thrown by a try whose insert lost to a twin request (same key) that stored the order first. */
class TwinStoredOrder extends Error {}

/** Thrown by a try refused for stock that a twin request of the same attempt holds: the twin's order is awaited. */
class TwinHoldsStock extends Error {
  constructor(readonly refusal: AppError) {
    super(refusal.message);
  }
}

/**
 * Thrown when an insert's outcome stayed unknown (no reply, twice): the stock stays taken, as the order may
 * exist. If the order turns out to be a twin's, this try's pieces are given back (see placeOnce).
 */
class InsertOutcomeUnknown extends Error {
  constructor(
    readonly reason: unknown,
    readonly held: Held,
    readonly mark: string,
  ) {
    super('the order insert ended without an answer');
  }
}

/** Live marks of this order id from another request belong to a twin of the same attempt still placing it. */
const twinOf = (attempt: Attempt) =>
  attempt.key ? { prefix: `${attempt.orderId.toHexString()}:`, except: attempt.requestPrefix } : undefined;

/**
 * Takes the stock of every line (one conditional update each, marked with the try's mark). If any line is
 * short, or any take ends without an answer (a timeout, a lost reply), every piece that was taken is given
 * back (each take is checked by its mark, so a take whose reply was lost is neither kept nor given back
 * twice) and the shopper is told what happened: which product is short and how many are left, or that the
 * problem was ours.
 */
async function takeStock(lines: OrderLineDoc[], attempt: Attempt): Promise<void> {
  const at = new Date();
  const outcomes = await Promise.all(lines.map((l) => inventoryRepository.take(unitOf(l), l.quantity, attempt.mark, at)));
  if (outcomes.every((o) => o === 'taken')) return;
  await Promise.all(
    lines.map(async (l, i) => {
      if (outcomes[i] === 'short') return;
      try {
        await inventoryRepository.settleUnknownTake(unitOf(l), l.quantity, attempt.mark, at);
      } catch (err) {
        console.error(`[checkout] could not give back ${l.quantity} × ${l.slug} of attempt ${attempt.mark}; check its stock:`, err);
      }
    }),
  );
  const unknown = outcomes.find((o): o is { unknown: unknown } => typeof o === 'object');
  if (unknown) {
    console.error(`[checkout] a stock take of attempt ${attempt.mark} ended without an answer:`, unknown.unknown);
    throw new AppError(503, STOCK_UNAVAILABLE);
  }
  const short = lines[outcomes.indexOf('short')]!;
  const { stock, heldByTwin } = await inventoryRepository.unitStock(unitOf(short), twinOf(attempt));
  const refusal = conflict(stockLimitMessage(lineName(short), Math.max(0, stock)));
  throw heldByTwin ? new TwinHoldsStock(refusal) : refusal;
}

/**
 * Gives back what a try took, when its order was not stored (or a twin's was): its stock (each give-back voids
 * the try's mark, so no later request reads it as a twin still holding the pieces) and its code's use. Never
 * throws: a piece that could not be given back is logged for a person, and the shopper's answer stays the
 * one it was.
 */
async function giveBackTry(held: Held, mark: string): Promise<void> {
  await Promise.all([discountsService.giveBack(held, mark), giveBackStock(held.products, mark)]);
}

/** Gives back the stock of a try's lines, voiding its mark (see giveBackTry). */
async function giveBackStock(lines: OrderLineDoc[], mark: string): Promise<void> {
  await Promise.all(
    lines.map((l) =>
      inventoryRepository
        .giveBack(unitOf(l), l.quantity, mark)
        .catch((err: unknown) =>
          console.error(`[checkout] could not give back ${l.quantity} × ${l.slug} of attempt ${mark}; check its stock:`, err),
        ),
    ),
  );
}

/**
 * Takes what a try needs before its order is stored: the lines' stock, then the code's use. A code refused
 * at this point (its last use went meanwhile) gives the stock back; one whose use a twin request holds is
 * waited for like stock.
 */
async function takeHolds(user: UserDoc, priced: PricedOrder, attempt: Attempt): Promise<void> {
  await takeStock(priced.lines, attempt);
  if (!priced.discount) return;
  try {
    await discountsService.take(user, priced.discount, attempt.mark, twinOf(attempt));
  } catch (err) {
    await giveBackStock(priced.lines, attempt.mark);
    throw err instanceof DiscountHeldByTwin ? new TwinHoldsStock(err.refusal) : err;
  }
}

/**
 * The order's pricing, awaited by a try. A code refused because a twin request of the same attempt holds the
 * use (or the shopper's use) is waited for like stock: that twin's order answers.
 */
async function pricedFor(pricing: Promise<PricedOrder>, attempt: Attempt, code: string | undefined): Promise<PricedOrder> {
  try {
    return await pricing;
  } catch (err) {
    const twin = twinOf(attempt);
    if (err instanceof DiscountRefused && code && twin && (await discountsRepository.heldByTwin(code, twin))) throw new TwinHoldsStock(err);
    throw err;
  }
}

/** The code a request applies, for pricing, when it sends one. */
const codeOf = (user: UserDoc, input: { discountCode?: string | undefined }) =>
  input.discountCode ? { user, typed: input.discountCode } : undefined;

/** Whether a write was refused by a unique index (MongoDB's duplicate key error). */
const isDuplicateKey = (err: unknown): boolean => (err as { code?: number }).code === 11000;

/**
 * Stores a new order whose stock is taken. A reply lost on the way is retried once: the order's _id makes the
 * insert idempotent (a duplicate key with this try's mark on the stored order means the first try was
 * stored). A duplicate key from a twin request of the same attempt gives this try's stock back, as does any
 * refusal the database did answer; an order that may exist never loses its stock.
 */
async function storeOrder(order: OrderDoc): Promise<void> {
  const mark = order.attemptId!;
  for (let attempt = 0; ; attempt++) {
    try {
      await ordersRepository.insert(order);
      return;
    } catch (err) {
      if (isDuplicateKey(err)) {
        if (attempt > 0 && (await ordersRepository.findById(order._id.toHexString()))?.attemptId === mark) return;
        await giveBackTry(order, mark);
        throw new TwinStoredOrder();
      }
      if (isConnectivityError(err)) {
        if (attempt === 0) continue;
        throw new InsertOutcomeUnknown(err, order, mark);
      }
      await giveBackTry(order, mark);
      throw err;
    }
  }
}

/**
 * A promise started ahead of its use that may end up unused (the attempt's order turned out to exist): its
 * rejection is then nobody's to handle, so it is marked handled here; awaiting it still throws.
 */
function started<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}

/** How long a request waits for a twin of its attempt that holds the stock it needs. */
const TWIN_WAIT_MS = 10_000;

/** Stable hash of a parsed request, so one Idempotency-Key cannot be reused for a different order. */
function requestFingerprint(payload: unknown): string {
  return createHash('sha256').update(JSON.stringify(payload)).digest('base64url');
}

/**
 * The order id a checkout attempt stands for: every request with the same key names the same order, so the
 * order's insert is the attempt's claim (no separate claim to write, and none left behind by a request
 * that died).
 */
function orderIdForKey(keyId: string): ObjectId {
  return new ObjectId(createHash('sha256').update(keyId).digest().subarray(0, 12));
}

/** The order an attempt placed, answered again, or a 422 when the key was used for a different order. */
function sameAttempt(order: OrderDoc, fingerprint: string): OrderDoc {
  if (order.idempotencyFingerprint && order.idempotencyFingerprint !== fingerprint)
    throw new AppError(422, 'This Idempotency-Key was already used for a different order. Start a new checkout attempt.');
  return order;
}

/** An attempt's order, and whether this request is the one that stored it (and so sends its messages). */
interface Placed {
  order: OrderDoc;
  placedHere: boolean;
}

/**
 * Runs `place` at most once per (user, key): the attempt's order is looked up first, so a replay (a reload,
 * a retry after a lost answer) answers it without touching stock; otherwise this request tries to store it,
 * and a twin sent at the same time answers the order the first of them stored (a twin that took stock first
 * gives it back). A request that fails leaves nothing behind, so a retry after (say) a stock refusal tries
 * again. Without a key, every request is a new attempt.
 */
async function placeOnce(
  user: UserDoc,
  scope: string,
  key: string | null,
  payload: unknown,
  place: (attempt: Attempt) => Promise<OrderDoc>,
): Promise<Placed> {
  const request = new ObjectId().toHexString();
  if (!key) {
    const orderId = new ObjectId();
    const prefix = `${orderId.toHexString()}:${request}.`;
    return { order: await place({ orderId, mark: `${prefix}0`, requestPrefix: prefix }), placedHere: true };
  }
  const id = `${user._id.toHexString()}:${scope}:${key}`;
  const fingerprint = requestFingerprint(payload);
  const orderId = orderIdForKey(id);
  const requestPrefix = `${orderId.toHexString()}:${request}.`;
  const deadline = Date.now() + TWIN_WAIT_MS;
  /** The attempt's order if it is stored; `legacy` also looks for one stored before ids came from keys. */
  const stored = async (legacy: boolean): Promise<OrderDoc | null> =>
    (await ordersRepository.findById(orderId.toHexString())) ?? (legacy ? await ordersRepository.findByIdempotencyKey(id) : null);
  const answer = (order: OrderDoc): Placed => ({
    order: sameAttempt(order, fingerprint),
    placedHere: order.attemptId?.startsWith(requestPrefix) ?? false,
  });

  const before = await stored(false);
  if (before) return answer(before);
  for (let tries = 0; ; tries++) {
    try {
      // Each try marks its takes apart, so a lost reply is never mistaken for an earlier try's take.
      return answer(await place({ orderId, mark: `${requestPrefix}${tries}`, requestPrefix, key: { id, fingerprint } }));
    } catch (err) {
      // Stored by a twin, or by this request with its answer lost; or refused by what changed since an order
      // of this key was stored before ids came from keys (its stock, a price): either way, that order answers.
      const existing = await stored(!(err instanceof TwinHoldsStock)).catch(() => null);
      if (existing) {
        // A twin's order, while this try's insert ended unanswered: this try's pieces go back.
        if (err instanceof InsertOutcomeUnknown && existing.attemptId !== err.mark) await giveBackTry(err.held, err.mark);
        return answer(existing);
      }
      if (err instanceof InsertOutcomeUnknown) throw err.reason;
      if (err instanceof TwinStoredOrder) throw conflict(STILL_PLACING);
      if (!(err instanceof TwinHoldsStock)) throw err;
      // A twin still holds the pieces past the wait: it is slow, not refused; the shopper is told so.
      if (Date.now() >= deadline) throw conflict(STILL_PLACING);
      // Jittered, so twins polling together do not keep refusing each other in step.
      await new Promise((r) => setTimeout(r, 50 + randomInt(100)));
    }
  }
}

/** What a request answers while a twin of its attempt is still placing the order. */
const STILL_PLACING = 'This order is still being placed. Please wait a moment and check your orders.';

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
    subtotal: priced.subtotal,
    ...(priced.discount ? { discount: heldDiscount(priced) } : {}),
    shippingCost: priced.shippingCost,
    totalAmount: priced.total,
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
      message: `You save ${formatINR(applied.amount)}`,
      discount: { code: applied.rule.code, amount: applied.amount, description: discountsService.describe(applied.rule) },
      subtotal: priced.subtotal,
      shippingCost: priced.shippingCost,
      total: priced.total,
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
          amountPaise: Math.round(priced.total * 100),
          receipt: _id.toHexString(),
          notes: { orderId: _id.toHexString(), userId: user._id.toHexString() },
        });
        razorpayOrderId = created.id;
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
      order: { id: doc.razorpayOrderId!, amount: Math.round(doc.totalAmount * 100), currency: 'INR' },
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
          ? `Order ${outcome.order.orderNumber} was cancelled before your payment arrived, so your payment of ${formatINR(outcome.order.totalAmount)} will be refunded. We will ${tellYou(emailsShopper(outcome.order.shippingInfo))} when it is on its way.`
          : `Order ${outcome.order.orderNumber} was cancelled before your payment arrived, so your payment of ${formatINR(refund?.amount ?? outcome.order.totalAmount)} has been refunded. It reaches your account within 7 to 10 working days.`,
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
      order: { id: order.razorpayOrderId, amount: Math.round(order.totalAmount * 100), currency: 'INR' },
      orderId: order._id.toHexString(),
      key: getPaymentGateway().keyId,
    };
  },
};
