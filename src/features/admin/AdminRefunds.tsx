/**
 * The Refunds card of the admin's order detail: the refunds made (amount, how, status, credit note) and, for
 * a paid order, the form to refund lines or everything left, with a confirmation that says what will happen.
 * The store holds the rules and the call; this renders.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Notice } from '../../components/ui/Notice';
import type { AdminOrder } from '@shared/api/orders';
import { creditNotePath } from '@shared/credit-note-path';
import { formatINR, formatPaiseAsINR } from '@shared/money';
import { formatDateTime } from './admin-orders';
import {
  $refundForm,
  $refundRetry,
  backToRefundChoice,
  canRefund,
  canRetryRefund,
  confirmationText,
  leftToRefundPaise,
  previewPaise,
  refundableLines,
  refundMethodLabel,
  refundStatusLabel,
  resetRefundForm,
  retryRefund,
  reviewRefund,
  setRefundAll,
  setRefundMethod,
  setRefundQuantity,
  setRefundReference,
  submitRefund,
} from './admin-refunds.store';

function RefundList({ order }: { order: AdminOrder }) {
  const refunds = order.refunds ?? [];
  if (!refunds.length) return <p className="admin-detail__muted">No refunds yet.</p>;
  return (
    <ul className="admin-refunds__list">
      {refunds.map((r) => (
        <li key={r.key}>
          <strong>{formatINR(r.amount)}</strong> · {refundMethodLabel(r)} ·{' '}
          <span className={`admin-refunds__status admin-refunds__status--${r.status}`}>{refundStatusLabel(r.status)}</span> ·{' '}
          {formatDateTime(r.at)}
          {r.creditNote && (
            <>
              {' '}
              · Credit note <a href={creditNotePath(`${order._id}-${r.key}`)}>{r.creditNote}</a>
            </>
          )}
        </li>
      ))}
      {(order.creditNotes ?? [])
        .filter((n) => n.kind === 'cancellation')
        .map((n) => (
          <li key={n.id}>
            Cancellation credit note <a href={creditNotePath(n.id)}>{n.number}</a> · {formatINR(n.amount)}
          </li>
        ))}
    </ul>
  );
}

function RefundForm({ order }: { order: AdminOrder }) {
  const form = useStore($refundForm);
  const lines = refundableLines(order);
  const paise = previewPaise(order, form);
  const cod = order.paymentMethod === 'cod';

  if (form.step === 'confirm') {
    return (
      <div className="admin-detail__confirm" role="group" aria-labelledby="confirm-refund">
        <p id="confirm-refund">
          <strong>Refund {formatPaiseAsINR(paise)}?</strong> {confirmationText(order, paise, form.method, form.reference.trim())}
        </p>
        <button type="button" className="btn btn--sm admin-detail__danger" disabled={form.busy} onClick={() => void submitRefund(order)}>
          {form.busy ? 'Refunding…' : `Refund ${formatPaiseAsINR(paise)}`}
        </button>
        <button type="button" className="btn btn--outline btn--sm" disabled={form.busy} onClick={backToRefundChoice}>
          Go back
        </button>
      </div>
    );
  }

  return (
    <form
      className="admin-refunds__form"
      onSubmit={(e) => {
        e.preventDefault();
        reviewRefund(order);
      }}
    >
      <fieldset disabled={form.all}>
        <legend>Refund lines</legend>
        {lines.map((l) => (
          <label key={l.index} className="admin-refunds__line">
            <span>
              {l.name}
              <span className="admin-detail__muted">
                {' '}
                ({l.left} of {l.bought} left)
              </span>
            </span>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              max={l.left}
              value={form.quantities[l.index] ?? 0}
              disabled={l.left === 0}
              onChange={(e) => setRefundQuantity(order, l.index, Number(e.currentTarget.value))}
            />
          </label>
        ))}
      </fieldset>
      <label className="admin-refunds__all">
        <input type="checkbox" checked={form.all} onChange={(e) => setRefundAll(e.currentTarget.checked)} />
        Refund everything left ({formatPaiseAsINR(leftToRefundPaise(order))}, with shipping and fees)
      </label>
      {cod && (
        <fieldset className="admin-refunds__method">
          <legend>How the cash went back</legend>
          <label>
            <input type="radio" name="refund-method" checked={form.method === 'upi'} onChange={() => setRefundMethod('upi')} /> UPI
          </label>
          <label>
            <input
              type="radio"
              name="refund-method"
              checked={form.method === 'bank_transfer'}
              onChange={() => setRefundMethod('bank_transfer')}
            />{' '}
            Bank transfer
          </label>
          <label className="admin-refunds__reference">
            Reference
            <input type="text" maxLength={64} value={form.reference} onChange={(e) => setRefundReference(e.currentTarget.value)} />
          </label>
        </fieldset>
      )}
      <p className="admin-refunds__amount">
        Refund amount: <strong>{formatPaiseAsINR(paise)}</strong>
      </p>
      <button type="submit" className="btn btn--sm" disabled={paise <= 0}>
        Review refund
      </button>
    </form>
  );
}

/** A cancelled order's refund that failed (or whose retry Razorpay never answered), with the button that asks Razorpay again. */
function FailedRefund({ order }: { order: AdminOrder }) {
  const retry = useStore($refundRetry);
  const busy = retry.busy && retry.orderId === order._id;
  const unanswered = order.refund!.status === 'requested';
  return (
    <div className="admin-detail__confirm" role="group" aria-labelledby="failed-refund">
      <p id="failed-refund">
        <strong>
          {unanswered
            ? `Razorpay has not answered the retried refund of ${formatINR(order.refund!.amount)}.`
            : `The refund of ${formatINR(order.refund!.amount)} for this cancelled order failed.`}
        </strong>{' '}
        {unanswered
          ? 'Retrying asks Razorpay about that same retry again, so it is never refunded twice; the shopper is told when Razorpay has made it.'
          : "Retrying asks Razorpay to refund it to the shopper's original payment again (once, however often it is clicked); the shopper is told when Razorpay has made it."}
      </p>
      <button type="button" className="btn btn--sm admin-detail__danger" disabled={busy} onClick={() => void retryRefund(order)}>
        {busy ? 'Retrying…' : 'Retry refund'}
      </button>
    </div>
  );
}

/** The Refunds card of an order (mounted in the admin's order detail). */
export function AdminRefunds({ order }: { order: AdminOrder }) {
  const form = useStore($refundForm);
  useEffect(() => {
    if ($refundForm.get().orderId !== order._id) resetRefundForm(order);
  }, [order._id]); // eslint-disable-line react-hooks/exhaustive-deps
  const refundable = canRefund(order);
  const retryable = canRetryRefund(order);
  if (!refundable && !retryable && !(order.refunds ?? []).length && !(order.creditNotes ?? []).length) return null;
  return (
    <section className="admin-detail__card admin-refunds" aria-labelledby="admin-refunds-title">
      <h2 id="admin-refunds-title">Refunds</h2>
      <RefundList order={order} />
      {retryable && <FailedRefund order={order} />}
      {form.orderId === order._id && <Notice kind={form.notice?.kind ?? 'info'} text={form.notice?.text} />}
      {refundable && form.orderId === order._id && <RefundForm order={order} />}
    </section>
  );
}
