/**
 * /admin/orders: every order for the shop's admins. A status filter ('All Orders' first), a search box
 * ('Search orders...') and pages, all kept in the address (`?status=shipped&search=meera&page=2`) so reload,
 * Back and shared links show the same list; the dashboard's links add days placed, payment and sales only
 * (`?from=2026-12-01&to=2026-12-07&payment=cod&sale=yes`), said in a line above the list with a Clear button,
 * so an admin arriving from a figure sees why the list is shorter. Status badges colour-coded by status. Each
 * order opens on its own page (/admin/orders/{id}) through a real link, which remembers this list for its way
 * back. A table on desktop, stacked cards on phones. The server decides who is an admin; this page only renders
 * the store's answer.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import { formatINR } from '@shared/money';
import { formatPhone } from '@shared/phone';
import { adminRoutes } from '../back-office/admin-routes';
import type { AdminOrder } from '@shared/api/orders';
import { pageWindow } from '../orders/order-view';
import { StatusBadge } from '../orders/StatusBadge';
import {
  ADMIN_STATUS_FILTERS,
  adminHeading,
  formatDateTime,
  itemsSummary,
  listFiltersSummary,
  pageCount,
  paymentSummary,
  statusNote,
  type AdminStatusFilter,
} from './admin-orders';
import {
  $adminList,
  $adminQuery,
  $searchText,
  clearListFilters,
  currentListSearch,
  goToPage,
  loadListFromUrl,
  setStatusFilter,
  submitSearch,
  typeSearch,
} from './admin-orders.store';
import { AdminsOnly, useAdminPage } from '../back-office/AdminGate';
import './admin.css';

/** Loads the list the address asks for. */
const loadFromAddress = () => loadListFromUrl(location.search);

/** Where sign-in comes back to: this list, with its filters. */
const here = () => location.pathname + location.search;

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
              <a className="btn btn--outline btn--sm" href={adminRoutes.order(o._id, currentListSearch())}>
                Open<span className="visually-hidden"> order {o.orderNumber}</span>
              </a>
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
  const search = useStore($searchText);
  const filters = listFiltersSummary(query);

  useAdminPage(here, loadFromAddress, list.status);
  // Back and Forward between the list's own states (filters, pages) show the list their address holds.
  useEffect(() => {
    const onPop = () => void loadFromAddress();
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  if (list.status === 'signed-out') return <p>Loading…</p>;
  if (list.status === 'forbidden') return <AdminsOnly what="orders" />;

  return (
    <div className="admin-orders">
      <h1>{adminHeading(query.status)}</h1>
      <form
        className="admin-orders__tools"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          void submitSearch();
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
          <input type="search" placeholder="Search orders..." value={search} maxLength={80} onChange={(e) => typeSearch(e.target.value)} />
        </label>
      </form>
      {filters && (
        <p className="admin-orders__filters">
          <span>{filters}</span>
          <button type="button" className="btn btn--outline btn--sm" onClick={() => void clearListFilters()}>
            Clear<span className="visually-hidden"> these filters</span>
          </button>
        </p>
      )}
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
