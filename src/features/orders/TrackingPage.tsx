/**
 * The body of both tracking pages: with ?orderId= the order's number, current status and step line (from
 * its status history), or for a cancelled order or a payment never completed the order page's words
 * instead, and what is in it; without one, or when the order is not the shopper's, the
 * shopper's open orders to choose from. The two islands differ in step names, the line's shape and
 * where the chooser links.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { PostalAddressLine } from '../../components/ui/PostalAddress';
import { orderNumber } from '@shared/orders';
import { routes } from '@shared/routes';
import { useSignedInOnly } from '../auth/useSignedInOnly';
import { $orderDetail } from './order-detail.store';
import { $myOrders, $myOrdersState } from './orders.store';
import { StatusBadge } from './StatusBadge';
import { trackOrder } from './tracking';
import { $trackingTarget, openTracking } from './tracking.store';
import { formatDay, isPlaced, orderDateLabel } from './order-state';
import {
  CancelledNotice,
  ShipmentFacts,
  TrackingChooser,
  TrackingItems,
  TrackingNotFound,
  TrackingSteps,
  UnpaidNotice,
} from './TrackingParts';
import './orders.css';
import './order-pages.css';

/** What sets one tracking page apart from the other. */
export interface TrackingPageProps {
  eyebrow: string;
  title: string;
  labels: readonly string[];
  layout: 'across' | 'down';
  /** This page for an order (the chooser's links). */
  hrefOf: (orderId: string) => string;
  /** The other tracking page, offered as a way on. */
  other: { label: string; hrefOf: (orderId: string) => string };
}

/** One tracking page. */
export function TrackingPage({ eyebrow, title, labels, layout, hrefOf, other }: TrackingPageProps) {
  const target = useStore($trackingTarget);
  const detail = useStore($orderDetail);
  const orders = useStore($myOrders);
  const ordersState = useStore($myOrdersState);
  const signedIn = useSignedInOnly(detail.status === 'signed-out' || ordersState.status === 'signed-out');

  useEffect(() => {
    if (signedIn) void openTracking(location.search);
  }, [signedIn]);

  const chooser = <TrackingChooser orders={orders} hrefOf={hrefOf} ready={ordersState.status === 'ready'} />;
  let body;
  if (!signedIn) body = <p>Loading…</p>;
  else if (target.kind === 'none') body = chooser;
  else if (detail.status === 'error')
    body = (
      <>
        <TrackingNotFound message={detail.message} />
        {chooser}
      </>
    );
  else if (detail.status !== 'ready') body = <p>Loading…</p>;
  else {
    const { order } = detail;
    const tracking = trackOrder(order, labels);
    const ship = order.shippingInfo;
    body = (
      <>
        <div className={`tracking-layout tracking-layout--${layout}`}>
          <section className="surface-card tracking-card" aria-labelledby="tracking-order">
            <h2 id="tracking-order" className="visually-hidden">
              Order {orderNumber(order._id)}
            </h2>
            <dl className="tracking-summary">
              <div>
                <dt>Order ID</dt>
                <dd className="tracking-summary__number">{orderNumber(order._id)}</dd>
              </div>
              <div>
                <dt>Current status</dt>
                <dd>
                  <StatusBadge status={order.status} />
                </dd>
              </div>
              <div>
                <dt>{orderDateLabel(order)}</dt>
                <dd>{formatDay(order.createdAt)}</dd>
              </div>
            </dl>
            {order.status === 'pending_payment' ? (
              <UnpaidNotice order={order} />
            ) : tracking.kind === 'line' ? (
              <TrackingSteps tracking={tracking} layout={layout} />
            ) : (
              <CancelledNotice order={order} />
            )}
            <ShipmentFacts order={order} />
          </section>
          <section className="surface-card tracking-card" aria-labelledby="tracking-items">
            <h2 id="tracking-items" className="order-page__subhead">
              In this order
            </h2>
            <TrackingItems order={order} />
            {ship && (
              <p className="tracking-address">
                <span className="tracking-address__label">{isPlaced(order) ? 'Delivering to' : 'Delivery address'}</span>{' '}
                <PostalAddressLine address={ship} />
              </p>
            )}
          </section>
        </div>
        <div className="order-page__actions">
          <a className="btn btn--outline btn--sm" href={routes.orderSuccess(order._id)}>
            Order details
          </a>
          {tracking.kind === 'line' && order.status !== 'pending_payment' && (
            <a className="btn btn--outline btn--sm" href={other.hrefOf(order._id)}>
              {other.label}
            </a>
          )}
          <a className="btn btn--outline btn--sm" href={routes.orderHistory}>
            Order history
          </a>
        </div>
      </>
    );
  }

  return (
    <div className="order-page">
      <header className="order-page__head">
        <div>
          <p className="eyebrow">{eyebrow}</p>
          <h1>{title}</h1>
        </div>
      </header>
      {body}
    </div>
  );
}
