/**
 * /Order-success/{orderId}: thanks, the order number (HRM- and the id's last six characters), what was
 * ordered with subtotal, shipping and total, where it goes, how it is paid, and the ways on: Continue
 * Shopping, View My Orders, tracking and the invoice. One pre-rendered page serves every order id.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import { cdnImage, PLACEHOLDER_IMAGE } from '../../shared/images';
import { formatINR } from '../../shared/money';
import { lineTotal } from '../../shared/pricing';
import { OrderTotals } from './OrderTotals';
import { orderNumber } from '../../shared/orders';
import { formatPhone } from '../../shared/phone';
import { routes } from '../../shared/routes';
import { loginPathReturningTo } from '../auth/return-to';
import { $orderDetail, loadOrder, orderIdFromPath } from './order-detail.store';
import { StatusBadge } from './StatusBadge';
import './order-success.css';

function OrderSuccessInner() {
  const detail = useStore($orderDetail);

  useEffect(() => {
    void loadOrder(orderIdFromPath(location.pathname));
  }, []);

  useEffect(() => {
    if (detail.state === 'signed-out') location.replace(loginPathReturningTo(routes.login, location.pathname));
  }, [detail.state]);

  if (detail.state === 'loading' || detail.state === 'signed-out') return <p>Loading…</p>;
  if (detail.state === 'error') {
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
  const paid = order.paymentStatus === 'paid';
  const ship = order.shippingInfo;
  return (
    <div className="order-success">
      <header className="order-success__head">
        <p className="eyebrow">Thank you</p>
        <h1>Thank you for your order!</h1>
        <p className="order-success__number">
          Order number <strong>{orderNumber(order._id)}</strong> <StatusBadge status={order.status} />
        </p>
        <p className="order-success__lead">
          {order.status === 'pending_payment'
            ? 'We are waiting for your payment to be confirmed. This page updates when you reload it.'
            : order.paymentMethod === 'cod'
              ? 'Your order is confirmed. Please keep the amount ready in cash when it arrives.'
              : 'Your payment is received and your order is confirmed.'}{' '}
          We will text you as it moves.
        </p>
      </header>

      <div className="order-success__grid">
        <section aria-labelledby="success-summary" className="order-success__card">
          <h2 id="success-summary">Order summary</h2>
          <ul className="order-success__lines">
            {order.products.map((line) => (
              <li key={line.productId._id}>
                <img
                  src={cdnImage(line.productId.thumbnail || line.productId.image[0] || PLACEHOLDER_IMAGE, 160)}
                  alt=""
                  width={56}
                  height={70}
                />
                <span>
                  <a href={routes.product(line.productId)}>{line.productId.name}</a>
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
          <address>
            {ship.firstName} {ship.lastName}
            <br />
            {ship.address}
            {ship.apartment ? `, ${ship.apartment}` : ''}
            <br />
            {ship.city}, {ship.state} {ship.pincode}
            <br />
            {ship.country} · {formatPhone(ship.phone)}
            {ship.email && (
              <>
                <br />
                {ship.email}
              </>
            )}
          </address>
          <h2>Payment</h2>
          <p>
            {order.paymentMethod === 'cod'
              ? `Cash on delivery (${formatINR(order.totalAmount)} on arrival)`
              : paid
                ? `Paid online with Razorpay${order.razorpayPaymentId ? ` (${order.razorpayPaymentId})` : ''}`
                : 'Online payment with Razorpay, awaiting confirmation'}
          </p>
        </section>
      </div>

      <div className="order-success__actions">
        <a className="btn" href={routes.home}>
          Continue Shopping
        </a>
        <a className="btn btn--outline" href={routes.account}>
          View My Orders
        </a>
        <a className="btn btn--outline" href={routes.orderTracking(order._id)}>
          Track order
        </a>
        {order.status !== 'pending_payment' && (
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
