/**
 * The admin's returns page: requests (open ones first, or one status), and the one step being taken on one
 * request (approve or reject with a note, receive with the piece's condition, ship a replacement, mark it
 * delivered), which says what will happen before it is sent. The server checks the role and the step again.
 */
import { atom } from 'nanostores';
import { returnsApiPaths, type AdminReturnRequest, type AdminReturnsResponse, type AdminReturnStepResponse } from '@shared/api/returns';
import { COURIERS, OTHER_COURIER } from '@shared/couriers';
import { toldBy } from '@shared/notices';
import { NOTHING_TO_RECEIVE, type ReturnCondition, type ReturnStatus } from '@shared/returns';
import { ReturnStepSchema } from '@shared/schemas/returns';
import { callApi } from '../auth/api-client';
import { fetchInto, refusal, type Fetched } from '../shared/fetched';

/** Where the page is. 'signed-out': no valid token; 'forbidden': signed in but not an admin. */
export type ReturnsState = Fetched<{ returns: AdminReturnRequest[] }, true>;

/** Which requests are listed: the open ones, all, or one status. */
export type ReturnsFilter = 'open' | 'all' | ReturnStatus;

/** The steps an admin takes on a request. */
export type ReturnAction = 'approve' | 'reject' | 'receive' | 'ship' | 'delivered';

/** The step being taken, as typed. */
export interface ReturnDraft {
  id: string;
  action: ReturnAction;
  note: string;
  condition: ReturnCondition | '';
  courier: string;
  otherCourier: string;
  awb: string;
  trackingUrl: string;
  /** Shown once the form is filled in: the step and what it does, before it is sent. */
  confirming: boolean;
  error: string | null;
  saving: boolean;
}

/** The requests, or why there are none. */
export const $returns = atom<ReturnsState>({ status: 'loading' });
/** The list's filter. */
export const $returnsFilter = atom<ReturnsFilter>('open');
/** The step being taken, if any. */
export const $returnDraft = atom<ReturnDraft | null>(null);
/** The outcome of the last step, in words. */
export const $returnsNotice = atom<{ kind: 'success' | 'error'; text: string } | null>(null);

/** A refused load or step: 403 is an account that is not an admin's. */
const REFUSED = { fallback: 'The requests could not be loaded. Please try again.', forbidden: true } as const;

/** Loads the requests the filter picks. */
export async function loadReturns(fetchImpl?: typeof fetch): Promise<void> {
  // Another filter keeps the list on screen until its answer.
  await fetchInto(
    $returns,
    () =>
      callApi<AdminReturnsResponse>(
        `${returnsApiPaths.adminReturns}?status=${encodeURIComponent($returnsFilter.get())}`,
        { auth: true },
        fetchImpl,
      ),
    (data) => ({ returns: data.returns }),
    { ...REFUSED, showLoading: 'never' },
  );
}

/** Lists another status. */
export function setReturnsFilter(filter: ReturnsFilter, fetchImpl?: typeof fetch): Promise<void> {
  $returnsFilter.set(filter);
  $returnDraft.set(null);
  return loadReturns(fetchImpl);
}

/** The steps a request can take from where it is. */
export function stepsFor(r: Pick<AdminReturnRequest, 'status' | 'kind' | 'reason'>): ReturnAction[] {
  const nothingToReceive = NOTHING_TO_RECEIVE.includes(r.reason);
  switch (r.status) {
    case 'requested':
      return ['approve', 'reject'];
    case 'approved':
      if (!nothingToReceive) return ['receive'];
      return r.kind === 'replacement' ? ['ship'] : [];
    case 'received':
      return r.kind === 'replacement' ? ['ship'] : [];
    case 'replacement_shipped':
      return ['delivered'];
    default:
      return [];
  }
}

/** Whether a request waits for its refund, which is made on the order's page. */
export function awaitsRefund(r: Pick<AdminReturnRequest, 'status' | 'kind' | 'reason'>): boolean {
  return r.kind === 'refund' && isReady(r);
}

/** Whether a replacement waits to be sent: if it cannot be (out of stock), the policy refunds the piece instead. */
export function mayRefundInstead(r: Pick<AdminReturnRequest, 'status' | 'kind' | 'reason'>): boolean {
  return r.kind === 'replacement' && isReady(r);
}

/** Whether a request waits for its refund or replacement (received, or approved with no piece to receive). */
const isReady = (r: Pick<AdminReturnRequest, 'status' | 'reason'>): boolean =>
  r.status === 'received' || (r.status === 'approved' && NOTHING_TO_RECEIVE.includes(r.reason));

/** A step's button label. */
export const ACTION_LABELS: Record<ReturnAction, string> = {
  approve: 'Approve',
  reject: 'Reject',
  receive: 'Mark received',
  ship: 'Ship replacement',
  delivered: 'Mark replacement delivered',
};

/** What a step will do, in words the admin confirms (naming only the channels the server sends on: `r.emailed`). */
export function consequence(draft: Pick<ReturnDraft, 'action' | 'condition' | 'note'>, r: AdminReturnRequest): string {
  const pieces = `${r.quantity} ${r.quantity === 1 ? 'piece' : 'pieces'}`;
  const told = toldBy(r.emailed);
  switch (draft.action) {
    case 'approve':
      return `Approve this ${r.kind}? The shopper will be ${told}${
        NOTHING_TO_RECEIVE.includes(r.reason) ? '' : ' to send the piece back'
      }${draft.note.trim() ? ', with your note' : ''}.`;
    case 'reject':
      return `Reject this request? The shopper will be ${told} with your note. Nothing else changes.`;
    case 'receive':
      return draft.condition === 'sellable'
        ? `Mark received in sellable condition? ${r.quantity === 1 ? '1 piece goes' : `${pieces} go`} back into stock${r.size ? ` (size ${r.size})` : ''}.`
        : 'Mark received as damaged? Stock stays as it is.';
    case 'ship': {
      const size = r.replacementSize ?? r.size;
      return `Ship the replacement free of charge? ${pieces} of ${r.name}${size ? ` in size ${size}` : ''} ${r.quantity === 1 ? 'is' : 'are'} taken from stock, and the shopper will be ${told} the courier and tracking number.`;
    }
    case 'delivered':
      return 'Mark the replacement delivered? This closes the request.';
  }
}

/** Opens a step on a request (rejecting needs a note; receiving, a condition; shipping, a courier and AWB). */
export function startStep(id: string, action: ReturnAction): void {
  $returnsNotice.set(null);
  $returnDraft.set({
    id,
    action,
    note: '',
    condition: '',
    courier: COURIERS[0]!.name,
    otherCourier: '',
    awb: '',
    trackingUrl: '',
    confirming: action === 'approve' || action === 'delivered',
    error: null,
    saving: false,
  });
}

/** Changes a field of the step. */
export function setDraft(
  patch: Partial<Pick<ReturnDraft, 'note' | 'condition' | 'courier' | 'otherCourier' | 'awb' | 'trackingUrl'>>,
): void {
  const d = $returnDraft.get();
  if (d) $returnDraft.set({ ...d, ...patch, error: null });
}

/** Closes the step without sending it. */
export function cancelStep(): void {
  $returnDraft.set(null);
}

/** The step's body, checked with the server's schema: the body, or the first message it refuses with. */
export function stepBody(d: ReturnDraft): { body: unknown } | { error: string } {
  const raw =
    d.action === 'approve' || d.action === 'reject'
      ? { action: d.action, note: d.note }
      : d.action === 'receive'
        ? { action: d.action, condition: d.condition || undefined }
        : d.action === 'ship'
          ? {
              action: d.action,
              shipment: {
                courier: d.courier === OTHER_COURIER ? d.otherCourier.trim() || OTHER_COURIER : d.courier,
                awb: d.awb,
                trackingUrl: d.trackingUrl.trim() || null,
                expectedDelivery: null,
              },
            }
          : { action: d.action };
  const parsed = ReturnStepSchema.safeParse(raw);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Check the form.' };
  return { body: parsed.data };
}

/** Moves from the form to the confirmation, once the form is filled in right. */
export function reviewStep(): void {
  const d = $returnDraft.get();
  if (!d) return;
  const checked = stepBody(d);
  if ('error' in checked) return $returnDraft.set({ ...d, error: checked.error });
  $returnDraft.set({ ...d, confirming: true, error: null });
}

/** Sends the confirmed step; the request in the list becomes what the server answered. */
export async function sendStep(fetchImpl?: typeof fetch): Promise<void> {
  const d = $returnDraft.get();
  if (!d || d.saving) return;
  const checked = stepBody(d);
  if ('error' in checked) return $returnDraft.set({ ...d, confirming: false, error: checked.error });
  $returnDraft.set({ ...d, saving: true });
  const r = await callApi<AdminReturnStepResponse>(
    returnsApiPaths.adminReturn(d.id),
    { method: 'PATCH', body: checked.body, auth: true },
    fetchImpl,
  );
  if (!r.ok) {
    if (r.status === 401 || r.status === 403) {
      $returnDraft.set(null);
      return $returns.set(refusal(r, REFUSED));
    }
    $returnDraft.set({ ...d, saving: false, confirming: false, error: r.message ?? 'The step could not be saved. Please try again.' });
    // Someone else moved it: the list is read again so the admin sees where it is now.
    if (r.status === 409) void refreshOne(fetchImpl);
    return;
  }
  const state = $returns.get();
  if (state.status === 'ready')
    $returns.set({ ...state, returns: state.returns.map((x) => (x._id === r.data.request._id ? r.data.request : x)) });
  $returnDraft.set(null);
  $returnsNotice.set({ kind: 'success', text: `${r.data.message}.` });
}

/** Reads the list again, keeping the open step's error. */
async function refreshOne(fetchImpl?: typeof fetch): Promise<void> {
  await loadReturns(fetchImpl);
}
