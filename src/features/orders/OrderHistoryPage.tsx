/**
 * /order-history: every order of the signed-in shopper, one row per product line grouped by order (each
 * order's date, total charged, status and payment said once), with the status dropdown (All Orders,
 * Completed, Pending, Cancelled), the search box, five orders a page, and per order Track, Pay now for a
 * payment never completed and, while the policy allows, Cancel. The rules live in order-view.ts and
 * order-history.store.ts; this island only draws them. On a phone each order becomes a card (order-pages.css).
 */
import { useEffect, useId } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import { cdnImage, PLACEHOLDER_IMAGE } from '@shared/images';
import { formatINR } from '@shared/money';
import { shortOrderId } from '@shared/orders';
import type { Order } from '@shared/api/orders';
import { routes } from '@shared/routes';
import { useSignedInOnly } from '../auth/useSignedInOnly';
import { CancelOrder } from './CancelOrder';
import { $historyFilter, $historySearch, $historyView, goToHistoryPage, setHistoryFilter, setHistorySearch } from './order-history.store';
import { HISTORY_FILTERS, historyTone, type HistoryFilter, type HistoryOrder } from './order-view';
import { $cancelNotice, $myOrders, $myOrdersState, cancelMyOrder, loadMyOrders } from './orders.store';
import { $payNowNotice, openOrderPage } from './pay-now.store';
import { PayNow } from './PayNow';
import './orders.css';
import './order-pages.css';

const COLUMNS = ['#', 'Order ID', 'Image', 'Product Name', 'Qty', 'Price', 'Status', 'Payment', 'Total'] as const;

function Pager() {
  const view = useStore($historyView);
  if (view.pages <= 1) return null;
  return (
    <nav className="pager" aria-label="Order history pages">
      <p className="pager__summary">
        Orders {view.first}–{view.first + view.orders.length - 1} of {view.total}
      </p>
      <ul className="pager__list">
        <li>
          <button type="button" className="pager__step" disabled={view.page === 1} onClick={() => goToHistoryPage(view.page - 1)}>
            <span aria-hidden="true">‹</span> Previous
          </button>
        </li>
        {view.window.map((n) => (
          <li key={n}>
            <button
              type="button"
              className="pager__page"
              aria-current={n === view.page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => goToHistoryPage(n)}
            >
              {n}
            </button>
          </li>
        ))}
        <li>
          <button type="button" className="pager__step" disabled={view.page === view.pages} onClick={() => goToHistoryPage(view.page + 1)}>
            Next <span aria-hidden="true">›</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}

/**
 * One order: a heading row spanning the table (its number, date, the total charged, and Track, Pay now and
 * Cancel), then one row per product line. The order's number, status and payment span its lines, so a
 * multi-line order reads as one order; on a phone the whole group is one card.
 */
function HistoryOrderRows({ order, source }: { order: HistoryOrder; source: Order }) {
  const span = order.rows.length;
  return (
    <tbody className="history-order">
      <tr className="history-order__head">
        <th scope="rowgroup" colSpan={COLUMNS.length}>
          <div className="history-order__bar">
            <span className="history-order__summary">
              <a className="history-order__number" href={routes.orderSuccess(order.orderId)}>
                Order #{order.number}
              </a>
              <span className="history-order__date">
                {order.dateLabel} <time dateTime={source.createdAt}>{order.date}</time>
              </span>
              <span className="history-order__total">
                Order total <strong>{formatINR(order.total)}</strong>
              </span>
              {order.saving && <span className="history-order__saving">{order.saving}</span>}
            </span>
            <span className="history-order__actions">
              <PayNow order={source} offer={order.payNow} onConfirmed={openOrderPage} />
              {order.mayTrack && (
                <a
                  className="btn btn--outline btn--sm"
                  href={routes.productTracking(order.orderId)}
                  aria-label={`Track order ${order.number}`}
                >
                  Track
                </a>
              )}
              {order.mayCancel && <CancelOrder orderNumber={order.number} onCancel={() => void cancelMyOrder(order.orderId)} />}
            </span>
          </div>
        </th>
      </tr>
      {order.rows.map((row, i) => (
        <tr key={row.key} className="history-table__line">
          <td data-label="#" className="history-table__serial">
            {row.serial}
          </td>
          {i === 0 && (
            <td data-label="Order ID" className="history-table__id" rowSpan={span}>
              <span className="history-table__number">#{order.number}</span>
            </td>
          )}
          <td data-label="Image" className="history-table__image">
            <img src={cdnImage(row.image || PLACEHOLDER_IMAGE, 160)} alt="" width={48} height={60} loading="lazy" />
          </td>
          <td data-label="Product Name" className="history-table__name">
            {row.name}
            {row.size && <span className="history-table__size">{row.size}</span>}
          </td>
          <td data-label="Qty" className="history-table__num history-table__qty">
            {row.quantity}
          </td>
          <td data-label="Price" className="history-table__num history-table__price">
            {formatINR(row.price)}
          </td>
          {i === 0 && (
            <td data-label="Status" className="history-table__status" rowSpan={span}>
              <span className={`status-badge status-badge--${historyTone(order.group)}`}>{order.statusLabel}</span>
            </td>
          )}
          {i === 0 && (
            <td data-label="Payment" className="history-table__payment" rowSpan={span}>
              {order.payment}
            </td>
          )}
          <td data-label="Total" className="history-table__num history-table__total">
            {formatINR(row.lineTotal)}
          </td>
        </tr>
      ))}
    </tbody>
  );
}

function HistoryTable() {
  const view = useStore($historyView);
  const orders = useStore($myOrders);
  const byId = new Map(orders.map((o) => [o._id, o]));
  return (
    <div className="history-table-wrap">
      <table className="history-table">
        <caption className="visually-hidden">
          {view.heading}, page {view.page} of {view.pages}
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className={c === 'Qty' || c === 'Price' || c === 'Total' ? 'history-table__num' : undefined}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        {view.orders.map((order) => (
          <HistoryOrderRows key={order.orderId} order={order} source={byId.get(order.orderId)!} />
        ))}
      </table>
    </div>
  );
}

function OrderHistoryInner() {
  const state = useStore($myOrdersState);
  const orders = useStore($myOrders);
  const filter = useStore($historyFilter);
  const search = useStore($historySearch);
  const view = useStore($historyView);
  const notice = useStore($cancelNotice);
  const payNotice = useStore($payNowNotice);
  const signedIn = useSignedInOnly(state.status === 'signed-out');
  const filterId = useId();
  const searchId = useId();

  useEffect(() => {
    if (signedIn) void loadMyOrders();
  }, [signedIn]);

  return (
    <div className="order-page">
      <header className="order-page__head">
        <div>
          <p className="eyebrow">Your account</p>
          <h1>{view.heading}</h1>
        </div>
        <div className="history-controls">
          <div className="field">
            <label className="field__label" htmlFor={filterId}>
              Status
            </label>
            <select
              id={filterId}
              className="input"
              value={filter}
              onChange={(e) => setHistoryFilter(e.currentTarget.value as HistoryFilter)}
            >
              {HISTORY_FILTERS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field history-controls__search">
            <label className="field__label" htmlFor={searchId}>
              Search orders
            </label>
            <input
              id={searchId}
              className="input"
              type="search"
              placeholder="Search orders..."
              value={search}
              onChange={(e) => setHistorySearch(e.currentTarget.value)}
            />
          </div>
        </div>
      </header>

      {notice && <Notice kind={notice.kind} text={`Order #${shortOrderId(notice.orderId)}: ${notice.text}`} />}
      {payNotice && <Notice kind={payNotice.kind} text={`Order #${shortOrderId(payNotice.orderId)}: ${payNotice.text}`} />}
      {(state.status === 'idle' || state.status === 'loading' || state.status === 'signed-out') && <p>Loading…</p>}
      {state.status === 'error' && <Notice kind="error" text={state.message} />}
      {state.status === 'ready' && orders.length === 0 && (
        <div className="order-page__empty">
          <p>No orders found</p>
          <a className="btn" href={routes.allProducts}>
            Start shopping
          </a>
        </div>
      )}
      {view.noMatch && (
        <p className="order-page__empty" role="status">
          {view.noMatch}
        </p>
      )}
      {view.orders.length > 0 && (
        <>
          <HistoryTable />
          <Pager />
        </>
      )}
      <p className="order-page__back">
        <a href={routes.account}>Back to your account</a>
      </p>
    </div>
  );
}

/** The /order-history island. */
export default function OrderHistoryPage() {
  return (
    <ErrorBoundary>
      <OrderHistoryInner />
    </ErrorBoundary>
  );
}
