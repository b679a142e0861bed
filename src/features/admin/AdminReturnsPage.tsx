/**
 * /admin/returns: shoppers' return and replacement requests, open ones first. Each step (approve or reject with
 * a note, receive with the piece's condition, ship a replacement, mark it delivered) says what will happen and
 * asks for confirmation. Stacked cards that fit a narrow phone; every control works from the keyboard.
 */
import { useEffect, useId, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import type { AdminReturnRequest } from '@shared/api/returns';
import { COURIERS, OTHER_COURIER } from '@shared/couriers';
import { formatPhone } from '@shared/phone';
import { KIND_LABELS, REASON_LABELS, RETURN_STATUS_LABELS, RETURN_STATUSES } from '@shared/returns';
import { routes } from '@shared/routes';
import { adminRoutes } from '../back-office/admin-routes';
import { formatDateTime, historyActor } from './admin-orders';
import {
  $returnDraft,
  $returns,
  $returnsFilter,
  $returnsNotice,
  ACTION_LABELS,
  awaitsRefund,
  mayRefundInstead,
  cancelStep,
  consequence,
  loadReturns,
  reviewStep,
  sendStep,
  setDraft,
  setReturnsFilter,
  startStep,
  stepsFor,
  type ReturnDraft,
  type ReturnsFilter,
} from './admin-returns.store';
import { AdminsOnly, useAdminPage } from '../back-office/AdminGate';
import './admin.css';
import './admin-returns.css';

/** The order's own admin page, where its refunds are made. */
const orderPage = (orderId: string) => `${routes.adminOrders}/${encodeURIComponent(orderId)}`;

/** The form of a step that needs input (a note, a condition, a shipment), then its confirmation. */
function StepForm({ r, draft }: { r: AdminReturnRequest; draft: ReturnDraft }) {
  const id = useId();
  const first = useRef<HTMLElement | null>(null);
  useEffect(() => first.current?.focus(), [draft.confirming]);
  if (draft.confirming) {
    return (
      <div className="admin-detail__confirm" role="group" aria-labelledby={`${id}-confirm`}>
        <p id={`${id}-confirm`}>{consequence(draft, r)}</p>
        <div className="admin-detail__actions">
          <button
            ref={(el) => {
              first.current = el;
            }}
            type="button"
            className={`btn btn--sm ${draft.action === 'reject' ? 'admin-detail__danger' : ''}`}
            disabled={draft.saving}
            onClick={() => void sendStep()}
          >
            {`Yes, ${ACTION_LABELS[draft.action].toLowerCase()}`}
          </button>
          <button type="button" className="btn btn--outline btn--sm" onClick={cancelStep}>
            Not yet
          </button>
        </div>
      </div>
    );
  }
  return (
    <form
      className="admin-return__form"
      noValidate
      aria-label={`${ACTION_LABELS[draft.action]}: ${r.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        reviewStep();
      }}
    >
      {(draft.action === 'approve' || draft.action === 'reject') && (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-note`}>
            {draft.action === 'reject' ? 'Why (the shopper reads this)' : 'Note to the shopper'}
            {draft.action === 'approve' && <span className="field__optional"> (optional)</span>}
          </label>
          <textarea
            ref={(el) => {
              first.current = el;
            }}
            id={`${id}-note`}
            className="input"
            rows={2}
            maxLength={500}
            value={draft.note}
            onChange={(e) => setDraft({ note: e.target.value })}
          />
        </div>
      )}
      {draft.action === 'receive' && (
        <fieldset className="admin-return__condition">
          <legend>Condition of the piece</legend>
          <label>
            <input
              type="radio"
              name={`${id}-condition`}
              checked={draft.condition === 'sellable'}
              onChange={() => setDraft({ condition: 'sellable' })}
            />{' '}
            Sellable (back into stock)
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-condition`}
              checked={draft.condition === 'damaged'}
              onChange={() => setDraft({ condition: 'damaged' })}
            />{' '}
            Damaged (not restocked)
          </label>
        </fieldset>
      )}
      {draft.action === 'ship' && (
        <>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-courier`}>
              Courier
            </label>
            <select id={`${id}-courier`} className="input" value={draft.courier} onChange={(e) => setDraft({ courier: e.target.value })}>
              {COURIERS.map((c) => (
                <option key={c.name}>{c.name}</option>
              ))}
              <option>{OTHER_COURIER}</option>
            </select>
          </div>
          {draft.courier === OTHER_COURIER && (
            <div className="field">
              <label className="field__label" htmlFor={`${id}-other`}>
                Courier name
              </label>
              <input
                id={`${id}-other`}
                className="input"
                value={draft.otherCourier}
                onChange={(e) => setDraft({ otherCourier: e.target.value })}
              />
            </div>
          )}
          <div className="field">
            <label className="field__label" htmlFor={`${id}-awb`}>
              Tracking (AWB) number
            </label>
            <input
              id={`${id}-awb`}
              className="input"
              autoComplete="off"
              spellCheck={false}
              value={draft.awb}
              onChange={(e) => setDraft({ awb: e.target.value })}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-url`}>
              Tracking link<span className="field__optional"> (optional)</span>
            </label>
            <input
              id={`${id}-url`}
              className="input"
              type="url"
              value={draft.trackingUrl}
              onChange={(e) => setDraft({ trackingUrl: e.target.value })}
            />
          </div>
        </>
      )}
      <div className="admin-detail__actions">
        <button type="submit" className="btn btn--sm" disabled={draft.saving}>
          {ACTION_LABELS[draft.action]}
        </button>
        <button type="button" className="btn btn--outline btn--sm" onClick={cancelStep}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** One request: the line, why, the shopper's note, where it is, and its next steps. */
function ReturnCard({ r }: { r: AdminReturnRequest }) {
  const draft = useStore($returnDraft);
  const mine = draft?.id === r._id ? draft : null;
  const steps = stepsFor(r);
  const titleId = `return-${r._id}`;
  return (
    <li className="admin-detail__card admin-return" aria-labelledby={titleId}>
      <div className="admin-return__head">
        <h2 id={titleId}>
          {r.name}
          {r.size && <span className="admin-table__sub">{` Size ${r.size}`}</span>}
        </h2>
        <span className={`admin-return__status admin-return__status--${r.status}`}>{RETURN_STATUS_LABELS[r.status]}</span>
      </div>
      <dl className="admin-detail__facts">
        <div>
          <dt>Order</dt>
          <dd>
            <a href={orderPage(r.orderId)}>{r.orderNumber}</a>
          </dd>
        </div>
        <div>
          <dt>Shopper</dt>
          <dd>
            {r.customer.name || '—'}
            {r.customer.phone && <span className="admin-table__sub">{` ${formatPhone(r.customer.phone)}`}</span>}
          </dd>
        </div>
        <div>
          <dt>Asks for</dt>
          <dd>
            {KIND_LABELS[r.kind]} of {r.quantity} {r.quantity === 1 ? 'piece' : 'pieces'}
            {r.replacementSize ? ` in size ${r.replacementSize}` : ''}
          </dd>
        </div>
        <div>
          <dt>Reason</dt>
          <dd>{REASON_LABELS[r.reason]}</dd>
        </div>
        <div className="admin-return__wide">
          <dt>Shopper&apos;s note</dt>
          <dd>{r.note}</dd>
        </div>
        {r.adminNote && (
          <div className="admin-return__wide">
            <dt>Our note</dt>
            <dd>{r.adminNote}</dd>
          </div>
        )}
        {r.condition && (
          <div>
            <dt>Received as</dt>
            <dd>{r.condition === 'sellable' ? 'Sellable (restocked)' : 'Damaged'}</dd>
          </div>
        )}
        {r.shipment && (
          <div>
            <dt>Replacement</dt>
            <dd>
              {r.shipment.courier}, AWB{' '}
              {r.shipment.trackingUrl ? (
                <a href={r.shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                  {r.shipment.awb}
                </a>
              ) : (
                r.shipment.awb
              )}
            </dd>
          </div>
        )}
        <div>
          <dt>Asked</dt>
          <dd>{formatDateTime(r.createdAt)}</dd>
        </div>
      </dl>
      {r.history.length > 1 && (
        <p className="admin-detail__muted">
          {r.history
            .slice(1)
            .map((h) => `${RETURN_STATUS_LABELS[h.status]} by ${historyActor(h.by)}, ${formatDateTime(h.at)}`)
            .join(' · ')}
        </p>
      )}
      {mine ? (
        <>
          {mine.error && <Notice kind="error" text={mine.error} />}
          <StepForm r={r} draft={mine} />
        </>
      ) : (
        <div className="admin-detail__actions">
          {steps.map((a) => (
            <button
              key={a}
              type="button"
              className={`btn btn--sm ${a === 'reject' ? 'btn--outline' : ''}`}
              onClick={() => startStep(r._id, a)}
              aria-label={`${ACTION_LABELS[a]}: ${r.name}, ${r.orderNumber}`}
            >
              {ACTION_LABELS[a]}
            </button>
          ))}
          {awaitsRefund(r) && (
            <a className="btn btn--outline btn--sm" href={orderPage(r.orderId)}>
              Refund on the order&apos;s page
            </a>
          )}
          {mayRefundInstead(r) && (
            <a className="btn btn--outline btn--sm" href={orderPage(r.orderId)}>
              Out of stock? Refund instead
            </a>
          )}
        </div>
      )}
      {awaitsRefund(r) && !mine && (
        <p className="admin-detail__muted">
          Refund {r.quantity} {r.quantity === 1 ? 'piece' : 'pieces'} from order {r.orderNumber}&apos;s page: the request is marked refunded
          when the refund is made.
        </p>
      )}
    </li>
  );
}

const FILTERS: readonly { value: ReturnsFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'all', label: 'All' },
  ...RETURN_STATUSES.map((s) => ({ value: s, label: RETURN_STATUS_LABELS[s] })),
];

function AdminReturnsInner() {
  const state = useStore($returns);
  const filter = useStore($returnsFilter);
  const notice = useStore($returnsNotice);
  useAdminPage(adminRoutes.returns, loadReturns, state.status);

  if (state.status === 'signed-out') return <p>Loading…</p>;
  if (state.status === 'forbidden') return <AdminsOnly what="return requests" />;
  return (
    <div className="admin-orders admin-returns">
      <h1>Returns and replacements</h1>
      <form className="admin-orders__tools" onSubmit={(e) => e.preventDefault()}>
        <label className="admin-orders__field">
          <span>Show</span>
          <select value={filter} onChange={(e) => void setReturnsFilter(e.target.value as ReturnsFilter)}>
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
      </form>
      {state.status === 'loading' && <p role="status">Loading…</p>}
      {state.status === 'error' && <Notice kind="error" text={state.message} />}
      {notice && <Notice kind={notice.kind} text={notice.text} />}
      {state.status === 'ready' && (
        <>
          <p className="admin-orders__count" role="status">
            {state.returns.length === 0
              ? 'No requests here.'
              : `${state.returns.length} ${state.returns.length === 1 ? 'request' : 'requests'}, open ones first.`}
          </p>
          <ul className="admin-returns__list">
            {state.returns.map((r) => (
              <ReturnCard key={r._id} r={r} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The /admin/returns island. */
export default function AdminReturnsPage() {
  return (
    <ErrorBoundary>
      <AdminReturnsInner />
    </ErrorBoundary>
  );
}
