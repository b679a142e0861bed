/**
 * /order-history: every order of the signed-in shopper, one row per product line, with the status
 * dropdown (All Orders, Completed, Pending, Cancelled), the search box, five rows a page, and per order
 * Track and, while the policy allows, Cancel. The rules live in order-view.ts and order-history.store.ts;
 * this island only draws them. On a phone the table's rows become cards (order-history.css).
 */
import { useEffect, useId } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import { cdnImage, PLACEHOLDER_IMAGE } from '../../shared/images';
import { formatINR } from '../../shared/money';
import { shortOrderId, STATUS_LABELS } from '../../shared/orders';
import { routes } from '../../shared/routes';
import { useSignedInOnly } from '../auth/useSignedInOnly';
import { CancelOrder } from './CancelOrder';
import { $historyFilter, $historySearch, $historyView, goToHistoryPage, setHistoryFilter, setHistorySearch } from './order-history.store';
import { HISTORY_FILTERS, HISTORY_PAGE_SIZE, historyTone, type HistoryFilter } from './order-view';
import { $cancelNotice, $myOrders, $myOrdersState, cancelMyOrder, loadMyOrders } from './orders.store';
import './orders.css';
import './order-pages.css';

const COLUMNS = ['#', 'Order ID', 'Image', 'Product Name', 'Qty', 'Price', 'Status', 'Payment', 'Total'] as const;

function Pager() {
  const view = useStore($historyView);
  if (view.pages <= 1) return null;
  const first = (view.page - 1) * HISTORY_PAGE_SIZE + 1;
  return (
    <nav className="pager" aria-label="Order history pages">
      <p className="pager__summary">
        Rows {first}–{first + view.rows.length - 1} of {view.total}
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

function HistoryTable() {
  const view = useStore($historyView);
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
        <tbody>
          {view.rows.map((row) => {
            const number = shortOrderId(row.orderId);
            return (
              <tr key={row.key} className={row.leadsOrder ? undefined : 'history-table__more'}>
                <td data-label="#" className="history-table__serial">
                  {row.serial}
                </td>
                <td data-label="Order ID" className="history-table__id">
                  <span className="history-table__number">#{number}</span>
                  {row.leadsOrder && (
                    <a className="history-table__track" href={routes.productTracking(row.orderId)} aria-label={`Track order ${number}`}>
                      Track
                    </a>
                  )}
                </td>
                <td data-label="Image" className="history-table__image">
                  <img src={cdnImage(row.image || PLACEHOLDER_IMAGE, 160)} alt="" width={48} height={60} loading="lazy" />
                </td>
                <td data-label="Product Name" className="history-table__name">
                  {row.name}
                </td>
                <td data-label="Qty" className="history-table__num">
                  {row.quantity}
                </td>
                <td data-label="Price" className="history-table__num">
                  {formatINR(row.price)}
                </td>
                <td data-label="Status" className="history-table__status">
                  <span className="history-table__status-inner">
                    <span className={`status-badge status-badge--${historyTone(row.group)}`}>
                      {STATUS_LABELS[row.status] ?? row.status}
                    </span>
                    {row.leadsOrder && row.mayCancel && (
                      <CancelOrder orderNumber={number} onCancel={() => void cancelMyOrder(row.orderId)} />
                    )}
                  </span>
                </td>
                <td data-label="Payment">{row.payment}</td>
                <td data-label="Total" className="history-table__num history-table__total">
                  {formatINR(row.lineTotal)}
                </td>
              </tr>
            );
          })}
        </tbody>
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
      {view.rows.length > 0 && (
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
