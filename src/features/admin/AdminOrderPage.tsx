/**
 * /admin/orders/{id}: one order on its own page, so a link to it can be shared and reloaded (one static page
 * serves every id: netlify.toml rewrites /admin/orders/* to /admin/order, which reads the id from the
 * address). Signed out, it goes through sign-in and comes back; an unknown or malformed id says so, with the
 * way back. Its Back link returns to the exact list it was opened from (the `back` query).
 */
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import { routes } from '@shared/routes';
import { orderIdFromPath } from '../orders/order-detail.store';
import { adminRoutes } from '../back-office/admin-routes';
import { listSearchFromOrderSearch } from './admin-orders';
import { $adminList, $openOrder, openOrder } from './admin-orders.store';
import { AdminOrderDetail } from './AdminOrderDetail';
import { AdminsOnly, useAdminPage } from '../back-office/AdminGate';
import './admin.css';

/** Loads the order the address names. */
const loadFromAddress = () => openOrder(orderIdFromPath(location.pathname));

/** Where sign-in comes back to: this very order (and the list it came from). */
const here = () => location.pathname + location.search;

function AdminOrderInner() {
  const list = useStore($adminList);
  const open = useStore($openOrder);
  useAdminPage(here, loadFromAddress, list.status);
  if (list.status === 'forbidden') return <AdminsOnly what="orders" />;
  const backHref =
    typeof location === 'undefined' ? routes.adminOrders : adminRoutes.ordersList(listSearchFromOrderSearch(location.search));
  if (open?.status === 'ready') return <AdminOrderDetail order={open.order} backHref={backHref} />;
  return (
    <div className="admin-orders">
      {open?.status === 'missing' ? (
        <>
          <h1>Order not found</h1>
          <p>
            {open.id
              ? 'No order has this address. The link may be mistyped or cut short.'
              : 'This address does not name an order. The link may be mistyped or cut short.'}
          </p>
          <a className="btn btn--sm admin-detail__back" href={backHref}>
            ← Back to orders
          </a>
        </>
      ) : open?.status === 'error' ? (
        <>
          <h1>Order</h1>
          <Notice kind="error" text={open.message} />
          <a className="btn btn--outline btn--sm admin-detail__back" href={backHref}>
            ← Back to orders
          </a>
        </>
      ) : (
        <p role="status">Opening the order…</p>
      )}
    </div>
  );
}

/** The /admin/orders/{id} island. */
export default function AdminOrderPage() {
  return (
    <ErrorBoundary>
      <AdminOrderInner />
    </ErrorBoundary>
  );
}
