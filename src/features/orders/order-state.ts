/**
 * What the shopper's order pages say about an order, in one place so the order page, the account, the
 * history and tracking use the same words: its headline and lead, whether it was placed at all (an online
 * payment never completed is not an order), who cancelled it and when, what happened to the money, and
 * which ways on it offers (Pay now, invoice, tracking). Built on the state table in shared/orders.ts.
 * Pure: dates are printed in Indian time (Asia/Kolkata) whatever the device's clock says.
 */
import type { Order, StatusChange } from '@shared/api/orders';
import { formatINR } from '@shared/money';
import { emailsShopper, tellYou } from '@shared/notices';
import { isUnpaidAttempt, mayPayNow, ORDER_FLOW, paymentLabel, type OrderStatus } from '@shared/orders';
// Shoppers are in India, and a hold 'until 3:45 pm' must mean their 3:45 pm.
import { SHOP_TIME_ZONE } from '@shared/india-time';

const timeFormat = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: SHOP_TIME_ZONE });
const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: SHOP_TIME_ZONE });
const dayTimeFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: SHOP_TIME_ZONE,
});
const shortDayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: SHOP_TIME_ZONE });

/** A time of day in Indian time, e.g. '3:45 pm'. */
export function formatTime(at: string | Date): string {
  return timeFormat.format(new Date(at));
}

/** A day in Indian time, e.g. '21 Nov 2026'. */
export function formatDay(at: string | Date): string {
  return dayFormat.format(new Date(at));
}

/** A day and time in Indian time, e.g. '21 Nov 2026, 3:30 pm'. */
export function formatDayTime(at: string | Date): string {
  return dayTimeFormat.format(new Date(at));
}

/** When a hold ends, as the shopper reads it: '3:45 pm' today, '21 Nov, 12:10 am' when it ends on another day. */
export function formatHoldEnd(at: string | Date, now = Date.now()): string {
  const sameDay = dayFormat.format(new Date(at)) === dayFormat.format(new Date(now));
  return sameDay ? formatTime(at) : `${shortDayFormat.format(new Date(at))}, ${formatTime(at)}`;
}

/** The latest entry of a status in an order's history (the one that counts if an order passed it twice). */
export function lastChange(history: readonly StatusChange[] | undefined, status: OrderStatus): StatusChange | undefined {
  const list = history ?? [];
  for (let i = list.length - 1; i >= 0; i--) if (list[i]!.status === status) return list[i];
  return undefined;
}

/** Whether the order was placed: confirmed or further along (not awaiting payment, not cancelled). */
export function isPlaced(order: Pick<Order, 'status'>): boolean {
  return ORDER_FLOW.includes(order.status);
}

/** An online payment the shopper started and did not complete, while the order still waits for it. */
export function isAwaitingPayment(order: Pick<Order, 'status' | 'paymentMethod' | 'paymentStatus'>): boolean {
  return order.status === 'pending_payment' && isUnpaidAttempt(order);
}

/** Whether the order has a tax invoice to open: placed orders, and cancelled ones that were invoiced before. */
export function hasInvoice(order: Pick<Order, 'status' | 'invoiceNumber'>): boolean {
  return isPlaced(order) || (order.status === 'cancelled' && Boolean(order.invoiceNumber));
}

/** What an order's date stands for: when it was placed, or, for a payment never completed, when checkout started. */
export function orderDateLabel(order: Pick<Order, 'paymentMethod' | 'paymentStatus'>): 'Placed' | 'Checkout started' {
  return isUnpaidAttempt(order) ? 'Checkout started' : 'Placed';
}

/** Whether tracking has anything to show: a placed order on its way (or delivered). */
export function mayTrack(order: Pick<Order, 'status'>): boolean {
  return isPlaced(order);
}

/** What a list shows beside an unpaid attempt: Pay now with how long the items are held, or that they no longer are. */
export type PayNowOffer = { kind: 'none' } | { kind: 'pay'; heldUntil: string } | { kind: 'lapsed' };

/** Pay now for an order: offered while its hold lasts ('Items held until 3:45 pm'), else the hold has lapsed. */
export function payNowOffer(order: Order, now = Date.now()): PayNowOffer {
  if (!isAwaitingPayment(order)) return { kind: 'none' };
  if (mayPayNow(order, now)) return { kind: 'pay', heldUntil: formatHoldEnd(order.holdExpiresAt!, now) };
  return { kind: 'lapsed' };
}

/** The state an order's page leads with. */
export type OrderStateKind =
  | 'awaiting-payment'
  | 'payment-lapsed'
  | 'confirmed'
  | 'packed'
  | 'shipped'
  | 'out-for-delivery'
  | 'delivered'
  | 'cancelled'
  | 'refunded'
  | 'refund-due';

/** Everything an order's page says about where the order is, and what it offers. */
export interface OrderStateView {
  kind: OrderStateKind;
  /** The page's heading. */
  headline: string;
  /** The sentences under it: what is true now, then what happens next. */
  lead: string[];
  /**
   * 'Thank you for your order!' belongs on the page: the order was placed and is on its way. A delivered or
   * cancelled order leads with what happened to it instead.
   */
  thanks: boolean;
  /** How the money reads (paymentLabel): 'Paid online', 'Refund due', ... */
  payment: string;
  /** The payment's particulars under its label (amount, how), or null. */
  paymentDetail: string | null;
  /** Pay now with the hold's end, or null. */
  payNow: { heldUntil: string } | null;
  /** The items are no longer held: offer to shop again instead. */
  shopAgain: boolean;
  /** A tax invoice exists to link to. */
  invoice: boolean;
  /** Tracking has steps to show. */
  track: boolean;
}

/** Who cancelled, and when, in a sentence: 'You cancelled this order on 21 Nov 2026, 3:30 pm.' */
export function cancelledSentence(order: Pick<Order, 'cancelledBy' | 'statusHistory'>): string {
  const entry = lastChange(order.statusHistory, 'cancelled');
  const on = entry ? ` on ${formatDayTime(entry.at)}` : '';
  switch (order.cancelledBy ?? entry?.by) {
    case 'customer':
      return `You cancelled this order${on}.`;
    case 'admin':
      return `The shop cancelled this order${on}.`;
    case 'system':
      return `This order was cancelled${on} because it was not paid in time.`;
    default:
      return `This order was cancelled${on}.`;
  }
}

/** Whether a cancelled order's refund is with Razorpay but not yet made (pending): the shop says it started. */
const refundStarted = (order: Pick<Order, 'paymentStatus' | 'refund'>): boolean =>
  order.paymentStatus === 'refunded' && order.refund !== null && order.refund.status !== 'processed';

/** What happened to the money of a cancelled order, in a sentence. */
export function cancelledMoneySentence(order: Pick<Order, 'paymentStatus' | 'refund' | 'totalAmount' | 'shippingInfo'>): string {
  const amount = formatINR(order.refund?.amount ?? order.totalAmount);
  if (order.paymentStatus === 'refunded') {
    const on = order.refund?.at ? ` on ${formatDay(order.refund.at)}` : '';
    // Razorpay may still fail a refund it has not processed: until then it has started, not happened.
    if (refundStarted(order))
      return `A refund of ${amount} to your original payment method started${on}. Once Razorpay completes it, it reaches your account within 7 to 10 working days.`;
    return `${amount} was refunded${on} to your original payment method. It reaches your account within 7 to 10 working days.`;
  }
  if (order.paymentStatus === 'paid')
    return `Your payment of ${amount} will be refunded. We will ${tellYou(emailsShopper(order.shippingInfo))} when the refund is on its way.`;
  return 'You were not charged.';
}

/** How a placed order's money stands, in a sentence ('Your payment is received.' only when it was, online). */
function placedMoneySentence(order: Order): string | null {
  if (order.paymentMethod === 'razorpay') return order.paymentStatus === 'paid' ? 'Your payment is received.' : null;
  return order.paymentStatus === 'paid'
    ? 'Paid in cash on delivery.'
    : `Please keep ${formatINR(order.totalAmount)} ready in cash for the delivery.`;
}

/** The payment's particulars under its label, for the page's Payment section (null: the label says it all). */
export function paymentDetail(order: Order): string | null {
  const amount = formatINR(order.totalAmount);
  const razorpay = order.razorpayPaymentId ? `Razorpay · ${order.razorpayPaymentId}` : 'Razorpay';
  switch (paymentLabel(order)) {
    case 'Paid online':
      return `${amount} with ${razorpay}`;
    case 'Cash on delivery':
      return `${amount} to pay in cash on arrival`;
    case 'Paid in cash':
      return `${amount} paid in cash on delivery`;
    case 'Refunded':
      return `${formatINR(order.refund?.amount ?? order.totalAmount)} back to your original payment method`;
    case 'Partly refunded':
      return `${formatINR(order.refundedAmount ?? 0)} of ${amount} refunded`;
    case 'Refund due':
      return `${formatINR(order.refund?.amount ?? order.totalAmount)} paid with ${razorpay}`;
    case 'Payment not completed':
      return `${amount} online with Razorpay`;
    default:
      return null;
  }
}

/** 'We will text and email you as it moves.', naming only the channels this order's steps go out on. */
const willTell = (order: Pick<Order, 'shippingInfo'>): string => `We will ${tellYou(emailsShopper(order.shippingInfo))} as it moves.`;

/**
 * Where an order is, as its page says it. 'Thank you for your order!' only for a placed order on its way (a delivered
 * one leads with 'Delivered on …'), 'Your payment is received' only for one paid online; an unpaid attempt reads 'Payment not completed' with Pay now while
 * its items are held; a cancelled order says who cancelled it, when, and what became of the money.
 */
export function orderState(order: Order, now = Date.now()): OrderStateView {
  const base = {
    thanks: isPlaced(order) && order.status !== 'delivered',
    payment: paymentLabel(order),
    paymentDetail: paymentDetail(order),
    payNow: null,
    shopAgain: false,
    invoice: hasInvoice(order),
    track: mayTrack(order),
  };
  const money = placedMoneySentence(order);
  const lead = (...sentences: (string | null)[]): string[] => sentences.filter((s): s is string => Boolean(s));
  const on = (status: OrderStatus): string => {
    const entry = lastChange(order.statusHistory, status);
    return entry ? ` on ${formatDay(entry.at)}` : '';
  };

  switch (order.status) {
    case 'pending_payment': {
      const offer = payNowOffer(order, now);
      if (offer.kind === 'pay') {
        return {
          ...base,
          kind: 'awaiting-payment',
          headline: 'Payment not completed',
          lead: lead(
            order.paymentStatus === 'failed'
              ? 'Your payment did not go through, so this order is not placed yet.'
              : 'We have not received your payment, so this order is not placed yet. If you have just paid, it shows here within a few minutes.',
            // The hold's end stands beside the Pay now button ('Items held until 3:45 pm'), not here again.
            'Pay now to place it while your items are held.',
          ),
          payNow: { heldUntil: offer.heldUntil },
        };
      }
      return {
        ...base,
        kind: 'payment-lapsed',
        headline: 'Payment not completed',
        lead: ['The payment was not completed in time, so this order was not placed and its items are no longer held for you.'],
        shopAgain: true,
      };
    }
    case 'confirmed':
      return {
        ...base,
        kind: 'confirmed',
        headline: 'Thank you for your order!',
        lead:
          order.paymentMethod === 'razorpay' && order.paymentStatus === 'paid'
            ? ['Your payment is received and your order is confirmed.', willTell(order)]
            : lead('Your order is placed and confirmed.', money, willTell(order)),
      };
    case 'packed':
      return {
        ...base,
        kind: 'packed',
        headline: 'Your order is packed',
        lead: lead(`It was packed${on('packed')} and goes to the courier soon.`, money, willTell(order)),
      };
    case 'shipped':
      return {
        ...base,
        kind: 'shipped',
        headline: 'Your order has shipped',
        lead: lead(`It left us${on('shipped')} and is on its way to you.`, money, willTell(order)),
      };
    case 'out_for_delivery':
      return {
        ...base,
        kind: 'out-for-delivery',
        headline: 'Your order is out for delivery',
        lead: lead('The courier is bringing it to you.', money),
      };
    case 'delivered': {
      // What happened, with its day, is the headline: 'Delivered on 23 Nov 2026'.
      const day = on('delivered');
      return { ...base, kind: 'delivered', headline: day ? `Delivered${day}` : 'Delivered', lead: ['We hope you love it.'] };
    }
    case 'cancelled': {
      const kind = order.paymentStatus === 'refunded' ? 'refunded' : order.paymentStatus === 'paid' ? 'refund-due' : 'cancelled';
      const headline =
        kind === 'refunded'
          ? refundStarted(order)
            ? 'Order cancelled: refund started'
            : 'Order cancelled and refunded'
          : kind === 'refund-due'
            ? 'Order cancelled: refund due'
            : 'Order cancelled';
      return { ...base, kind, headline, lead: [cancelledSentence(order), cancelledMoneySentence(order)] };
    }
  }
}
