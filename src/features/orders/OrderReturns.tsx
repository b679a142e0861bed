/**
 * Returns and replacements on the order page of a delivered order: per line, 'Return or replace' until the
 * deadline, a short form, a confirmation that says what will happen, and afterwards the request's status, the
 * shop's note and a replacement's courier and tracking number.
 */
import { useEffect, useId, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { Notice } from '../../components/ui/Notice';
import type { Order } from '@shared/api/orders';
import type { ReturnRequest } from '@shared/api/returns';
import { emailsShopper } from '@shared/notices';
import {
  KIND_LABELS,
  nextStepText,
  REASON_LABELS,
  RETURN_REASONS,
  RETURN_STATUS_LABELS,
  kindAllowed,
  type ReturnReason,
} from '@shared/returns';
import { routes } from '@shared/routes';
import { sizeText } from '@shared/sizes';
import {
  $orderReturns,
  $returnForm,
  $returnNotice,
  closeReturnForm,
  loadOrderReturns,
  openReturnForm,
  returnByText,
  reviewReturn,
  sendReturn,
  setReturnField,
  whatHappens,
  type ReturnForm,
} from './order-returns.store';
import { ShipmentFacts } from './TrackingParts';
import './order-returns.css';

/** One request's state: what was asked, where it is, the shop's note, and the replacement's parcel. */
function RequestStatus({ order, r }: { order: Order; r: ReturnRequest }) {
  const next = nextStepText(r, emailsShopper(order.shippingInfo));
  return (
    <div className="order-returns__request" data-testid="return-request">
      <p>
        <strong>
          {KIND_LABELS[r.kind]}: {RETURN_STATUS_LABELS[r.status]}
        </strong>{' '}
        <span className="order-success__muted">
          {r.quantity} {r.quantity === 1 ? 'piece' : 'pieces'}, {REASON_LABELS[r.reason].toLowerCase()}
          {r.replacementSize ? `, size ${r.replacementSize} wanted` : ''}
        </span>
      </p>
      {r.adminNote && <p>Our note: {r.adminNote}</p>}
      {next && <p className="order-success__muted">{next}</p>}
      {r.shipment && (
        <>
          <p>Your replacement {r.status === 'replacement_delivered' ? 'was delivered' : 'is on its way'}, free of charge:</p>
          <ShipmentFacts
            order={{ ...order, status: r.status === 'replacement_delivered' ? 'delivered' : 'shipped', shipment: r.shipment }}
          />
        </>
      )}
    </div>
  );
}

/** The form, then its confirmation. */
function RequestForm({ order, form, lineName, maxQuantity }: { order: Order; form: ReturnForm; lineName: string; maxQuantity: number }) {
  const id = useId();
  const focus = useRef<HTMLElement | null>(null);
  useEffect(() => focus.current?.focus(), [form.step]);
  const setRef = (el: HTMLElement | null) => {
    focus.current = el;
  };
  if (form.step === 'confirm') {
    return (
      <div className="order-returns__confirm" role="group" aria-labelledby={`${id}-confirm`}>
        <h3 id={`${id}-confirm`} tabIndex={-1} ref={setRef}>
          Send this request?
        </h3>
        <p>
          {KIND_LABELS[form.kind]} of {form.quantity} × {lineName}: {form.reason ? REASON_LABELS[form.reason].toLowerCase() : ''}
          {form.kind === 'replacement' && form.reason === 'size' ? ` (size ${form.size.trim()} wanted)` : ''}.
        </p>
        <p>{whatHappens(form, emailsShopper(order.shippingInfo))}</p>
        {form.error && <Notice kind="error" text={form.error} />}
        <div className="order-returns__buttons">
          <button type="button" className="btn btn--sm" disabled={form.sending} onClick={() => void sendReturn(order)}>
            Send request
          </button>
          <button type="button" className="btn btn--outline btn--sm" onClick={() => closeReturnForm(true)}>
            Back
          </button>
        </div>
      </div>
    );
  }
  return (
    <form
      className="order-returns__form"
      noValidate
      aria-label={`Return or replace ${lineName}`}
      onSubmit={(e) => {
        e.preventDefault();
        reviewReturn(order);
      }}
    >
      <fieldset className="order-returns__kind">
        <legend>What would you like?</legend>
        <label>
          <input
            ref={setRef}
            type="radio"
            name={`${id}-kind`}
            checked={form.kind === 'refund'}
            onChange={() => setReturnField({ kind: 'refund' })}
          />{' '}
          A refund
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-kind`}
            checked={form.kind === 'replacement'}
            onChange={() => setReturnField({ kind: 'replacement' })}
          />{' '}
          A replacement (free)
        </label>
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-reason`}>
          Reason
        </label>
        <select
          id={`${id}-reason`}
          className="input"
          value={form.reason}
          onChange={(e) => setReturnField({ reason: e.target.value as ReturnReason | '' })}
        >
          <option value="">Choose a reason</option>
          {RETURN_REASONS.filter((r) => kindAllowed(form.kind, r)).map((r) => (
            <option key={r} value={r}>
              {REASON_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      {form.kind === 'replacement' && form.reason === 'size' && (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-size`}>
            Size you want instead
          </label>
          <input id={`${id}-size`} className="input" value={form.size} onChange={(e) => setReturnField({ size: e.target.value })} />
        </div>
      )}
      {maxQuantity > 1 && (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-qty`}>
            How many
          </label>
          <select
            id={`${id}-qty`}
            className="input"
            value={form.quantity}
            onChange={(e) => setReturnField({ quantity: Number(e.target.value) })}
          >
            {Array.from({ length: maxQuantity }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-note`}>
          What is wrong?
        </label>
        <textarea
          id={`${id}-note`}
          className="input"
          rows={3}
          maxLength={500}
          value={form.note}
          onChange={(e) => setReturnField({ note: e.target.value })}
        />
      </div>
      <p className="order-success__muted">
        Damaged or missing parcels must be reported within 48 hours of delivery. See our{' '}
        <a href={`${routes.refundPolicy}#returns`}>return policy</a>.
      </p>
      {form.error && <Notice kind="error" text={form.error} />}
      <div className="order-returns__buttons">
        <button type="submit" className="btn btn--sm">
          Continue
        </button>
        <button type="button" className="btn btn--outline btn--sm" onClick={() => closeReturnForm()}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The order page's returns section, for a delivered order. */
export function OrderReturns({ order }: { order: Order }) {
  const requests = useStore($orderReturns);
  const form = useStore($returnForm);
  const notice = useStore($returnNotice);
  const delivered = order.status === 'delivered';
  useEffect(() => {
    // Only a delivered order can have requests (a delivered order stays delivered): other orders ask nothing.
    if (delivered) void loadOrderReturns(order._id);
  }, [order._id, delivered]);
  const by = returnByText(order);
  const mine = requests.filter((r) => r.orderId === order._id);
  if (!delivered) return null;
  return (
    <section aria-labelledby="order-returns-title" className="order-success__card order-returns">
      <h2 id="order-returns-title">Returns and replacements</h2>
      {by ? (
        <p data-testid="return-by">
          <strong>{by}</strong>. Ask for a refund or a free replacement of any piece here.
        </p>
      ) : (
        mine.length === 0 && <p className="order-success__muted">The 7 days for returns and replacements of this order have passed.</p>
      )}
      {notice && <Notice kind={notice.kind} text={notice.text} />}
      <ul className="order-returns__lines">
        {order.products.map((line, i) => {
          const r = mine.find((x) => x.lineIndex === i);
          const name = line.size ? `${line.productId.name} (${sizeText(line)})` : line.productId.name;
          const open = form?.orderId === order._id && form.lineIndex === i ? form : null;
          if (!r && !by) return null;
          return (
            <li key={`${line.productId._id}-${i}`}>
              <p className="order-returns__name">{name}</p>
              {r ? (
                <RequestStatus order={order} r={r} />
              ) : open ? (
                <RequestForm order={order} form={open} lineName={name} maxQuantity={line.quantity} />
              ) : (
                <button
                  type="button"
                  className="btn btn--outline btn--sm"
                  aria-label={`Return or replace ${name}`}
                  onClick={() => openReturnForm(order._id, i)}
                >
                  Return or replace
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
