/**
 * Returns on the shopper's order page: the order's requests, and the one being written (which line, refund or
 * replacement, why, how many, a note), which shows what will happen and asks to confirm before it is sent.
 * The server checks the same rules (shared/returns.ts) again.
 */
import { atom } from 'nanostores';
import type { Order } from '@shared/api/orders';
import { returnsApiPaths, type OrderReturnsResponse, type ReturnRequest } from '@shared/api/returns';
import { tellYou } from '@shared/notices';
import {
  deliveredAt,
  formatIndiaDay,
  kindAllowed,
  returnDeadline,
  windowRefusal,
  type ReturnKind,
  type ReturnReason,
} from '@shared/returns';
import { CreateReturnSchema } from '@shared/schemas/returns';
import { callApi } from '../auth/api-client';

/** The order's requests, once read. */
export const $orderReturns = atom<ReturnRequest[]>([]);

/** The request being written. */
export interface ReturnForm {
  orderId: string;
  lineIndex: number;
  kind: ReturnKind;
  reason: ReturnReason | '';
  quantity: number;
  note: string;
  size: string;
  /** 'confirm': the shopper reads what will happen and sends it. */
  step: 'form' | 'confirm';
  error: string | null;
  sending: boolean;
}

/** The request being written, if any. */
export const $returnForm = atom<ReturnForm | null>(null);
/** What the last request came to, in words. */
export const $returnNotice = atom<{ kind: 'success' | 'error'; text: string } | null>(null);

/** 'Return or replace by Tue, 3 Dec' while the window is open, else null. */
export function returnByText(order: Pick<Order, 'status' | 'statusHistory'>, now = new Date()): string | null {
  const at = deliveredAt(order);
  if (!at || now.getTime() > returnDeadline(at).getTime()) return null;
  return `Return or replace by ${formatIndiaDay(returnDeadline(at))}`;
}

/** Reads the order's requests (nothing shown when they cannot be read: the order page still works). */
export async function loadOrderReturns(orderId: string, fetchImpl?: typeof fetch): Promise<void> {
  const r = await callApi<OrderReturnsResponse>(returnsApiPaths.orderReturns(orderId), { auth: true }, fetchImpl);
  if (r.ok) $orderReturns.set(r.data.returns);
}

/** Opens the form for one line. */
export function openReturnForm(orderId: string, lineIndex: number): void {
  $returnNotice.set(null);
  $returnForm.set({
    orderId,
    lineIndex,
    kind: 'refund',
    reason: '',
    quantity: 1,
    note: '',
    size: '',
    step: 'form',
    error: null,
    sending: false,
  });
}

/** Changes a field. */
export function setReturnField(patch: Partial<Pick<ReturnForm, 'kind' | 'reason' | 'quantity' | 'note' | 'size'>>): void {
  const f = $returnForm.get();
  if (f) $returnForm.set({ ...f, ...patch, error: null });
}

/** Closes the form (or goes back from the confirmation to it). */
export function closeReturnForm(back = false): void {
  const f = $returnForm.get();
  if (back && f) return $returnForm.set({ ...f, step: 'form' });
  $returnForm.set(null);
}

/** The request's body, or why it cannot be sent (the same rules as the server's). */
export function returnBody(
  f: ReturnForm,
  order: Pick<Order, 'status' | 'statusHistory'>,
  now = new Date(),
): { body: unknown } | { error: string } {
  if (!f.reason) return { error: 'Choose a reason.' };
  const refusal = windowRefusal(f.reason, deliveredAt(order), now);
  if (refusal) return { error: refusal };
  if (!kindAllowed(f.kind, f.reason))
    return { error: 'A replacement is for a damaged, missing, wrong or faulty piece, or another size. Choose a refund.' };
  const wantsSize = f.kind === 'replacement' && f.reason === 'size';
  if (wantsSize && !f.size.trim()) return { error: 'Write the size you want instead.' };
  const parsed = CreateReturnSchema.safeParse({
    lineIndex: f.lineIndex,
    kind: f.kind,
    reason: f.reason,
    quantity: f.quantity,
    note: f.note,
    size: wantsSize ? f.size.trim() : null,
  });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Check the form.' };
  return { body: parsed.data };
}

/**
 * What will happen once the request is sent, in the shopper's words. `emailed`: whether the order has an email
 * address, so the shop's answers are emailed as well as texted.
 */
export function whatHappens(f: ReturnForm, emailed: boolean): string {
  const tell = tellYou(emailed);
  const first = `We will look at your request within 2 working days and ${tell} our answer.`;
  const then =
    f.kind === 'refund'
      ? 'Once approved, send the piece back; when it reaches us we refund it to how you paid: 7 to 10 working days for online payments, 7 for cash on delivery.'
      : `Once approved, send the piece back; when it reaches us we send the replacement free of charge and ${tell} its tracking number.`;
  return f.reason === 'not_received' ? `${first} We will check with the courier.` : `${first} ${then}`;
}

/** Moves to the confirmation once the form is right. */
export function reviewReturn(order: Pick<Order, 'status' | 'statusHistory'>, now = new Date()): void {
  const f = $returnForm.get();
  if (!f) return;
  const checked = returnBody(f, order, now);
  if ('error' in checked) return $returnForm.set({ ...f, error: checked.error });
  $returnForm.set({ ...f, step: 'confirm', error: null });
}

/** Sends the confirmed request; the order's requests become what the server answered. */
export async function sendReturn(order: Pick<Order, 'status' | 'statusHistory'>, fetchImpl?: typeof fetch): Promise<void> {
  const f = $returnForm.get();
  if (!f || f.sending) return;
  const checked = returnBody(f, order);
  if ('error' in checked) return $returnForm.set({ ...f, step: 'form', error: checked.error });
  $returnForm.set({ ...f, sending: true });
  const r = await callApi<OrderReturnsResponse>(returnsApiPaths.orderReturns(f.orderId), { body: checked.body, auth: true }, fetchImpl);
  if (!r.ok)
    return $returnForm.set({ ...f, sending: false, step: 'form', error: r.message ?? 'Your request could not be sent. Please try again.' });
  $orderReturns.set(r.data.returns);
  $returnForm.set(null);
  $returnNotice.set({ kind: 'success', text: r.data.message ?? 'Your request is sent.' });
}
