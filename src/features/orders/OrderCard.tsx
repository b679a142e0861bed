/**
 * One order in a list: its six-character number, date, status, first piece, payment and total, with the
 * ways on from there (details, tracking and invoice where they apply), Pay now for an online payment never
 * completed while its items are held, and Cancel while the policy allows.
 */
import { useStore } from '@nanostores/react';
import { cdnImage, PLACEHOLDER_IMAGE } from '@shared/images';
import { formatINR } from '@shared/money';
import { customerMayCancel, paymentLabel, shortOrderId } from '@shared/orders';
import { routes } from '@shared/routes';
import type { Order } from '@shared/api/orders';
import { Notice } from '../../components/ui/Notice';
import { CancelOrder } from './CancelOrder';
import { formatDay, hasInvoice, mayTrack, payNowOffer } from './order-state';
import { $payNowNotice, openOrderPage } from './pay-now.store';
import { PayNow } from './PayNow';
import { discountSaving } from './order-view';
import { sizeText } from '@shared/sizes';
import { StatusBadge } from './StatusBadge';

/** What the card needs: the order, and what Cancel does (omitted: no Cancel button). */
export interface OrderCardProps {
  order: Order;
  onCancel?: (orderId: string) => void;
  notice?: { kind: 'success' | 'error'; text: string } | null;
}

/** One order. */
export function OrderCard({ order, onCancel, notice }: OrderCardProps) {
  const payNotice = useStore($payNowNotice);
  const first = order.products[0];
  const more = order.products.length - 1;
  const image = first?.productId.thumbnail || first?.productId.image[0] || PLACEHOLDER_IMAGE;
  const pieces = order.products.reduce((n, l) => n + l.quantity, 0);
  const offer = payNowOffer(order);
  const saving = discountSaving(order);
  return (
    <li className={`order-card${offer.kind === 'none' ? '' : ' order-card--unpaid'}`}>
      <div className="order-card__head">
        <span className="order-card__number" aria-label={`Order ${shortOrderId(order._id)}`}>
          #{shortOrderId(order._id)}
        </span>
        <StatusBadge status={order.status} />
        <span className="order-card__date">{formatDay(order.createdAt)}</span>
        <span className="order-card__total">{formatINR(order.totalAmount)}</span>
      </div>
      {saving && <p className="order-card__saving">{saving}</p>}
      <div className="order-card__items">
        <img className="order-card__thumb" src={cdnImage(image, 160)} alt="" width={56} height={70} loading="lazy" />
        <span>
          {first?.productId.name ?? 'N/A'}
          {first?.size ? ` (${sizeText(first)})` : ''}
          {more > 0 ? ` and ${more} more` : ''} · {pieces} {pieces === 1 ? 'piece' : 'pieces'} ·{' '}
          <span className="order-card__payment">{paymentLabel(order)}</span>
        </span>
      </div>
      {offer.kind !== 'none' && (
        <div className="order-card__pay">
          <PayNow order={order} offer={offer} onConfirmed={openOrderPage} />
        </div>
      )}
      <div className="order-card__actions">
        <a className="btn btn--outline btn--sm" href={routes.orderSuccess(order._id)}>
          Details
        </a>
        {mayTrack(order) && (
          <a className="btn btn--outline btn--sm" href={routes.orderTracking(order._id)}>
            Track
          </a>
        )}
        {hasInvoice(order) && (
          <a className="btn btn--outline btn--sm" href={routes.invoice(order._id)}>
            Invoice
          </a>
        )}
        {onCancel && customerMayCancel(order) && <CancelOrder orderNumber={shortOrderId(order._id)} onCancel={() => onCancel(order._id)} />}
      </div>
      <Notice kind={notice?.kind ?? 'info'} text={notice?.text} />
      {payNotice?.orderId === order._id && <Notice kind={payNotice.kind} text={payNotice.text} />}
    </li>
  );
}
