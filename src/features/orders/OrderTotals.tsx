/** The subtotal, shipping and total of an order as the server stored them (never recomputed in the browser). */
import { formatINR } from '../../shared/money';
import { deliveryChargeLabel } from '../../shared/pricing';
import type { Order } from '../../shared/api/orders';

/** Props of OrderTotals: the order, and the block's class name (its rows are styled by the page). */
export interface OrderTotalsProps {
  order: Pick<Order, 'subtotal' | 'shippingCost' | 'totalAmount'>;
  /** BEM block, e.g. 'order-success': renders `${block}__totals` and `${block}__total`. */
  block: string;
}

/** Subtotal, Shipping ('Free' at 0; otherwise the charge is the COD fee, named as everywhere) and Total. */
export function OrderTotals({ order, block }: OrderTotalsProps) {
  return (
    <dl className={`${block}__totals`}>
      <div>
        <dt>Subtotal</dt>
        <dd>{formatINR(order.subtotal)}</dd>
      </div>
      <div>
        <dt>{deliveryChargeLabel(order.shippingCost)}</dt>
        <dd>{order.shippingCost === 0 ? 'Free' : formatINR(order.shippingCost)}</dd>
      </div>
      <div className={`${block}__total`}>
        <dt>Total</dt>
        <dd>{formatINR(order.totalAmount)}</dd>
      </div>
    </dl>
  );
}
