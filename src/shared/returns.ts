/**
 * Returns and replacements: the policy's rules (which reasons, which kinds, which windows) and the words the
 * shopper and the admin read. Pure and shared: the server enforces these, the pages show the same dates.
 */
import { formatDeliveryDay } from './delivery';
import { tellYou } from './notices';
import { indiaDay, SHOP_TIME_ZONE } from './india-time';

/** What the shopper asks for: their money back, or the piece again (another size, or one without the fault). */
export type ReturnKind = 'refund' | 'replacement';

/** Why a line comes back. */
export type ReturnReason = 'damaged' | 'not_received' | 'wrong_item' | 'defect' | 'size' | 'not_as_described' | 'changed_mind';

/** Where a request is. */
export type ReturnStatus =
  'requested' | 'approved' | 'rejected' | 'received' | 'refunded' | 'replacement_shipped' | 'replacement_delivered';

/** The condition an admin finds a returned piece in: only a sellable piece goes back into stock. */
export type ReturnCondition = 'sellable' | 'damaged';

/** Every reason, in the order the form offers them. */
export const RETURN_REASONS: readonly ReturnReason[] = [
  'damaged',
  'not_received',
  'wrong_item',
  'defect',
  'size',
  'not_as_described',
  'changed_mind',
];

/** Every status, open ones first (the admin's filter offers them in this order). */
export const RETURN_STATUSES: readonly ReturnStatus[] = [
  'requested',
  'approved',
  'received',
  'replacement_shipped',
  'refunded',
  'replacement_delivered',
  'rejected',
];

/** Statuses that still need the shop to act. */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'approved', 'received', 'replacement_shipped'];

/** The reasons as the shopper reads them. */
export const REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Damaged in transit',
  not_received: 'Marked delivered but not received',
  wrong_item: 'Wrong item sent',
  defect: 'A defect in the piece',
  size: 'Size does not fit',
  not_as_described: 'Not as described',
  changed_mind: 'Changed my mind',
};

/** The statuses as both sides read them. */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received by us',
  refunded: 'Refunded',
  replacement_shipped: 'Replacement shipped',
  replacement_delivered: 'Replacement delivered',
};

/** The kinds as both sides read them. */
export const KIND_LABELS: Record<ReturnKind, string> = { refund: 'Refund', replacement: 'Replacement' };

/** Days after delivery a line can be returned or replaced (the policy's 7 days). */
const RETURN_WINDOW_DAYS = 7;

/** Hours after delivery a damaged or missing parcel can be reported (the policy's 48 hours). */
const DAMAGE_WINDOW_HOURS = 48;

/** Reasons that must be reported within 48 hours of delivery: what the courier is answerable for. */
const URGENT_REASONS: readonly ReturnReason[] = ['damaged', 'not_received'];

/**
 * Reasons that may ask for a replacement: a piece that arrived broken, never arrived, was the wrong one or has
 * a defect, or another size. A piece that is as ordered but not wanted is returned for a refund only.
 */
const REPLACEABLE_REASONS: readonly ReturnReason[] = ['damaged', 'not_received', 'wrong_item', 'defect', 'size'];

/** Reasons with no piece to send back (it never arrived): the request goes from approved straight to refund or replacement. */
export const NOTHING_TO_RECEIVE: readonly ReturnReason[] = ['not_received'];

/** Whether this reason may ask for this kind. */
export function kindAllowed(kind: ReturnKind, reason: ReturnReason): boolean {
  return kind === 'refund' || REPLACEABLE_REASONS.includes(reason);
}

/** When a delivered order's return window closes (exactly 7 days after delivery). */
export function returnDeadline(deliveredAt: Date): Date {
  return new Date(deliveredAt.getTime() + RETURN_WINDOW_DAYS * 86_400_000);
}

/** When a damaged or missing parcel can no longer be reported (48 hours after delivery). */
export function urgentDeadline(deliveredAt: Date): Date {
  return new Date(deliveredAt.getTime() + DAMAGE_WINDOW_HOURS * 3_600_000);
}

/** 'Tue, 3 Dec' for a moment, as the day it is in India. */
export function formatIndiaDay(at: Date): string {
  return formatDeliveryDay(indiaDay(at));
}

/** '3 Dec, 4:30 pm' for a moment, India time: a 48-hour deadline needs its hour. */
function formatIndiaMoment(at: Date): string {
  return new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: SHOP_TIME_ZONE,
  }).format(at);
}

/**
 * Why a request for this reason cannot be made now (the sentence the shopper reads), or null when it can:
 * nothing before delivery, the 7-day window, and 48 hours for damaged or missing parcels.
 */
export function windowRefusal(reason: ReturnReason, deliveredAt: Date | null, now: Date): string | null {
  if (!deliveredAt) return 'Returns and replacements open once the order is delivered.';
  if (URGENT_REASONS.includes(reason)) {
    const until = urgentDeadline(deliveredAt);
    if (now.getTime() > until.getTime())
      return `A damaged or missing parcel must be reported within 48 hours of delivery (by ${formatIndiaMoment(until)}). Please contact us.`;
  }
  const until = returnDeadline(deliveredAt);
  if (now.getTime() > until.getTime())
    return `Returns and replacements for this order closed on ${formatIndiaDay(until)} (7 days after delivery).`;
  return null;
}

/** The moment an order was delivered: its last 'delivered' step, or null while it is not delivered. */
export function deliveredAt(order: { status: string; statusHistory: readonly { status: string; at: string | Date }[] }): Date | null {
  if (order.status !== 'delivered') return null;
  const step = [...order.statusHistory].reverse().find((h) => h.status === 'delivered');
  return step ? new Date(step.at) : null;
}

/** A return request's id: one per order line, so a repeated or doubled request finds the same one. */
export function returnId(orderId: string, lineIndex: number): string {
  return `${orderId}-${lineIndex}`;
}

/**
 * What happens next, in the shopper's words. `emailed`: whether the order has an email address, so the shop's
 * answers are emailed as well as texted (receiving the piece sends nothing; its refund or replacement does).
 */
export function nextStepText(r: { status: ReturnStatus; kind: ReturnKind; reason: ReturnReason }, emailed: boolean): string {
  const tell = tellYou(emailed);
  switch (r.status) {
    case 'requested':
      return `We will look at your request within 2 working days and ${tell} our answer.`;
    case 'approved':
      if (NOTHING_TO_RECEIVE.includes(r.reason))
        return r.kind === 'refund'
          ? 'We will refund this piece to your original payment method.'
          : `We will send you a replacement free of charge and ${tell} its tracking number.`;
      return r.kind === 'refund'
        ? `Please send the piece back in its original packing; once it reaches us we refund it and ${tell}.`
        : `Please send the piece back in its original packing; once it reaches us we send the replacement free of charge and ${tell} its tracking number.`;
    case 'received':
      return r.kind === 'refund'
        ? 'We have the piece. Your refund is on its way: 7 to 10 working days for online payments, 7 for cash on delivery.'
        : 'We have the piece. Your replacement ships soon, free of charge.';
    default:
      return '';
  }
}
