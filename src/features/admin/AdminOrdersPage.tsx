/**
 * /admin/orders: every order for the shop's admins. A status filter ('All Orders' first), a search box
 * ('Search orders...'), pages, status badges in the spec's colours; opening an order shows its lines,
 * addresses, payment ids, refund, history with who and when, and the needs-attention flag, and offers
 * only the allowed next statuses (cancel with a confirm step). A table on desktop, stacked cards on phones.
 * The server decides who is an admin; this page only renders the store's answer.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import { formatINR } from '../../shared/money';
import { lineTotal } from '../../shared/pricing';
import { OrderTotals } from '../orders/OrderTotals';
import { paymentLabel, STATUS_LABELS, type OrderStatus } from '../../shared/orders';
import { COURIERS, OTHER_COURIER } from '../../shared/couriers';
import { formatPhone } from '../../shared/phone';
import { routes } from '../../shared/routes';
import { adminRoutes } from './admin-routes';
import type { AdminOrder } from '../../shared/api/orders';
import type { BillingAddress, ShippingAddress } from '../../shared/schemas/address';
import { pageWindow } from '../orders/order-view';
import { StatusBadge } from '../orders/StatusBadge';
import { AdminNav } from './AdminNav';
import {
  ADMIN_STATUS_FILTERS,
  actionLabel,
  adminHeading,
  attentionHint,
  formatDateTime,
  historyActor,
  itemsSummary,
  nextStatuses,
  pageCount,
  paymentSummary,
  statusNote,
  type AdminStatusFilter,
} from './admin-orders';
import {
  $adminList,
  $adminQuery,
  $changing,
  $shipmentForm,
  cancelShipping,
  setShipmentField,
  ship,
  startShipping,
  type ShipmentFields,
  $openOrder,
  $statusNotice,
  changeStatus,
  closeOrder,
  goToPage,
  loadAdminOrders,
  openOrder,
  setSearch,
  setStatusFilter,
} from './admin-orders.store';
import { lineKey, sizeText } from '../../shared/sizes';
import { AdminsOnly, useAdminPage } from './AdminGate';
import { AdminRefunds } from './AdminRefunds';
import './admin.css';

/** Waits this long after the last keystroke before searching, so typing a name sends one request. */
const SEARCH_DELAY_MS = 300;

function Address({ address }: { address: ShippingAddress | BillingAddress }) {
  return (
    <address>
      {address.firstName} {address.lastName}
      <br />
      {address.address}
      {address.apartment ? `, ${address.apartment}` : ''}
      <br />
      {address.city}, {address.state} {address.pincode}
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
    </address>
  );
}

/** What an admin's forward step tells the shopper and records, said before it is made. */
function stepConsequence(order: AdminOrder, to: OrderStatus): string {
  const told = `The shopper is texted${order.shippingInfo.email ? ' and emailed' : ''} that it is ${STATUS_LABELS[to].toLowerCase()}.`;
  if (to === 'delivered' && order.paymentStatus === 'cod_pending')
    return `${told} Its cash of ${formatINR(order.totalAmount)} is recorded as collected.`;
  return told;
}

/** The Shipped form: courier, tracking (AWB) number, optional link and expected date, checked with the server's schema. */
function ShipmentForm() {
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
        void ship();
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
      <p className="admin-detail__muted">
        The shopper is texted and emailed the courier and the tracking number, with a link to follow the parcel.
      </p>
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

function StatusActions({ order }: { order: AdminOrder }) {
  const changing = useStore($changing);
  const shipping = useStore($shipmentForm);
  const [confirming, setConfirming] = useState<OrderStatus | null>(null);
  const next = nextStatuses(order.status);
  if (!next.length)
    return <p className="admin-detail__muted">No further status changes: this order is {STATUS_LABELS[order.status].toLowerCase()}.</p>;
  if (shipping) return <ShipmentForm />;
  const forward = next.filter((s) => s !== 'cancelled');
  if (confirming) {
    const cancel = confirming === 'cancelled';
    return (
      <div className="admin-detail__confirm" role="group" aria-labelledby="confirm-status">
        <p id="confirm-status">
          {cancel ? (
            <>
              Cancel this order? Its stock is returned
              {order.discount ? ` and its use of ${order.discount.code} given back` : ''}
              {order.paymentMethod === 'razorpay' && order.paymentStatus === 'paid' ? ', and the online payment is refunded' : ''}. The
              shopper is told.
            </>
          ) : (
            <>
              {actionLabel(confirming)}? {stepConsequence(order, confirming)}
            </>
          )}
        </p>
        <button
          type="button"
          className={`btn btn--sm ${cancel ? 'admin-detail__danger' : ''}`}
          disabled={changing}
          onClick={() => {
            setConfirming(null);
            void changeStatus(confirming);
          }}
        >
          {cancel ? 'Yes, cancel order' : `Yes, ${actionLabel(confirming).toLowerCase()}`}
        </button>
        <button type="button" className="btn btn--outline btn--sm" onClick={() => setConfirming(null)}>
          {cancel ? 'Keep order' : 'Not yet'}
        </button>
      </div>
    );
  }
  return (
    <div className="admin-detail__actions">
      {forward.map((to) => (
        <button
          key={to}
          type="button"
          className="btn btn--sm"
          disabled={changing}
          onClick={() => (to === 'shipped' ? startShipping() : setConfirming(to))}
        >
          {actionLabel(to)}
        </button>
      ))}
      {next.includes('cancelled') && (
        <button
          type="button"
          className="btn btn--outline btn--sm admin-detail__cancel"
          disabled={changing}
          onClick={() => setConfirming('cancelled')}
        >
          Cancel order
        </button>
      )}
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

function OrderDetail({ order }: { order: AdminOrder }) {
  const notice = useStore($statusNotice);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [order._id]);
  return (
    <article className="admin-detail" aria-labelledby="admin-detail-title">
      <button type="button" className="btn btn--outline btn--sm" onClick={closeOrder}>
        ← All orders
      </button>
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
          <span className="admin-attention__hint">{attentionHint(order.needsAttention)}</span>
        </div>
      )}
      <Notice kind={notice?.kind ?? 'info'} text={notice?.text} />
      <section className="admin-detail__card" aria-labelledby="admin-status-title">
        <h2 id="admin-status-title">Change status</h2>
        {/* Keyed by status: a confirm step left open never carries over to the next status. */}
        <StatusActions key={order.status} order={order} />
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
          {order.status !== 'pending_payment' && (
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

function OrdersTable({ orders }: { orders: AdminOrder[] }) {
  if (!orders.length) return <p className="admin-orders__empty">No orders found</p>;
  return (
    <table className="admin-table">
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Placed</th>
          <th scope="col">Customer</th>
          <th scope="col">Pieces</th>
          <th scope="col">Total</th>
          <th scope="col">Payment</th>
          <th scope="col">Status</th>
          <th scope="col">
            <span className="visually-hidden">Open</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o._id} className={o.needsAttention ? 'admin-table__attention' : undefined}>
            <th scope="row" data-label="Order">
              <span>
                {o.orderNumber}
                {o.needsAttention && <span className="admin-flag">Needs attention</span>}
              </span>
            </th>
            <td data-label="Placed">
              <span>{formatDateTime(o.createdAt)}</span>
            </td>
            <td data-label="Customer">
              <span>
                {o.customer.name}
                <span className="admin-table__sub">{formatPhone(o.customer.phone)}</span>
              </span>
            </td>
            <td data-label="Pieces">
              <span>{itemsSummary(o)}</span>
            </td>
            <td data-label="Total">
              <span>{formatINR(o.totalAmount)}</span>
            </td>
            <td data-label="Payment">
              <span>{paymentSummary(o)}</span>
            </td>
            <td data-label="Status">
              <span>
                <StatusBadge status={o.status} />
                {statusNote(o) && <span className="admin-table__note">{statusNote(o)}</span>}
              </span>
            </td>
            <td className="admin-table__open">
              <button type="button" className="btn btn--outline btn--sm" onClick={() => void openOrder(o._id)}>
                Open<span className="visually-hidden"> order {o.orderNumber}</span>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Pager({ page, pages }: { page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label="Pages of orders">
      <button type="button" className="btn btn--outline btn--sm" disabled={page <= 1} onClick={() => void goToPage(page - 1)}>
        Previous
      </button>
      {pageWindow(page, pages).map((p) => (
        <button
          key={p}
          type="button"
          className={`btn btn--sm ${p === page ? '' : 'btn--outline'}`}
          aria-current={p === page ? 'page' : undefined}
          aria-label={`Page ${p}`}
          onClick={() => void goToPage(p)}
        >
          {p}
        </button>
      ))}
      <button type="button" className="btn btn--outline btn--sm" disabled={page >= pages} onClick={() => void goToPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

function AdminOrdersInner() {
  const list = useStore($adminList);
  const query = useStore($adminQuery);
  const open = useStore($openOrder);
  const [search, setSearchText] = useState(query.search);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useAdminPage(routes.adminOrders, loadAdminOrders, list.status);

  if (list.status === 'signed-out') return <p>Loading…</p>;
  if (list.status === 'forbidden') return <AdminsOnly what="orders" />;
  if (open?.state === 'ready') return <OrderDetail order={open.order} />;

  const onSearch = (value: string) => {
    setSearchText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void setSearch(value), SEARCH_DELAY_MS);
  };

  return (
    <div className="admin-orders">
      <AdminNav current={routes.adminOrders} />
      <h1>{adminHeading(query.status)}</h1>
      <form
        className="admin-orders__tools"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          clearTimeout(timer.current);
          void setSearch(search);
        }}
      >
        <label className="admin-orders__field">
          <span>Status</span>
          <select value={query.status} onChange={(e) => void setStatusFilter(e.target.value as AdminStatusFilter)}>
            {ADMIN_STATUS_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-orders__field admin-orders__search">
          <span className="visually-hidden">Search orders</span>
          <input type="search" placeholder="Search orders..." value={search} maxLength={80} onChange={(e) => onSearch(e.target.value)} />
        </label>
      </form>
      {open?.state === 'loading' && <p role="status">Opening the order…</p>}
      {open?.state === 'error' && <Notice kind="error" text={open.message} />}
      {list.status === 'error' && <Notice kind="error" text={list.message} />}
      {(list.status === 'loading' || list.status === 'idle') && <p role="status">Loading…</p>}
      {list.status === 'ready' && (
        <>
          <p className="admin-orders__count" role="status">
            {list.total === 1 ? '1 order' : `${list.total} orders`}
            {query.search.trim() ? ` matching “${query.search.trim()}”` : ''}
          </p>
          <OrdersTable orders={list.orders} />
          <Pager page={list.page} pages={pageCount(list.total, list.pageSize)} />
        </>
      )}
    </div>
  );
}

/** The /admin/orders island. */
export default function AdminOrdersPage() {
  return (
    <ErrorBoundary>
      <AdminOrdersInner />
    </ErrorBoundary>
  );
}
