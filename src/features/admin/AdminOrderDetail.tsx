/**
 * One order as an admin works on it, rendered by its own page (/admin/orders/{id}) and anything else that
 * shows an order: its lines, addresses, payment ids, refund, history with who and when, the needs-attention
 * flag, and only the allowed next statuses. Every step and undo asks first in a dialog that says what
 * happens; the last forward step can be undone while the shopper has not been told.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Notice } from '../../components/ui/Notice';
import { PostalAddress } from '../../components/ui/PostalAddress';
import { formatINR } from '@shared/money';
import { lineTotal } from '@shared/pricing';
import { OrderTotals } from '../orders/OrderTotals';
import { paymentLabel, STATUS_LABELS, type OrderStatus } from '@shared/orders';
import { COURIERS, OTHER_COURIER } from '@shared/couriers';
import { formatPhone } from '@shared/phone';
import { routes } from '@shared/routes';
import { adminRoutes } from '../back-office/admin-routes';
import type { AdminOrder } from '@shared/api/orders';
import type { BillingAddress, ShippingAddress } from '@shared/schemas/address';
import { attentionHint } from '@shared/attention';
import { StatusBadge } from '../orders/StatusBadge';
import { AdminConfirmDialog } from './AdminConfirmDialog';
import {
  actionLabel,
  cancelConsequence,
  formatDateTime,
  formatSecondsLeft,
  historyActor,
  nextStatuses,
  secondsLeft,
  shipmentConsequence,
  statusNote,
  stepConsequence,
  undoConsequence,
} from './admin-orders';
import {
  $changing,
  $shipmentForm,
  $statusNotice,
  cancelShipping,
  changeStatus,
  checkShipmentForm,
  setShipmentField,
  ship,
  startShipping,
  undoStep,
  type ShipmentFields,
} from './admin-orders.store';
import { lineKey, sizeText } from '@shared/sizes';
import { AdminRefunds } from './AdminRefunds';
import { hasInvoice } from '../orders/order-state';
import './admin.css';

function Address({ address }: { address: ShippingAddress | BillingAddress }) {
  return (
    <PostalAddress address={address}>
      {'country' in address && address.country ? (
        <>
          <br />
          {address.country}
        </>
      ) : null}
      {address.phone ? (
        <>
          <br />
          {formatPhone(address.phone)}
        </>
      ) : null}
      {'email' in address && address.email ? (
        <>
          <br />
          {address.email}
        </>
      ) : null}
    </PostalAddress>
  );
}

/** The Shipped form: courier, tracking (AWB) number, optional link and expected date, checked with the server's schema. */
function ShipmentForm({ order, onSubmit }: { order: AdminOrder; onSubmit: (e: { currentTarget: HTMLElement }) => void }) {
  const form = useStore($shipmentForm);
  const changing = useStore($changing);
  const id = useId();
  if (!form) return null;
  const { fields, errors } = form;
  const field = (name: keyof ShipmentFields, label: string, input: ReactNode, optional = false) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {label}
        {optional && <span className="field__optional"> (optional)</span>}
      </label>
      {input}
      {errors[name] && (
        <span className="field__error" id={`${id}-${name}-error`}>
          {errors[name]}
        </span>
      )}
    </div>
  );
  const aria = (name: keyof ShipmentFields) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  return (
    <form
      className="admin-ship"
      noValidate
      aria-label="Mark as shipped"
      onSubmit={(e) => {
        e.preventDefault();
        const submit = e.currentTarget.querySelector<HTMLElement>('button[type="submit"]');
        onSubmit({ currentTarget: submit ?? e.currentTarget });
      }}
    >
      {field(
        'courier',
        'Courier',
        <select className="input" {...aria('courier')} value={fields.courier} onChange={(e) => setShipmentField('courier', e.target.value)}>
          {COURIERS.map((c) => (
            <option key={c.name}>{c.name}</option>
          ))}
          <option>{OTHER_COURIER}</option>
        </select>,
      )}
      {fields.courier === OTHER_COURIER &&
        field(
          'otherCourier',
          'Courier name',
          <input
            className="input"
            {...aria('otherCourier')}
            value={fields.otherCourier}
            onChange={(e) => setShipmentField('otherCourier', e.target.value)}
          />,
        )}
      {field(
        'awb',
        'Tracking (AWB) number',
        <input
          className="input"
          {...aria('awb')}
          autoComplete="off"
          spellCheck={false}
          value={fields.awb}
          onChange={(e) => setShipmentField('awb', e.target.value)}
        />,
      )}
      {field(
        'trackingUrl',
        'Tracking link',
        <input
          className="input"
          type="url"
          {...aria('trackingUrl')}
          value={fields.trackingUrl}
          onChange={(e) => setShipmentField('trackingUrl', e.target.value)}
        />,
        true,
      )}
      {field(
        'expectedDelivery',
        'Expected delivery',
        <input
          className="input"
          type="date"
          {...aria('expectedDelivery')}
          value={fields.expectedDelivery}
          onChange={(e) => setShipmentField('expectedDelivery', e.target.value)}
        />,
        true,
      )}
      <p className="admin-detail__muted">{shipmentConsequence(order)}</p>
      <div className="admin-detail__actions">
        <button type="submit" className="btn btn--sm" disabled={changing}>
          Mark as shipped
        </button>
        <button type="button" className="btn btn--outline btn--sm" onClick={cancelShipping}>
          Not yet
        </button>
      </div>
    </form>
  );
}

/** "Undo <step>" while the last step can be taken back, with the time left; gone once its messages are due. */
function UndoAction({ order }: { order: AdminOrder }) {
  const changing = useStore($changing);
  const [now, setNow] = useState(() => Date.now());
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const undo = order.undo;
  const left = undo ? secondsLeft(undo.until, now) : 0;
  // The countdown ticks each second while the offer stands (the component is keyed by the step's window).
  useEffect(() => {
    if (!undo) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [undo]);
  if (!undo || !left) return null;
  const label = STATUS_LABELS[undo.step].toLowerCase();
  return (
    <div className="admin-undo">
      <p>
        Marked {label} by {historyActor(undo.by)}. The shopper is told in <span aria-live="off">{formatSecondsLeft(left)}</span> unless you
        undo it.
      </p>
      <button ref={button} type="button" className="btn btn--outline btn--sm" disabled={changing} onClick={() => setAsking(true)}>
        Undo {label} <span className="admin-detail__muted">({formatSecondsLeft(left)} left)</span>
      </button>
      {asking && (
        <AdminConfirmDialog
          title={`Undo ${label}?`}
          confirmLabel={`Yes, undo ${label}`}
          cancelLabel={`Keep it ${label}`}
          busy={changing}
          returnFocusTo={button}
          onClose={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void undoStep(undo.step);
          }}
        >
          <p>{undoConsequence(order, undo.step, undo.from)}</p>
          <p>The undo is recorded in the order&apos;s history with your name and the time.</p>
        </AdminConfirmDialog>
      )}
    </div>
  );
}

function StatusActions({ order }: { order: AdminOrder }) {
  const changing = useStore($changing);
  const shipping = useStore($shipmentForm);
  const [confirming, setConfirming] = useState<OrderStatus | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const next = nextStatuses(order.status);
  const ask = (to: OrderStatus, e: { currentTarget: HTMLElement }) => {
    opener.current = e.currentTarget;
    setConfirming(to);
  };
  const dialog = confirming && (
    <AdminConfirmDialog
      title={confirming === 'cancelled' ? 'Cancel this order?' : `${actionLabel(confirming)}?`}
      confirmLabel={confirming === 'cancelled' ? 'Yes, cancel order' : `Yes, ${actionLabel(confirming).toLowerCase()}`}
      cancelLabel={confirming === 'cancelled' ? 'Keep order' : 'Not yet'}
      danger={confirming === 'cancelled'}
      busy={changing}
      returnFocusTo={opener}
      onClose={() => setConfirming(null)}
      onConfirm={() => {
        const to = confirming;
        setConfirming(null);
        void (to === 'shipped' ? ship() : changeStatus(to));
      }}
    >
      {confirming === 'cancelled' ? (
        <>
          <p>{cancelConsequence(order)}</p>
          <p>
            <strong>A cancel cannot be undone:</strong> stock and money move at once.
          </p>
        </>
      ) : (
        <>
          <p>{stepConsequence(order, confirming)}</p>
          <p>You can undo it for a short while, before the shopper is told.</p>
        </>
      )}
    </AdminConfirmDialog>
  );
  if (!next.length)
    return <p className="admin-detail__muted">No further status changes: this order is {STATUS_LABELS[order.status].toLowerCase()}.</p>;
  if (shipping)
    return (
      <>
        <ShipmentForm order={order} onSubmit={(e) => checkShipmentForm() && ask('shipped', e)} />
        {dialog}
      </>
    );
  const forward = next.filter((s) => s !== 'cancelled');
  return (
    <div className="admin-detail__actions">
      {forward.map((to) => (
        <button
          key={to}
          type="button"
          className="btn btn--sm"
          disabled={changing}
          onClick={(e) => (to === 'shipped' ? startShipping() : ask(to, e))}
        >
          {actionLabel(to)}
        </button>
      ))}
      {next.includes('cancelled') && (
        <button
          type="button"
          className="btn btn--outline btn--sm admin-detail__cancel"
          disabled={changing}
          onClick={(e) => ask('cancelled', e)}
        >
          Cancel order
        </button>
      )}
      {dialog}
    </div>
  );
}

/** The parcel's courier and tracking number, once shipped. */
function ShipmentCard({ order }: { order: AdminOrder }) {
  const s = order.shipment;
  if (!s) return null;
  return (
    <section className="admin-detail__card" aria-labelledby="admin-shipment-title">
      <h2 id="admin-shipment-title">Shipment</h2>
      <dl className="admin-detail__facts">
        <div>
          <dt>Courier</dt>
          <dd>{s.courier}</dd>
        </div>
        <div>
          <dt>Tracking (AWB)</dt>
          <dd>
            {s.trackingUrl ? (
              <a href={s.trackingUrl} target="_blank" rel="noopener noreferrer">
                {s.awb}
              </a>
            ) : (
              s.awb
            )}
          </dd>
        </div>
        <div>
          <dt>Expected delivery</dt>
          <dd>{s.expectedDelivery ?? '—'}</dd>
        </div>
        <div>
          <dt>Shipped</dt>
          <dd>{formatDateTime(s.shippedAt)}</dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * One order as an admin works on it: status with its steps (each confirmed first) and the undo of the last
 * one, the pieces, shipment, customer, payment and history. `backHref`: the exact list it was opened from.
 */
export function AdminOrderDetail({ order, backHref }: { order: AdminOrder; backHref: string }) {
  const notice = useStore($statusNotice);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [order._id]);
  return (
    <article className="admin-detail" aria-labelledby="admin-detail-title">
      <a className="btn btn--outline btn--sm admin-detail__back" href={backHref}>
        ← Back to orders
      </a>
      <header className="admin-detail__head">
        <h1 id="admin-detail-title" ref={heading} tabIndex={-1}>
          Order {order.orderNumber}
        </h1>
        <StatusBadge status={order.status} />
        {statusNote(order) && <span className="admin-detail__muted">{statusNote(order)}</span>}
        <span className="admin-detail__muted">Placed {formatDateTime(order.createdAt)}</span>
      </header>
      {order.needsAttention && (
        <div className="admin-attention" role="alert">
          <strong>Needs attention:</strong> {order.needsAttention}
          <span className="admin-attention__hint">{attentionHint(order.attentionCode)}</span>
        </div>
      )}
      <Notice kind={notice?.kind ?? 'info'} text={notice?.text} />
      <section className="admin-detail__card" aria-labelledby="admin-status-title">
        <h2 id="admin-status-title">Change status</h2>
        {/* Keyed by status: a confirm step left open never carries over to the next status. */}
        <StatusActions key={order.status} order={order} />
        <UndoAction key={`${order.undo?.step}:${order.undo?.until}`} order={order} />
      </section>
      <div className="admin-detail__grid">
        <section className="admin-detail__card" aria-labelledby="admin-lines-title">
          <h2 id="admin-lines-title">Pieces</h2>
          <ul className="admin-detail__lines">
            {order.products.map((line) => (
              <li key={lineKey({ _id: line.productId._id, size: line.size })}>
                <span>
                  {line.productId.name}
                  {/* The size stands apart from the quantity: 'Length: 10 in · 1 × ₹719', never '10 in 1'. */}
                  {line.size && <span className="admin-detail__muted"> · {sizeText(line)} ·</span>}
                  <span className="admin-detail__muted">
                    {' '}
                    {line.quantity} × {formatINR(line.price)}
                  </span>
                </span>
                <span>{formatINR(lineTotal(line))}</span>
              </li>
            ))}
          </ul>
          <OrderTotals order={order} block="admin-detail" describe />
        </section>
        <ShipmentCard order={order} />
        <section className="admin-detail__card" aria-labelledby="admin-customer-title">
          <h2 id="admin-customer-title">Customer</h2>
          <p>
            {order.customer.name} · {formatPhone(order.customer.phone)}
          </p>
          <h3>Ship to</h3>
          <Address address={order.shippingInfo} />
          <h3>Bill to</h3>
          <Address address={order.billingInfo} />
        </section>
        <section className="admin-detail__card" aria-labelledby="admin-payment-title">
          <h2 id="admin-payment-title">Payment</h2>
          <dl className="admin-detail__facts">
            <div>
              <dt>Method</dt>
              <dd>{order.paymentMethod === 'cod' ? 'Cash on delivery' : 'Razorpay'}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{paymentLabel(order)}</dd>
            </div>
            <div>
              <dt>Razorpay order</dt>
              <dd>{order.razorpayOrderId ?? '—'}</dd>
            </div>
            <div>
              <dt>Razorpay payment</dt>
              <dd>{order.razorpayPaymentId ?? '—'}</dd>
            </div>
            <div>
              <dt>Refund</dt>
              <dd>
                {order.refund
                  ? `${order.refund.id} · ${order.refund.status} · ${formatINR(order.refund.amount)} · ${formatDateTime(order.refund.at)}`
                  : '—'}
              </dd>
            </div>
          </dl>
          {hasInvoice(order) && (
            <a className="btn btn--outline btn--sm" href={routes.invoice(order._id)}>
              Tax invoice
            </a>
          )}
          {order.status !== 'pending_payment' && order.status !== 'cancelled' && (
            <a className="btn btn--outline btn--sm" href={adminRoutes.packingSlip(order._id)}>
              Packing slip
            </a>
          )}
        </section>
        <AdminRefunds order={order} />
        <section className="admin-detail__card" aria-labelledby="admin-history-title">
          <h2 id="admin-history-title">History</h2>
          <ol className="admin-detail__history">
            {order.statusHistory.map((h, i) => (
              <li key={`${h.at}:${i}`}>
                <StatusBadge status={h.status} />
                {h.undid && <span className="admin-detail__history-undo">{STATUS_LABELS[h.undid]} undone</span>}
                <span>{formatDateTime(h.at)}</span>
                <span className="admin-detail__muted">by {historyActor(h.by)}</span>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </article>
  );
}
