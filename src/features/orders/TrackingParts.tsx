/**
 * Pieces both tracking pages use: the step line (horizontal on product tracking, the vertical order
 * tracking component), the cancelled and payment-not-completed notices that replace it (in the order
 * page's words, order-state.ts), the chooser of open orders, and the 'not found' answer for an order that
 * is not the shopper's. Dates are Indian time.
 */
import { Icon } from '../../components/ui/Icon';
import { checkIcon } from '../../components/ui/icons/check';
import { Notice } from '../../components/ui/Notice';
import type { Order } from '@shared/api/orders';
import { cdnImage, PLACEHOLDER_IMAGE } from '@shared/images';
import { formatINR } from '@shared/money';
import { lineTotal } from '@shared/pricing';
import { orderNumber } from '@shared/orders';
import { routes } from '@shared/routes';
import { StatusBadge } from './StatusBadge';
import { formatDay, formatDayTime, orderState, payNowOffer } from './order-state';
import { openOrderPage } from './pay-now.store';
import { PayNow } from './PayNow';
import { sizeText } from '@shared/sizes';
import { formatDeliveryDay } from '@shared/delivery';
import { openOrders, type Tracking } from './tracking';
import './tracking-parts.css';

/** The step line of an order that is not cancelled: done steps ticked and dated, the current one marked. */
export function TrackingSteps({ tracking, layout }: { tracking: Extract<Tracking, { kind: 'line' }>; layout: 'across' | 'down' }) {
  return (
    <ol className={`tracking-steps tracking-steps--${layout}`}>
      {tracking.steps.map((step, i) => {
        const state = step.done ? 'done' : step.current ? 'current' : 'upcoming';
        return (
          <li key={step.label} className={`tracking-step tracking-step--${state}`} aria-current={step.current ? 'step' : undefined}>
            <span className="tracking-step__marker" aria-hidden="true">
              {step.done ? <Icon icon={checkIcon} size={18} /> : i + 1}
            </span>
            <span className="tracking-step__text">
              <span className="tracking-step__label">{step.label}</span>
              <span className="visually-hidden">{step.done ? ', done' : step.current ? ', in progress' : ', not yet'}</span>
              <span className="tracking-step__date">
                {step.at
                  ? formatDayTime(step.at)
                  : step.done
                    ? 'Done'
                    : step.current && tracking.awaitingPayment
                      ? 'Awaiting payment'
                      : 'Not yet'}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** What replaces the line for a cancelled order: the order page's words (who cancelled, when, and the money). */
export function CancelledNotice({ order }: { order: Order }) {
  const state = orderState(order);
  return (
    <div className="tracking-cancelled" role="status">
      <p className="tracking-cancelled__title">{state.headline}</p>
      {state.lead.map((sentence) => (
        <p key={sentence}>{sentence}</p>
      ))}
      <p>
        It will not be delivered. <a href={routes.refundPolicy}>Cancellation &amp; Refund Policy</a>
      </p>
    </div>
  );
}

/** What replaces the line for an online payment never completed: there is no order on its way to track. */
export function UnpaidNotice({ order }: { order: Order }) {
  const state = orderState(order);
  return (
    <div className="tracking-unpaid" role="status">
      <p className="tracking-unpaid__title">{state.headline}</p>
      {state.lead.map((sentence) => (
        <p key={sentence}>{sentence}</p>
      ))}
      <PayNow order={order} offer={payNowOffer(order)} onConfirmed={openOrderPage} />
    </div>
  );
}

/** The shopper's open orders to pick one to track, each linking to `hrefOf` it; or word that none is on its way. */
export function TrackingChooser({
  orders,
  hrefOf,
  ready,
}: {
  orders: readonly Order[];
  hrefOf: (orderId: string) => string;
  ready: boolean;
}) {
  if (!ready) return <p>Loading…</p>;
  const open = openOrders(orders);
  if (open.length === 0) {
    return (
      <div className="order-page__empty">
        <p>You have no orders on their way.</p>
        <a className="btn btn--outline" href={routes.orderHistory}>
          See all your orders
        </a>
      </div>
    );
  }
  return (
    <section aria-labelledby="choose-order">
      <h2 id="choose-order" className="order-page__subhead">
        Choose an order to track
      </h2>
      <ul className="tracking-choices">
        {open.map((order) => {
          const first = order.products[0];
          const more = order.products.length - 1;
          return (
            <li key={order._id}>
              <a className="tracking-choice" href={hrefOf(order._id)}>
                <img
                  src={cdnImage(first?.productId?.thumbnail || first?.productId?.image?.[0] || PLACEHOLDER_IMAGE, 160)}
                  alt=""
                  width={48}
                  height={60}
                  loading="lazy"
                />
                <span className="tracking-choice__text">
                  <span className="tracking-choice__number">{orderNumber(order._id)}</span>
                  <span className="tracking-choice__meta">
                    {first?.productId?.name ?? 'N/A'}
                    {first?.size ? ` (${sizeText(first)})` : ''}
                    {more > 0 ? ` and ${more} more` : ''}
                  </span>
                  <span className="tracking-choice__meta">
                    {formatDay(order.createdAt)} · {formatINR(order.totalAmount)}
                  </span>
                </span>
                <StatusBadge status={order.status} />
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The answer for an order id that is not the shopper's (or not an order at all). */
export function TrackingNotFound({ message }: { message: string }) {
  return (
    <div className="tracking-not-found">
      <Notice kind="error" text={message} />
      <p className="order-page__muted">
        We could not find this order in your account. Check the link, or sign in with the phone number you ordered with.
      </p>
    </div>
  );
}

/** The products of an order, small, under the tracking line. */
export function TrackingItems({ order }: { order: Order }) {
  return (
    <ul className="tracking-items">
      {order.products.map((line, i) => (
        <li key={`${line.productId?._id ?? 'line'}-${i}`}>
          <img
            src={cdnImage(line.productId?.thumbnail || line.productId?.image?.[0] || PLACEHOLDER_IMAGE, 160)}
            alt=""
            width={48}
            height={60}
            loading="lazy"
          />
          <span>
            {line.productId ? <a href={routes.product(line.productId)}>{line.productId.name}</a> : 'N/A'}
            <span className="tracking-items__meta">
              {line.size ? `${sizeText(line)} · ` : ''}Qty {line.quantity} · {formatINR(lineTotal(line))}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The parcel once shipped: the courier, the tracking (AWB) number, the courier's expected date and a link to
 * follow it on the courier's own page. The same facts on both tracking pages and the order page.
 */
export function ShipmentFacts({ order }: { order: Order }) {
  const shipment = order.shipment;
  if (!shipment || order.status === 'cancelled') return null;
  return (
    <div className="shipment-facts" data-testid="shipment">
      <dl className="tracking-summary">
        <div>
          <dt>Courier</dt>
          <dd>{shipment.courier}</dd>
        </div>
        <div>
          <dt>Tracking number</dt>
          <dd className="shipment-facts__awb">{shipment.awb}</dd>
        </div>
        {shipment.expectedDelivery && order.status !== 'delivered' && (
          <div>
            <dt>Expected delivery</dt>
            <dd>{formatDeliveryDay(shipment.expectedDelivery)}</dd>
          </div>
        )}
      </dl>
      {shipment.trackingUrl && (
        <a className="btn btn--outline btn--sm" href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
          Track with {shipment.courier}
          <span className="visually-hidden"> (opens the courier’s site in a new tab)</span>
        </a>
      )}
    </div>
  );
}
