/** The subtotal, discount, shipping and total of an order as the server stored them (never recomputed in the browser). */
import { formatINR } from '@shared/money';
import { deliveryChargeLabel } from '@shared/pricing';
import { discountLabel } from '@shared/discounts';
import type { Order } from '@shared/api/orders';

/** An amount taken off, as every page shows it: '−₹200' (a true minus sign, which screen readers read as minus). */
export const minusINR = (amount: number): string => `\u2212${formatINR(amount)}`;

/** Props of OrderTotals: the order, and the block's class name (its rows are styled by the page). */
export interface OrderTotalsProps {
  order: Pick<Order, 'subtotal' | 'shippingCost' | 'totalAmount' | 'discount'>;
  /** BEM block, e.g. 'order-success': renders `${block}__totals`, `${block}__discount` and `${block}__total`. */
  block: string;
  /** Whether the discount row also says what the code gives ('10% off'): the admin's view. */
  describe?: boolean;
}

/**
 * Subtotal, the discount code's row ('Discount (DIWALI10)', −₹amount) when the order used one, Shipping
 * ('Free' at 0; otherwise the charge is the COD fee, named as everywhere) and Total.
 */
export function OrderTotals({ order, block, describe = false }: OrderTotalsProps) {
  const discount = order.discount && order.discount.amount > 0 ? order.discount : null;
  return (
    <dl className={`${block}__totals`}>
      <div>
        <dt>Subtotal</dt>
        <dd>{formatINR(order.subtotal)}</dd>
      </div>
      {discount && (
        <div className={`${block}__discount`}>
          <dt>
            {discountLabel(discount.code)}
            {describe && discount.description ? <span className={`${block}__muted`}> · {discount.description}</span> : null}
          </dt>
          <dd>{minusINR(discount.amount)}</dd>
        </div>
      )}
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
