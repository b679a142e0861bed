/**
 * The life of an order and of its money, in one table shared by the server that moves orders and the pages
 * that show them (shopper and admin). States move forward only: every move the shop can make is listed in
 * ORDER_MOVES or PAYMENT_MOVES, and the server writes each one as a conditional update on the state it
 * starts from, so a replayed, late or duplicate event can never take an order back.
 */

/** Where an order is. */
export type OrderStatus = 'pending_payment' | 'confirmed' | 'packed' | 'shipped' | 'out_for_delivery' | 'delivered' | 'cancelled';

/** Where its money is. `cod_pending`: cash due on delivery; `failed`: an online payment never completed. */
export type PaymentStatus = 'pending' | 'paid' | 'cod_pending' | 'failed' | 'refunded';

/** Who moves an order: the shopper, an admin, the shop itself (a lapsed payment hold), or a confirmed payment. */
type Mover = 'customer' | 'admin' | 'system' | 'payment';

/** Every order status, in the order of an order's life (a tuple, so schemas can enumerate it). */
export const ORDER_STATUSES = [
  'pending_payment',
  'confirmed',
  'packed',
  'shipped',
  'out_for_delivery',
  'delivered',
  'cancelled',
] as const satisfies readonly OrderStatus[];

/**
 * The one table of status moves and who may make each. A shopper cancels only before shipping (and within
 * CUSTOMER_CANCEL_HOURS); an admin steps an order forward or cancels it while it is open; the shop cancels
 * an unpaid order whose stock hold lapsed; a confirmed payment confirms an order awaiting it, or revives one
 * the shop cancelled for non-payment (never one a person cancelled: that payment is refunded instead).
 */
const ORDER_MOVES: readonly { from: OrderStatus; to: OrderStatus; by: readonly Mover[] }[] = [
  { from: 'pending_payment', to: 'confirmed', by: ['payment'] },
  { from: 'pending_payment', to: 'cancelled', by: ['customer', 'admin', 'system'] },
  { from: 'confirmed', to: 'packed', by: ['admin'] },
  { from: 'confirmed', to: 'cancelled', by: ['customer', 'admin'] },
  { from: 'packed', to: 'shipped', by: ['admin'] },
  { from: 'packed', to: 'cancelled', by: ['customer', 'admin'] },
  { from: 'shipped', to: 'out_for_delivery', by: ['admin'] },
  { from: 'shipped', to: 'cancelled', by: ['admin'] },
  { from: 'out_for_delivery', to: 'delivered', by: ['admin'] },
  { from: 'out_for_delivery', to: 'cancelled', by: ['admin'] },
  { from: 'cancelled', to: 'confirmed', by: ['payment'] },
];

/** Whether `by` may move an order from one status to another. */
export function canMove(from: OrderStatus, to: OrderStatus, by: Mover): boolean {
  return ORDER_MOVES.some((m) => m.from === from && m.to === to && m.by.includes(by));
}

/** The statuses `by` may move an order to from `status`, in table order (forward step first, then cancel). */
export function movesFrom(status: OrderStatus, by: Mover): OrderStatus[] {
  return ORDER_MOVES.filter((m) => m.from === status && m.by.includes(by)).map((m) => m.to);
}

/** The statuses from which `by` may move an order to `to` (the `from` of a conditional update). */
export function statusesMovableTo(to: OrderStatus, by: Mover): OrderStatus[] {
  return ORDER_MOVES.filter((m) => m.to === to && m.by.includes(by)).map((m) => m.from);
}

/**
 * The one table of payment moves. Refunded is final: nothing pays a refunded order again. Cash due on
 * delivery becomes paid when the order is delivered.
 */
const PAYMENT_MOVES: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  pending: ['paid', 'failed'],
  failed: ['paid'],
  cod_pending: ['paid'],
  paid: ['refunded'],
  refunded: [],
};

/** The payment states that may move to `to` (the `from` of a conditional update). */
export function paymentStatesMovableTo(to: PaymentStatus): PaymentStatus[] {
  return (Object.keys(PAYMENT_MOVES) as PaymentStatus[]).filter((from) => PAYMENT_MOVES[from].includes(to));
}

/** The forward path of a placed order. */
export const ORDER_FLOW: readonly OrderStatus[] = ['confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered'];

/** States an order can still be cancelled from (it has not been delivered or cancelled). */
export const OPEN_STATUSES: readonly OrderStatus[] = statusesMovableTo('cancelled', 'admin');

/** Status names, the same words on every page, message and search. */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  confirmed: 'Confirmed',
  packed: 'Packed',
  shipped: 'Shipped',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The facts that decide how an order's money reads. */
interface PaymentFacts {
  status: OrderStatus;
  paymentMethod: 'razorpay' | 'cod';
  paymentStatus: PaymentStatus;
  /** Rupees refunded so far by refunds of lines (absent or 0 without). */
  refundedAmount?: number;
}

/**
 * How an order's money reads, the same on every page (the history's Payment column shows it in capitals):
 * 'Paid online', 'Cash on delivery', 'Paid in cash', 'Refunded', 'Partly refunded', 'Refund due', 'Payment not completed',
 * 'Not charged'.
 */
export function paymentLabel(order: PaymentFacts): string {
  switch (order.paymentStatus) {
    case 'refunded':
      return 'Refunded';
    case 'paid':
      if (order.refundedAmount) return 'Partly refunded';
      if (order.status === 'cancelled') return 'Refund due';
      return order.paymentMethod === 'cod' ? 'Paid in cash' : 'Paid online';
    case 'cod_pending':
      return order.status === 'cancelled' ? 'Not charged' : 'Cash on delivery';
    case 'pending':
    case 'failed':
      return order.status === 'cancelled' ? 'Not charged' : 'Payment not completed';
  }
}

/** The order number a shopper quotes: 'HRM-' and the id's last six characters in upper case. */
export function orderNumber(orderId: string): string {
  return `HRM-${shortOrderId(orderId)}`;
}

/** The six upper-case characters the account page shows for an order. */
export function shortOrderId(orderId: string): string {
  return orderId.slice(-6).toUpperCase();
}

/**
 * The six characters of an order number in what a shopper typed, or null: 'HRM-B6E398', '#b6e398',
 * 'B6E398' and 'hrm b6e398' all give 'B6E398'.
 */
export function orderNumberQuery(text: string): string | null {
  const m = /^\s*(?:hrm[\s-]*|#\s*)?([0-9a-f]{6})\s*$/i.exec(text);
  return m ? m[1]!.toUpperCase() : null;
}

/** How long after placing it a shopper may cancel an order themselves (the cancellation policy). */
export const CUSTOMER_CANCEL_HOURS = 24;

/** Statuses from which a shopper may still cancel: anything before it ships. */
const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = statusesMovableTo('cancelled', 'customer');

/** Whether the shopper may still cancel an order placed at `createdAt` that is now `status`. */
export function customerMayCancel(order: { status: OrderStatus; createdAt: string | Date }, now = Date.now()): boolean {
  const placed = new Date(order.createdAt).getTime();
  return CUSTOMER_CANCELLABLE.includes(order.status) && now - placed <= CUSTOMER_CANCEL_HOURS * 3600_000;
}

/**
 * An online payment the shopper started and never completed: not an order they placed. While its stock hold
 * lasts they may still pay it (Pay now); once the hold has ended it leaves their lists (admins still see it).
 */
export function isUnpaidAttempt(order: { paymentMethod: 'razorpay' | 'cod'; paymentStatus: PaymentStatus }): boolean {
  return order.paymentMethod === 'razorpay' && UNPAID_ONLINE_STATES.includes(order.paymentStatus);
}

/** Payment states of an online payment not (yet) made: those a captured payment may move to paid, except cash due on delivery. */
export const UNPAID_ONLINE_STATES: readonly PaymentStatus[] = paymentStatesMovableTo('paid').filter((s) => s !== 'cod_pending');

/**
 * Where an order's money goes when its status moves to `to` (PAYMENT_MOVES): cash due on delivery is paid
 * once the order is delivered, and an unpaid online attempt that is cancelled has failed; otherwise it stays.
 */
export function paymentAfterMove(
  order: { paymentMethod: 'razorpay' | 'cod'; paymentStatus: PaymentStatus },
  to: OrderStatus,
): PaymentStatus {
  if (to === 'delivered' && order.paymentStatus === 'cod_pending') return 'paid';
  if (to === 'cancelled' && isUnpaidAttempt(order)) return 'failed';
  return order.paymentStatus;
}

/** Whether an unpaid attempt can still be paid: it awaits payment and its stock is held until after `now`. */
export function mayPayNow(
  order: { status: OrderStatus; paymentMethod: 'razorpay' | 'cod'; paymentStatus: PaymentStatus; holdExpiresAt: string | Date | null },
  now = Date.now(),
): boolean {
  return (
    order.status === 'pending_payment' &&
    isUnpaidAttempt(order) &&
    order.holdExpiresAt !== null &&
    new Date(order.holdExpiresAt).getTime() > now
  );
}
