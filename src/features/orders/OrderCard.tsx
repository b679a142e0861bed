/**
 * One order in a list: its six-character number, date, status, first piece and total, with the ways on
 * from there (details, tracking, invoice) and Cancel while the policy allows.
 */
import { cdnImage, PLACEHOLDER_IMAGE } from '../../shared/images';
import { formatINR } from '../../shared/money';
import { customerMayCancel, shortOrderId } from '../../shared/orders';
import { routes } from '../../shared/routes';
import type { Order } from '../../shared/api/orders';
import { Notice } from '../../components/ui/Notice';
import { CancelOrder } from './CancelOrder';
import { StatusBadge } from './StatusBadge';

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** What the card needs: the order, and what Cancel does (omitted: no Cancel button). */
export interface OrderCardProps {
  order: Order;
  onCancel?: (orderId: string) => void;
  notice?: { kind: 'success' | 'error'; text: string } | null;
}

/** One order. */
export function OrderCard({ order, onCancel, notice }: OrderCardProps) {
  const first = order.products[0];
  const more = order.products.length - 1;
  const image = first?.productId.thumbnail || first?.productId.image[0] || PLACEHOLDER_IMAGE;
  const pieces = order.products.reduce((n, l) => n + l.quantity, 0);
  return (
    <li className="order-card">
      <div className="order-card__head">
        <span className="order-card__number" aria-label={`Order ${shortOrderId(order._id)}`}>
          #{shortOrderId(order._id)}
        </span>
        <StatusBadge status={order.status} />
        <span className="order-card__date">{dateFormat.format(new Date(order.createdAt))}</span>
        <span className="order-card__total">{formatINR(order.totalAmount)}</span>
      </div>
      <div className="order-card__items">
        <img className="order-card__thumb" src={cdnImage(image, 160)} alt="" width={56} height={70} loading="lazy" />
        <span>
          {first?.productId.name ?? 'N/A'}
          {more > 0 ? ` and ${more} more` : ''} · {pieces} {pieces === 1 ? 'piece' : 'pieces'} ·{' '}
          {order.paymentMethod === 'cod' ? 'Cash on delivery' : 'Paid online'}
        </span>
      </div>
      <div className="order-card__actions">
        <a className="btn btn--outline btn--sm" href={routes.orderSuccess(order._id)}>
          Details
        </a>
        {order.status !== 'cancelled' && (
          <a className="btn btn--outline btn--sm" href={routes.orderTracking(order._id)}>
            Track
          </a>
        )}
        {order.status !== 'pending_payment' && (
          <a className="btn btn--outline btn--sm" href={routes.invoice(order._id)}>
            Invoice
          </a>
        )}
        {onCancel && customerMayCancel(order) && <CancelOrder orderNumber={shortOrderId(order._id)} onCancel={() => onCancel(order._id)} />}
      </div>
      <Notice kind={notice?.kind ?? 'info'} text={notice?.text} />
    </li>
  );
}
