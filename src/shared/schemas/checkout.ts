// zod/mini: the checkout form parses with these schemas in the browser as well as on the server.
import * as z from 'zod/mini';
import { BillingAddressSchema, ShippingAddressSchema } from './address';
import { SIZE_VALUE_MAX, SIZE_VALUE_PATTERN } from '../sizes';
import { DISCOUNT_CODE_PATTERN } from '../discounts';

/** Most lines one order may have, and most pieces of one product per order. */
const MAX_ORDER_LINES = 20;
const MAX_LINE_QUANTITY = 50;

/** A 24-character hex id (a MongoDB ObjectId as text); anything else never reaches a query. */
const ProductIdSchema = z
  .string({ error: 'productId must be a product id' })
  .check(z.regex(/^[0-9a-f]{24}$/i, 'productId must be a 24-character product id'), z.toLowerCase());

/** An amount of rupees as the browser computed it (a display and a cross-check; the server recomputes). */
const AmountSchema = z
  .number({ error: 'must be a number of rupees' })
  .check(z.minimum(0, 'must not be negative'), z.maximum(10_000_000, 'is too large'));

/** One line as the browser sends it: which product (and size, for a product sold in sizes), the unit price it showed, and how many. */
export const OrderLineInputSchema = z.strictObject({
  productId: ProductIdSchema,
  size: z.optional(
    z
      .string({ error: 'size must be a size of the product' })
      .check(
        z.trim(),
        z.maxLength(SIZE_VALUE_MAX, 'size must be a size of the product'),
        z.regex(SIZE_VALUE_PATTERN, 'size must be a size of the product'),
      ),
  ),
  price: AmountSchema,
  quantity: z
    .int({ error: 'quantity must be a whole number of at least 1' })
    .check(
      z.minimum(1, 'quantity must be a whole number of at least 1'),
      z.maximum(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`),
    ),
});

/** One order line as sent. */
export type OrderLineInput = z.infer<typeof OrderLineInputSchema>;

/** The lines of an order as sent: at least one, each product (in each size) once. */
export const OrderLinesSchema = z.array(OrderLineInputSchema).check(
  z.minLength(1, 'No items selected'),
  z.maxLength(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} different products per order`),
  z.refine(
    (lines) => new Set(lines.map((l) => `${l.productId.toLowerCase()}:${l.size ?? ''}`)).size === lines.length,
    'Each product (in each size) may appear only once in an order',
  ),
);

/** How the shopper pays. */
export const PaymentMethodSchema = z.enum(['razorpay', 'cod'], { error: 'paymentMethod must be razorpay or cod' });

/** What every order request carries: the lines, where it goes, who pays, how. */
const orderFields = {
  products: OrderLinesSchema,
  shippingInfo: ShippingAddressSchema,
  billingInfo: BillingAddressSchema,
  /** Save the delivery address on the profile for next time. */
  saveInfo: z._default(z.boolean({ error: 'saveInfo must be true or false' }), false),
  /** A discount code the shopper applied (the server checks it again and works out what it takes off). */
  discountCode: z.optional(
    z
      .string({ error: 'discountCode must be a discount code' })
      .check(z.trim(), z.toUpperCase(), z.regex(DISCOUNT_CODE_PATTERN, 'discountCode must be a discount code')),
  ),
  /** What the shopper was shown the code takes off, in rupees: a cross-check, like the prices. */
  discount: z.optional(AmountSchema),
};

/**
 * POST /api/create-razorpay-order: the order to pay online, with the total the shopper saw (`amount`, in
 * rupees). The server prices it again; a different total is refused, never charged.
 */
export const CreateRazorpayOrderSchema = z.strictObject({
  ...orderFields,
  amount: AmountSchema,
  paymentMethod: z._default(z.literal('razorpay', { error: 'paymentMethod must be razorpay' }), 'razorpay'),
});

/** A parsed online-payment order request. */
export type CreateRazorpayOrderInput = z.infer<typeof CreateRazorpayOrderSchema>;

/** Razorpay's ids are an entity prefix and 14 characters; anything else is refused before a query. */
const razorpayId = (prefix: string, field: string) =>
  z
    .string({ error: `${field} is required for online payment` })
    .check(z.regex(new RegExp(`^${prefix}_[A-Za-z0-9]{6,40}$`), `${field} is not a Razorpay id`));

/**
 * POST /api/orderCheck_out: the order submission (cash on delivery), or the confirmation of an online
 * payment with Razorpay's order id, payment id and signature. Amounts are cross-checked, never trusted.
 */
export const OrderCheckoutSchema = z.strictObject({
  ...orderFields,
  paymentMethod: PaymentMethodSchema,
  shippingCost: AmountSchema,
  totalAmount: AmountSchema,
  razorpayOrderId: z.optional(razorpayId('order', 'razorpayOrderId')),
  razorpayPaymentId: z.optional(razorpayId('pay', 'razorpayPaymentId')),
  razorpaySignature: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/, 'razorpaySignature must be 64 hex characters'))),
});

/** POST /api/orders/{id}/payment: what Checkout answered after Pay now (all three are required). */
export const ConfirmPaymentSchema = z.strictObject({
  razorpayOrderId: razorpayId('order', 'razorpayOrderId'),
  razorpayPaymentId: razorpayId('pay', 'razorpayPaymentId'),
  razorpaySignature: z
    .string({ error: 'razorpaySignature is required' })
    .check(z.regex(/^[0-9a-f]{64}$/, 'razorpaySignature must be 64 hex characters')),
});

/** A parsed order submission. */
export type OrderCheckoutInput = z.infer<typeof OrderCheckoutSchema>;

/** An Idempotency-Key header: a UUID the browser makes per checkout attempt. */
export const IdempotencyKeySchema = z
  .string()
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Idempotency-Key must be a UUID'));
