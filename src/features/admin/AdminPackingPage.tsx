/**
 * /admin/packing: a printable packing slip per order (its pieces and sizes to tick off, the delivery address
 * and phone, and the cash the courier collects), one slip per printed page. Without ?order= it is today's
 * packing: every confirmed order, oldest first.
 */
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import { PostalAddress } from '../../components/ui/PostalAddress';
import type { AdminOrder } from '@shared/api/orders';
import { formatINR } from '@shared/money';
import { formatPhone } from '@shared/phone';
import { adminRoutes } from '../back-office/admin-routes';
import { sizeText } from '@shared/sizes';
import { formatDateTime } from './admin-orders';
import { $packing, amountToCollect, loadPacking } from './admin-packing.store';
import { AdminsOnly, useAdminPage } from '../back-office/AdminGate';
import './admin.css';

/** One order's slip. */
function PackingSlip({ order }: { order: AdminOrder }) {
  const ship = order.shippingInfo;
  const collect = amountToCollect(order);
  const pieces = order.products.reduce((n, l) => n + l.quantity, 0);
  return (
    <article className="surface-card packing-slip" aria-labelledby={`slip-${order._id}`}>
      <header className="packing-slip__head">
        <h2 id={`slip-${order._id}`}>{order.orderNumber}</h2>
        <p>Placed {formatDateTime(order.createdAt)}</p>
      </header>
      <div className="packing-slip__body">
        <div>
          <h3>Ship to</h3>
          <PostalAddress address={ship}>
            <br />
            {formatPhone(ship.phone)}
          </PostalAddress>
        </div>
        <div className={collect > 0 ? 'packing-slip__cod' : 'packing-slip__paid'}>
          <h3>Payment</h3>
          {collect > 0 ? (
            <p>
              <strong>Cash on delivery: collect {formatINR(collect)}</strong>
            </p>
          ) : (
            <p>Paid online: collect nothing</p>
          )}
        </div>
      </div>
      <table className="packing-slip__lines">
        <caption className="visually-hidden">Pieces to pack</caption>
        <thead>
          <tr>
            <th scope="col">Packed</th>
            <th scope="col">Piece</th>
            <th scope="col">Size</th>
            <th scope="col">Qty</th>
          </tr>
        </thead>
        <tbody>
          {order.products.map((line) => (
            <tr key={`${line.productId._id}:${line.size ?? ''}`}>
              <td>
                <span className="packing-slip__tick" aria-hidden="true" />
              </td>
              <td>{line.productId.name}</td>
              <td>{sizeText(line) || '—'}</td>
              <td>{line.quantity}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={3}>Pieces in all</td>
            <td>{pieces}</td>
          </tr>
        </tfoot>
      </table>
    </article>
  );
}

/** This page's address, with the order it was opened for: where sign-in comes back to. */
const packingPath = () => `${adminRoutes.packing}${location.search}`;
/** Loads the slips this page's address asks for. */
const loadThisPacking = () => loadPacking(location.search);

function AdminPackingInner() {
  const state = useStore($packing);
  useAdminPage(packingPath, loadThisPacking, state.status);

  if (state.status === 'signed-out') return <p>Loading…</p>;
  if (state.status === 'forbidden') return <AdminsOnly what="orders" />;
  return (
    <div className="admin-orders packing">
      <div className="packing__toolbar">
        <h1>{state.status === 'ready' && state.single ? 'Packing slip' : 'To pack today'}</h1>
        {state.status === 'ready' && state.orders.length > 0 && (
          <button type="button" className="btn btn--sm" onClick={() => window.print()}>
            Print {state.single ? 'slip' : 'all slips'}
          </button>
        )}
      </div>
      {state.status === 'loading' && <p role="status">Loading…</p>}
      {state.status === 'error' && <Notice kind="error" text={state.message} />}
      {state.status === 'ready' && !state.single && (
        <p className="admin-orders__count packing__count" role="status">
          {state.total === 0
            ? 'Nothing to pack: no confirmed orders.'
            : `${state.total} confirmed ${state.total === 1 ? 'order' : 'orders'} to pack, oldest first.`}
          {state.total > state.orders.length ? ` Showing the oldest ${state.orders.length}.` : ''}
        </p>
      )}
      {state.status === 'ready' && state.orders.map((order) => <PackingSlip key={order._id} order={order} />)}
    </div>
  );
}

/** The /admin/packing island. */
export default function AdminPackingPage() {
  return (
    <ErrorBoundary>
      <AdminPackingInner />
    </ErrorBoundary>
  );
}
