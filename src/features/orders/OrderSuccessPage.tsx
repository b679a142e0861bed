/**
 * /Order-success/{orderId}: one order's page, reached from checkout, the account, the history, texts and
 * emails. It leads with where the order really is (order-state.ts): thanks only for a placed order, 'Payment
 * not completed' with Pay now for a payment never completed, who cancelled and what became of the money for
 * a cancelled one. Then the order number (HRM- and the id's last six characters), what was ordered with
 * subtotal, any discount code, shipping and total, where it goes, how it is paid, and the ways on: Continue
 * Shopping, View My Orders, tracking and the invoice where they apply. One pre-rendered page serves every order id.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import { PostalAddress } from '../../components/ui/PostalAddress';
import { cdnImage, PLACEHOLDER_IMAGE } from '@shared/images';
import { formatINR } from '@shared/money';
import { lineTotal } from '@shared/pricing';
import { OrderTotals } from './OrderTotals';
import { orderNumber } from '@shared/orders';
import { formatPhone } from '@shared/phone';
import { routes } from '@shared/routes';
import { loginPathReturningTo } from '../auth/return-to';
import { $orderDetail, loadOrder, orderIdFromPath } from './order-detail.store';
import { orderState, payNowOffer } from './order-state';
import { promisedDelivery } from './order-view';
import { $payNowNotice } from './pay-now.store';
import { PayNow } from './PayNow';
import { lineKey, sizeText } from '@shared/sizes';
import { StatusBadge } from './StatusBadge';
import { ShipmentFacts } from './TrackingParts';
import { OrderReturns } from './OrderReturns';
import './order-success.css';
import { OrderRefunds } from './OrderRefunds';

const THANKS = 'Thank you for your order!';

function OrderSuccessInner() {
  const detail = useStore($orderDetail);
  const payNotice = useStore($payNowNotice);

  useEffect(() => {
    void loadOrder(orderIdFromPath(location.pathname));
  }, []);

  useEffect(() => {
    if (detail.status === 'signed-out') location.replace(loginPathReturningTo(routes.login, location.pathname));
  }, [detail.status]);

  const tabTitle = detail.status === 'ready' ? `${orderState(detail.order).headline} · ${orderNumber(detail.order._id)} ` : null;
  useEffect(() => {
    // The tab says what the page says, not a thank-you for an order that was never placed.
    if (tabTitle) document.title = document.title.replace(/^[^|]*/, tabTitle);
  }, [tabTitle]);

  if (detail.status === 'loading' || detail.status === 'signed-out') return <p>Loading…</p>;
  if (detail.status === 'error') {
    return (
      <div className="order-success__error">
        <Notice kind="error" text={detail.message} />
        <a className="btn" href={routes.account}>
          View My Orders
        </a>
      </div>
    );
  }
  const { order } = detail;
  const view = orderState(order);
  const promised = promisedDelivery(order);
  const ship = order.shippingInfo;
  // A confirmed payment speaks through the page itself; refusals and a closed Checkout are said here.
  const notice = payNotice?.orderId === order._id && payNotice.kind !== 'success' ? payNotice : null;
  return (
    <div className={`order-success order-success--${view.kind}`}>
      <header className="order-success__head">
        {view.thanks && view.headline !== THANKS && <p className="order-success__thanks">{THANKS}</p>}
        <h1>{view.headline}</h1>
        <p className="order-success__number">
          Order number <strong>{orderNumber(order._id)}</strong> <StatusBadge status={order.status} />
        </p>
        <div className="order-success__lead">
          {view.lead.map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
        </div>
        {promised && (
          <p className="order-success__delivery" data-testid="order-delivery">
            <strong>{promised}</strong> to {order.shippingInfo.city}, {order.shippingInfo.pincode}
          </p>
        )}
        <ShipmentFacts order={order} />
        {(view.payNow || view.shopAgain) && (
          <div className="order-success__pay">
            <PayNow order={order} offer={payNowOffer(order)} onConfirmed={() => undefined} lapsedText={null} />
          </div>
        )}
        <Notice kind={notice?.kind ?? 'info'} text={notice?.text} />
      </header>

      <div className="order-success__grid">
        <section aria-labelledby="success-summary" className="order-success__card">
          <h2 id="success-summary">Order summary</h2>
          <ul className="order-success__lines">
            {order.products.map((line) => (
              <li key={lineKey({ _id: line.productId._id, size: line.size })}>
                <img
                  src={cdnImage(line.productId.thumbnail || line.productId.image[0] || PLACEHOLDER_IMAGE, 160)}
                  alt=""
                  width={56}
                  height={70}
                />
                <span>
                  <a href={routes.product(line.productId)}>{line.productId.name}</a>
                  {line.size && <span className="order-success__muted">{sizeText(line)}</span>}
                  <span className="order-success__muted">
                    {line.quantity} × {formatINR(line.price)}
                  </span>
                </span>
                <span>{formatINR(lineTotal(line))}</span>
              </li>
            ))}
          </ul>
          <OrderTotals order={order} block="order-success" />
        </section>

        <section aria-labelledby="success-shipping" className="order-success__card">
          <h2 id="success-shipping">Shipping details</h2>
          <PostalAddress address={ship}>
            <br />
            {ship.country} · <span className="phone-number">{formatPhone(ship.phone)}</span>
            {ship.email && (
              <>
                <br />
                {ship.email}
              </>
            )}
          </PostalAddress>
          <h2>Payment</h2>
          <p className="order-success__payment">
            <strong>{view.payment}</strong>
            {view.paymentDetail && <span className="order-success__muted">{view.paymentDetail}</span>}
          </p>
          <OrderRefunds order={order} />
        </section>
      </div>

      <OrderReturns order={order} />

      <div className="order-success__actions">
        <a className="btn" href={routes.home}>
          Continue Shopping
        </a>
        <a className="btn btn--outline" href={routes.account}>
          View My Orders
        </a>
        {view.track && (
          <a className="btn btn--outline" href={routes.orderTracking(order._id)}>
            Track order
          </a>
        )}
        {view.invoice && (
          <a className="btn btn--outline" href={routes.invoice(order._id)}>
            Tax invoice
          </a>
        )}
      </div>
    </div>
  );
}

/** The /Order-success island. */
export default function OrderSuccessPage() {
  return (
    <ErrorBoundary>
      <OrderSuccessInner />
    </ErrorBoundary>
  );
}
