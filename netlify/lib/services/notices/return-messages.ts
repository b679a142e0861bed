/**
 * The words of the messages about a return request: a text (GSM characters only, like the order texts) and an
 * email, when the request is approved, rejected (with the admin's note) and when its replacement ships.
 */
import { trackingLink } from '@shared/couriers';
import { KIND_LABELS, NOTHING_TO_RECEIVE } from '@shared/returns';
import { routes } from '@shared/routes';
import type { ReturnDoc } from '../../collections';
import type { MailMessage } from '../mail';
import type { SmsMessage } from '../sms';
import type { MessageContext } from './order-messages';

/** Events of a request the shopper hears about. */
export type ReturnNoticeEvent = 'approved' | 'rejected' | 'replacement_shipped';

/** The '<event>:<channel>' keys an event queues on the request: a text always, an email when the order has an address. */
export function returnNoticeKeys(event: ReturnNoticeEvent, emailed: boolean): string[] {
  return emailed ? [`${event}:sms`, `${event}:email`] : [`${event}:sms`];
}

/** An admin's note ending as a sentence, so the text's link that follows reads apart from it. */
const sentenceOf = (note: string): string => (/[.!?]$/.test(note.trim()) ? note.trim() : `${note.trim()}.`);

/** What the shopper is told, in one sentence (the text's status and the email's lead). */
function sentence(event: ReturnNoticeEvent, r: ReturnDoc): string {
  const what = `${KIND_LABELS[r.kind].toLowerCase()} of ${r.name}${r.quantity > 1 ? ` (${r.quantity} pieces)` : ''}`;
  switch (event) {
    case 'approved': {
      const next = NOTHING_TO_RECEIVE.includes(r.reason)
        ? r.kind === 'refund'
          ? 'We will refund it to your original payment method.'
          : 'We will send the replacement free of charge.'
        : 'Please send the piece back in its original packing.';
      return `Your ${what} (order ${r.orderNumber}) is approved. ${next}${r.adminNote ? ` Note: ${sentenceOf(r.adminNote)}` : ''}`;
    }
    case 'rejected':
      return `Your request for a ${what} (order ${r.orderNumber}) is not approved. ${sentenceOf(r.adminNote)}`;
    case 'replacement_shipped':
      return `The replacement of ${r.name} (order ${r.orderNumber}) has shipped free of charge with ${r.shipment?.courier ?? 'our courier'} (AWB ${r.shipment?.awb ?? ''}).`;
  }
}

const subjects: Record<ReturnNoticeEvent, (r: ReturnDoc) => string> = {
  approved: (r) => `Your ${KIND_LABELS[r.kind].toLowerCase()} request for order ${r.orderNumber} is approved`,
  rejected: (r) => `Your return request for order ${r.orderNumber}`,
  replacement_shipped: (r) => `Your replacement for order ${r.orderNumber} has shipped`,
};

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The text for an event of a request. */
export function returnSms(event: ReturnNoticeEvent, r: ReturnDoc, ctx: MessageContext): SmsMessage {
  const link = `${ctx.siteUrl}${routes.orderSuccess(r.orderId.toHexString())}`;
  // Texts stay in GSM characters: no rupee sign, no curly quotes.
  const said = sentence(event, r);
  // As the order texts read: 'Chandi Kala: your ...'.
  const text = `Chandi Kala: ${said.charAt(0).toLowerCase()}${said.slice(1)} Details: ${link}`.replace(/[\u2018\u2019]/g, "'");
  return { to: ctx.phone, template: 'order_status', vars: { order: r.orderNumber, status: sentence(event, r) }, text };
}

/** The email for an event of a request. */
export function returnEmail(event: ReturnNoticeEvent, r: ReturnDoc, ctx: MessageContext, to: string): MailMessage {
  const link = `${ctx.siteUrl}${routes.orderSuccess(r.orderId.toHexString())}`;
  const lead = sentence(event, r);
  const tracking = event === 'replacement_shipped' && r.shipment ? trackingLink(r.shipment) : null;
  const text = [
    `Hello ${ctx.firstName},`,
    '',
    lead,
    ...(tracking ? ['', `Follow it: ${tracking}`] : []),
    '',
    `Your order: ${link}`,
    '',
    'Chandi Kala · 92.5 sterling silver jewellery',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#f7f4ef;font-family:Arial,Helvetica,sans-serif;color:#1f2a33">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:8px;padding:24px">
<tr><td style="font-size:20px;font-weight:bold;color:#1f3a4d;padding-bottom:12px">Chandi Kala</td></tr>
<tr><td style="font-size:15px;line-height:1.5">Hello ${esc(ctx.firstName)},<p>${esc(lead)}</p>${tracking ? `<p><a href="${esc(tracking)}" style="color:#1f3a4d">Follow the replacement</a></p>` : ''}</td></tr>
<tr><td style="padding-top:12px"><a href="${esc(link)}" style="display:inline-block;background:#1f3a4d;color:#fff;text-decoration:none;padding:10px 18px;border-radius:4px;font-size:14px">View your order</a></td></tr>
<tr><td style="padding-top:24px;font-size:12px;color:#6b7680">Chandi Kala · 92.5 sterling silver jewellery. You receive this email because you placed an order with this address.</td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject: `Chandi Kala: ${subjects[event](r)}`, text, html };
}
