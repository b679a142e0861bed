/**
 * The admin's refund panel: which lines and how many units to refund (or everything left), how a cash
 * order's money went back, a confirmation that says what will happen, and the call. The server computes the
 * amount and refuses what is no longer refundable; the preview here mirrors its rule so the admin sees the
 * same figure before confirming. One Idempotency-Key per confirmed refund: a retry after a dropped answer
 * sends the same key, so the shopper is refunded once.
 */
import { lineValuePaise, orderInPaise } from '@shared/discounts';
import { map } from 'nanostores';
import { refundsApiPaths, type CreateRefundResponse, type OrderRefundEntry } from '@shared/api/refunds';
import type { AdminOrder, AdminOrderResponse } from '@shared/api/orders';
import { formatINR, formatPaiseAsINR, toPaise } from '@shared/money';
import { emailsShopper, toldBy } from '@shared/notices';
import { callApi } from '../auth/api-client';
import { $openOrder } from './admin-orders.store';

/** How a refund goes back. */
export type RefundMethod = OrderRefundEntry['method'];

/** One line as the panel offers it: bought, already refunded (or being refunded), and what is left. */
export interface RefundableLine {
  index: number;
  name: string;
  bought: number;
  refunded: number;
  left: number;
}

/** Units of each line refunded or being refunded (failed refunds gave theirs back). */
export function refundedUnits(order: Pick<AdminOrder, 'refunds'>): Record<number, number> {
  const units: Record<number, number> = {};
  for (const r of order.refunds ?? []) {
    if (r.status === 'failed') continue;
    for (const l of r.lines) units[l.index] = (units[l.index] ?? 0) + l.quantity;
  }
  return units;
}

/** The order's lines with what can still be refunded of each (units a replacement was sent for are not). */
export function refundableLines(order: AdminOrder): RefundableLine[] {
  const done = refundedUnits(order);
  return order.products.map((l, index) => {
    const refunded = done[index] ?? 0;
    const replaced = order.replacedQty?.[String(index)] ?? 0;
    const name = l.size ? `${l.productId.name} (${l.sizeName ?? 'Size'} ${l.size})` : l.productId.name;
    return { index, name, bought: l.quantity, refunded, left: Math.max(0, l.quantity - refunded - replaced) };
  });
}

/** The value in paise of the units a replacement was sent for (the last units of each line), as the server counts it. */
function replacedPaise(order: AdminOrder): number {
  const inPaise = orderInPaise(order);
  return order.products.reduce((sum, l, index) => {
    const replaced = order.replacedQty?.[String(index)] ?? 0;
    return replaced ? sum + lineValuePaise(inPaise, index, l.quantity) - lineValuePaise(inPaise, index, l.quantity - replaced) : sum;
  }, 0);
}

/** Paise still refundable on the order (what was paid less refunds made or under way, and less pieces replaced). */
export const leftToRefundPaise = (order: AdminOrder): number =>
  toPaise(order.totalAmount) - toPaise(order.refundedAmount ?? 0) - replacedPaise(order);

/** Whether the order can be refunded from this panel now. */
export const canRefund = (order: AdminOrder): boolean => order.paymentStatus === 'paid' && !order.refund && leftToRefundPaise(order) > 0;

/** The refund amount the current choice comes to, in paise. */
export function previewPaise(order: AdminOrder, choice: { all: boolean; quantities: Record<string, number> }): number {
  if (choice.all) return leftToRefundPaise(order);
  const done = refundedUnits(order);
  const inPaise = orderInPaise(order);
  return Object.entries(choice.quantities).reduce((sum, [i, q]) => {
    const index = Number(i);
    if (!q) return sum;
    const before = done[index] ?? 0;
    return sum + lineValuePaise(inPaise, index, before + q) - lineValuePaise(inPaise, index, before);
  }, 0);
}

/** What will happen, in words, before the admin confirms. */
export function confirmationText(order: AdminOrder, paise: number, method: RefundMethod, reference: string): string {
  const amount = formatPaiseAsINR(paise);
  const money =
    method === 'razorpay'
      ? `${amount} goes back to the shopper's original payment through Razorpay`
      : `${amount} is recorded as paid back to the shopper by ${method === 'upi' ? 'UPI' : 'bank transfer'} (reference ${reference})`;
  const note = order.invoiceNumber
    ? `a credit note will be issued against invoice ${order.invoiceNumber}`
    : 'the tax invoice is issued now and a credit note against it';
  const told = `the shopper will be ${toldBy(emailsShopper(order.shippingInfo))}`;
  return `${money}; ${note}; ${told}.`;
}

/** A refund's status in words. */
export const refundStatusLabel = (status: OrderRefundEntry['status']): string =>
  status === 'processed' ? 'Refunded' : status === 'failed' ? 'Failed' : 'Processing';

/** How a refund went back, in words. */
export const refundMethodLabel = (r: Pick<OrderRefundEntry, 'method' | 'reference' | 'razorpayRefundId'>): string =>
  r.method === 'razorpay'
    ? `Razorpay${r.razorpayRefundId ? ` · ${r.razorpayRefundId}` : ''}`
    : `${r.method === 'upi' ? 'UPI' : 'Bank transfer'}${r.reference ? ` · ${r.reference}` : ''}`;

/** The panel's state. */
export interface RefundFormState {
  orderId: string | null;
  quantities: Record<string, number>;
  all: boolean;
  method: RefundMethod;
  reference: string;
  step: 'choose' | 'confirm';
  /** The Idempotency-Key of the refund being confirmed (kept for a retry after a dropped answer). */
  key: string | null;
  busy: boolean;
  notice: { kind: 'success' | 'error'; text: string } | null;
}

/** The refund panel of the open order. */
export const $refundForm = map<RefundFormState>({
  orderId: null,
  quantities: {},
  all: false,
  method: 'razorpay',
  reference: '',
  step: 'choose',
  key: null,
  busy: false,
  notice: null,
});

/** Starts the panel afresh for an order (keeps a notice about it). */
export function resetRefundForm(order: AdminOrder, notice: RefundFormState['notice'] = null): void {
  $refundForm.set({
    orderId: order._id,
    quantities: {},
    all: false,
    method: order.paymentMethod === 'cod' ? 'upi' : 'razorpay',
    reference: '',
    step: 'choose',
    key: null,
    busy: false,
    notice,
  });
}

/** Sets how many units of a line to refund (clamped to what is left). */
export function setRefundQuantity(order: AdminOrder, index: number, quantity: number): void {
  const line = refundableLines(order)[index];
  const q = Number.isFinite(quantity) ? Math.max(0, Math.min(line?.left ?? 0, Math.trunc(quantity))) : 0;
  $refundForm.set({ ...$refundForm.get(), quantities: { ...$refundForm.get().quantities, [index]: q }, notice: null });
}

/** Chooses "everything left" (or back to lines). */
export function setRefundAll(all: boolean): void {
  $refundForm.set({ ...$refundForm.get(), all, notice: null });
}

/** Sets how a cash order's refund was paid, and its reference. */
export function setRefundMethod(method: RefundMethod): void {
  $refundForm.setKey('method', method);
}

/** Sets the UPI or bank transfer reference. */
export function setRefundReference(reference: string): void {
  $refundForm.setKey('reference', reference);
}

/** Moves to the confirmation if the choice makes a refund; otherwise says what is missing. */
export function reviewRefund(order: AdminOrder): boolean {
  const s = $refundForm.get();
  const paise = previewPaise(order, s);
  let problem: string | null = null;
  if (paise <= 0) problem = 'Choose how many of a line to refund, or everything left.';
  else if (s.method === 'razorpay' && paise < 100) problem = 'Razorpay refunds at least ₹1.';
  else if (s.method !== 'razorpay' && !s.reference.trim()) problem = `Enter the ${s.method === 'upi' ? 'UPI' : 'bank transfer'} reference.`;
  if (problem) {
    $refundForm.set({ ...s, notice: { kind: 'error', text: problem } });
    return false;
  }
  $refundForm.set({ ...s, step: 'confirm', key: crypto.randomUUID(), notice: null });
  return true;
}

/** Back from the confirmation to the choice. */
export function backToRefundChoice(): void {
  $refundForm.set({ ...$refundForm.get(), step: 'choose', key: null });
}

/** Sends the confirmed refund; the open order shows it on success. */
export async function submitRefund(order: AdminOrder, fetchImpl?: typeof fetch): Promise<boolean> {
  const s = $refundForm.get();
  if (s.step !== 'confirm' || !s.key || s.busy) return false;
  $refundForm.set({ ...s, busy: true, notice: null });
  const body = s.all
    ? { all: true, method: s.method, ...(s.method === 'razorpay' ? {} : { reference: s.reference.trim() }) }
    : {
        lines: Object.entries(s.quantities)
          .filter(([, q]) => q > 0)
          .map(([index, quantity]) => ({ index: Number(index), quantity })),
        method: s.method,
        ...(s.method === 'razorpay' ? {} : { reference: s.reference.trim() }),
      };
  const r = await callApi<CreateRefundResponse>(
    refundsApiPaths.adminRefunds(order._id),
    { method: 'POST', body, auth: true, headers: { 'Idempotency-Key': s.key } },
    fetchImpl,
  );
  if (r.ok) {
    const open = $openOrder.get();
    if (open?.status === 'ready' && open.order._id === order._id) $openOrder.set({ status: 'ready', order: r.data.order });
    const kind = r.data.refund.status === 'failed' ? 'error' : 'success';
    const text =
      r.data.refund.status === 'failed'
        ? `The refund of ${formatINR(r.data.refund.amount)} failed. The order is flagged: refund it again or by hand.`
        : r.data.refund.status === 'processed'
          ? `${formatINR(r.data.refund.amount)} refunded.`
          : `Refund of ${formatINR(r.data.refund.amount)} requested from Razorpay; it shows as refunded when Razorpay confirms.`;
    resetRefundForm(r.data.order, { kind, text });
    return true;
  }
  // No answer, a server or gateway error, or a refund still being made: the refund may have been recorded, so the
  // same key is kept and trying again answers that refund instead of making a second one. Only a refusal
  // decided before anything was written (400, 403, 404, a 409 about the order) lets the admin choose again.
  const keep = r.status === 0 || r.status >= 500 || (r.status === 409 && /being made|at the same time/i.test(r.message ?? ''));
  $refundForm.set({
    ...$refundForm.get(),
    busy: false,
    ...(keep ? {} : { step: 'choose' as const, key: null }),
    notice: { kind: 'error', text: r.message ?? 'The refund could not be made. Please try again.' },
  });
  return false;
}

/**
 * Whether the order's refund (a cancelled order's whole refund) may be retried from the order page: it failed for
 * certain (Razorpay refused it or reported it failed; after an unclear failure it may have been made), or an admin's
 * retry never heard Razorpay's answer (the server asks again for that same retry, never a second refund).
 */
export const canRetryRefund = (order: AdminOrder): boolean =>
  order.paymentStatus === 'paid' &&
  ((order.refund?.status === 'failed' && order.refund.failure !== undefined) ||
    (order.refund?.status === 'requested' && order.refund.retry === true));

/** The Retry refund button's state: the key of the retry being made (kept after a dropped answer), busy, and what happened. */
export const $refundRetry = map<{ orderId: string | null; key: string | null; busy: boolean }>({ orderId: null, key: null, busy: false });

/**
 * Retries a cancelled order's failed refund (POST refund-retry): one Idempotency-Key per retry, kept after an
 * unclear answer so trying again answers that retry instead of refunding twice. The notice says what happened.
 */
export async function retryRefund(order: AdminOrder, fetchImpl?: typeof fetch): Promise<boolean> {
  const state = $refundRetry.get();
  if (state.busy) return false;
  const key = state.orderId === order._id && state.key ? state.key : crypto.randomUUID();
  $refundRetry.set({ orderId: order._id, key, busy: true });
  const r = await callApi<AdminOrderResponse>(
    refundsApiPaths.adminRefundRetry(order._id),
    { method: 'POST', body: {}, auth: true, headers: { 'Idempotency-Key': key } },
    fetchImpl,
  );
  const keep = !r.ok && (r.status === 0 || r.status >= 500);
  $refundRetry.set({ orderId: order._id, key: keep ? key : null, busy: false });
  if (r.ok) {
    const open = $openOrder.get();
    if (open?.status === 'ready' && open.order._id === order._id) $openOrder.set({ status: 'ready', order: r.data.order });
    const refund = r.data.order.refund;
    const text =
      refund?.status === 'processed'
        ? `${formatINR(refund.amount)} refunded.`
        : refund?.status === 'failed'
          ? `The refund of ${formatINR(refund.amount)} failed again. Refund it by hand in Razorpay's dashboard.`
          : `Refund of ${formatINR(refund?.amount ?? 0)} started again; it shows as refunded when Razorpay confirms.`;
    resetRefundForm(r.data.order, { kind: refund?.status === 'failed' ? 'error' : 'success', text });
    return true;
  }
  $refundForm.set({
    ...$refundForm.get(),
    notice: { kind: 'error', text: r.message ?? 'The refund could not be retried. Please try again.' },
  });
  return false;
}
