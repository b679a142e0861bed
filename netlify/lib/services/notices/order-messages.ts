/**
 * The words of every message the shop sends a shopper about an order: texts (kept short and in GSM
 * characters, so one SMS stays one SMS: 'Rs' rather than '₹') and emails (plain text and HTML). Pure: the
 * order, the shopper's first name and the shop's address in, messages out.
 */
import { trackingLink } from '@shared/couriers';
import { formatDeliveryDay } from '@shared/delivery';
import { discountLabel } from '@shared/discounts';
import { formatPaiseAsINR, toRupees } from '@shared/money';
import { emailsShopper } from '@shared/notices';
import { orderNumber, paymentLabel, STATUS_LABELS, type OrderStatus } from '@shared/orders';
import { deliveryChargeLabel } from '@shared/pricing';
import { formatPhone } from '@shared/phone';
import { deliveredAt, formatIndiaDay, returnDeadline } from '@shared/returns';
import { routes } from '@shared/routes';
import { sizeText } from '@shared/sizes';
import type { OrderDoc } from '../../collections';
import type { MailMessage } from '../mail';
import type { SmsMessage } from '../sms';

/** Events a shopper hears about: the order placed or paid, a status step, a cancellation, a refund. */
export type NoticeEvent =
  'confirmed' | 'cancelled' | 'refunded' | Extract<OrderStatus, 'packed' | 'shipped' | 'out_for_delivery' | 'delivered'>;

/**
 * A refund of lines or of everything left: 'refund-<ledger key>', so each of several partial refunds queues
 * its own '<event>:<channel>' keys and is texted (and emailed) once.
 */
export type RefundNoticeEvent = `refund-${string}`;

/** The refund notice key of a cancelled order's whole refund (ledger keys start with 'r' and a hash, so never this). */
export const WHOLE_REFUND_KEY = 'whole';

/** Whether an event is a ledger refund's. */
const isRefundNotice = (event: string): event is RefundNoticeEvent => event.startsWith('refund-');

/** The keys a processed refund queues: a text always, an email when there is an address. */
export function refundNoticeKeys(entryKey: string, order: Pick<OrderDoc, 'shippingInfo'>): string[] {
  return channelsOf(order).map((channel) => `refund-${entryKey}:${channel}`);
}

/** A ledger refund's amount (paise) and how it went back, in words for the shopper. */
function ledgerRefundSentence(order: OrderDoc, event: RefundNoticeEvent): { paise: number; how: string } {
  const key = event.slice('refund-'.length);
  const entry = order.refunds?.[key];
  // A cancelled order's whole refund is told by WHOLE_REFUND_KEY once Razorpay makes it, an admin's retry of it by
  // the retry's key (see refundsService.retryFailedRefund).
  const whole = order.refund && (order.refund.retryKey === key || key === WHOLE_REFUND_KEY);
  const paise = entry?.paise ?? (whole ? order.refund!.amountPaise : 0);
  const how =
    entry?.method === 'upi'
      ? `by UPI${entry.reference ? ` (reference ${entry.reference})` : ''}`
      : entry?.method === 'bank_transfer'
        ? `by bank transfer${entry.reference ? ` (reference ${entry.reference})` : ''}`
        : 'to your original payment method; it reaches your account within 7 to 10 working days';
  return { paise, how };
}

/** The channels a message goes out on. */
export type NoticeChannel = 'sms' | 'email';

/**
 * The channels every event of an order goes out on: a text always, and an email when the shopper gave an
 * address at checkout. The same for every event, because the pages promise it ('texted and emailed').
 */
function channelsOf(order: Pick<OrderDoc, 'shippingInfo'>): NoticeChannel[] {
  return emailsShopper(order.shippingInfo) ? ['sms', 'email'] : ['sms'];
}

/** The '<event>:<channel>' keys an event queues for an order: a text always, an email when there is an address. */
export function noticeKeys(event: NoticeEvent, order: Pick<OrderDoc, 'shippingInfo'>): string[] {
  return channelsOf(order).map((channel) => `${event}:${channel}`);
}

/** What the messages need besides the order. */
export interface MessageContext {
  /** The shop's public URL, for links (no trailing slash). */
  siteUrl: string;
  /** The shopper's first name, for the greeting. */
  firstName: string;
  /** The account's phone, where texts go. */
  phone: string;
}

/**
 * Rupees in a text: 'Rs 1,250', or 'Rs 2,168.20' with paise (a discount often leaves some; never 'Rs 2,168.2').
 * The rupee sign would turn a text into a costlier Unicode SMS.
 */
const smsAmount = (paise: number): string => {
  const rupees = toRupees(paise);
  const digits = Number.isInteger(rupees) ? 0 : 2;
  return `Rs ${rupees.toLocaleString('en-IN', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
};

/**
 * The discount code's saving for a text, briefly: 'Saved Rs 200 with DIWALI10.' ('' without one). A
 * `saving` template variable carries it too, for a DLT template registered with it.
 */
const smsSaving = (order: OrderDoc): string =>
  order.discount && order.discount.amountPaise > 0 ? `Saved ${smsAmount(order.discount.amountPaise)} with ${order.discount.code}.` : '';

const orderLink = (ctx: MessageContext, order: OrderDoc): string => `${ctx.siteUrl}${routes.orderSuccess(order._id.toHexString())}`;
const invoiceLink = (ctx: MessageContext, order: OrderDoc): string => `${ctx.siteUrl}${routes.invoice(order._id.toHexString())}`;

/**
 * Whether the cancelled order's money is back: Razorpay confirmed its whole refund (processed) or, without one, line
 * refunds had refunded everything already. Until then a message says the refund has started, never that it is done:
 * Razorpay may still fail it.
 */
const refundConfirmed = (order: OrderDoc): boolean =>
  order.refund ? order.refund.status === 'processed' : order.paymentStatus === 'refunded';

/** How a refund of this order reads: amount and when it arrives. */
function refundSentence(order: OrderDoc): string {
  const paise = order.refund?.amountPaise ?? order.totalPaise;
  if (order.refund?.status === 'failed' || (order.paymentStatus === 'paid' && order.status === 'cancelled'))
    return `Your payment of ${formatPaiseAsINR(paise)} will be refunded; we will write when it is on its way.`;
  if (!refundConfirmed(order))
    return `We have started a refund of ${formatPaiseAsINR(paise)} to your original payment method. Once Razorpay completes it, it reaches your account within 7 to 10 working days.`;
  return `${formatPaiseAsINR(paise)} has been refunded to your original payment method. It reaches your account within 7 to 10 working days.`;
}

/** The text for an event. */
export function smsFor(event: NoticeEvent | RefundNoticeEvent, order: OrderDoc, ctx: MessageContext): SmsMessage {
  const number = orderNumber(order._id.toHexString());
  const link = orderLink(ctx, order);
  if (isRefundNotice(event)) {
    const { paise, how } = ledgerRefundSentence(order, event);
    const refunded = smsAmount(paise);
    return {
      to: ctx.phone,
      template: 'order_status',
      vars: { order: number, status: `${refunded} refunded` },
      text: `Chandi Kala: ${refunded} of order ${number} has been refunded ${how.startsWith('to') ? '(7 to 10 working days)' : how}. Details: ${link}`,
    };
  }
  const amount = smsAmount(order.totalPaise);
  switch (event) {
    case 'confirmed': {
      const saving = smsSaving(order);
      const saved = saving ? ` ${saving}` : '';
      const text =
        order.paymentMethod === 'cod'
          ? `Chandi Kala: order ${number} for ${amount} is confirmed. Please pay ${amount} in cash on delivery.${saved} Details: ${link}`
          : `Chandi Kala: payment of ${amount} received, order ${number} is confirmed.${saved} Details: ${link}`;
      return { to: ctx.phone, template: 'order_confirmed', vars: { order: number, amount, link, ...(saving ? { saving } : {}) }, text };
    }
    case 'refunded': {
      const refunded = smsAmount(order.refund?.amountPaise ?? order.totalPaise);
      const done = refundConfirmed(order);
      return {
        to: ctx.phone,
        template: 'order_status',
        vars: { order: number, status: done ? `cancelled, ${refunded} refunded` : `cancelled, refund of ${refunded} started` },
        text: done
          ? `Chandi Kala: your payment of ${refunded} for cancelled order ${number} has been refunded (7 to 10 working days). Details: ${link}`
          : `Chandi Kala: refund of your payment of ${refunded} for cancelled order ${number} started (7 to 10 working days once done). Details: ${link}`,
      };
    }
    case 'cancelled': {
      const money = smsAmount(order.refund?.amountPaise ?? order.totalPaise);
      const refunded =
        order.paymentStatus !== 'refunded' ? '' : refundConfirmed(order) ? `, ${money} refunded` : `, refund of ${money} started`;
      return {
        to: ctx.phone,
        template: 'order_status',
        vars: { order: number, status: `Cancelled${refunded}` },
        text: `Chandi Kala: your order ${number} is now Cancelled${refunded}. Details: ${link}`,
      };
    }
    default: {
      // Shipped names the courier and the AWB number in the status, so the registered status template carries them.
      const status =
        event === 'shipped' && order.shipment
          ? `${STATUS_LABELS[event]} with ${order.shipment.courier} (AWB ${order.shipment.awb})`
          : STATUS_LABELS[event];
      return {
        to: ctx.phone,
        template: 'order_status',
        vars: { order: number, status },
        text: `Chandi Kala: your order ${number} is now ${status}. Details: ${link}`,
      };
    }
  }
}

/** Escapes text for HTML. */
const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The delivery address as lines. */
function addressLines(order: OrderDoc): string[] {
  const a = order.shippingInfo;
  return [
    `${a.firstName} ${a.lastName}`,
    a.apartment ? `${a.address}, ${a.apartment}` : a.address,
    `${a.city}, ${a.state} ${a.pincode}`,
    `${a.country} · ${formatPhone(a.phone)}`,
  ];
}

/**
 * The money rows of the summary, in the order pages' words: subtotal, the discount code's row when the order
 * used one ('Discount (DIWALI10)', '−₹200'), the COD fee or free shipping, total.
 */
function totalRows(order: OrderDoc): [string, string][] {
  const discount = order.discount && order.discount.amountPaise > 0 ? order.discount : null;
  return [
    ['Subtotal', formatPaiseAsINR(order.subtotalPaise)],
    ...(discount ? [[discountLabel(discount.code), `\u2212${formatPaiseAsINR(discount.amountPaise)}`] as [string, string]] : []),
    [deliveryChargeLabel(order.shippingPaise), order.shippingPaise ? formatPaiseAsINR(order.shippingPaise) : 'Free'],
    ['Total', formatPaiseAsINR(order.totalPaise)],
  ];
}

/** 'Please keep ₹1,700 ready in cash for the delivery.' while a cash-on-delivery order's cash is due, else ''. */
const cashDue = (order: OrderDoc): string =>
  order.paymentStatus === 'cod_pending' ? ` Please keep ${formatPaiseAsINR(order.totalPaise)} ready in cash for the delivery.` : '';

/**
 * What a delivered order's shopper may still do, as src/shared/returns.ts enforces it: ask to return or replace
 * a piece from the order page within 7 days of delivery, and report a damaged or missing parcel within 48 hours.
 */
function returnsSentence(order: OrderDoc): string {
  const at = deliveredAt(order);
  const until = at ? ` until ${formatIndiaDay(returnDeadline(at))} (7 days after delivery)` : ' within 7 days of delivery';
  return `If a piece is not right, you can ask to return or replace it from your order page${until}; a damaged or missing parcel must be reported within 48 hours of delivery.`;
}

/**
 * The subject and opening of an email for an event, in the order page's words. `link`: where the shopper
 * follows the parcel (the courier's page, or the admin's link), which the HTML part makes clickable.
 */
function headlineOf(
  event: NoticeEvent | RefundNoticeEvent,
  order: OrderDoc,
  orderUrl: string,
): { subject: string; lead: string; link?: string } {
  const number = orderNumber(order._id.toHexString());
  if (isRefundNotice(event)) {
    const { paise, how } = ledgerRefundSentence(order, event);
    return { subject: `Refund for order ${number}`, lead: `We have refunded ${formatPaiseAsINR(paise)} of your order ${number} ${how}.` };
  }
  switch (event) {
    case 'confirmed':
      // Sent only to a shopper with an email address, so every later step is emailed too.
      return order.paymentMethod === 'cod'
        ? {
            subject: `Order ${number} is confirmed`,
            lead: `Thank you for your order. It is confirmed, and we will text and email you as it moves. Please keep ${formatPaiseAsINR(order.totalPaise)} ready in cash for the delivery.`,
          }
        : {
            subject: `Order ${number} is confirmed: payment received`,
            lead: `Thank you for your order. Your payment of ${formatPaiseAsINR(order.totalPaise)} is received and your order is confirmed. We will text and email you as it moves.`,
          };
    case 'cancelled':
      return {
        subject: `Order ${number} is cancelled`,
        lead: `Your order ${number} is cancelled.${order.paymentStatus === 'refunded' || order.paymentStatus === 'paid' ? ` ${refundSentence(order)}` : ''}`,
      };
    case 'refunded':
      return {
        subject: `Refund for order ${number}`,
        lead: `Your payment for order ${number} arrived after the order was cancelled, so we have not taken it: ${refundSentence(order)}`,
      };
    case 'packed':
      return {
        subject: `Order ${number} is packed`,
        lead: `Your order ${number} is packed and goes to the courier soon. We will write again with its tracking number when it ships.${cashDue(order)}`,
      };
    case 'shipped': {
      if (!order.shipment) return { subject: `Order ${number} has shipped`, lead: `Your order ${number} has shipped.${cashDue(order)}` };
      const { courier, awb, expectedDelivery } = order.shipment;
      const link = trackingLink(order.shipment);
      const by = expectedDelivery ? ` The courier expects to deliver it by ${formatDeliveryDay(expectedDelivery)}.` : '';
      // A courier without a tracking page of its own ('Other' with no link): the order page shows the parcel's facts.
      const follow = link ? ` Follow it on ${courier}'s site: ${link}` : ` Follow it from your order page: ${orderUrl}`;
      return {
        subject: `Order ${number} has shipped`,
        lead: `Your order ${number} has shipped with ${courier}, tracking number ${awb}.${by}${follow}${cashDue(order)}`,
        link: link ?? orderUrl,
      };
    }
    case 'out_for_delivery': {
      const parcel = order.shipment ? ` (${order.shipment.courier}, tracking number ${order.shipment.awb})` : '';
      return {
        subject: `Order ${number} is out for delivery`,
        lead: `Your order ${number} is out for delivery${parcel}: the courier is bringing it to you.${cashDue(order)}`,
      };
    }
    case 'delivered':
      return {
        subject: `Order ${number} is delivered`,
        lead: `Your order ${number} was delivered. We hope you love it. ${returnsSentence(order)}`,
      };
  }
}

/** The email for an event: the summary, totals, delivery address and links to the order and its invoice. */
export function emailFor(event: NoticeEvent | RefundNoticeEvent, order: OrderDoc, ctx: MessageContext, to: string): MailMessage {
  const orderUrl = orderLink(ctx, order);
  const { subject, lead, link } = headlineOf(event, order, orderUrl);
  const number = orderNumber(order._id.toHexString());
  const lines = order.products.map((l) => ({
    name: l.size ? `${l.name} (${sizeText(l)})` : l.name,
    quantity: l.quantity,
    total: formatPaiseAsINR(l.pricePaise * l.quantity),
  }));
  const totals = totalRows(order);
  const address = addressLines(order);
  const payment = paymentLabel(order);
  const invoiceUrl = invoiceLink(ctx, order);
  // As on the order page: an invoice exists once an order is placed, and a cancelled order keeps one it was given.
  const hasInvoice = order.status !== 'pending_payment' && (order.status !== 'cancelled' || Boolean(order.invoiceNumber));

  const text = [
    `Hello ${ctx.firstName},`,
    '',
    lead,
    '',
    `Order ${number}`,
    ...lines.map((l) => `  ${l.name} × ${l.quantity}  ${l.total}`),
    ...totals.map(([k, v]) => `  ${k}: ${v}`),
    `  Payment: ${payment}`,
    '',
    'Delivery address:',
    ...address.map((a) => `  ${a}`),
    '',
    `Your order: ${orderUrl}`,
    ...(hasInvoice ? [`Tax invoice: ${invoiceUrl}`] : []),
    '',
    'Chandi Kala · 92.5 sterling silver jewellery',
  ].join('\n');

  const cell = 'padding:6px 0;border-bottom:1px solid #e6e1d8;';
  // The tracking link in the lead is clickable in the HTML part (the plain text shows it as it is).
  const leadHtml = link ? esc(lead).replace(esc(link), () => `<a href="${esc(link)}" style="color:#1f3a4d">${esc(link)}</a>`) : esc(lead);
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#f7f4ef;font-family:Arial,Helvetica,sans-serif;color:#1f2a33">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:8px;padding:24px">
<tr><td style="font-size:20px;font-weight:bold;color:#1f3a4d;padding-bottom:12px">Chandi Kala</td></tr>
<tr><td style="font-size:15px;line-height:1.5">Hello ${esc(ctx.firstName)},<p>${leadHtml}</p></td></tr>
<tr><td style="padding-top:8px"><h2 style="font-size:16px;margin:0 0 8px">Order ${esc(number)}</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px">
${lines.map((l) => `<tr><td style="${cell}">${esc(l.name)} × ${l.quantity}</td><td align="right" style="${cell}">${esc(l.total)}</td></tr>`).join('\n')}
${totals.map(([k, v], i) => `<tr><td style="padding:4px 0;${i === totals.length - 1 ? 'font-weight:bold' : ''}">${esc(k)}</td><td align="right" style="padding:4px 0;${i === totals.length - 1 ? 'font-weight:bold' : ''}">${esc(v)}</td></tr>`).join('\n')}
<tr><td style="padding:4px 0">Payment</td><td align="right" style="padding:4px 0">${esc(payment)}</td></tr>
</table></td></tr>
<tr><td style="padding-top:16px;font-size:14px;line-height:1.5"><h2 style="font-size:16px;margin:0 0 4px">Delivery address</h2>${address.map(esc).join('<br>')}</td></tr>
<tr><td style="padding-top:20px"><a href="${esc(orderUrl)}" style="display:inline-block;background:#1f3a4d;color:#fff;text-decoration:none;padding:10px 18px;border-radius:4px;font-size:14px">View your order</a>
${hasInvoice ? `&nbsp; <a href="${esc(invoiceUrl)}" style="color:#1f3a4d;font-size:14px">Tax invoice</a>` : ''}</td></tr>
<tr><td style="padding-top:24px;font-size:12px;color:#6b7680">Chandi Kala · 92.5 sterling silver jewellery. You receive this email because you placed an order with this address.</td></tr>
</table></td></tr></table></body></html>`;

  return { to, subject: `Chandi Kala: ${subject}`, text, html };
}
